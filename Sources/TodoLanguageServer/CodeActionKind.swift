/// The kinds of code action the server offers.
enum CodeActionKind {
    /// Fixes of lint findings.
    static let quickFix = "quickfix"
    /// The model's operations on task lines, and turning list items into tasks.
    static let rewrite = "refactor.rewrite"
    /// Formatting with every fix, which editors can run on save.
    static let fixAll = "source.fixAll.todofmt"
}
