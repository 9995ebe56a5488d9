/// One lint rule as it is documented: its code, name, severity, why it exists, whether
/// `todofmt lint --fix` resolves it, and examples that do and do not trigger it.
///
/// Every rule is described once, in ``LintRule/all``; the examples are run as tests.
public struct LintRule: Hashable, Sendable {
    /// A document that triggers the rule, with the place of the finding.
    public struct Example: Hashable, Sendable {
        /// The Markdown text.
        public let text: String
        /// The 1-based line of the finding.
        public let line: Int
        /// The 1-based UTF-8 column of the finding.
        public let column: Int

        /// Creates an example.
        /// - Parameters:
        ///   - text: The Markdown text.
        ///   - line: The 1-based line of the finding.
        ///   - column: The 1-based UTF-8 column of the finding.
        public init(_ text: String, line: Int, column: Int) {
            self.text = text
            self.line = line
            self.column = column
        }
    }

    /// The stable code, `TD` and three digits.
    public let code: String
    /// The code's number (`TD017` → 17): the linter keeps the rules that run as bits. Written in the
    /// registry beside the code (a test checks that they agree), so that each rule stays a constant
    /// the compiler lays out in the binary rather than a value made at run time.
    let number: Int
    /// The kebab-case name.
    public let name: String
    /// The severity of the rule's findings.
    public let severity: Severity
    /// Whether the rule runs unless asked for.
    public let enabledByDefault: Bool
    /// Whether formatting (`todofmt lint --fix`) resolves the finding.
    public let fixable: Bool
    /// One line: what the rule reports.
    public let summary: String
    /// Why the rule exists.
    public let rationale: String
    /// Documents that trigger the rule, each exactly once (examples are linted with today = ``exampleDay``).
    public let triggers: [Example]
    /// Documents that must not trigger the rule.
    public let passes: [String]

    /// The day the examples are linted on.
    public static let exampleDay = Day(year: 2026, month: 11, day: 21)!

    /// The rule with a code or name.
    /// - Parameter codeOrName: A code such as `TD001` or a name such as `invalid-date`, as written
    ///   (case matters).
    /// - Returns: The rule from ``all``, or `nil` when none has that code or name.
    public static func named(_ codeOrName: String) -> LintRule? {
        all.first { $0.code == codeOrName || $0.name == codeOrName }
    }
}
