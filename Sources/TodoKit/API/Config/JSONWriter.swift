/// Writes ``JSONValue``s as compact UTF-8 JSON (RFC 8259), the counterpart of ``JSONReader``.
///
/// Object members keep their order; strings escape `"`, `\` and control characters (as `\n`,
/// `\t`, … or `\u00XX`) and nothing else, so non-ASCII text stays UTF-8. Numbers are written as
/// their literal, which must be a valid JSON number.
public enum JSONWriter {
    /// The value as JSON text.
    /// - Parameter value: The value to write.
    /// - Returns: Compact UTF-8 JSON, without a final line feed.
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    /// Appends the value as JSON text to `out`.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - out: The buffer the compact UTF-8 JSON is appended to.
    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value.kind {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let literal): out += literal.utf8
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `text` as a JSON string literal, quotes included.
    /// - Parameter text: The string.
    /// - Returns: The literal, escaped as ``writeString(_:into:)`` escapes it.
    public static func literal(_ text: String) -> String {
        var literal: [UInt8] = []
        writeString(text, into: &literal)
        return String(decoding: literal, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    /// - Parameters:
    ///   - text: The string; `"`, `\` and bytes below U+0020 are escaped, everything else is
    ///     copied as UTF-8.
    ///   - out: The buffer the literal is appended to.
    public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { buf in
            var run = 0
            for (i, byte) in buf.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run..<i]))
                run = i + 1
                switch byte {
                case UInt8(ascii: "\""): out += #"\""#.utf8
                case UInt8(ascii: "\\"): out += #"\\"#.utf8
                case 0x0A: out += #"\n"#.utf8
                case 0x0D: out += #"\r"#.utf8
                case 0x09: out += #"\t"#.utf8
                case 0x08: out += #"\b"#.utf8
                case 0x0C: out += #"\f"#.utf8
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out += #"\u00"#.utf8
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0x0F)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
