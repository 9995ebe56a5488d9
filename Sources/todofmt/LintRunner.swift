import TodoKit

/// Runs a ``LintRequest``: reads each input, formats it first with `--fix`, lints it, and prints
/// every finding in one report sorted by path, line and column.
///
/// A failing input is reported on standard error and does not stop the others.
struct LintRunner {
    let request: LintRequest
    let console: Console

    /// Exit status: 2 if an input failed, else 1 if an error-level finding exists, else 0.
    func run() -> Int32 {
        let linter = Linter(today: request.options.today, rules: request.rules)
        let formatter = TodoFormatter(options: request.options)
        var failed = false
        var findings: [LintReport.Entry] = []
        for path in request.paths {
            let isStandardInput = path == FormatRequest.standardInput
            let name = isStandardInput ? FormatRunner.standardInputName : path
            let bytes: [UInt8]
            var fileFindings: [Finding]
            do {
                bytes = try isStandardInput ? AtomicFile.readAll(from: 0) : AtomicFile.read(path)
                fileFindings = try linter.lint(utf8: bytes)
            } catch let error as FileError {
                console.error("\(name): \(error.description)")
                failed = true
                continue
            } catch {
                console.error("\(name): \(error)")
                failed = true
                continue
            }
            if request.fix {
                // A file that cannot be fixed is reported, and its findings as it is.
                do {
                    let fixed = try formatter.format(utf8: bytes)
                    if fixed != bytes {
                        try AtomicFile.write(fixed, to: path)
                        fileFindings = try linter.lint(utf8: fixed)
                    }
                } catch let error as FileError {
                    console.error("\(name): \(error.description)")
                    failed = true
                } catch {
                    console.error("\(name): \(error)")
                    failed = true
                }
            }
            findings += fileFindings.map { LintReport.Entry(path: name, finding: $0) }
        }
        // Stable: findings of one file keep the linter's order (line, column, code).
        let sorted = findings.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(\.element)
        let report = LintReport(entries: sorted)
        let text: String
        switch request.format {
        case .text: text = report.text(colored: console.colorsOutput)
        case .json: text = report.json()
        case .github: text = report.github()
        }
        if let error = console.output(Array(text.utf8)) {
            console.error("cannot write standard output: \(error)")
            return 2
        }
        if failed { return 2 }
        return sorted.contains { $0.finding.severity == .error } ? 1 : 0
    }
}
