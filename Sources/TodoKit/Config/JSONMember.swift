/// One `"key": value` member of a JSON object.
struct JSONMember: Hashable, Sendable {
    var key: String
    /// The offset of the key's opening quote.
    var keyOffset: Int
    var value: JSONValue
}
