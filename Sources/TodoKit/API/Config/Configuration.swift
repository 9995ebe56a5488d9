/// The settings a `.todofmt.json` file holds: how files are formatted, which files a directory
/// walk includes, and which lint rules run at which severity.
///
/// Every key of the file is optional; a missing key has its default. The nearest file above a
/// todo file applies to it as a whole, without merging with files further up (see
/// ``ConfigurationResolver``).
public struct Configuration: Hashable, Sendable {
    /// The name of a configuration file.
    public static let fileName = ".todofmt.json"

    /// The file names a directory walk includes when nothing else is configured: `todo.md`,
    /// `todos.md` and `*.todo.md`, in any case.
    public static let defaultInclude = ["todo.md", "todos.md", "*.todo.md"]

    /// The configuration of a directory without a configuration file.
    public static let `default` = Configuration()

    /// How fields are spelled when written.
    public var fieldStyle: FieldStyle = .default
    /// Stamp completed tasks and drop end dates from reopened ones.
    public var stampDates = true
    /// Sink completed tasks below the other items of their list.
    public var sinkCompleted = true
    /// The marker of bullet lists that hold tasks (written `keep`, `-`, `*` or `+` in the file).
    public var bullet = BulletStyle.default
    /// The indentation of nested lists in columns (2, 3 or 4), or `nil` to keep it as written.
    public var indentation: Int?
    /// Where a recurring task's next occurrence goes when the task is done.
    public var nextOccurrence = OccurrencePlacement.default
    /// Custom checkbox marks and the kind of status each stands for.
    public var statuses = StatusMap.standard
    /// Obsidian Tasks' global filter (`"#task"`): only checklist items containing it are tasks;
    /// nil (or `""` in the file) makes every checklist item one.
    public var globalFilter: String?
    /// The rules whose level differs from their default (their severity, or off for a rule that
    /// is off by default), by rule code; see ``level(of:)``.
    public var rules: [String: RuleLevel] = [:]
    /// What `todofmt archive` does by default.
    public var archive = ArchiveSettings()
    /// Glob patterns of the files a directory walk includes, relative to the directory holding
    /// ``file`` (see ``includes(relativePath:)``).
    public internal(set) var include = Configuration.defaultInclude
    /// Glob patterns of the files and directories a directory walk leaves out.
    public internal(set) var exclude: [String] = []
    /// ``include`` compiled, or `nil` while it is ``defaultInclude`` (see ``includePatterns``).
    private var compiledInclude: [PathPattern]?
    /// ``include`` compiled.
    var includePatterns: [PathPattern] { compiledInclude ?? Configuration.defaultIncludePatterns }
    /// ``defaultInclude`` compiled, once per process and only when a directory walk asks: a run
    /// on files named on the command line never matches them, and compiling them cost a fifth of
    /// the start-up of `todofmt --check FILE`.
    private static let defaultIncludePatterns = defaultInclude.map { try! PathPattern($0) }
    /// ``exclude`` compiled.
    var excludePatterns: [PathPattern] = []
    /// The file the configuration was read from, as it was named; `nil` for ``default``.
    public internal(set) var file: String?

    init() {}

    /// Sets ``include`` and its compiled patterns (kept as `nil` for ``defaultInclude``, so that
    /// equal lists still make equal configurations).
    mutating func setInclude(_ patterns: [String], compiled: [PathPattern]) {
        include = patterns
        compiledInclude = patterns == Configuration.defaultInclude ? nil : compiled
    }

    /// Options for formatting on `today`.
    /// - Parameter today: The day completed tasks are stamped with and recurrences count from.
    /// - Returns: This configuration's field style, date stamping, sinking, bullet, indentation,
    ///   next-occurrence placement, statuses and global filter, with `today`.
    public func formatOptions(today: Day) -> FormatOptions {
        FormatOptions(fieldStyle: fieldStyle, stampDates: stampDates, sinkCompleted: sinkCompleted, today: today,
                      bullet: bullet, indentation: indentation, nextOccurrence: nextOccurrence, statuses: statuses, globalFilter: globalFilter)
    }

    /// What this configuration makes of `rule`.
    /// - Parameter rule: A lint rule.
    /// - Returns: Its configured level, else its default: its own severity when it is on by
    ///   default, else ``RuleLevel/off``.
    public func level(of rule: LintRule) -> RuleLevel {
        if let level = rules[rule.code] { return level }
        return rule.enabledByDefault ? RuleLevel(rule.severity) : .off
    }

    /// Sets the level of `rule`; a level equal to the rule's default is not kept in ``rules``.
    /// - Parameters:
    ///   - level: The level to give it.
    ///   - rule: The lint rule.
    public mutating func setLevel(_ level: RuleLevel, of rule: LintRule) {
        rules[rule.code] = level == Configuration.default.level(of: rule) ? nil : level
    }

    /// A linter that runs the rules this configuration turns on, at their configured severities.
    /// - Parameter today: The day dates are compared with (overdue, stamps) and formatting uses.
    /// - Returns: A linter with the rules whose level is not ``RuleLevel/off`` and this
    ///   configuration's ``formatOptions(today:)``.
    public func linter(today: Day) -> Linter {
        var enabled: [LintRule] = []
        var severities: [String: Severity] = [:]
        for rule in LintRule.all {
            guard let severity = level(of: rule).severity else { continue }
            enabled.append(rule)
            if severity != rule.severity { severities[rule.code] = severity }
        }
        return Linter(today: today, rules: enabled, formatOptions: formatOptions(today: today), severities: severities)
    }
}
