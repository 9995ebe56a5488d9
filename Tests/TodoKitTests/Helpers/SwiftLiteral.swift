/// Writes bytes as a Swift string literal, so that a failing input can be pasted into a test.
enum SwiftLiteral {
    /// `"…"` with escapes for quotes, backslashes, control characters and the byte-order mark.
    static func of(_ bytes: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{FEFF}", "\u{FE0F}": out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
