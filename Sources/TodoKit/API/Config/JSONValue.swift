/// A JSON value read by ``JSONReader`` (with the byte offset where it starts so that a
/// configuration error can point at it) or built to be written by ``JSONWriter``.
public struct JSONValue: Hashable, Sendable {
    /// What the value is.
    public enum Kind: Hashable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// The number as written (`2`, `-1.5e3`): configuration keys need exact integers, and
        /// the literal is what an error message should quote.
        case number(String)
        /// A string, unescaped.
        case string(String)
        /// An array.
        case array([JSONValue])
        /// Members in the order written; keys are unique (the reader refuses duplicates).
        case object([JSONMember])
    }

    /// What the value is.
    public var kind: Kind
    /// The offset of the value's first byte in the document (0 for a value built in code).
    public var offset: Int

    /// A value read at `offset`, or built in code (offset 0).
    /// - Parameters:
    ///   - kind: What the value is.
    ///   - offset: The offset of the value's first byte in the document it was read from.
    public init(kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// The value as an error message quotes it: strings in single quotes, numbers, `true`,
    /// `false` and `null` as written, arrays and objects abbreviated.
    var quoted: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let literal): literal
        case .string(let text): "'\(Self.printable(text))'"
        case .array: "[...]"
        case .object: "{...}"
        }
    }

    /// `text` fit for a one-line message: control characters escaped as in JSON (`\n`,
    /// `\u0001`), and a text longer than `limit` characters cut there with `...`.
    static func printable(_ text: String, limit: Int? = 60) -> String {
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == limit { return result + "..." }
            if !appendControlEscape(scalar, to: &result) { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Appends the JSON escape of `scalar` when it is a control character (`\n`, `\r`, `\t`,
    /// else `\u` and four hex digits; DEL too) and says whether it did: how messages spell control
    /// characters (``printable(_:limit:)``). Written JSON escapes with `JSONWriter.writeString`.
    static func appendControlEscape(_ scalar: Unicode.Scalar, to result: inout String) -> Bool {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{0}"..."\u{1F}", "\u{7F}":
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return false
        }
        return true
    }
}
