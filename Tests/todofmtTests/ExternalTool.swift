import Foundation
import XCTest

/// Another program the tests run (a shell, groff, mandoc), found on the PATH.
struct ExternalTool {
    /// What one run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The program's absolute path.
    let path: String

    /// The tool called `name`, or an XCTSkip when it is not installed.
    static func required(_ name: String) throws -> ExternalTool {
        guard let path = Todofmt.which(name) else { throw XCTSkip("\(name) is not installed") }
        return ExternalTool(path: path)
    }

    /// The tool called `name` if it is installed.
    static func optional(_ name: String) -> ExternalTool? {
        Todofmt.which(name).map { ExternalTool(path: $0) }
    }

    /// Runs the tool in `directory` with `environment` added to the test's own, standard input
    /// from /dev/null.
    func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
