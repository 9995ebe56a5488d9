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
/// A large file (``format(utf8:)`` and ``changedLines(utf8:)``, from 1 MB) goes through these
/// stages a stretch at a time: cut at top-level headings (`DocumentStretches`), each stretch is a
/// document of its own, formatted on one processor while the next ones are on the others, so that
/// only a stretch that changes is rendered, parsed again and verified, and only a few stretches'
/// passes are held at a time. The result is byte for byte that of the whole file, whose path is
/// taken whenever a stretch cannot stand on its own.
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

    /// Formats UTF-8 bytes (a large file a stretch at a time: see the type's overview).
    ///
    /// - Parameter bytes: The file's bytes, a byte-order mark included if it has one.
    /// - Returns: The canonical bytes (the same bytes when they are canonical already).
    /// - Throws: A ``TodoError`` for bytes that are not UTF-8 text, or when verification fails.
    public func format(utf8 bytes: [UInt8]) throws(TodoError) -> [UInt8] {
        if let formatted = formatInStretches(bytes) { return formatted }
        return try formatWhole(bytes, lines: TodoDocument.validatedLines(bytes))
    }

    /// The regions of lines that formatting UTF-8 bytes changes (what `todofmt --check` reports):
    /// ``ChangedLines`` of the bytes and their formatted form. A large file is compared a stretch at
    /// a time as it is formatted (see the type's overview), so its formatted form is never held whole.
    ///
    /// - Parameter bytes: The file's bytes, a byte-order mark included if it has one.
    /// - Returns: The regions in line order; empty when the bytes are canonical.
    /// - Throws: A ``TodoError`` for bytes that are not UTF-8 text, or when verification fails.
    public func changedLines(utf8 bytes: [UInt8]) throws(TodoError) -> [ChangedLines.Region] {
        if let regions = bytes.withUnsafeBufferPointer({ changedLinesInStretches($0) }) { return regions }
        let lines = try TodoDocument.validatedLines(bytes)
        return ChangedLines(old: bytes, new: try formatWhole(bytes, lines: lines)).regions
    }

    /// Formats text.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The canonical text.
    /// - Throws: ``TodoError/verificationFailed(_:)`` when the result cannot be proven faithful.
    public func format(_ text: String) throws(TodoError) -> String {
        String(decoding: try formatWhole(Array(text.utf8), lines: nil), as: UTF8.self)
    }

    /// `bytes` (valid UTF-8, split into `lines` when they are known) formatted as one document.
    private func formatWhole(_ bytes: [UInt8], lines: LineTable?) throws(TodoError) -> [UInt8] {
        var parsed: ParsedDocument? = ParsedDocument(validated: bytes, lines: lines, statuses: options.statuses,
                                                     globalFilter: options.globalFilter)
        return try format(parsed: &parsed).bytes
    }

    /// Formats a document parsed already (the linter's TD000 formats the parse it lints).
    func format(parsed: ParsedDocument) throws(TodoError) -> [UInt8] {
        var held: ParsedDocument? = parsed
        return try format(parsed: &held).bytes
    }

    /// A formatted document: its bytes, whether they differ from the input's, and whether they
    /// stand alone (``standsAlone(_:options:)``, read from the parse that proved them canonical).
    struct Formatted: Sendable {
        var bytes: [UInt8]
        var changed: Bool
        var standsAlone: Bool
        /// The lines of `bytes`, where a pass parsed them (the output of a change); else nil.
        var lines: LineTable? = nil
        /// The lines of the input, where the check keeps them to compare the two
        /// (``format(stretch:isLast:keepsInputLines:)``, for ``StretchOutput/none``); else nil.
        var inputLines: LineTable? = nil
    }

    /// Whether a document that follows `doc` from a top-level ATX heading is formatted as it would be
    /// on its own: `doc` ends fresh (``BlockStructure/endsFresh``), and with the bullet option its
    /// last bullet list at the top level does not end in a bare checkbox (that list and the next
    /// bullet list of the document keep or change their markers together, however far apart:
    /// `CanonicalForm`'s bullet rewriting; `make fuzz` found it).
    static func standsAlone(_ doc: ParsedDocument, options: FormatOptions) -> Bool {
        let s = doc.structure
        guard s.endsFresh else { return false }
        guard options.bullet.byte != nil, let list = s.lists.lastIndex(where: { $0.container == -1 }), !s.lists[list].ordered
        else { return true }
        let item = s.items[s.lastItem(ofList: list)]
        return item.task < 0 || s.paragraphLines[item.startLine]
    }

    /// `doc` as it is, canonical; `changed`: whether it is not the input (the completion pass made it).
    private func canonical(_ doc: ParsedDocument, changed: Bool) -> Formatted {
        Formatted(bytes: doc.utf8, changed: changed, standsAlone: TodoFormatter.standsAlone(doc, options: options))
    }

    /// `input` formatted a stretch at a time (``forEachStretch(_:minimumBytes:output:make:take:)``): the
    /// stretches' bytes gathered in order, or the input itself when none changes. Nil when the
    /// document is not cut, or a stretch cannot be formatted on its own or is not UTF-8 text: the
    /// whole document is formatted then, and reports its own error.
    func formatInStretches(_ input: [UInt8], minimumBytes: Int = DocumentStretches.minimumBytes) -> [UInt8]? {
        var output: [UInt8] = []
        let formatted = formatInStretches(input, minimumBytes: minimumBytes, gathered: true) { piece in
            if output.isEmpty {
                // Room for what stamping adds; huge pages for as much as the input holds (a last one
                // partly filled would count whole).
                output.reserveCapacity(input.count + input.count / 16)
                HugePages.advise(capacityOf: &output, upTo: input.count)
            }
            output.append(contentsOf: piece)
            return true
        }
        switch formatted {
        case .unchanged: return input
        case .changed: return output
        case .notCut: return nil
        }
    }

    /// `input` formatted a stretch at a time (``forEachStretch(_:minimumBytes:output:make:take:)``), handed
    /// on in pieces as the stretches are formatted: from the first stretch that changes on, `piece`
    /// is called in order with pieces that together are the formatted document (the input up to
    /// that stretch first, then each stretch's bytes, formatted or as they were), and returns
    /// false to stop. Nothing is handed on when no stretch changes. `gathered`: whether `piece`
    /// keeps the pieces (in one array) rather than letting them go (written to a file).
    /// - Returns: Whether a stretch changed; ``StretchedFormatting/notCut`` when the document is
    ///   not cut, a stretch cannot be formatted on its own or is not UTF-8 text, or `piece` stopped
    ///   (the whole document is formatted then, and reports its own error).
    func formatInStretches(_ input: [UInt8], minimumBytes: Int = DocumentStretches.minimumBytes, gathered: Bool,
                           piece: (ArraySlice<UInt8>) -> Bool) -> StretchedFormatting {
        var changed = false
        let cut = input.withUnsafeBufferPointer { buf in
            forEachStretch(buf, minimumBytes: minimumBytes, output: gathered ? .gathered : .handedOn,
                           make: { _, formatted in formatted }) { stretch, formatted in
                if formatted.changed && !changed {
                    changed = true
                    if stretch.bytes.lowerBound > 0 && !piece(input[0..<stretch.bytes.lowerBound]) { return false }
                }
                guard changed else { return true }
                return piece(formatted.changed ? formatted.bytes[...] : input[stretch.bytes])
            }
        }
        return !cut ? .notCut : changed ? .changed : .unchanged
    }

    /// What ``formatInStretches(_:minimumBytes:gathered:piece:)`` found.
    enum StretchedFormatting {
        /// No stretch changes: the input is formatted already.
        case unchanged
        /// Some stretch changed; the formatted document was handed on.
        case changed
        /// The whole document is to be formatted instead.
        case notCut
    }

    /// The regions of lines that formatting `input` changes, found a stretch at a time
    /// (``forEachStretch(_:minimumBytes:output:make:take:)``): each stretch's formatted
    /// bytes are compared with its input where they were formatted, and let go, so the formatted file
    /// is never held whole. The same regions as ``ChangedLines`` gives for the whole file and its
    /// formatted bytes, as long as every changed stretch keeps its number of lines (formatting does,
    /// unless a recurring task's next occurrence is added or a task deletes itself): its regions are
    /// then the lines that differ in place, and a run that ends a stretch joins one that starts the
    /// next. Nil when the document is not cut, a stretch cannot be formatted on its own, is not
    /// UTF-8 text or changes its number of lines: the whole document is formatted and compared then.
    ///
    /// `input` is read while the stretches are formatted, and only then: the command line tool's
    /// check hands it a file mapped into memory.
    package func changedLinesInStretches(_ input: UnsafeBufferPointer<UInt8>,
                                         minimumBytes: Int = DocumentStretches.minimumBytes) -> [ChangedLines.Region]? {
        var regions: [ChangedLines.Region] = []
        nonisolated(unsafe) let input = input
        let cut = forEachStretch(input, minimumBytes: minimumBytes, output: .none, make: { bytes, formatted -> [ChangedLines.Region]? in
            guard formatted.changed else { return [] }
            return formatted.bytes.withUnsafeBufferPointer { new in
                let old = UnsafeBufferPointer(rebasing: input[bytes])
                // The parses' tables are of the text after a byte-order mark, which formatting keeps.
                let mark = ParsedDocument.byteOrderMarkLength(old)
                guard let oldLines = formatted.inputLines, let newLines = formatted.lines,
                      ParsedDocument.byteOrderMarkLength(new) == mark else {
                    return ChangedLines.regionsInPlace(old: old, new: new)
                }
                return ChangedLines.regionsInPlace(old: UnsafeBufferPointer(rebasing: old[mark...]), lines: oldLines,
                                                   new: UnsafeBufferPointer(rebasing: new[mark...]), lines: newLines)
            }
        }) { stretch, changes in
            for region in changes {
                let lines = (region.old.lowerBound + stretch.firstLine)..<(region.old.upperBound + stretch.firstLine)
                if let last = regions.last, last.old.upperBound == lines.lowerBound {
                    regions[regions.count - 1] = ChangedLines.Region(old: last.old.lowerBound..<lines.upperBound,
                                                                     new: last.old.lowerBound..<lines.upperBound)
                } else {
                    regions.append(ChangedLines.Region(old: lines, new: lines))
                }
            }
            return true
        }
        return cut ? regions : nil
    }

    /// Where one or more stretches that were formatted as one document lie in the input.
    struct StretchSpan: Sendable {
        /// Their bytes in the input (the first stretch's include the byte-order mark).
        var bytes: Range<Int>
        /// The input's line (0-based) they start at.
        var firstLine: Int
    }

    /// Formats `input` a stretch at a time: cut at top-level headings (``DocumentStretches``), each
    /// stretch a document of its own, so that the work and memory of checking its bytes, parsing,
    /// rendering, parsing again and verifying are those of the stretch. `make` turns each stretch's
    /// result into what `take` is handed, where the stretch was formatted, given where its bytes lie
    /// in `input` (nil: the whole document is to be formatted instead); `take` is handed those in
    /// order, with where the stretch lies, and returns false to stop. Returns false when the
    /// document is not cut, when a stretch cannot be formatted on its own (it is not UTF-8 text, it
    /// holds an ignore directive, its formatting fails, or its output would not end as its input
    /// does), or when `make` or `take` stopped: the whole document is to be formatted then (which
    /// checks the whole file and reports its first error). `minimumBytes`: the smallest stretch
    /// (tests choose smaller ones). `output`: what becomes of the stretches' formatted bytes
    /// (``StretchOutput``).
    ///
    /// The stretches are formatted on every processor, each on one thread alone
    /// (``Parallel/serially(_:)``: a stretch's steps are not split further), a thread taking the
    /// next stretch as it comes free, and their results are handed on in order as they come
    /// (``Parallel/inOrder(_:ahead:make:take:)``): only a few stretches' passes are held at any time.
    /// A stretch of more than 2 MB (four times the smallest) is formatted alone, its steps split
    /// over the processors.
    private func forEachStretch<Product: Sendable>(_ buffer: UnsafeBufferPointer<UInt8>, minimumBytes: Int, output: StretchOutput,
                                                   make: @Sendable (Range<Int>, Formatted) -> Product?,
                                                   take: (StretchSpan, Product) -> Bool) -> Bool {
        // Only read while the stretches are formatted, each stretch's bytes by the thread formatting it.
        nonisolated(unsafe) let input = buffer
        guard TodoDocument.sizeError(input.count) == nil else { return false }
        let bom = ParsedDocument.byteOrderMarkLength(input)
        guard let starts = DocumentStretches.starts(UnsafeBufferPointer(rebasing: input[bom...]), minimumBytes: minimumBytes)
        else { return false }
        let last = starts.count - 1
        // Where each stretch starts in `input` (the first holds the byte-order mark), then its end.
        let offsets = starts.indices.map { k in k == 0 ? 0 : bom + starts[k] }
        let formatter = self
        // Stretches `k..<end` checked as UTF-8 text and parsed as one document; nil when they are not text.
        @Sendable func parse(_ k: Int, _ end: Int) -> ParsedDocument? {
            let bytes = offsets[k]..<offsets[end]
            guard TodoDocument.firstError(input, from: bytes.lowerBound, to: bytes.upperBound) == nil else { return nil }
            return ParsedDocument(validated: Array(input[bytes]), statuses: formatter.options.statuses,
                                  globalFilter: formatter.options.globalFilter)
        }
        // The input's line (0-based) where the next stretch handed on starts.
        var firstLine = 0
        // Hands on what was made of stretches `k..<end`, `lines` lines long.
        func hand(_ product: Product, _ k: Int, _ end: Int, lines: Int) -> Bool {
            guard take(StretchSpan(bytes: offsets[k]..<offsets[end], firstLine: firstLine), product) else { return false }
            firstLine += lines
            return true
        }
        // Formats stretches from `k` on this thread, their steps split over the processors, with as
        // many stretches after it as it takes for them to stand alone (``standsAlone(_:options:)``:
        // a code block, HTML block or Obsidian comment may run on across headings); returns the
        // stretch after them, or nil when the whole document is to be formatted instead.
        func formatHere(_ k: Int) -> Int? {
            var end = k + 1
            var parsed = parse(k, end)
            while let doc = parsed, end < last && !TodoFormatter.standsAlone(doc, options: options) {
                end += 1
                parsed = parse(k, end)
            }
            guard let lines = parsed?.lines.count,
                  case .formatted(let stretch) = format(stretch: &parsed, isLast: end == last, keepsInputLines: output == .none),
                  let product = make(offsets[k]..<offsets[end], stretch), hand(product, k, end, lines: lines) else { return nil }
            return end
        }
        // Formats stretch `k` on this thread alone (its steps are not split), beside the others; the
        // line count is its input's.
        @Sendable func formatBeside(_ k: Int) -> StretchResult<(Product, lines: Int)> {
            Parallel.serially {
                guard let parsed = parse(k, k + 1) else { return .wholeDocument }
                if k + 1 < last && !TodoFormatter.standsAlone(parsed, options: formatter.options) { return .runsOn }
                let lines = parsed.lines.count
                // The only reference: the document's memory goes before its output is parsed (but
                // for its table of lines, where kept).
                var held: ParsedDocument? = consume parsed
                guard case .formatted(let stretch) = formatter.format(stretch: &held, isLast: k + 1 == last,
                                                                      keepsInputLines: output == .none),
                      let product = make(offsets[k]..<offsets[k + 1], stretch) else { return .wholeDocument }
                return .formatted((product, lines: lines))
            }
        }
        // A stretch this large is formatted alone (beside others it would hold their passes too).
        let alone = 4 * DocumentStretches.minimumBytes
        // Where the formatted file is gathered, it grows by a stretch handed on
        // while the next ones are at their largest: stretches of more than 1 MB (twice the smallest)
        // are then formatted as many at a time as there are processors, the next ones begun once
        // those are handed on (measured on the 21 MB file nested 1,000 deep, in stretches of 2 MB:
        // 1 to 2 MB more at the peak otherwise).
        func takenInTurns(_ k: Int) -> Bool {
            output == .gathered && offsets[k + 1] - offsets[k] > 2 * DocumentStretches.minimumBytes
        }
        var k = 0
        while k < last {
            // The run of stretches from `k` that are formatted beside one another.
            var end = k
            while end < last && offsets[end + 1] - offsets[end] <= alone && takenInTurns(end) == takenInTurns(k) { end += 1 }
            guard end > k else {
                guard let next = formatHere(k) else { return false }
                k = next
                continue
            }
            // What ended the run early, if anything did.
            var stop: RunStop?
            let first = k
            let count = takenInTurns(k) ? min(end - k, Parallel.processors) : end - k
            // A stretch in progress holds about six times its size (its parse, its output and the
            // output's parse): the heap grows at once by eight smallest stretches per processor.
            FreedMemory.keepFreedBlocksFromNowOn(if: output != .gathered,
                                                 growingHeapBy: 8 * DocumentStretches.minimumBytes * Parallel.processors)
            // Where products hold bytes, no more are made ahead than there are processors.
            let taken = Parallel.inOrder(count, ahead: (output == .none ? 4 : 1) * Parallel.processors,
                                         make: { formatBeside(first + $0) }) { part, result in
                switch result {
                case .formatted(let (product, lines)):
                    if hand(product, first + part, first + part + 1, lines: lines) { return true }
                    stop = .wholeDocument
                case .runsOn:
                    stop = .runsOn
                case .wholeDocument:
                    stop = .wholeDocument
                }
                return false
            }
            k += taken
            switch stop {
            case nil:
                continue
            case .wholeDocument:
                return false
            case .runsOn:
                // Stretch `k` goes on into the next ones: they are formatted together.
                guard let next = formatHere(k) else { return false }
                k = next
            }
        }
        return true
    }

    /// What becomes of the stretches' formatted bytes in ``forEachStretch(_:minimumBytes:output:make:take:)``.
    enum StretchOutput {
        /// They are let go where they were made (the check keeps the lines that changed).
        case none
        /// Each stretch's are handed on and let go once taken (written to a file): products hold
        /// them, so few are made ahead.
        case handedOn
        /// They are gathered into the whole formatted file besides: few are made ahead, large
        /// stretches are taken in turns (see the code), and the blocks a stretch frees are not kept
        /// for the next (``FreedMemory``).
        case gathered
    }

    /// What ended a run of stretches formatted beside one another before its end.
    private enum RunStop {
        /// A stretch does not stand alone: it is formatted with the stretches after it.
        case runsOn
        /// The whole document is to be formatted.
        case wholeDocument
    }

    /// What formatting one stretch gave (``forEachStretch(_:minimumBytes:output:make:take:)``).
    enum StretchResult<Product: Sendable>: Sendable {
        /// Its bytes formatted (or as they were), or what was made of them.
        case formatted(Product)
        /// It does not stand alone (``TodoFormatter/standsAlone(_:options:)``): it is formatted
        /// with the stretches after it.
        case runsOn
        /// It holds an ignore directive, or cannot be formatted on its own: the document is
        /// formatted whole.
        case wholeDocument
    }

    /// The stretch `parsed!` formatted: ``StretchResult/wholeDocument`` when it holds an ignore
    /// directive (a region may run across headings), fails, or (`isLast` false) its output does
    /// not end as a stretch must. `keepsInputLines`: whether the result keeps the input's table of
    /// lines (``Formatted/inputLines``; the rest of the input's parse goes before the output's).
    private func format(stretch parsed: inout ParsedDocument?, isLast: Bool, keepsInputLines: Bool) -> StretchResult<Formatted> {
        guard !parsed!.directives.holdsIgnoreDirective else { return .wholeDocument }
        let inputLines = keepsInputLines ? parsed!.lines : nil
        guard var stretch = try? format(parsed: &parsed), isLast || stretch.standsAlone else { return .wholeDocument }
        stretch.inputLines = inputLines
        return .formatted(stretch)
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
    private func format(parsed: inout ParsedDocument?) throws(TodoError) -> Formatted {
        guard let given = parsed else { return Formatted(bytes: [], changed: false, standsAlone: false) }
        var input = given.reading(statuses: options.statuses, globalFilter: options.globalFilter)
        var inputFacts = TaskFacts(count: input.structure.tasks.count)
        if CanonicalForm.survey(input, options: options, facts: &inputFacts) == .nothing { return canonical(input, changed: false) }
        // Passes are counted as one pass after another would make them (a pass may stand for several:
        // CanonicalForm/sinkHeldLists(rounds:parts:)); the output of the last one allowed is never surveyed.
        var (bytes, carried, passes) = CanonicalForm.render(input, options: options, facts: &inputFacts,
                                                            allowedPasses: TodoFormatter.maximumPasses - 1)
        // Whether `input` is the completion pass's result rather than the given document.
        var completed = false
        // The pass read every task that the dry run did not prove canonical, and a task to complete
        // now is never canonical (its date is stamped): so it knows whether the completion pass has
        // anything to do, and the usual pass (nothing to complete) is the one written.
        if inputFacts.completesTasksNow, let completion = try complete(input) {
            input = completion
            parsed = completion
            completed = true
            inputFacts = TaskFacts(count: input.structure.tasks.count)
            if CanonicalForm.survey(input, options: options, facts: &inputFacts) == .nothing { return canonical(input, changed: true) }
            (bytes, carried, passes) = CanonicalForm.render(input, options: options, facts: &inputFacts,
                                                            allowedPasses: TodoFormatter.maximumPasses - 1)
        }
        if input.isPrinted(as: bytes) { return canonical(input, changed: completed) }
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
                return Formatted(bytes: bytes, changed: true, standsAlone: TodoFormatter.standsAlone(pass, options: options),
                                 lines: pass.lines)
            }
            let next: [UInt8], more: Int
            (next, carried, more) = CanonicalForm.render(pass, options: options, facts: &facts,
                                                         allowedPasses: TodoFormatter.maximumPasses - passes)
            if pass.isPrinted(as: next) {
                try FormatVerifier.verify(expected, output: pass, outputTaskKeys: facts.keys)
                return Formatted(bytes: bytes, changed: true, standsAlone: TodoFormatter.standsAlone(pass, options: options),
                                 lines: pass.lines)
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
