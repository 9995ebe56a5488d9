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
        /// The task ids the input declares: another input's dependency on one of them is known.
        var ids: Set<String> = []
    }

    /// Exit status: 2 if an input failed, else 1 if an error-level finding exists, else 0.
    func run() -> Int32 {
        guard let configured = ConfiguredInputs(paths: request.paths, overrides: request.configuration, console: console) else {
            return 2
        }
        let request = request
        let inputs = configured.list.inputs
        let configurations = configured.configurations
        let outcomes = ParallelMap.map(inputs.count) { index in
            // Not processed: its configuration file cannot be used (reported once, below).
            guard let configuration = configurations[index] else { return Outcome() }
            return Self.process(inputs[index], name: request.configuration.name(of: inputs[index]),
                                configuration: configuration, request: request)
        }

        var failed = configured.printErrors(to: console)
        for error in outcomes.flatMap(\.errors) {
            console.error(error)
            failed = true
        }
        // A dependency on a task of another file of the walk is known after all.
        let ids = outcomes.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
        let entries = outcomes.flatMap(\.findings).filter { entry in entry.finding.missingID.map { !ids.contains($0) } ?? true }
        let report = LintReport(entries: LintReport.sorted(entries))
        if let error = console.output(report.renderedBytes(request.format, colored: console.colorsOutput)) {
            console.error("cannot write standard output: \(error)")
            return 2
        }
        if failed { return 2 }
        return report.entries.contains { $0.finding.severity == .error } ? 1 : 0
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
            (findings, ids) = try linter.lintWithDeclaredIDs(utf8: bytes)
        } catch let error as FileError {
            return Outcome(errors: ["\(name): \(error.description)"])
        } catch {
            return Outcome(errors: ["\(name): \(error)"])
        }
        if request.fix {
            // A file that cannot be fixed is reported, and its findings as it is.
            do {
                let fixed = try TodoFormatter(options: configuration.formatOptions(today: request.today)).format(utf8: bytes)
                if fixed != bytes {
                    guard try AtomicFile.write(fixed, to: input.path, ifStill: bytes) else {
                        throw FixError.changedMeanwhile
                    }
                    bytes = fixed
                    (findings, ids) = try linter.lintWithDeclaredIDs(utf8: fixed)
                }
            } catch let error as FileError {
                outcome.errors.append("\(name): \(error.description)")
            } catch let error as FixError {
                outcome.errors.append("\(name): \(error.description)")
            } catch {
                outcome.errors.append("\(name): \(error)")
            }
        }
        outcome.findings = LintReport.entries(path: name, findings: findings, in: bytes,
                                              utf16Columns: request.format == .sarif)
        outcome.ids = ids
        return outcome
    }

    /// A fix that was not written.
    private enum FixError: Error, CustomStringConvertible {
        case changedMeanwhile
        var description: String { "changed while it was being fixed; not written" }
    }
}
