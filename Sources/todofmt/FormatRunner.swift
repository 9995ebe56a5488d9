import TodoKit

/// Runs a ``FormatRequest``: reads each input, formats it, and writes, checks or diffs it.
///
/// A failing input is reported on standard error and does not stop the others.
struct FormatRunner {
    let request: FormatRequest
    let console: Console

    /// The name inputs from standard input are reported under.
    static let standardInputName = "<stdin>"

    /// Processes every input and returns the exit status: 2 if any input failed, else 1 if
    /// `--check` or `--diff` found an input that would change, else 0.
    func run() -> Int32 {
        let formatter = TodoFormatter(options: request.options)
        let colored = request.mode == .diff && console.colorsOutput
        var failed = false
        var wouldChange = false
        for path in request.paths {
            let isStandardInput = path == FormatRequest.standardInput
            let name = isStandardInput ? Self.standardInputName : path
            func fail(_ message: String) {
                console.error("\(name): \(message)")
                failed = true
            }

            let input: [UInt8]
            let output: [UInt8]
            do {
                input = isStandardInput ? try AtomicFile.readAll(from: 0) : try AtomicFile.read(path)
                output = try formatter.format(utf8: input)
            } catch let error as FileError {
                fail(error.description)
                continue
            } catch let error as TodoError {
                fail(error.description)
                continue
            } catch {
                fail("\(error)")
                continue
            }

            switch request.mode {
            case .inPlace:
                if isStandardInput {
                    if let error = console.output(output) { fail("cannot write standard output: \(error)") }
                } else if output != input {
                    do {
                        try AtomicFile.write(output, to: path)
                    } catch {
                        fail(error.description)
                    }
                }
            case .check:
                guard output != input else { continue }
                wouldChange = true
                if let error = console.outputLine("would reformat \(name)") {
                    fail("cannot write standard output: \(error)")
                }
            case .diff:
                guard output != input else { continue }
                wouldChange = true
                let labels = isStandardInput ? (name, name) : ("a/" + Self.relative(path), "b/" + Self.relative(path))
                let diff = UnifiedDiff(old: input, new: output)
                if let error = console.output(diff.rendered(oldLabel: labels.0, newLabel: labels.1, colored: colored)) {
                    fail("cannot write standard output: \(error)")
                }
            }
        }
        return failed ? 2 : wouldChange ? 1 : 0
    }

    /// The path without leading slashes, so that `a/` + path is a relative path, as in Git.
    static func relative(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }
}
