/// How findings (lint, and `--check`/`--diff` regions) are printed.
enum ReportFormat: String, Equatable, OptionChoice {
    /// `path:line:col: severity: message [TDnnn]`
    case text
    /// One JSON array of finding objects.
    case json
    /// GitHub Actions workflow commands (`::error file=…`).
    case github
    /// A SARIF 2.1.0 log, for code-scanning tools.
    case sarif

    /// What the format looks like (`--format` in help and completions).
    var help: String {
        switch self {
        case .text: "path:line:col: severity: message [TDnnn]; the default"
        case .json: "one array of objects with path, line, column, severity, code, rule and message"
        case .github: "GitHub Actions workflow commands, ::error file=...::message; the default when "
            + "GITHUB_ACTIONS=true; with --diff, the diff is printed too"
        case .sarif: "a SARIF 2.1.0 log for code-scanning tools"
        }
    }
}
