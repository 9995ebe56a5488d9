/// Why ``JSONReader`` refused a document: a lowercase message and the byte offset it is about.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What is wrong, lowercase, without a final period.
    public var message: String
    /// The byte offset the message is about.
    public var offset: Int
}
