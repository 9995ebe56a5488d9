import Foundation
import XCTest

/// The hooks in `.pre-commit-hooks.yaml`, run by pre-commit itself (installed from PyPI into
/// `.build/pre-commit/venv`) in a fresh repository, the way a user's `.pre-commit-config.yaml`
/// uses them.
///
/// pre-commit builds this package with `swift build -c release` from a snapshot of the working
/// tree (tracked and new files, as they are now), so the suite takes minutes and runs only with
/// `TODOFMT_SLOW_TESTS=1` (`make test-all`) or `TODOFMT_HOOK_TESTS=1` (`make test-hooks`). It
/// prints how long the build took.
final class PreCommitFrameworkTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The pre-commit versions the hooks are tested with.
    static let requirement = "pre-commit>=3.2,<5"

    /// The `pre-commit` executable in the venv, installing it when it is not there yet.
    private func preCommit(using repository: GitRepository) throws -> String {
        let venv = Self.packageRoot.appendingPathComponent(".build/pre-commit/venv")
        let executable = venv.appendingPathComponent("bin/pre-commit").path
        if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        guard let python = Todofmt.which("python3") else { throw XCTSkip("python3 is not installed") }
        let create = try repository.execute(python, ["-m", "venv", venv.path])
        XCTAssertEqual(create.status, 0, "python3 -m venv: \(create.output)")
        let pip = venv.appendingPathComponent("bin/pip").path
        let install = try repository.execute(pip, ["install", "--quiet", Self.requirement])
        guard install.status == 0, FileManager.default.isExecutableFile(atPath: executable) else {
            XCTFail("could not install \(Self.requirement): \(install.output)")
            throw XCTSkip("pre-commit is not available")
        }
        return executable
    }

    /// A git repository holding this package's files as they are in the working tree now (what
    /// `git ls-files --cached --others --exclude-standard` lists), committed; returns its commit.
    private func snapshot(into repository: GitRepository) throws -> String {
        guard let git = Todofmt.which("git") else { throw XCTSkip("git is not installed") }
        let list = try repository.execute(git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                          in: Self.packageRoot)
        guard list.status == 0 else { throw XCTSkip("the package is not a git working tree: \(list.output)") }
        let manager = FileManager.default
        for name in list.output.split(separator: "\0").map(String.init) {
            let source = Self.packageRoot.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            // A file deleted from the working tree but not from the index is not in the snapshot.
            guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let target = repository.sandbox.url.appendingPathComponent(name)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: source, to: target)
        }
        try repository.run("add", "-A")
        try repository.run("commit", "-q", "-m", "snapshot")
        return try repository.run("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheThreeHooksInPreCommit() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["TODOFMT_SLOW_TESTS"] == "1" || environment["TODOFMT_HOOK_TESTS"] == "1" else {
            throw XCTSkip("slow test: set TODOFMT_SLOW_TESTS=1 (make test-all) or TODOFMT_HOOK_TESTS=1 (make test-hooks)")
        }
        let home = try Sandbox()
        // The built debug binary is not on the PATH: every todofmt run here is pre-commit's build.
        let hooks = try GitRepository(todofmtOnPath: false)
        let project = try GitRepository(environment: ["PRE_COMMIT_HOME": home.path("cache")], todofmtOnPath: false)
        let preCommit = try preCommit(using: project)
        let revision = try snapshot(into: hooks)

        try project.write(".pre-commit-config.yaml", """
            repos:
              - repo: \(hooks.sandbox.url.path)
                rev: \(revision)
                hooks:
                  - id: todofmt
                  - id: todofmt-check
                  - id: todofmt-lint

            """)
        let messy = ["todos.md", "my notes/Week 1.todo.md", "Sprint/TODO.MD"]
        for name in messy { try project.write(name, Samples.messy) }
        try project.write("done.todo.md", Samples.canonical)
        try project.write("notes.md", Samples.messy)          // not a todo file: no hook sees it
        let wrongDate = "- [ ] Pay rent due:2026-02-30\n"
        try project.write("plans/todo.md", wrongDate)
        try project.run("add", "-A")
        let everything = messy + ["done.todo.md", "notes.md", "plans/todo.md"]

        let started = Date()
        let install = try project.execute(preCommit, ["install-hooks"])
        let buildSeconds = Date().timeIntervalSince(started)
        XCTAssertEqual(install.status, 0, install.output)
        print("pre-commit install-hooks (swift build -c release of the package) took \(Int(buildSeconds.rounded())) s")

        // todofmt-check: fails on the files that are not canonical, changes nothing.
        let check = try project.execute(preCommit, ["run", "todofmt-check", "--files"] + everything)
        XCTAssertEqual(check.status, 1, check.output)
        for name in messy {
            XCTAssertTrue(check.output.contains(name), "\(name) not reported: \(check.output)")
            XCTAssertEqual(try project.read(name), Samples.messy)
        }
        XCTAssertFalse(check.output.contains("done.todo.md"), check.output)
        XCTAssertFalse(check.output.contains("notes.md"), check.output)

        // todofmt-lint: fails on the error-level finding, prints it.
        let lint = try project.execute(preCommit, ["run", "todofmt-lint", "--files"] + everything)
        XCTAssertEqual(lint.status, 1, lint.output)
        XCTAssertTrue(lint.output.contains("plans/todo.md:1:16: error:"), lint.output)
        XCTAssertTrue(lint.output.contains("[TD001]"), lint.output)
        XCTAssertFalse(lint.output.contains("notes.md"), lint.output)

        // todofmt: formats the todo files in place, and fails because it changed files.
        let format = try project.execute(preCommit, ["run", "todofmt", "--files"] + everything)
        XCTAssertEqual(format.status, 1, format.output)
        for name in messy { XCTAssertEqual(try project.read(name), Samples.messyFormatted, name) }
        XCTAssertEqual(try project.read("done.todo.md"), Samples.canonical)
        XCTAssertEqual(try project.read("notes.md"), Samples.messy)
        XCTAssertEqual(try project.read("plans/todo.md"), wrongDate)

        // Now canonical: every hook passes on the formatted files; lint still fails on the date.
        let formatted = messy + ["done.todo.md"]
        for hook in ["todofmt", "todofmt-check", "todofmt-lint"] {
            let again = try project.execute(preCommit, ["run", hook, "--files"] + formatted)
            XCTAssertEqual(again.status, 0, "\(hook): \(again.output)")
        }
        let lintAgain = try project.execute(preCommit, ["run", "todofmt-lint", "--files", "plans/todo.md"])
        XCTAssertEqual(lintAgain.status, 1, lintAgain.output)

        // A real commit through `pre-commit install`: rejected while a staged file is changed by
        // a hook or has an error; after staging the formatted files and fixing the date, it goes in.
        let installHook = try project.execute(preCommit, ["install"])
        XCTAssertEqual(installHook.status, 0, installHook.output)
        try project.write("todos.md", Samples.messy)
        try project.run("add", "-A")
        let rejected = try project.git("commit", "-m", "todos")
        XCTAssertNotEqual(rejected.status, 0, rejected.output)
        XCTAssertEqual(try project.commitCount(), 0)
        XCTAssertEqual(try project.read("todos.md"), Samples.messyFormatted)
        try project.write("plans/todo.md", "- [ ] Pay rent due:2026-02-28\n")
        try project.run("add", "-A")
        let accepted = try project.git("commit", "-m", "todos")
        XCTAssertEqual(accepted.status, 0, accepted.output)
        XCTAssertEqual(try project.show("todos.md"), Samples.messyFormatted)
        XCTAssertEqual(try project.show("notes.md"), Samples.messy)
    }
}
