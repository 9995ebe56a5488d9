/// Runs lint rules over a parsed todo document.
///
/// Task rules look at each task once, list rules at each list once, and near misses at the
/// paragraph lines; nothing inside code blocks, HTML blocks or front matter is ever reported.
public struct Linter: Sendable {
    /// The day "today" for rules that compare dates with it.
    public var today: Day
    /// The rules that run.
    public var rules: [LintRule]
    /// The options `TD000` (the `unformatted` rule) formats with to find what would change.
    public var formatOptions: FormatOptions
    /// Severities that replace a rule's own, by rule code (from a configuration file).
    public var severities: [String: Severity]

    /// Creates a linter; by default every rule that is on by default runs at its own severity,
    /// and `TD000` formats with the default options and `today`.
    /// - Parameters:
    ///   - today: The day rules that compare dates with today use.
    ///   - rules: The rules that run.
    ///   - formatOptions: The options `TD000` formats with; `nil` for the default options with
    ///     `today`.
    ///   - severities: Severities that replace a rule's own, by rule code.
    public init(today: Day = .today(), rules: [LintRule] = LintRule.all.filter(\.enabledByDefault),
                formatOptions: FormatOptions? = nil, severities: [String: Severity] = [:]) {
        self.today = today
        self.rules = rules
        self.formatOptions = formatOptions ?? FormatOptions(today: today)
        self.severities = severities
    }

    /// The findings in a parsed document.
    /// - Parameter document: The document, read with the statuses and global filter it was parsed
    ///   with.
    /// - Returns: The findings of the rules that run, sorted by line, column and code; empty when
    ///   there are none.
    public func lint(_ document: TodoDocument) -> [Finding] {
        lint(parsed: document.parsed)
    }

    /// The findings in UTF-8 bytes, read with ``formatOptions``' statuses and global filter.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The findings of the rules that run, sorted by line, column and code; empty when
    ///   there are none.
    /// - Throws: ``TodoError`` for bytes that are not UTF-8 text or hold a NUL byte.
    public func lint(utf8 bytes: [UInt8]) throws(TodoError) -> [Finding] {
        lint(parsed: try ParsedDocument(utf8: bytes, statuses: formatOptions.statuses, globalFilter: formatOptions.globalFilter))
    }

    /// ``lint(utf8:)`` and ``declaredIDs(utf8:)`` from one parse: what linting each file of a
    /// directory walk needs (a dependency on an id another file declares is no finding).
    ///
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the findings, and the ids the file's tasks declare.
    /// - Throws: ``TodoError`` for bytes that are not UTF-8 text.
    public func lintWithDeclaredIDs(utf8 bytes: [UInt8]) throws(TodoError) -> (findings: [Finding], declaredIDs: Set<String>) {
        lintWithDeclaredIDs(parsed: try ParsedDocument(utf8: bytes, statuses: formatOptions.statuses,
                                                       globalFilter: formatOptions.globalFilter))
    }

    /// The task ids (`🆔`, `id:`, `[id:: ]`) the tasks of a document declare, for checking
    /// dependencies across the files of a walk. Only lines holding `id` or `🆔` are read.
    /// - Parameter bytes: The file's bytes, already known to be UTF-8 text (they are not checked
    ///   here); read with the standard statuses and no global filter.
    /// - Returns: The ids; empty when no task declares one.
    public static func declaredIDs(utf8 bytes: [UInt8]) -> Set<String> {
        declaredIDs(in: ParsedDocument(validated: bytes))
    }

    private static func declaredIDs(in doc: ParsedDocument) -> Set<String> {
        var ids: Set<String> = []
        doc.bytes.withUnsafeBufferPointer { buf in
            var text = TaskText()
            for (index, task) in doc.structure.tasks.enumerated() {
                var i = task.checkboxEnd, mayHold = false
                let end = doc.lines.contentEnd(task.line)
                while i + 1 < end && !mayHold {
                    // `id` (id:, [id:: ]) or 🆔 (F0 9F 86 94).
                    mayHold = (buf[i] == UInt8(ascii: "i") && buf[i + 1] == UInt8(ascii: "d")) || (buf[i] == 0xF0 && buf[i + 1] == 0x9F)
                    i += 1
                }
                guard mayHold else { continue }
                doc.read(task: index, into: &text, buf)
                let chosen = text.chosenFields()[FieldKey.id.order]
                if chosen >= 0, case .text(let id) = text.occurrences[Int(chosen)].field(buf).value { ids.insert(id) }
            }
        }
        return ids
    }

    func lint(parsed: ParsedDocument) -> [Finding] {
        lintWithDeclaredIDs(parsed: parsed).findings
    }

    /// The findings in a parsed document, and the ids its tasks declare (the lint pass reads them,
    /// as ``declaredIDs(utf8:)`` does).
    private func lintWithDeclaredIDs(parsed: ParsedDocument) -> (findings: [Finding], declaredIDs: Set<String>) {
        let doc = parsed.reading(statuses: formatOptions.statuses, globalFilter: formatOptions.globalFilter)
        let codes = Set(rules.map(\.code))
        let (found, ids) = doc.bytes.withUnsafeBufferPointer { buf in
            var pass = LintPass(doc: doc, buf: buf, today: today, enabled: codes)
            pass.run()
            return (pass.findings, pass.ids)
        }
        var findings = found
        // A document the formatter refuses has no canonical form to compare with. The formatted
        // bytes keep a byte-order mark, so they are compared with the whole input.
        if codes.contains(LintRule.unformatted.code),
           let formatted = try? TodoFormatter(options: formatOptions).format(parsed: doc) {
            // `todofmt-disable` comments turn TD000 off like any rule (the formatter still formats there).
            let switches = LintSwitches(doc.directives)
            findings += Self.unformattedFindings(original: doc.utf8, formatted: formatted)
                .filter { !switches.isOff($0.code, line: $0.location.line - 1) }
        }
        if !severities.isEmpty {
            for i in findings.indices {
                if let severity = severities[findings[i].code] { findings[i].severity = severity }
            }
        }
        findings.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return (findings, ids)
    }

    /// One `TD000` (the `unformatted` rule) finding per region of `original` that formatting
    /// changes into `formatted`, at the region's first line, column 1 (lines only inserted are
    /// reported on the line above them). Lines are counted as lint counts them (LF, CRLF or CR).
    /// - Parameters:
    ///   - original: The file's bytes.
    ///   - formatted: The same file formatted.
    /// - Returns: The findings in line order, at the rule's own severity; empty when the two are
    ///   the same.
    public static func unformattedFindings(original: [UInt8], formatted: [UInt8]) -> [Finding] {
        unformattedFindings(ChangedLines(old: original, new: formatted).regions)
    }

    /// One `TD000` (the `unformatted` rule) finding per region of lines that formatting changes (as
    /// ``unformattedFindings(original:formatted:)`` reports them), for regions found already, such
    /// as ``TodoFormatter/changedLines(utf8:)``'s.
    /// - Parameter regions: Regions of lines, in line order.
    /// - Returns: The findings in line order, at the rule's own severity.
    public static func unformattedFindings(_ regions: [ChangedLines.Region]) -> [Finding] {
        // The rule's fields are read once: each finding is this one with its line and message (a
        // check of a large file reports thousands of regions).
        let unformatted = Finding(.unformatted, line: 1, column: 1, "")
        return regions.map { region in
            var finding = unformatted
            (finding.location.line, finding.message) = unformattedLineAndMessage(region)
            return finding
        }
    }

    /// Where the `TD000` finding of `region` stands, and what it says.
    private static func unformattedLineAndMessage(_ region: ChangedLines.Region) -> (line: Int, message: String) {
        let inserted = { region.new.count == 1 ? "a line" : "\(region.new.count) lines" }
        switch region.old.count {
        case 0 where region.old.lowerBound == 0:
            return (1, "would insert \(inserted()) above this line")
        case 0:
            // Lines inserted between two old lines are reported on the one above them.
            return (region.old.lowerBound, "would insert \(inserted()) below this line")
        case 1:
            return (region.old.lowerBound + 1, "would reformat this line")
        default:
            // The usual message is written as bytes: string interpolation cost more than finding the regions.
            let prefix: StaticString = "would reformat lines "
            let capacity = prefix.utf8CodeUnitCount + 2 * ByteWriter.decimalBytes + 1
            let message = String(unsafeUninitializedCapacity: capacity) { buffer in
                let start = buffer.baseAddress!
                start.initialize(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                var end = start + prefix.utf8CodeUnitCount
                end += ByteWriter.writeDecimal(region.old.lowerBound + 1, at: end)
                end.initialize(to: UInt8(ascii: "-"))
                end += 1
                end += ByteWriter.writeDecimal(region.old.upperBound, at: end)
                return end - start
            }
            return (region.old.lowerBound + 1, message)
        }
    }
}
