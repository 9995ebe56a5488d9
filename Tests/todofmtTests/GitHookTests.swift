import Foundation
import XCTest

/// The plain pre-commit hook from README.md ("A plain git hook"), installed in a fresh repository
/// and run by real `git commit`s with the built `todofmt` on the PATH.
///
/// The script is read from the README between its marker comments, so these tests prove that the
/// README's script does what the README says.
final class GitHookTests: XCTestCase {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The shell script between `<!-- pre-commit-hook:start -->` and `-end -->`, without its fence.
    static func hookScript() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "<!-- pre-commit-hook:start -->\n```sh\n"),
              let end = text.range(of: "```\n<!-- pre-commit-hook:end -->", range: start.upperBound..<text.endIndex) else {
            XCTFail("README.md has no pre-commit-hook markers around a sh block")
            return ""
        }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// A repository with the README's hook installed and one first commit (a README, no todo file).
    private func repository(_ repository: GitRepository? = nil) throws -> GitRepository {
        let repository = try repository ?? GitRepository()
        let script = try Self.hookScript()
        XCTAssertTrue(script.hasPrefix("#!/bin/sh\n"))
        try repository.installPreCommitHook(script)
        try repository.write("README.md", "# A project\n")
        try repository.run("add", "README.md")
        try repository.run("commit", "-q", "-m", "start")
        return repository
    }

    func testCanonicalFilesCommitAsTheyAre() throws {
        let repository = try repository()
        try repository.write("todos.md", Samples.canonical)
        try repository.write("docs/Sprint 2.todo.md", Samples.canonical)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "canonical")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 2)
        XCTAssertEqual(try repository.show("todos.md"), Samples.canonical)
        XCTAssertEqual(try repository.show("docs/Sprint 2.todo.md"), Samples.canonical)
        XCTAssertEqual(try repository.status(), "")
        XCTAssertFalse(commit.output.contains("formatted"), commit.output)
    }

    func testFixableFilesAreFormattedAndCommitted() throws {
        let repository = try repository()
        // Todo files in any case and directory, names with spaces; notes.md is not a todo file.
        let todoFiles = ["TODO.md", "my notes/Week 1.todo.md", "sub dir/Todos.md", "tâches/-semaine 2.todo.md"]
        for name in todoFiles { try repository.write(name, Samples.messy) }
        try repository.write("notes.md", Samples.messy)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "fixable")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 2)
        for name in todoFiles {
            XCTAssertEqual(try repository.show(name), Samples.messyFormatted, name)
            XCTAssertEqual(try repository.read(name), Samples.messyFormatted, name)
            XCTAssertTrue(commit.output.contains("pre-commit: \(name): formatted and staged again"), commit.output)
        }
        XCTAssertEqual(try repository.show("notes.md"), Samples.messy)
        // Committed exactly as in the working tree: nothing is left staged or modified.
        XCTAssertEqual(try repository.status(), "")
    }

    /// A file the configuration excludes is committed as it is, fixable or not.
    func testFilesTheConfigurationExcludesAreLeftAlone() throws {
        let repository = try repository()
        try repository.write(".todofmt.json", "{\"exclude\": [\"archive/\"]}\n")
        try repository.write("archive/todo.md", Samples.messy)
        try repository.write("todo.md", Samples.messy)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "archive")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.show("archive/todo.md"), Samples.messy)
        XCTAssertEqual(try repository.show("todo.md"), Samples.messyFormatted)
        XCTAssertFalse(commit.output.contains("archive/todo.md:"), commit.output)
        XCTAssertFalse(commit.output.contains("pre-commit: archive/todo.md"), commit.output)
    }

    func testErrorFindingRejectsTheCommit() throws {
        let repository = try repository()
        let wrong = "- [ ] Pay rent due:2026-02-30\n"
        try repository.write("plans/todo.md", wrong)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "wrong date")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
        XCTAssertTrue(commit.output.contains("plans/todo.md:1:16: error:"), commit.output)
        XCTAssertTrue(commit.output.contains("[TD001]"), commit.output)
        XCTAssertTrue(commit.output.contains("pre-commit: commit rejected by todofmt"), commit.output)
        // The file stays staged as it was.
        XCTAssertEqual(try repository.show("plans/todo.md", at: ""), wrong)
        XCTAssertEqual(try repository.read("plans/todo.md"), wrong)
    }

    func testWarningsArePrintedButDoNotRejectTheCommit() throws {
        let repository = try repository()
        let duplicate = "- [ ] Buy milk\n- [ ] Buy milk\n"
        try repository.write("todos.md", duplicate)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "duplicate")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertTrue(commit.output.contains("todos.md:2:"), commit.output)
        XCTAssertTrue(commit.output.contains("warning:"), commit.output)
        XCTAssertTrue(commit.output.contains("[TD012]"), commit.output)
        XCTAssertEqual(try repository.show("todos.md"), duplicate)
    }

    func testPartlyStagedFileThatIsNotCanonicalIsRejectedAndLeftAlone() throws {
        let repository = try repository()
        let name = "week plan/Mon day.todo.md"
        try repository.write(name, Samples.messy)
        try repository.run("add", ".")
        let working = Samples.messy + "- [ ] Written after staging\n"
        try repository.write(name, working)
        let commit = try repository.git("commit", "-m", "partly staged")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
        XCTAssertTrue(commit.output.contains(name), commit.output)
        XCTAssertTrue(commit.output.contains("pre-commit: \(name): the staged version is not canonical"), commit.output)
        // Neither the staged version nor the working copy was touched.
        XCTAssertEqual(try repository.show(name, at: ""), Samples.messy)
        XCTAssertEqual(try repository.read(name), working)
        // Its staged version is linted too, under the file's own name.
        XCTAssertTrue(commit.output.contains("\(name):3:3: warning:"), commit.output)
    }

    func testPartlyStagedFileThatIsCanonicalCommitsItsStagedVersion() throws {
        let repository = try repository()
        let name = "todos.md"
        try repository.write(name, Samples.canonical)
        try repository.run("add", ".")
        // The unstaged change is not canonical (a done task above open ones); it is not committed.
        let working = "- [x] Unstaged and not canonical\n" + Samples.canonical
        try repository.write(name, working)
        let commit = try repository.git("commit", "-m", "partly staged")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 2)
        XCTAssertEqual(try repository.show(name), Samples.canonical)
        XCTAssertEqual(try repository.read(name), working)
        XCTAssertEqual(try repository.status(), " M todos.md\n")
    }

    func testPartlyStagedFileWithAnErrorIsRejected() throws {
        let repository = try repository()
        let staged = "- [ ] Pay rent due:2026-02-30\n"
        try repository.write("todo.md", staged)
        try repository.run("add", ".")
        try repository.write("todo.md", "- [ ] Pay rent due:2026-02-28\n")
        let commit = try repository.git("commit", "-m", "staged error")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertTrue(commit.output.contains("todo.md:1:16: error:"), commit.output)
        XCTAssertTrue(commit.output.contains("[TD001]"), commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
    }

    func testCommitAllFormatsTrackedTodoFiles() throws {
        let repository = try repository()
        try repository.write("todos.md", Samples.canonical)
        try repository.run("add", ".")
        try repository.run("commit", "-q", "-m", "canonical")
        try repository.write("todos.md", Samples.messy)
        let commit = try repository.git("commit", "-a", "-m", "all")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.show("todos.md"), Samples.messyFormatted)
        XCTAssertEqual(try repository.status(), "")
    }

    func testFileThatCannotBeFormattedIsRejected() throws {
        let repository = try repository()
        try repository.sandbox.write("todos.md", bytes: Array("- [ ] caf".utf8) + [0xE9] + Array("\n".utf8))
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "latin-1")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertTrue(commit.output.contains("todos.md: not valid UTF-8"), commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
    }

    func testFileNameThatGitQuotesIsRejected() throws {
        let repository = try repository()
        let name = "say \"hi\".todo.md"
        try repository.write(name, Samples.canonical)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "quoted name")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertTrue(commit.output.contains("file name not supported; commit with --no-verify"), commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
    }

    func testMissingTodofmtRejectsTheCommit() throws {
        let path = "/usr/bin:/bin"
        if path.split(separator: ":").contains(where: { FileManager.default.fileExists(atPath: "\($0)/todofmt") }) {
            throw XCTSkip("todofmt is installed in \(path)")
        }
        // Its first commit, without todo files, goes in without todofmt.
        let repository = try repository(GitRepository(environment: ["PATH": path], todofmtOnPath: false))
        try repository.write("todos.md", Samples.canonical)
        try repository.run("add", ".")
        let commit = try repository.git("commit", "-m", "no todofmt")
        XCTAssertNotEqual(commit.status, 0, commit.output)
        XCTAssertTrue(commit.output.contains("pre-commit: todofmt is not on PATH"), commit.output)
        XCTAssertEqual(try repository.commitCount(), 1)
    }

    func testDeletedTodoFileCommits() throws {
        let repository = try repository()
        try repository.write("todos.md", Samples.canonical)
        try repository.run("add", ".")
        try repository.run("commit", "-q", "-m", "add")
        try repository.run("rm", "-q", "todos.md")
        let commit = try repository.git("commit", "-m", "remove")
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repository.commitCount(), 3)
    }
}
