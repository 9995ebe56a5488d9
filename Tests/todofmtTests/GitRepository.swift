import Foundation
import TestSupport
import XCTest

/// A fresh git repository in a temporary directory, for tests of git hooks; removed on deinit.
///
/// git runs isolated from the machine's configuration (no global or system config, so no
/// `core.hooksPath` elsewhere can bypass `.git/hooks`), by default with the built `todofmt` first
/// on the `PATH`, and with today pinned to ``Samples/today``.
final class GitRepository {
    /// What one git command did.
    struct Result {
        var status: Int32
        /// Standard output and standard error together, in the order they were written (git
        /// sends a hook's output to standard error).
        var output: String
    }

    /// A git command that had to succeed failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let sandbox: Sandbox
    private let git: String
    private let environment: [String: String]

    /// Creates the repository; skips the test when git is not installed. `environment` is added
    /// to what git and ``execute(_:_:in:)`` run with; `todofmtOnPath` puts the built binary first
    /// on the `PATH`.
    init(environment extra: [String: String] = [:], todofmtOnPath: Bool = true) throws {
        guard let git = Todofmt.which("git") else { throw XCTSkip("git is not installed") }
        self.git = git
        sandbox = try Sandbox()
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("GIT_") || key == "TODOFMT_TODAY" || key == "NO_COLOR" {
            environment[key] = nil
        }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["TODOFMT_TODAY"] = Samples.today
        environment["GITHUB_ACTIONS"] = nil
        if todofmtOnPath {
            let binaries = try Todofmt.binary().deletingLastPathComponent().path
            environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        }
        environment.merge(extra) { $1 }
        self.environment = environment
        try run("init", "-q")
        try run("config", "user.name", "Test")
        try run("config", "user.email", "test@example.invalid")
        try run("config", "commit.gpgsign", "false")
    }

    /// The absolute path of `name` in the working tree.
    func path(_ name: String) -> String { sandbox.path(name) }

    /// Writes `text` to `name` in the working tree, creating its directories.
    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try sandbox.write(name, text)
    }

    /// The working-tree contents of `name`.
    func read(_ name: String) throws -> String { try sandbox.read(name) }

    /// Installs `script` as the repository's pre-commit hook.
    func installPreCommitHook(_ script: String) throws {
        try sandbox.write(".git/hooks/pre-commit", script, mode: 0o755)
    }

    /// Runs `git arguments` in the working tree.
    @discardableResult
    func git(_ arguments: String...) throws -> Result {
        try git(arguments)
    }

    /// Runs `git arguments` in the working tree.
    func git(_ arguments: [String]) throws -> Result {
        try execute(git, arguments)
    }

    /// Runs the program at `executable` in `directory` (default: the working tree) with the
    /// repository's environment.
    func execute(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        // Output goes to a file outside the working tree, so nothing can block and git does not see it.
        let result = try ChildProcess.run(executable, arguments, in: directory ?? sandbox.url, environment: environment,
                                          mergingStandardError: true)
        XCTAssertFalse(result.killedBySignal, "\(executable) was killed by a signal")
        return Result(status: result.status, output: result.stderr)
    }

    /// Runs a git command that must succeed and returns its output.
    @discardableResult
    func run(_ arguments: String...) throws -> String {
        let result = try git(arguments)
        guard result.status == 0 else {
            throw Failure(description: "git \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    /// The content of `name` in `revision` (`HEAD`), or in the index when `revision` is empty.
    func show(_ name: String, at revision: String = "HEAD") throws -> String {
        try run("cat-file", "blob", "\(revision):\(name)")
    }

    /// `git status --porcelain`: empty when the working tree and the index match HEAD.
    func status() throws -> String {
        try run("-c", "core.quotePath=false", "status", "--porcelain")
    }

    /// The number of commits on the current branch (0 before the first).
    func commitCount() throws -> Int {
        let result = try git("rev-list", "--count", "HEAD")
        guard result.status == 0 else { return 0 }
        return Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
