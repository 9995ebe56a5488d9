/// How findings (lint, and `--check`/`--diff` regions) are printed.
enum ReportFormat: String, Equatable, CaseIterable {
    /// `path:line:col: severity: message [TDnnn]`
    case text
    /// One JSON array of finding objects.
    case json
    /// GitHub Actions workflow commands (`::error file=…`).
    case github
    /// A SARIF 2.1.0 log, for code-scanning tools.
    case sarif
}
