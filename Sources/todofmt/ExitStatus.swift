/// How a run of `todofmt` ends; its raw value is the process's exit status (the man page's EXIT
/// STATUS section says what each means for each command).
enum ExitStatus: Int32, Sendable {
    /// 0: done; nothing to report.
    case ok = 0
    /// 1: the run worked and found something: `--check` or `--diff` found an input that would
    /// change, lint found an error-level finding, or the language server's client exited without
    /// shutdown.
    case flagged = 1
    /// 2: a usage error, or an input that could not be read, formatted or written.
    case failure = 2

    /// `.failure` when anything failed, else `.flagged` when something was found, else `.ok`.
    /// - Parameters:
    ///   - failed: Whether an input or the output failed.
    ///   - flagged: Whether an input would change or has an error-level finding.
    /// - Returns: The status for both.
    static func of(failed: Bool, flagged: Bool) -> ExitStatus {
        failed ? .failure : flagged ? .flagged : .ok
    }
}
