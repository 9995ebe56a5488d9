import TodoKit

// Reading request parameters and building results, for the server's own use.
extension JSONValue {
    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string.
    var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// An integer number (`3`, `-1`); nil for fractions, exponents and other kinds.
    var intValue: Int? {
        if case .number(let literal) = kind { return Int(literal) }
        return nil
    }

    /// A boolean.
    var boolValue: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    /// The elements of an array.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// Whether the value is `null`.
    var isNull: Bool { kind == .null }

    /// `null`.
    static let null = JSONValue(kind: .null)

    /// A string.
    static func str(_ text: String) -> JSONValue { JSONValue(kind: .string(text)) }

    /// An integer.
    static func int(_ number: Int) -> JSONValue { JSONValue(kind: .number(String(number))) }

    /// A boolean.
    static func bool(_ flag: Bool) -> JSONValue { JSONValue(kind: .bool(flag)) }

    /// An array.
    static func arr(_ elements: [JSONValue]) -> JSONValue { JSONValue(kind: .array(elements)) }

    /// An object with members in the order given; members whose value is nil are left out.
    static func obj(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        JSONValue(kind: .object(members.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } }))
    }
}
