import TodoKit

/// What `todofmt lint` was asked to do.
struct LintRequest: Equatable {
    /// The paths in command-line order; `-` is standard input; directories are walked.
    var paths: [String]
    /// The options `--fix` formats with; `today` is also the linter's today.
    var options: FormatOptions
    /// Whether to format the files first.
    var fix: Bool
    var format: ReportFormat
    /// The rules that run.
    var rules: [LintRule]
}
