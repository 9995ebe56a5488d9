import Foundation
import XCTest

/// `--diff`: print a unified diff of what would change, exit 1 if anything would.
final class DiffTests: XCTestCase {
    func testPrintsAUnifiedDiffAndTouchesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        let before = sandbox.status("todos.md")
        let result = try sandbox.todofmt("--diff", "--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, [
            "--- a/todos.md",
            "+++ b/todos.md",
            "@@ -1,5 +1,5 @@",
            " # Todos",
            " ",
            "-- [X] Pay rent",
            " - [ ] Renew passport due:2026-12-01",
            " - [ ] Call plumber",
            "+- [x] Pay rent done:2026-11-21",
        ].map { $0 + "\n" }.joined())
        XCTAssertEqual(sandbox.status("todos.md"), before)
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messy)
    }

    func testCleanFilesPrintNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.canonical)
        let result = try sandbox.todofmt("--diff", "todos.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func testCheckWithDiffPrintsTheDiff() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [X] a\n")
        let result = try sandbox.todofmt("--check", "--diff", "--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "--- a/todos.md\n+++ b/todos.md\n@@ -1 +1 @@\n-- [X] a\n+- [x] a done:2026-11-21\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testMissingFinalNewlineIsMarked() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "# T\n- [X] a")
        let result = try sandbox.todofmt("--diff", "--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            --- a/todos.md
            +++ b/todos.md
            @@ -1,2 +1,2 @@
             # T
            -- [X] a
            \\ No newline at end of file
            +- [x] a done:2026-11-21
            \\ No newline at end of file

            """)
    }

    /// A path with `..` or `.` is named as `patch -p1` can find it: relative to the current
    /// directory when the file is inside it, else from `/` (it was `a/../todo.md`, which patch and
    /// git apply refuse).
    func testDotDotPathsAreLabelledSoThatPatchAppliesThem() throws {
        guard let patch = Todofmt.which("patch") else { throw XCTSkip("patch is not installed") }
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: true)
        try sandbox.write("todo.md", "- [X] a\n- [ ] b\n")
        let inside = try Todofmt.run(["--diff", "--today", Samples.today, "./sub/../todo.md"], in: sandbox.url)
        XCTAssertTrue(inside.stdout.hasPrefix("--- a/todo.md\n+++ b/todo.md\n"), inside.stdout)
        let outside = try Todofmt.run(["--diff", "--today", Samples.today, "../todo.md"], in: sandbox.url.appendingPathComponent("sub"))
        // The sandbox's real path, as the process sees its current directory.
        let real = try XCTUnwrap(realpath(sandbox.path("todo.md"), nil).map { path in
            defer { free(path) }
            return String(cString: path)
        })
        XCTAssertTrue(outside.stdout.hasPrefix("--- a\(real)\n+++ b\(real)\n"), outside.stdout)
        for (diff, directory) in [(inside.stdout, sandbox.path(".")), (outside.stdout, "/")] {
            let dryRun = Process()
            dryRun.executableURL = URL(fileURLWithPath: patch)
            dryRun.arguments = ["-p1", "--dry-run", "-s"]
            dryRun.currentDirectoryURL = URL(fileURLWithPath: directory)
            let input = Pipe()
            dryRun.standardInput = input
            dryRun.standardOutput = FileHandle.nullDevice
            try dryRun.run()
            try input.fileHandleForWriting.write(contentsOf: Data(diff.utf8))
            try input.fileHandleForWriting.close()
            dryRun.waitUntilExit()
            XCTAssertEqual(dryRun.terminationStatus, 0, "patch -p1 rejected:\n\(diff)")
        }
    }

    func testPatchAppliesTheDiff() throws {
        guard let patch = Todofmt.which("patch") else { throw XCTSkip("patch is not installed") }
        let sandbox = try Sandbox()
        let long = (1...40).map { "- [ ] task \($0)\n" }.joined()
        let files = [
            "todos.md": Samples.messy,
            "long.md": "- [x] first\n" + long + "- [X] last",
            "crlf.md": "# T\r\n- [X] a\r\n- [ ] b\r\n",
            "with space.md": "- [X] spaced\n- [ ] b\n",
        ]
        for (name, text) in files {
            try sandbox.write(name, text)
            try sandbox.write("expected-" + name, text)
        }
        let names = files.keys.sorted()
        let formatted = try Todofmt.run(["--today", Samples.today] + names.map { "expected-" + $0 }, in: sandbox.url)
        XCTAssertEqual(formatted.status, 0, formatted.stderr)

        let diff = try Todofmt.run(["--diff", "--today", Samples.today] + names, in: sandbox.url)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.stderr, "")
        for name in names {
            XCTAssertTrue(diff.stdout.contains("--- a/\(name)"), name)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: patch)
        process.arguments = ["-p1", "-s"]
        process.currentDirectoryURL = sandbox.url
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Written from a second thread: the diff may outgrow the pipe buffer.
        let writer = input.fileHandleForWriting
        let bytes = Data(diff.stdoutBytes)
        let thread = Thread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        thread.start()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "patch -p1 rejected the diff:\n\(diff.stdout)")
        for name in names {
            XCTAssertEqual(try sandbox.bytes(name), try sandbox.bytes("expected-" + name), name)
        }
    }

    func testColourOnlyOnATerminalWithoutNoColor() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [X] a\n")
        let plain = "--- a/todos.md\n+++ b/todos.md\n@@ -1 +1 @@\n-- [X] a\n+- [x] a done:2026-11-21\n"
        let colored = "\u{1B}[1m--- a/todos.md\u{1B}[m\n\u{1B}[1m+++ b/todos.md\u{1B}[m\n"
            + "\u{1B}[36m@@ -1 +1 @@\u{1B}[m\n\u{1B}[31m-- [X] a\u{1B}[m\n\u{1B}[32m+- [x] a done:2026-11-21\u{1B}[m\n"
        let arguments = ["--diff", "--today", Samples.today, "todos.md"]

        // A file is not a terminal.
        XCTAssertEqual(try sandbox.todofmt("--diff", "--today", Samples.today, "todos.md").stdout, plain)

        let onTerminal = try Terminal.run(arguments, in: sandbox.url, environment: [:])
        XCTAssertEqual(onTerminal.status, 1)
        XCTAssertEqual(onTerminal.output, colored)

        let noColor = try Terminal.run(arguments, in: sandbox.url, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(noColor.status, 1)
        XCTAssertEqual(noColor.output, plain)

        // https://no-color.org: only a non-empty value disables colour.
        let emptyNoColor = try Terminal.run(arguments, in: sandbox.url, environment: ["NO_COLOR": ""])
        XCTAssertEqual(emptyNoColor.output, colored)

        // A terminal that says it shows no colour.
        let dumb = try Terminal.run(arguments, in: sandbox.url, environment: ["TERM": "dumb"])
        XCTAssertEqual(dumb.output, plain)

        // --color decides instead: always (into a pipe, and over NO_COLOR), never (on a terminal).
        XCTAssertEqual(try sandbox.todofmt(arguments + ["--color", "always"], environment: ["NO_COLOR": "1"]).stdout, colored)
        XCTAssertEqual(try Terminal.run(arguments + ["--color=never"], in: sandbox.url, environment: [:]).output, plain)
        XCTAssertEqual(try Terminal.run(arguments + ["--color", "auto"], in: sandbox.url, environment: [:]).output, colored)
        let lint = try sandbox.todofmt("lint", "--color", "always", "--today", Samples.today, "todos.md")
        XCTAssertTrue(lint.stdout.contains("\u{1B}["), lint.stdout)

        let check = try Terminal.run(["--check", "--today", Samples.today, "todos.md"], in: sandbox.url, environment: [:])
        // --check reports through the lint channel: only the severity is coloured.
        XCTAssertTrue(check.output.hasSuffix(": \u{1B}[1;31merror\u{1B}[m: would reformat this line [TD000]\n"), check.output)
        let plainCheck = try Terminal.run(["--check", "--today", Samples.today, "todos.md"], in: sandbox.url,
                                          environment: ["NO_COLOR": "1"])
        XCTAssertEqual(plainCheck.output, "todos.md:1:1: error: would reformat this line [TD000]\n")
    }
}
