/// One problem a lint rule found in a document.
public struct Finding: Hashable, Sendable {
    /// Where the problem is: 1-based line and UTF-8 column.
    public var location: SourceLocation
    /// The severity of the rule that found it.
    public var severity: Severity
    /// The rule's stable code, e.g. `TD001`.
    public var code: String
    /// The rule's kebab-case name, e.g. `invalid-date`.
    public var rule: String
    /// A short lowercase message without a final period.
    public var message: String
    /// For an unknown-dependency finding (TD020), the id no task of the document has: a directory
    /// walk drops the finding when a task of another file has it (``Linter/declaredIDs(utf8:)``).
    public var missingID: String?

    /// Creates a finding without a ``missingID``.
    /// - Parameters:
    ///   - location: Where the problem is: 1-based line and UTF-8 column.
    ///   - severity: The severity of the rule that found it.
    ///   - code: The rule's stable code, e.g. `TD001`.
    ///   - rule: The rule's kebab-case name, e.g. `invalid-date`.
    ///   - message: A short lowercase message without a final period.
    public init(location: SourceLocation, severity: Severity, code: String, rule: String, message: String) {
        self.location = location
        self.severity = severity
        self.code = code
        self.rule = rule
        self.message = message
    }

    /// A finding of `rule` with its default severity.
    init(_ rule: LintRule, line: Int, column: Int, _ message: String) {
        self.init(location: SourceLocation(line: line, column: column), severity: rule.severity,
                  code: rule.code, rule: rule.name, message: message)
    }
}
