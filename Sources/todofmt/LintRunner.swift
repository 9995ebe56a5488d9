import TodoKit

/// Runs a ``LintRequest``: reads each input, formats it first with `--fix`, lints it, and prints
/// every finding in one report sorted by path (each file's findings by line and column).
///
/// Inputs are processed in parallel. A failing input is reported on standard error and does not
/// stop the others.
struct LintRunner {
    let request: LintRequest
    let console: Console

    /// What became of one input.
    struct Outcome: Sendable {
        /// What went wrong with it.
        var errors: [Diagnostic] = []
        var findings: [LintReport.Entry] = []
        /// The task ids the input declares: another input's dependency on one of them is known.
        var ids: Set<String> = []
    }

    /// Lints every input.
    /// - Returns: `.failure` if an input failed, else `.flagged` if an error-level finding
    ///   exists, else `.ok`.
    func run() -> ExitStatus {
        guard let configured = ConfiguredInputs(paths: request.paths, overrides: request.configuration, console: console) else {
            return .failure
        }
        let request = request
        let inputs = configured.list.inputs
        let configurations = configured.configurations
        let standardInputExcluded = configured.standardInputExcluded
        let outcomes = ParallelMap.map(inputs.count) { index in
            // Not processed: its configuration file cannot be used (reported once, below), or
            // standard input stands for a file `--force-exclude` skips.
            guard let configuration = configurations[index],
                  !(inputs[index].isStandardInput && standardInputExcluded) else { return Outcome() }
            return Self.process(inputs[index], name: request.configuration.name(of: inputs[index]),
                                configuration: configuration, request: request)
        }

        var failed = configured.printErrors(to: console)
        for error in outcomes.flatMap(\.errors) {
            console.report(error)
            failed = true
        }
        // A dependency on a task of another file of the walk is known after all.
        let ids = outcomes.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
        let entries = outcomes.flatMap(\.findings).filter { entry in entry.finding.missingID.map { !ids.contains($0) } ?? true }
        let report = LintReport(entries: LintReport.sorted(entries))
        if let error = console.output(report.renderedBytes(request.format, colored: console.colorsOutput(request.color)), of: nil) {
            console.report(error)
            return .failure
        }
        return .of(failed: failed, flagged: report.entries.contains { $0.finding.severity == .error })
    }

    private static func process(_ input: InputList.Input, name: String, configuration: Configuration,
                                request: LintRequest) -> Outcome {
        let linter = configuration.linter(today: request.today)
        var outcome = Outcome()
        var bytes: [UInt8]
        var findings: [Finding]
        var ids: Set<String>
        do {
            bytes = try input.isStandardInput ? AtomicFile.readAll(from: 0) : AtomicFile.read(input.path)
        } catch {
            return Outcome(errors: [Diagnostic(name, .file(error))])
        }
        do {
            (findings, ids) = try linter.lintWithDeclaredIDs(utf8: bytes)
        } catch {
            return Outcome(errors: [Diagnostic(name, .document(error))])
        }
        if request.fix {
            // A file that cannot be fixed is reported, and its findings as it is.
            let fixer = FileFormatter(formatter: TodoFormatter(options: configuration.formatOptions(today: request.today)))
            var relint = false
            do {
                switch try fixer.format(bytes, at: input.path) {
                case .unchanged:
                    break
                case .written(let fixed):
                    bytes = fixed
                    relint = true
                case .changedMeanwhile:
                    outcome.errors.append(Diagnostic(name, .changedMeanwhile(while: "it was being fixed"), notes: ["not written"]))
                }
            } catch {
                outcome.errors.append(Diagnostic(name, formatting: error))
            }
            if relint {
                do {
                    (findings, ids) = try linter.lintWithDeclaredIDs(utf8: bytes)
                } catch {
                    outcome.errors.append(Diagnostic(name, .document(error)))
                }
            }
        }
        outcome.findings = bytes.withUnsafeBufferPointer {
            LintReport.entries(path: name, findings: findings, in: $0, utf16Columns: request.format == .sarif)
        }
        outcome.ids = ids
        return outcome
    }
}
