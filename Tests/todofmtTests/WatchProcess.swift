import Foundation
import TestSupport
import XCTest

/// A running `todofmt watch`: started in a directory, its standard error captured in a file that
/// tests read while it runs. Killed if the test ends with it still running.
final class WatchProcess {
    /// Generous: an upper bound for "it happened", never a measurement.
    static let timeout: TimeInterval = 30

    private let process = Process()
    private let capture: URL
    private let errorHandle: FileHandle

    /// Starts `todofmt watch arguments` in `directory` and waits until it says it is watching
    /// (from then on every save is seen).
    init(_ arguments: [String], in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = try Todofmt.binary()
        process.arguments = ["watch"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TODOFMT_TODAY"] = nil
        process.environment = environment
        capture = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-watch-\(UUID().uuidString)")
        try Data().write(to: capture)
        errorHandle = try FileHandle(forWritingTo: capture)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        try process.run()
        let started = Self.eventually { self.stderr.contains("todofmt: watching ") || !self.process.isRunning }
        XCTAssertTrue(started && process.isRunning, "todofmt watch did not start: \(stderr)", file: file, line: line)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? errorHandle.close()
        try? FileManager.default.removeItem(at: capture)
    }

    /// Everything written to standard error so far.
    var stderr: String {
        (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
    }

    /// The standard error lines so far.
    var lines: [String] {
        stderr.split(separator: "\n").map(String.init)
    }

    /// Waits until standard error has a line equal to `line`.
    func waitForLine(_ line: String) -> Bool {
        Self.eventually { self.lines.contains(line) }
    }

    /// Sends `signal` and returns the exit status, or `nil` if it did not exit normally in time.
    func stop(with signal: Int32 = SIGINT) -> Int32? {
        kill(process.processIdentifier, signal)
        guard Self.eventually({ !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// Runs another program (an editor, a tool) in `directory` without input or output, as a
    /// person would while the watch runs; returns its exit status.
    static func runTool(_ executable: String, _ arguments: [String], in directory: URL) throws -> Int32 {
        try ChildProcess.run(executable, arguments, in: directory).status
    }

    /// Waits (polling every few milliseconds) until `condition` holds; `false` after ``timeout``.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }
}
