import Foundation

/// Runs a program as a child process the way the tests need it: standard input from bytes or
/// /dev/null, standard output and error captured in files (so a chatty child can never block on
/// a full pipe), and the exit status.
public enum ChildProcess {
    /// What one run printed and how it ended.
    public struct Result: Sendable {
        /// The exit status (or the signal number when ``killedBySignal``).
        public var status: Int32
        /// Whether a signal ended the child.
        public var killedBySignal: Bool
        /// Standard output, unless it went to a handle the caller gave.
        public var stdoutBytes: [UInt8]
        /// Standard error, or standard output and error together when they were merged.
        public var stderr: String

        /// Standard output as text.
        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `directory` (default: the current one) and waits.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; `nil` passes the test's own.
    ///   - stdin: bytes on a pipe; `nil` is /dev/null. Inputs must fit the pipe's buffer (64 KiB).
    ///   - stdout: where standard output goes instead of being captured (a terminal, say).
    ///   - mergingStandardError: standard error goes where standard output goes, as in `2>&1`.
    public static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String]? = nil, stdin: [UInt8]? = nil,
                           stdout: FileHandle? = nil, mergingStandardError: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }

        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = stdout ?? (mergingStandardError ? errHandle : outHandle)
        process.standardError = errHandle

        let inputPipe = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let stdin {
            // A child that exits without reading (a usage error) closes the pipe: that EPIPE is
            // expected and must not kill the test process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? inputPipe.fileHandleForWriting.write(contentsOf: Data(stdin))
            try? inputPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Result(status: process.terminationStatus,
                      killedBySignal: process.terminationReason == .uncaughtSignal,
                      stdoutBytes: Array(try Data(contentsOf: outURL)),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
