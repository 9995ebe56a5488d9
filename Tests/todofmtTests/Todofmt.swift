import Foundation
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
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TODOFMT_TODAY"] = nil
        env["NO_COLOR"] = nil
        env.merge(environment) { $1 }
        process.environment = env

        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("todofmt-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = stdout ?? outHandle
        process.standardError = errHandle

        let inputPipe = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let stdin {
            // Small inputs fit the pipe's buffer, so writing from this thread cannot block. A
            // child that exits without reading (a usage error) closes the pipe: that EPIPE is
            // expected and must not kill the test process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? inputPipe.fileHandleForWriting.write(contentsOf: Data(stdin))
            try? inputPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        XCTAssertEqual(process.terminationReason, .exit, "todofmt was killed by a signal")
        return Result(status: process.terminationStatus,
                      stdoutBytes: Array(try Data(contentsOf: outURL)),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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
