/// Brings a todo file into its one canonical form.
///
/// Every changed result is verified before it is returned: it must parse back to the same tasks and
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
        try format(parsed: document.parsed)
    }

    /// Formats UTF-8 bytes; throws for bytes that are not UTF-8 text or when verification fails.
    public func format(utf8 bytes: [UInt8]) throws(TodoError) -> [UInt8] {
        try TodoDocument.validate(bytes)
        return try format(parsed: ParsedDocument(validated: bytes))
    }

    /// Formats text.
    public func format(_ text: String) throws(TodoError) -> String {
        String(decoding: try format(parsed: ParsedDocument(validated: Array(text.utf8))), as: UTF8.self)
    }

    func format(parsed: ParsedDocument) throws(TodoError) -> [UInt8] {
        let (output, taskKeys) = CanonicalForm.renderWithTaskKeys(parsed, options: options)
        let unchanged = output.count == parsed.bytes.count + (parsed.hasBOM ? 3 : 0) && output == parsed.utf8
        if !unchanged {
            try FormatVerifier.verify(input: parsed, inputTaskKeys: taskKeys, output: output, options: options)
        }
        return output
    }
}
