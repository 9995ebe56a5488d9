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
        // Settling proves stability: its last pass formatted the result and changed nothing.
        guard let settled = CanonicalForm.settle(parsed, options: options) else {
            throw .verificationFailed("formatting does not settle")
        }
        if settled.changed {
            try FormatVerifier.verify(input: parsed, output: settled.document)
        }
        return settled.bytes
    }
}
