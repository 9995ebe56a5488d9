import TodoKit

/// Runs a ``FormatRequest``: reads each input, formats it, and writes, checks or diffs it.
///
/// Inputs are processed in parallel; what they print comes out in input order. A failing input
/// is reported on standard error and does not stop the others.
struct FormatRunner {
    let request: FormatRequest
    let console: Console

    /// The name standard input is reported under.
    static let standardInputName = "<stdin>"

    /// What became of one input.
    struct Outcome: Sendable {
        /// The input's name in reports.
        var name: String
        /// Why the input failed, when it did.
        var error: Diagnostic?
        /// `--check` or `--diff` found that the input would change.
        var wouldChange = false
        /// Where it would change (`--check`, `--diff`).
        var findings: [LintReport.Entry] = []
        /// What goes to standard output: formatted standard input, or a diff.
        var output: [UInt8] = []
    }

    /// Processes every input and ends the process with `exit`: `.failure` if any input failed,
    /// else `.flagged` if `--check` or `--diff` found an input that would change, else `.ok`. The
    /// process ends while it still holds the outcomes: freeing the findings of a large file's check
    /// one by one took 4 M instructions (12,469 findings of the unformatted 10 MB file).
    func run(exit: (ExitStatus) -> Never) -> Never {
        guard let configured = ConfiguredInputs(paths: request.paths, overrides: request.configuration, console: console) else {
            exit(.failure)
        }
        let request = request
        let colored = request.mode == .diff && request.format == .text && console.colorsOutput(request.color)
        let inputs = configured.list.inputs
        let configurations = configured.configurations
        let standardInputExcluded = configured.standardInputExcluded
        let outcomes = ParallelMap.map(inputs.count) { index in
            let name = request.configuration.name(of: inputs[index])
            // Not processed: its configuration file cannot be used (reported once, above).
            guard let configuration = configurations[index] else { return Outcome(name: name) }
            if inputs[index].isStandardInput && standardInputExcluded { return Self.passedThrough(name: name, request: request) }
            return Self.process(inputs[index], name: name, options: configuration.formatOptions(today: request.today),
                                request: request, colored: colored)
        }

        var failed = configured.printErrors(to: console)
        for outcome in outcomes {
            if let error = outcome.error {
                console.report(error)
                failed = true
            }
        }
        if request.mode == .inPlace || (request.mode == .diff && request.format == .text) || request.format == .github {
            for outcome in outcomes where !outcome.output.isEmpty {
                if let error = console.output(outcome.output, of: outcome.name) {
                    console.report(error)
                    exit(.failure)
                }
            }
        }
        let status = ExitStatus.of(failed: failed, flagged: outcomes.contains(where: \.wouldChange))
        guard request.mode != .inPlace && !(request.mode == .diff && request.format == .text) else {
            withExtendedLifetime(outcomes) { exit(status) }
        }
        // One file's findings are in order as they are: a large file's check has thousands.
        let report = LintReport(entries: outcomes.count == 1 ? outcomes[0].findings : LintReport.sorted(outcomes.flatMap(\.findings)))
        withExtendedLifetime((outcomes, report)) { () -> Never in
            if let error = console.output(report.renderedBytes(request.format, colored: console.colorsOutput(request.color)), of: nil) {
                console.report(error)
                exit(.failure)
            }
            exit(status)
        }
    }

    private static func process(_ input: InputList.Input, name: String, options: FormatOptions,
                                request: FormatRequest, colored: Bool) -> Outcome {
        func fail(_ problem: Diagnostic.Problem) -> Outcome {
            Outcome(name: name, error: Diagnostic(name, problem))
        }

        let formatter = TodoFormatter(options: options)
        if request.mode == .check, input.regularFileSize ?? 0 >= MappedFile.minimumBytes,
           let mapped = MappedFile(path: input.path, name: name), let regions = formatter.changedLinesInStretches(mapped.bytes) {
            // A large file cut into stretches is checked where the kernel keeps its bytes; any
            // other (or a stretch that sends it to the whole document) is read and checked whole.
            return checked(regions, name: name, bytes: mapped.bytes, request: request)
        }
        let original: [UInt8]
        do {
            // A file formatted in place is replaced, which only a regular file can be: anything
            // else is refused before it is read (a FIFO would block forever). --check and --diff
            // read what they are given (a shell's <(…), say).
            original = try input.isStandardInput ? AtomicFile.readAll(from: 0)
                : request.mode == .inPlace ? AtomicFile.readRegularFile(input.path) : AtomicFile.read(input.path)
        } catch {
            return fail(.file(error))
        }
        if request.mode == .inPlace, !input.isStandardInput {
            do {
                // Someone may have saved the file while it was formatted: their save wins.
                if try FileFormatter(formatter: formatter).formatInPlace(original, at: input.path) == .changedMeanwhile {
                    return Outcome(name: name, error: Diagnostic(name, .changedMeanwhile(while: "it was being formatted"),
                                                                notes: ["not written"]))
                }
                return Outcome(name: name)
            } catch {
                return Outcome(name: name, error: Diagnostic(name, formatting: error))
            }
        }
        do {
            switch request.mode {
            case .inPlace:
                return Outcome(name: name, output: try formatter.format(utf8: original))
            case .check:
                // Only the lines that would change are needed: the formatter finds them without
                // holding a large file's formatted bytes whole.
                let regions = try formatter.changedLines(utf8: original)
                return original.withUnsafeBufferPointer { checked(regions, name: name, bytes: $0, request: request) }
            case .diff:
                let formatted = try formatter.format(utf8: original)
                guard formatted != original else { return Outcome(name: name) }
                var outcome = Outcome(name: name, wouldChange: true)
                outcome.findings = original.withUnsafeBufferPointer { bytes in
                    LintReport.entries(path: name, findings: Linter.unformattedFindings(original: original, formatted: formatted),
                                       in: bytes, utf16Columns: request.format == .sarif)
                }
                let labels = name == standardInputName ? (name, name) : ("a/" + relative(name), "b/" + relative(name))
                outcome.output = UnifiedDiff(old: original, new: formatted)
                    .rendered(oldLabel: labels.0, newLabel: labels.1, colored: colored)
                return outcome
            }
        } catch {
            return fail(.document(error))
        }
    }

    /// The outcome for standard input standing for a file `--force-exclude` skips: formatting
    /// prints it unchanged (an editor or hook replaces the file with what it gets back), `--check`
    /// and `--diff` find nothing.
    private static func passedThrough(name: String, request: FormatRequest) -> Outcome {
        guard request.mode == .inPlace else { return Outcome(name: name) }
        do {
            return Outcome(name: name, output: try AtomicFile.readAll(from: 0))
        } catch {
            return Outcome(name: name, error: Diagnostic(name, .file(error)))
        }
    }

    /// The outcome of `--check` for a file whose formatting changes `regions` of `bytes`.
    private static func checked(_ regions: [ChangedLines.Region], name: String, bytes: UnsafeBufferPointer<UInt8>,
                                request: FormatRequest) -> Outcome {
        guard !regions.isEmpty else { return Outcome(name: name) }
        var outcome = Outcome(name: name, wouldChange: true)
        outcome.findings = LintReport.entries(path: name, findings: Linter.unformattedFindings(regions),
                                              in: bytes, utf16Columns: request.format == .sarif)
        return outcome
    }

    /// The path as the diff's `a/` and `b/` labels name it, so that `patch -p1` applies the diff: a
    /// path without `.` or `..` as given, without leading slashes (an absolute one then applies from
    /// `/`, as in Git); one with them resolved against the current directory, relative to it when
    /// the file is inside it (`./a/../todo.md` → `todo.md`), else absolute (`../todo.md` →
    /// `home/me/todo.md`).
    static func relative(_ path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.contains(where: { $0 == "." || $0 == ".." }) else { return String(path.drop { $0 == "/" }) }
        let current = ConfigurationResolver.processDirectory()
        let resolved = ConfigurationResolver.normalized(path, in: current)
        if !path.hasPrefix("/"), current != "/", resolved.hasPrefix(current + "/") {
            return String(resolved.dropFirst(current.count + 1))
        }
        return String(resolved.dropFirst())
    }
}
