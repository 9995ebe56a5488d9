#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Standard output and standard error, written unbuffered so that messages keep their order.
struct Console {
    /// Writes bytes to standard output; returns the error if they could not be written.
    @discardableResult
    func output(_ bytes: [UInt8]) -> FileError? {
        do {
            try AtomicFile.writeAll(bytes, to: STDOUT_FILENO)
            return nil
        } catch {
            return error
        }
    }

    /// Writes a line to standard output.
    @discardableResult
    func outputLine(_ line: String) -> FileError? {
        output(Array((line + "\n").utf8))
    }

    /// Writes `todofmt: MESSAGE` as one line to standard error.
    func error(_ message: String) {
        _ = try? AtomicFile.writeAll(Array("todofmt: \(message)\n".utf8), to: STDERR_FILENO)
    }

    /// Writes a diagnostic's message as one line to standard error.
    /// - Parameter diagnostic: The problem to report.
    func report(_ diagnostic: Diagnostic) {
        error(diagnostic.message)
    }

    /// Writes bytes to standard output; a diagnostic when they could not be written.
    /// - Parameters:
    ///   - bytes: What to write.
    ///   - subject: The input the output belongs to, named in the diagnostic, or nil.
    /// - Returns: Nil when written, else why not.
    func output(_ bytes: [UInt8], of subject: String?) -> Diagnostic? {
        output(bytes).map { Diagnostic(subject, .standardOutput($0)) }
    }

    /// Whether standard output is a terminal.
    var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether what goes to standard output is coloured: as `--color` says; for `auto`, only on a
    /// terminal, not on one that says it cannot show colour (`TERM=dumb`), and never when
    /// `NO_COLOR` is set to something (https://no-color.org).
    func colorsOutput(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let term = getenv("TERM"), strcmp(term, "dumb") == 0 { return false }
        guard let noColor = getenv("NO_COLOR") else { return true }
        return noColor.pointee == 0
    }
}
