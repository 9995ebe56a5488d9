import TodoKit

/// What `todofmt lint` was asked to do.
struct LintRequest: Equatable {
    /// The paths in command-line order; `-` is standard input; directories are walked.
    var paths: [String]
    /// The day the date rules compare with, and `--fix` stamps.
    var today: Day
    /// Which configuration applies: the options `--fix` formats with, the rules that run.
    var configuration = ConfigurationOverrides()
    /// Whether to format the files first.
    var fix: Bool
    var format: ReportFormat
    /// Whether the severities are coloured.
    var color = ColorChoice.auto
}
