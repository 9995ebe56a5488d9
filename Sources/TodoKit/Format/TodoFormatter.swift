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
        var parsed: ParsedDocument? = ParsedDocument(validated: bytes)
        return try format(parsed: &parsed)
    }

    /// Formats text.
    public func format(_ text: String) throws(TodoError) -> String {
        var parsed: ParsedDocument? = ParsedDocument(validated: Array(text.utf8))
        return String(decoding: try format(parsed: &parsed), as: UTF8.self)
    }

    func format(parsed: ParsedDocument) throws(TodoError) -> [UInt8] {
        var held: ParsedDocument? = parsed
        return try format(parsed: &held)
    }

    /// Formats `parsed!` until a pass changes nothing, as ``CanonicalForm/settle(_:options:)`` does
    /// (settling proves stability), and verifies a changed result. Once the verifier has what it
    /// needs of the input, `parsed` is set to nil: when nothing else holds the document, its lines
    /// and structure are freed before the output is parsed. The last pass over the settled result
    /// is a dry run, which also reads the tasks' keys for the verifier.
    private func format(parsed: inout ParsedDocument?) throws(TodoError) -> [UInt8] {
        guard let input = parsed else { return [] }
        let (first, inputKeys) = CanonicalForm.renderWithTaskKeys(input, options: options)
        if first.count == input.bytes.count + (input.hasBOM ? 3 : 0) && first == input.utf8 { return first }
        let expected = FormatVerifier.Expectation(input, taskKeys: inputKeys, options: options)
        parsed = nil
        _ = consume input
        var bytes = first
        var current: ParsedDocument? = ParsedDocument(validated: bytes)
        for _ in 1..<CanonicalForm.maximumPasses {
            guard let pass = current else { break }
            var keys: [UInt64]? = []
            let change = CanonicalForm.passChange(pass, options: options, taskKeys: &keys)
            if change == .nothing {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: keys)
                return bytes
            }
            let next = change == .listsOnly
                ? CanonicalForm.render(pass, options: options, scope: .init(rewriteTasks: false)).bytes
                : CanonicalForm.render(pass, options: options)
            if next.count == pass.bytes.count + (pass.hasBOM ? 3 : 0) && next == pass.utf8 {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: nil)
                return bytes
            }
            // One pass's bytes and parse go before the next pass's are parsed.
            current = nil
            _ = consume pass
            bytes = next
            current = ParsedDocument(validated: bytes)
        }
        throw .verificationFailed("formatting does not settle")
    }
}
