/// What a byte of UTF-8 text is, as the parser, the linter and the front ends read it: the one
/// home of the ASCII classes that the code tests bytes against (Ink's
/// `Character+Classification.swift` is the model).
extension UInt8 {
    /// Whether the byte is a space (U+0020) or a tab (U+0009): the white space that separates
    /// tokens and indents lines in Markdown.
    @inlinable @inline(__always) package var isSpaceOrTab: Bool {
        self == 0x20 || self == 0x09
    }

    /// Whether the byte is one of CommonMark's ASCII whitespace characters: space, tab, line feed,
    /// line tabulation, form feed or carriage return.
    @inlinable @inline(__always) package var isASCIIWhitespace: Bool {
        self == 0x20 || (self >= 0x09 && self <= 0x0D)
    }

    /// Whether the byte ends a line: a line feed or a carriage return (see ``LineEnding``).
    @inlinable @inline(__always) package var isLineBreak: Bool {
        self == 0x0A || self == 0x0D
    }

    /// Whether the byte is an ASCII digit, `0` to `9`.
    @inlinable @inline(__always) package var isASCIIDigit: Bool {
        self &- 0x30 < 10
    }

    /// Whether the byte is an ASCII letter, `a` to `z` or `A` to `Z`.
    @inlinable @inline(__always) package var isASCIILetter: Bool {
        (self | 0x20) &- 0x61 < 26
    }

    /// Whether the byte is an ASCII letter or digit.
    @inlinable @inline(__always) package var isASCIIAlphanumeric: Bool {
        isASCIILetter || isASCIIDigit
    }

    /// Whether the byte is CommonMark's ASCII punctuation, which a backslash escapes: `!` to `/`,
    /// `:` to `@`, `[` to `` ` `` and `{` to `~`.
    @inlinable @inline(__always) package var isASCIIPunctuation: Bool {
        (self >= 0x21 && self <= 0x2F) || (self >= 0x3A && self <= 0x40) || (self >= 0x5B && self <= 0x60)
            || (self >= 0x7B && self <= 0x7E)
    }
}
