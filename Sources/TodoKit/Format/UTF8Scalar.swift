/// Small helpers for reading UTF-8 scalars straight from bytes.
enum UTF8Scalar {
    /// The length of the sequence a leading byte starts, or 0 for a continuation or invalid byte.
    @inline(__always) static func width(leadingByte b: UInt8) -> Int {
        if b < 0x80 { return 1 }
        if b & 0xE0 == 0xC0 { return 2 }
        if b & 0xF0 == 0xE0 { return 3 }
        if b & 0xF8 == 0xF0 { return 4 }
        return 0
    }

    /// Decodes the scalar of `width` bytes at `i` (input is known to be valid UTF-8).
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, width: Int) -> Unicode.Scalar {
        var value: UInt32
        switch width {
        case 1: value = UInt32(buf[i])
        case 2: value = UInt32(buf[i] & 0x1F)
        case 3: value = UInt32(buf[i] & 0x0F)
        default: value = UInt32(buf[i] & 0x07)
        }
        var j = 1
        while j < width {
            value = value << 6 | UInt32(buf[i + j] & 0x3F)
            j += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Whether the multi-byte scalar at `i` is Unicode white space (no-break space, ideographic space, …).
    static func isUnicodeWhitespace(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, width: Int) -> Bool {
        decode(buf, at: i, width: width).properties.isWhitespace
    }
}
