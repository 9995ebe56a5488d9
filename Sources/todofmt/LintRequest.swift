import TodoKit

/// What `todofmt lint` was asked to do.
struct LintRequest: Equatable {
    /// How findings are printed.
    enum OutputFormat: String, Equatable {
        /// `path:line:col: severity: message [TDnnn]`
        case text
        /// One JSON array of finding objects.
        case json
        /// GitHub Actions workflow commands (`::error file=…`).
        case github
    }

    /// The paths in command-line order; `-` is standard input.
    var paths: [String]
    /// The options `--fix` formats with; `today` is also the linter's today.
    var options: FormatOptions
    /// Whether to format the files first.
    var fix: Bool
    var format: OutputFormat
    /// The rules that run.
    var rules: [LintRule]
}
