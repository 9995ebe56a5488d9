/// Brings a todo file into its one canonical form.
///
/// Every changed result is verified before it is returned: it must parse back to the same tasks and
/// non-task lines and be stable under a second formatting. A result that fails is never handed out.
///
/// Every entry that formats goes through this one path: `todofmt FILE`, `--check` and `--diff`,
/// watch, the linter's TD000 and the language server; stage by stage:
/// 1. **scan** — `ParsedDocument` (lines, `BlockScanner`'s lists and tasks, directives);
/// 2. **read tasks** — `CanonicalForm/survey(_:options:facts:)` reads each task once into
///    `TaskFacts` (its `TaskKey`, whether its line is canonical) and stops at the first change
///    (a task to complete now counts as one): a canonical input ends here, returned as it is;
/// 3. **canonical form** — `CanonicalForm/render(_:options:facts:)` writes the next pass, reading
///    only the tasks not read yet;
/// 4. **complete** — when that pass read a task to complete now, `CompletionPass`: done recurring
///    tasks get their next occurrence, `🏁 delete` tasks go (checked on its own by `FormatVerifier`;
///    its result is read again from step 2, and that pass is written again);
/// 5. **verify** — the output is scanned again and surveyed (that dry run is the stability proof;
///    task lines copied unchanged are carried over by `CarriedTasks`, not read again), then
///    `FormatVerifier` compares it with what it took of the input (`FormatVerifier/Expectation`);
/// 6. **bytes** — the verified output.
///
/// The model's own edits (sinking or renumbering the lists it touched, writing a task line) use the
/// canonical form's stages directly: `CanonicalForm/render(_:options:scope:)` and `TaskTail`.
public struct TodoFormatter: Sendable {
    /// What the formatter does beyond the fixed rules.
    public var options: FormatOptions

    /// How many passes formatting makes at most: a nested list may be movable only once its parent
    /// item has moved, so a few passes may be needed before one changes nothing (a pass sinks such
    /// lists itself where it can tell what the next pass would read: see `CanonicalForm`), and the
    /// bullet and indentation options join sibling lists that other bullets kept apart a level at a
    /// time (`make fuzz` found lists of alternating bullets nested ten deep that took 9 to 12).
    static let maximumPasses = 16

    /// Creates a formatter.
    ///
    /// - Parameter options: What the formatter does beyond the fixed rules.
    public init(options: FormatOptions = .default) {
        self.options = options
    }

    /// Formats a parsed document and returns the canonical bytes.
    ///
    /// - Parameter document: The document; it is read again with these options' custom marks and
    ///   global filter.
    /// - Returns: The canonical bytes (the document's own bytes when it is canonical already).
    /// - Throws: ``TodoError/verificationFailed(_:)`` when the result cannot be proven faithful.
    public func format(_ document: TodoDocument) throws(TodoError) -> [UInt8] {
        try format(parsed: document.parsed)
    }

    /// Formats UTF-8 bytes.
    ///
    /// - Parameter bytes: The file's bytes, a byte-order mark included if it has one.
    /// - Returns: The canonical bytes (the same bytes when they are canonical already).
    /// - Throws: A ``TodoError`` for bytes that are not UTF-8 text, or when verification fails.
    public func format(utf8 bytes: [UInt8]) throws(TodoError) -> [UInt8] {
        var parsed: ParsedDocument? = try ParsedDocument(utf8: bytes, statuses: options.statuses, globalFilter: options.globalFilter)
        return try format(parsed: &parsed)
    }

    /// Formats text.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The canonical text.
    /// - Throws: ``TodoError/verificationFailed(_:)`` when the result cannot be proven faithful.
    public func format(_ text: String) throws(TodoError) -> String {
        var parsed: ParsedDocument? = ParsedDocument(validated: Array(text.utf8), statuses: options.statuses, globalFilter: options.globalFilter)
        return String(decoding: try format(parsed: &parsed), as: UTF8.self)
    }

    /// Formats a document parsed already (the linter's TD000 formats the parse it lints).
    func format(parsed: ParsedDocument) throws(TodoError) -> [UInt8] {
        var held: ParsedDocument? = parsed
        return try format(parsed: &held)
    }

    /// The one formatting path (see the type's overview): formats `parsed!` until a pass changes
    /// nothing (settling proves stability) and verifies a changed result.
    ///
    /// Each document is parsed once and each of its tasks read at most once: a dry run
    /// (``CanonicalForm/survey(_:options:facts:)``) reads tasks until one would change, and the pass
    /// that follows reads only the rest. A canonical input is proven so by that dry run alone and
    /// returned as it is: the dry run comes first, before the completion pass, because it counts a
    /// task that pass would complete as a change, so a canonical input has nothing to complete; the
    /// first pass tells whether anything else has (it reads the rest). The dry run over a pass's
    /// output is the stability proof, its parse is the
    /// verifier's, and the tasks it reads give the verifier their keys; task lines a pass copied
    /// unchanged are carried over (``CarriedTasks``) instead of being read again. Once the verifier
    /// has what it needs of the input, `parsed` is set to nil: when nothing else holds the document,
    /// its lines and structure are freed before the output is parsed.
    private func format(parsed: inout ParsedDocument?) throws(TodoError) -> [UInt8] {
        guard let given = parsed else { return [] }
        var input = given.reading(statuses: options.statuses, globalFilter: options.globalFilter)
        var inputFacts = TaskFacts(count: input.structure.tasks.count)
        if CanonicalForm.survey(input, options: options, facts: &inputFacts) == .nothing { return input.utf8 }
        // Passes are counted as one pass after another would make them (a pass may stand for several:
        // CanonicalForm/sinkHeldLists(rounds:parts:)); the output of the last one allowed is never surveyed.
        var (bytes, carried, passes) = CanonicalForm.render(input, options: options, facts: &inputFacts,
                                                            allowedPasses: TodoFormatter.maximumPasses - 1)
        // The pass read every task that the dry run did not prove canonical, and a task to complete
        // now is never canonical (its date is stamped): so it knows whether the completion pass has
        // anything to do, and the usual pass (nothing to complete) is the one written.
        if inputFacts.completesTasksNow, let completed = try complete(input) {
            input = completed
            parsed = completed
            inputFacts = TaskFacts(count: input.structure.tasks.count)
            if CanonicalForm.survey(input, options: options, facts: &inputFacts) == .nothing { return input.utf8 }
            (bytes, carried, passes) = CanonicalForm.render(input, options: options, facts: &inputFacts,
                                                            allowedPasses: TodoFormatter.maximumPasses - 1)
        }
        if input.isPrinted(as: bytes) { return input.utf8 }
        let expected = FormatVerifier.Expectation(input, taskKeys: inputFacts.keys, options: options)
        parsed = nil
        _ = consume input
        _ = consume inputFacts
        while passes < TodoFormatter.maximumPasses {
            let pass = ParsedDocument(validated: bytes, statuses: options.statuses, globalFilter: options.globalFilter)
            var facts = carried.facts(for: pass)
            carried = CarriedTasks()
            if CanonicalForm.survey(pass, options: options, facts: &facts) == .nothing {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: facts.keys)
                return bytes
            }
            let next: [UInt8], more: Int
            (next, carried, more) = CanonicalForm.render(pass, options: options, facts: &facts,
                                                         allowedPasses: TodoFormatter.maximumPasses - passes)
            if pass.isPrinted(as: next) {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: facts.keys)
                return bytes
            }
            passes += more
            // This pass's bytes and parse go (at the end of the iteration) before the next pass's are parsed.
            bytes = next
        }
        throw .verificationFailed("formatting does not settle")
    }

    /// `input` (read with the options' custom marks and global filter) with the changes of tasks
    /// completed now that recur or say `🏁 delete` (``CompletionPass``), a step checked on its own
    /// before the rest of formatting starts from its result; nil when there are none.
    private func complete(_ input: ParsedDocument) throws(TodoError) -> ParsedDocument? {
        guard let pass = CompletionPass(input, options: options) else { return nil }
        let completed = ParsedDocument(validated: pass.bytes, statuses: options.statuses, globalFilter: options.globalFilter)
        try FormatVerifier.verify(pass, input: input, output: completed)
        return completed
    }
}
