/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// The offset of the key's opening quote (0 for a member built in code).
    public var keyOffset: Int
    /// The value.
    public var value: JSONValue

    /// A member read at `keyOffset`, or built in code.
    /// - Parameters:
    ///   - key: The key, unescaped.
    ///   - keyOffset: The offset of the key's opening quote in the document (0 in code).
    ///   - value: The value.
    public init(key: String, keyOffset: Int = 0, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
