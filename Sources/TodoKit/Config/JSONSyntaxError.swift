/// Why ``JSONReader`` refused a document: a lowercase message and the byte offset it is about.
struct JSONSyntaxError: Error, Hashable, Sendable {
    var message: String
    var offset: Int
}
