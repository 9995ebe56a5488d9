import TodoKit

/// Runs a ``FormatRequest``: reads each input, formats it, and writes, checks or diffs it.
///
/// A failing input is reported on standard error and does not stop the others.
struct FormatRunner {
    let request: FormatRequest
    let console: Console

    /// The name standard input is reported under.
    static let standardInputName = "<stdin>"

    /// What became of one input.
    enum Outcome {
        /// Nothing to report: formatted, or already canonical.
        case done
        /// `--check` or `--diff` found that the input would change.
        case wouldChange
        /// The input could not be read, formatted or written; the message was printed.
        case failed
    }

    /// Processes every input and returns the exit status: 2 if any input failed, else 1 if
    /// `--check` or `--diff` found an input that would change, else 0.
    func run() -> Int32 {
        let formatter = TodoFormatter(options: request.options)
        let colored = request.mode == .diff && console.colorsOutput
        let outcomes = request.paths.map { process($0, formatter: formatter, colored: colored) }
        return outcomes.contains(.failed) ? 2 : outcomes.contains(.wouldChange) ? 1 : 0
    }

    private func process(_ path: String, formatter: TodoFormatter, colored: Bool) -> Outcome {
        let isStandardInput = path == FormatRequest.standardInput
        let name = isStandardInput ? Self.standardInputName : path
        func fail(_ message: String) -> Outcome {
            console.error("\(name): \(message)")
            return .failed
        }

        let input: [UInt8]
        do {
            input = try isStandardInput ? AtomicFile.readAll(from: 0) : AtomicFile.read(path)
        } catch {
            return fail(error.description)
        }
        let output: [UInt8]
        do {
            output = try formatter.format(utf8: input)
        } catch {
            return fail(error.description)
        }

        switch request.mode {
        case .inPlace:
            if isStandardInput {
                if let error = console.output(output) { return fail("cannot write standard output: \(error)") }
            } else if output != input {
                do {
                    // Someone may have saved the file while it was formatted: their save wins.
                    guard try AtomicFile.write(output, to: path, ifStill: input) else {
                        return fail("changed while it was being formatted; not written")
                    }
                } catch {
                    return fail(error.description)
                }
            }
            return .done
        case .check:
            guard output != input else { return .done }
            if let error = console.outputLine("would reformat \(name)") {
                return fail("cannot write standard output: \(error)")
            }
            return .wouldChange
        case .diff:
            guard output != input else { return .done }
            let labels = isStandardInput ? (name, name) : ("a/" + Self.relative(path), "b/" + Self.relative(path))
            let diff = UnifiedDiff(old: input, new: output)
            if let error = console.output(diff.rendered(oldLabel: labels.0, newLabel: labels.1, colored: colored)) {
                return fail("cannot write standard output: \(error)")
            }
            return .wouldChange
        }
    }

    /// The path without leading slashes, so that `a/` + path is relative, as in Git.
    static func relative(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }
}
