import Foundation
import TestSupport
import XCTest

/// Runs the built `todofmt` binary as a child process and captures what it did.
enum Todofmt {
    /// What one run produced.
    struct Result {
        var status: Int32
        var stdoutBytes: [UInt8]
        var stderr: String
        var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    }

    /// The binary: built next to the test bundle (`swift build --build-tests` builds both).
    static func binary() throws -> URL {
        #if os(macOS)
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        let directory = bundle.bundleURL.deletingLastPathComponent()
        #else
        let directory = Bundle.main.bundleURL
        #endif
        let url = directory.appendingPathComponent("todofmt")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw XCTSkip("todofmt binary not found at \(url.path); build it first")
        }
        return url
    }

    /// Runs `todofmt arguments` in `directory`, with `stdin` on a pipe (or /dev/null when nil).
    ///
    /// The environment is the test's own without `TODOFMT_TODAY` and `NO_COLOR`, plus
    /// `environment`. Standard output goes to `stdout` when given (e.g. a terminal), else to a
    /// file; standard error always goes to a file, so nothing can block.
    static func run(_ arguments: [String], in directory: URL, stdin: [UInt8]? = nil,
                    environment: [String: String] = [:], stdout: FileHandle? = nil) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["TODOFMT_TODAY"] = nil
        env["NO_COLOR"] = nil
        env.merge(environment) { $1 }
        let result = try ChildProcess.run(try binary().path, arguments, in: directory, environment: env,
                                          stdin: stdin, stdout: stdout)
        XCTAssertFalse(result.killedBySignal, "todofmt was killed by a signal")
        return Result(status: result.status, stdoutBytes: result.stdoutBytes, stderr: result.stderr)
    }

    /// Whether a program is on the PATH (for tests that need `patch`).
    static func which(_ program: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
