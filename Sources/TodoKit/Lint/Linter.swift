/// Runs lint rules over a parsed todo document.
///
/// Task rules look at each task once, list rules at each list once, and near misses at the
/// paragraph lines; nothing inside code blocks, HTML blocks or front matter is ever reported.
public struct Linter: Sendable {
    /// The day "today" for rules that compare dates with it.
    public var today: Day
    /// The rules that run.
    public var rules: [LintRule]
    /// Severities that replace a rule's own, by rule code (from a configuration file).
    public var severities: [String: Severity]

    /// Creates a linter; by default every rule that is on by default runs, at its own severity.
    public init(today: Day = .today(), rules: [LintRule] = LintRule.all.filter(\.enabledByDefault),
                severities: [String: Severity] = [:]) {
        self.today = today
        self.rules = rules
        self.severities = severities
    }

    /// The findings in a document, sorted by line, column and code.
    public func lint(_ document: TodoDocument) -> [Finding] {
        lint(parsed: document.parsed)
    }

    /// The findings in UTF-8 bytes; throws for bytes that are not UTF-8 text.
    public func lint(utf8 bytes: [UInt8]) throws(TodoError) -> [Finding] {
        try TodoDocument.validate(bytes)
        return lint(parsed: ParsedDocument(validated: bytes))
    }

    func lint(parsed doc: ParsedDocument) -> [Finding] {
        let codes = Set(rules.map(\.code))
        var findings = doc.bytes.withUnsafeBufferPointer { buf in
            var pass = LintPass(doc: doc, buf: buf, today: today, enabled: codes)
            pass.run()
            return pass.findings
        }
        if !severities.isEmpty {
            for i in findings.indices {
                if let severity = severities[findings[i].code] { findings[i].severity = severity }
            }
        }
        findings.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return findings
    }
}
