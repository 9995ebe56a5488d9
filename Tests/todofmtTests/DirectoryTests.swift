import Foundation
import TestSupport
import XCTest

/// Directories given as PATH: walked for todo files (skipping .git, .build, node_modules and what
/// the top .gitignore lists), processed in parallel, reported in a deterministic order.
final class DirectoryTests: XCTestCase {
    private func write(_ sandbox: Sandbox, _ name: String, _ text: String) throws {
        let directory = (name as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: sandbox.path(directory), withIntermediateDirectories: true)
        }
        try sandbox.write(name, text)
    }

    /// Every file here is messy; the comment says whether a walk of `.` takes it.
    private func tree() throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in [
            "todo.md", "Sub/TODO.md", "notes/week.todo.md", "notes/deep/er/Todos.MD", // taken
            "notes/readme.md", "todo.md.bak", "node_modules/pkg/todo.md", ".build/todo.md", ".git/todo.md", // not todo files or skipped
            "ignored/todo.md", "logs/todo.md", "keep/todo.md", // .gitignore decides
        ] {
            try write(sandbox, name, Samples.messy)
        }
        try write(sandbox, ".gitignore", "# generated\nignored/\n*/todo.md\n!keep/todo.md\n")
        return sandbox
    }

    private let taken = ["keep/todo.md", "notes/deep/er/Todos.MD", "notes/week.todo.md", "Sub/TODO.md", "todo.md"]

    private func reportedPaths(_ output: String) -> [String] {
        var paths: [String] = []
        for line in output.split(separator: "\n") {
            let path = String(line.split(separator: ":")[0])
            if paths.last != path { paths.append(path) }
        }
        return paths
    }

    func testCheckWalksTheTreeInSortedOrder() throws {
        let sandbox = try tree()
        let result = try sandbox.todofmt("--check", "--today", Samples.today, ".")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        // `*/todo.md` ignores logs/ and Sub/ (case-sensitive: Sub/TODO.md stays), `!` brings keep/ back.
        XCTAssertEqual(reportedPaths(result.stdout), taken.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testInPlaceFormatsExactlyTheFilesFound() throws {
        let sandbox = try tree()
        let result = try sandbox.todofmt("--today", Samples.today, ".")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout + result.stderr, "")
        for name in taken {
            XCTAssertEqual(try sandbox.read(name), Samples.messyFormatted, name)
        }
        for name in ["notes/readme.md", "todo.md.bak", "node_modules/pkg/todo.md", ".build/todo.md", ".git/todo.md",
                     "ignored/todo.md", "logs/todo.md"] {
            XCTAssertEqual(try sandbox.read(name), Samples.messy, name)
        }
    }

    func testExplicitPathsAreAlwaysProcessed() throws {
        let sandbox = try tree()
        let result = try sandbox.todofmt("--check", "--today", Samples.today, "ignored/todo.md", "notes/readme.md",
                                         "node_modules/pkg/todo.md")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(reportedPaths(result.stdout), ["ignored/todo.md", "node_modules/pkg/todo.md", "notes/readme.md"])
    }

    func testSubdirectoryPathsKeepTheirPrefixAndFilesAreTakenOnce() throws {
        let sandbox = try tree()
        let result = try sandbox.todofmt("lint", "--format", "json", "notes", "notes/week.todo.md", "notes/")
        XCTAssertEqual(result.status, 0, result.stderr)
        let entries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        // TD003, TD004 and TD008 in each file, each file once; `notes/` spells its paths with one slash.
        let paths = entries.compactMap { $0["path"] as? String }
        XCTAssertEqual(paths, ["notes/deep/er/Todos.MD", "notes/week.todo.md"].flatMap { Array(repeating: $0, count: 3) })
        XCTAssertEqual(entries.compactMap { $0["code"] as? String }, ["TD003", "TD004", "TD008", "TD003", "TD004", "TD008"])
    }

    func testDirectoryWithoutTodoFilesWarns() throws {
        let sandbox = try Sandbox()
        try write(sandbox, "empty/readme.md", Samples.messy)
        let result = try sandbox.todofmt("--check", "empty")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "todofmt: empty: no todo files found\n")
    }

    func testABadFileIsReportedAndTheOthersAreStillFormatted() throws {
        let sandbox = try Sandbox()
        for index in 0..<20 { try write(sandbox, "list/\(index).todo.md", Samples.messy) }
        try sandbox.write("list/7.todo.md", bytes: Array("- [x] a".utf8) + [0xFF, 0x0A])
        let result = try sandbox.todofmt("--today", Samples.today, "list")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: list/7.todo.md: not valid UTF-8 (byte 8)\n")
        for index in 0..<20 where index != 7 {
            XCTAssertEqual(try sandbox.read("list/\(index).todo.md"), Samples.messyFormatted)
        }
    }

    /// A directory below the top that cannot be read is one error line; the rest is still
    /// processed. Root reads every directory, so as root the binary runs as `nobody` (setpriv).
    func testUnreadableSubdirectoryIsAnErrorAndTheRestIsProcessed() throws {
        let sandbox = try Sandbox()
        try write(sandbox, "a/todo.md", Samples.messy)
        try write(sandbox, "b/locked/todo.md", Samples.messy)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: sandbox.path("b/locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.path("b/locked")) }
        let arguments = ["--check", "--today", Samples.today, "."]
        let result: (status: Int32, stdout: String, stderr: String)
        if getuid() == 0 {
            guard let setpriv = Todofmt.which("setpriv") else { throw XCTSkip("root reads every directory; no setpriv") }
            // `nobody` must be able to enter the sandbox's parents (the temporary directory is).
            let run = try ChildProcess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                     try Todofmt.binary().path] + arguments, in: sandbox.url)
            result = (run.status, run.stdout, run.stderr)
        } else {
            let run = try sandbox.todofmt(arguments[0], arguments[1], arguments[2], arguments[3])
            result = (run.status, run.stdout, run.stderr)
        }
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "todofmt: cannot read b/locked: permission denied\n")
        XCTAssertEqual(result.stdout, "a/todo.md:3:1: error: would reformat lines 3-5 [TD000]\n")
    }

    /// One file reached under two names (a symbolic link beside it, `./`) is one input: processed
    /// in parallel under both, the two rewrites raced and one failed with exit 2. A hard link is
    /// a file of its own (a rewrite replaces only its name).
    func testAFileUnderTwoNamesIsProcessedOnce() throws {
        let sandbox = try Sandbox()
        try write(sandbox, "todos.md", Samples.messy)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.todo.md"), withDestinationPath: "todos.md")
        try FileManager.default.linkItem(atPath: sandbox.path("todos.md"), toPath: sandbox.path("hard.todo.md"))
        let check = try sandbox.todofmt("--check", "--today", Samples.today, ".", "todos.md", "./todos.md")
        XCTAssertEqual(check.status, 1, check.stderr)
        // The first name met (the walk's sorted order) stands for the file.
        XCTAssertEqual(reportedPaths(check.stdout), ["hard.todo.md", "link.todo.md"])
        let lint = try sandbox.todofmt("lint", "--format", "json", "todos.md", "./todos.md", "link.todo.md")
        let paths = Set(lint.stdout.split(separator: "\n").compactMap { $0.firstMatch(of: /"path": "([^"]*)"/)?.1 })
        XCTAssertEqual(paths, ["todos.md"])
        for _ in 0..<5 {
            try write(sandbox, "todos.md", Samples.messy)
            let result = try sandbox.todofmt("--today", Samples.today, ".", "./todos.md")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(try sandbox.read("todos.md"), Samples.messyFormatted)
        }
        XCTAssertEqual(try sandbox.read("hard.todo.md"), Samples.messyFormatted)
        XCTAssertEqual(sandbox.status("link.todo.md")?.isSymlink, true)
    }

    /// Many files on all cores: the report is the same, in the same order, every time.
    func testParallelOutputIsDeterministic() throws {
        let sandbox = try Sandbox()
        var expected: [String] = []
        for index in 0..<300 {
            let name = "tree/\(index % 7)/\(index).todo.md"
            try write(sandbox, name, index % 3 == 0 ? Samples.canonical : Samples.messy)
            if index % 3 != 0 { expected.append(name) }
        }
        expected.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var outputs: Set<String> = []
        for _ in 0..<3 {
            let result = try sandbox.todofmt("--check", "--today", Samples.today, "tree")
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(reportedPaths(result.stdout), expected)
            outputs.insert(result.stdout)
        }
        XCTAssertEqual(outputs.count, 1)
        let diff = try sandbox.todofmt("--diff", "--today", Samples.today, "tree")
        let diffed = diff.stdout.split(separator: "\n").filter { $0.hasPrefix("+++ b/") }.map { String($0.dropFirst(6)) }
        XCTAssertEqual(diffed, expected)
    }
}
