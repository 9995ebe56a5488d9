/// A small strict JSON reader (RFC 8259) for configuration files and language server messages, on
/// UTF-8 bytes.
///
/// Strict: no comments, no trailing commas, no single quotes, no bare words, no leading zeros,
/// no unescaped control characters in strings, no lone surrogates in `\u` escapes, exactly one
/// value in the document. Beyond the RFC it refuses duplicate keys in an object (the RFC leaves
/// them undefined; a configuration with two values for one key is a mistake). A leading UTF-8
/// byte order mark is skipped, as the RFC allows. Errors carry the byte offset they are about;
/// `location(of:in:)` turns it into line and column.
public struct JSONReader {
    /// Deeper nesting is refused; a configuration needs three levels, and the reader recurses.
    static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Whether a lone surrogate in a `\u` escape reads as U+FFFD instead of being an error.
    private var readsLoneSurrogates = false

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the one JSON value in `bytes`.
    /// - Parameter bytes: UTF-8 JSON text (RFC 8259), optionally after a byte order mark; whitespace
    ///   may surround the value.
    /// - Returns: The value, with the byte offset of each value and key.
    /// - Throws: ``JSONSyntaxError`` at the offending byte for text that is not valid UTF-8, holds
    ///   a NUL byte, is not strictly valid JSON, or goes on after the value.
    public static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try read(bytes, loneSurrogates: false)
    }

    /// Reads the one JSON value in `bytes`, as ``read(_:)`` does, except that with
    /// `loneSurrogates` a lone surrogate in a `\u` escape (which RFC 8259's grammar allows, and an
    /// editor sends for a document holding half of a pair) reads as U+FFFD: a language server
    /// that dropped such a change would go on from text the editor no longer has.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - loneSurrogates: Whether lone surrogates are read as U+FFFD rather than refused.
    /// - Returns: The value.
    /// - Throws: ``JSONSyntaxError`` as ``read(_:)`` does.
    public static func read(_ bytes: [UInt8], loneSurrogates: Bool) throws(JSONSyntaxError) -> JSONValue {
        do {
            try TodoDocument.validate(bytes)
        } catch {
            switch error {
            case .invalidUTF8(let offset): throw JSONSyntaxError(message: "not valid UTF-8", offset: offset)
            case .binary(let offset): throw JSONSyntaxError(message: "NUL byte (not a text file)", offset: offset)
            case .tooLarge: throw JSONSyntaxError(message: "too large (1 GiB or more)", offset: 0)
            case .verificationFailed(let why): throw JSONSyntaxError(message: why, offset: 0)
            }
        }
        var reader = JSONReader(bytes)
        reader.readsLoneSurrogates = loneSurrogates
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw JSONSyntaxError(message: "unexpected \(reader.describeCurrent()) after the end of the JSON value",
                                  offset: reader.index)
        }
        return value
    }

    /// The 1-based line and UTF-8 column of `offset`. CR LF, LF and a lone CR each end a line; a
    /// byte order mark does not count as a column.
    static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var i = lineStart
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            i += 1
            if byte == UInt8(ascii: "\r"), i < end, bytes[i] == UInt8(ascii: "\n") { i += 1 }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                line += 1
                lineStart = i
            }
        }
        return SourceLocation(line: line, column: max(offset, lineStart) - lineStart + 1)
    }

    // MARK: - Values

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file (expected a value)") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONValue(kind: .object(try readObject()), offset: start)
        case UInt8(ascii: "["):
            return JSONValue(kind: .array(try readArray()), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), offset: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, kind) in [("true", JSONValue.Kind.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                if index < bytes.count, Self.isWordByte(bytes[index]) { break }
                return JSONValue(kind: kind, offset: start)
            }
            index = start
            throw error("unexpected \(describeWord()) (expected a value; strings need double quotes)")
        default:
            if Self.isWordByte(bytes[index]) {
                throw error("unexpected \(describeWord()) (expected a value; strings need double quotes)")
            }
            throw error("unexpected \(describeCurrent()) (expected a value)")
        }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> [JSONMember] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        var firstOffset: [String: Int] = [:]
        if takesEmpty(UInt8(ascii: "}")) { return members }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file (expected a key in double quotes)") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}"), !members.isEmpty { throw error("trailing comma before '}'") }
                let found = Self.isWordByte(bytes[index]) ? describeWord() : describeCurrent()
                throw error("unexpected \(found) (expected a key in double quotes)")
            }
            let keyOffset = index
            let key = try readString()
            if let first = firstOffset[key] {
                let at = Self.location(of: first, in: bytes)
                throw JSONSyntaxError(message: "duplicate key '\(JSONValue.printable(key))' (first at \(at))", offset: keyOffset)
            }
            firstOffset[key] = keyOffset
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(index < bytes.count ? "unexpected \(describeCurrent()) (expected ':' after the key)"
                                                : "unexpected end of file (expected ':' after the key)")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: try readValue()))
            if try takesEnd(UInt8(ascii: "}")) { return members }
        }
    }

    private mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        if takesEmpty(UInt8(ascii: "]")) { return elements }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
                throw error("trailing comma before ']'")
            }
            elements.append(try readValue())
            if try takesEnd(UInt8(ascii: "]")) { return elements }
        }
    }

    /// Right after an object's or array's opening bracket: skips white space and takes `close` if
    /// it comes next.
    /// - Parameter close: The closing bracket, `}` or `]`.
    /// - Returns: Whether the object or array is empty (`close` taken).
    private mutating func takesEmpty(_ close: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After a member or an element: skips white space and takes the `,` before the next one or
    /// the closing bracket.
    /// - Parameter close: The closing bracket, `}` or `]`.
    /// - Returns: Whether `close` was taken (the object or array ends).
    /// - Throws: `JSONSyntaxError` when neither comes next.
    private mutating func takesEnd(_ close: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        let expected = "expected ',' or '\(Character(Unicode.Scalar(close)))'"
        guard index < bytes.count else { throw error("unexpected end of file (\(expected))") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case close:
            index += 1
            return true
        default:
            throw error("unexpected \(describeCurrent()) (\(expected))")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    /// Reads a string; `index` is at the opening quote. The bytes are valid UTF-8 already.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw JSONSyntaxError(message: "unterminated string", offset: start)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    throw JSONSyntaxError(message: "unterminated string", offset: start)
                }
                throw error("control character \(Self.codePoint(UInt32(byte))) in a string (write it as an escape)")
            default:
                // A run of plain bytes is copied at once (a language server's document text is one string).
                let run = index
                index += 1
                while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""),
                      bytes[index] != UInt8(ascii: "\\") {
                    index += 1
                }
                utf8.append(contentsOf: bytes[run..<index])
            }
        }
    }

    /// Reads one escape sequence; `index` is at the backslash.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw JSONSyntaxError(message: "unterminated string", offset: start) }
        let letter = bytes[index]
        index += 1
        let simple: UInt8? = switch letter {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            index = start + 1
            throw JSONSyntaxError(message: "invalid escape '\\\(JSONValue.printable(describeCurrentRaw()))' in a string",
                                  offset: start)
        }
        var value = try readHex4(escapeStart: start)
        let replacement: UInt32 = 0xFFFD
        if (0xDC00...0xDFFF).contains(value) {
            guard readsLoneSurrogates else {
                throw JSONSyntaxError(message: "lone low surrogate in escape '\(text(start, index))'", offset: start)
            }
            value = replacement
        }
        if (0xD800...0xDBFF).contains(value) {
            let high = value
            let lowStart = index
            if bytes[index...].starts(with: "\\u".utf8) {
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                if (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                } else if readsLoneSurrogates {
                    // The next escape is read on its own.
                    index = lowStart
                    value = replacement
                } else {
                    throw JSONSyntaxError(message: "lone high surrogate in escape '\(text(start, lowStart))'", offset: start)
                }
            } else if readsLoneSurrogates {
                value = replacement
            } else {
                throw JSONSyntaxError(message: "lone high surrogate in escape '\(text(start, index))'", offset: start)
            }
        }
        // Not a surrogate (checked above), so a valid scalar.
        utf8.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32? = index < bytes.count ? Self.hexValue(bytes[index]) : nil
            guard let digit else {
                throw JSONSyntaxError(message: "invalid unicode escape '\(text(escapeStart, index))' (expected four hex digits)",
                                      offset: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Reads a number and returns it as written; `index` is at `-` or a digit.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index].isASCIIDigit else {
            throw JSONSyntaxError(message: "invalid number '\(text(start, wordEnd(from: start)))'", offset: start)
        }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1].isASCIIDigit {
            throw JSONSyntaxError(message: "invalid number '\(text(start, wordEnd(from: start)))' (leading zero)", offset: start)
        }
        skipDigits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, bytes[index].isASCIIDigit else {
                throw JSONSyntaxError(message: "invalid number '\(text(start, wordEnd(from: start)))' (digits must follow '.')", offset: start)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, bytes[index].isASCIIDigit else {
                throw JSONSyntaxError(message: "invalid number '\(text(start, wordEnd(from: start)))' (digits must follow the exponent)", offset: start)
            }
            skipDigits()
        }
        if index < bytes.count, Self.isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw JSONSyntaxError(message: "invalid number '\(text(start, wordEnd(from: start)))'", offset: start)
        }
        return text(start, index)
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    // MARK: - Messages

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
    }

    /// The end of the run of letters, digits and number signs that starts at `start`.
    private func wordEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count, Self.isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")
            || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") {
            end += 1
        }
        return max(end, start + 1)
    }

    /// `'word'` for the bare word at `index`, e.g. a JavaScript-style unquoted key or value.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        return "'\(text(index, max(end, index + 1)))'"
    }

    /// The character at `index` quoted, or its code point when it is invisible.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return Self.codePoint(UInt32(byte)) }
        if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
           bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
            return "comment (JSON has none)"
        }
        return "'\(describeCurrentRaw())'"
    }

    /// The whole UTF-8 character at `index`.
    private func describeCurrentRaw() -> String {
        guard index < bytes.count else { return "" }
        let width = bytes[index] < 0x80 ? 1 : max(1, UTF8Scalar.width(leadingByte: bytes[index]))
        return text(index, index + width)
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Letters, digits and `_`: bytes that continue a bare word.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
