import TodoKit

/// Runs a ``LintRequest``: reads each input, formats it first with `--fix`, lints it, and prints
/// every finding in one report sorted by path, line and column.
///
/// Inputs are processed in parallel. A failing input is reported on standard error and does not
/// stop the others.
struct LintRunner {
    let request: LintRequest
    let console: Console

    /// What became of one input.
    struct Outcome: Sendable {
        /// Error lines, without the `todofmt: ` prefix.
        var errors: [String] = []
        var findings: [LintReport.Entry] = []
    }

    /// Exit status: 2 if an input failed, else 1 if an error-level finding exists, else 0.
    func run() -> Int32 {
        let list = InputList(paths: request.paths)
        list.warnings.forEach(console.error)
        let request = request
        let inputs = list.inputs
        let outcomes = ParallelMap.map(inputs.count) { Self.process(inputs[$0], request: request) }

        var failed = !list.errors.isEmpty
        list.errors.forEach(console.error)
        for error in outcomes.flatMap(\.errors) {
            console.error(error)
            failed = true
        }
        let report = LintReport(entries: LintReport.sorted(outcomes.flatMap(\.findings)))
        if let error = console.output(Array(report.rendered(request.format, colored: console.colorsOutput).utf8)) {
            console.error("cannot write standard output: \(error)")
            return 2
        }
        if failed { return 2 }
        return report.entries.contains { $0.finding.severity == .error } ? 1 : 0
    }

    private static func process(_ input: InputList.Input, request: LintRequest) -> Outcome {
        let linter = Linter(today: request.options.today, rules: request.rules, formatOptions: request.options)
        var outcome = Outcome()
        var bytes: [UInt8]
        var findings: [Finding]
        do {
            bytes = try input.isStandardInput ? AtomicFile.readAll(from: 0) : AtomicFile.read(input.path)
            findings = try linter.lint(utf8: bytes)
        } catch let error as FileError {
            return Outcome(errors: ["\(input.name): \(error.description)"])
        } catch {
            return Outcome(errors: ["\(input.name): \(error)"])
        }
        if request.fix {
            // A file that cannot be fixed is reported, and its findings as it is.
            do {
                let fixed = try TodoFormatter(options: request.options).format(utf8: bytes)
                if fixed != bytes {
                    guard try AtomicFile.write(fixed, to: input.path, ifStill: bytes) else {
                        throw FixError.changedMeanwhile
                    }
                    bytes = fixed
                    findings = try linter.lint(utf8: fixed)
                }
            } catch let error as FileError {
                outcome.errors.append("\(input.name): \(error.description)")
            } catch let error as FixError {
                outcome.errors.append("\(input.name): \(error.description)")
            } catch {
                outcome.errors.append("\(input.name): \(error)")
            }
        }
        outcome.findings = LintReport.entries(path: input.name, findings: findings, in: bytes)
        return outcome
    }

    /// A fix that was not written.
    private enum FixError: Error, CustomStringConvertible {
        case changedMeanwhile
        var description: String { "changed while it was being fixed; not written" }
    }
}
