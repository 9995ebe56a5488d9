import Foundation
import TestSupport
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
        let result = try ChildProcess.run(path, arguments, in: directory,
                                          environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
