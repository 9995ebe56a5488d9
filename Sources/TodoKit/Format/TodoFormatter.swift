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
        var parsed: ParsedDocument? = ParsedDocument(validated: bytes, statuses: options.statuses)
        return try format(parsed: &parsed)
    }

    /// Formats text.
    public func format(_ text: String) throws(TodoError) -> String {
        var parsed: ParsedDocument? = ParsedDocument(validated: Array(text.utf8), statuses: options.statuses)
        return String(decoding: try format(parsed: &parsed), as: UTF8.self)
    }

    func format(parsed: ParsedDocument) throws(TodoError) -> [UInt8] {
        var held: ParsedDocument? = parsed
        return try format(parsed: &held)
    }

    /// Formats `parsed!` until a pass changes nothing, as ``CanonicalForm/settle(_:options:)`` does
    /// (settling proves stability), and verifies a changed result.
    ///
    /// Each document is parsed once and each of its tasks read at most once: a dry run
    /// (``CanonicalForm/survey(_:options:facts:)``) reads tasks until one would change, and the pass
    /// that follows reads only the rest. A canonical input is proven so by that dry run alone and
    /// returned as it is. The dry run over a pass's output is the stability proof, its parse is the
    /// verifier's, and the tasks it reads give the verifier their keys; task lines a pass copied
    /// unchanged are carried over (``CarriedTasks``) instead of being read again. Once the verifier
    /// has what it needs of the input, `parsed` is set to nil: when nothing else holds the document,
    /// its lines and structure are freed before the output is parsed.
    private func format(parsed: inout ParsedDocument?) throws(TodoError) -> [UInt8] {
        guard let given = parsed else { return [] }
        let input: ParsedDocument
        if let prepared = try prepare(given) {
            input = prepared
            parsed = prepared
        } else {
            input = given
        }
        var inputFacts = TaskFacts(count: input.structure.tasks.count)
        if CanonicalForm.survey(input, options: options, facts: &inputFacts) == .nothing { return input.utf8 }
        var (bytes, carried) = CanonicalForm.render(input, options: options, facts: &inputFacts)
        if input.isPrinted(as: bytes) { return input.utf8 }
        let expected = FormatVerifier.Expectation(input, taskKeys: inputFacts.keys, options: options)
        parsed = nil
        _ = consume input
        _ = consume inputFacts
        for _ in 1..<CanonicalForm.maximumPasses {
            let pass = ParsedDocument(validated: bytes, statuses: options.statuses)
            var facts = carried.facts(for: pass)
            carried = CarriedTasks()
            if CanonicalForm.survey(pass, options: options, facts: &facts) == .nothing {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: facts.keys)
                return bytes
            }
            let next: [UInt8]
            (next, carried) = CanonicalForm.render(pass, options: options, facts: &facts)
            if pass.isPrinted(as: next) {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: facts.keys)
                return bytes
            }
            // This pass's bytes and parse go (at the end of the iteration) before the next pass's are parsed.
            bytes = next
        }
        throw .verificationFailed("formatting does not settle")
    }

    /// The document to format when it is not `doc` itself: `doc` reading its checkbox marks as the
    /// options say (a document parsed elsewhere, by ``TodoDocument``, knows no custom marks), and
    /// with the changes of tasks completed now that recur or say `🏁 delete` (``CompletionPass``),
    /// a step checked on its own before the rest of formatting starts from its result.
    private func prepare(_ doc: ParsedDocument) throws(TodoError) -> ParsedDocument? {
        var input = doc
        var changed = false
        if input.statuses != options.statuses {
            input.statuses = options.statuses
            changed = true
        }
        guard let pass = CompletionPass(input, options: options) else { return changed ? input : nil }
        let completed = ParsedDocument(validated: pass.bytes, statuses: options.statuses)
        try FormatVerifier.verify(pass, input: input, output: completed)
        return completed
    }
}
