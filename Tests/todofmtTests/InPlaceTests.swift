import Foundation
import XCTest

/// `todofmt PATH...`: files are rewritten atomically, only when their content changes.
final class InPlaceTests: XCTestCase {
    func testRewritesAFileThatChanges() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        let before = try XCTUnwrap(sandbox.status("todos.md"))
        let result = try sandbox.todofmt("--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messyFormatted)
        // Replaced by a rename, not truncated and rewritten.
        XCTAssertNotEqual(sandbox.status("todos.md")?.inode, before.inode)
        XCTAssertEqual(try sandbox.names(), ["todos.md"], "a temporary file was left behind")
    }

    /// A file of 1 MB or more, cut into stretches, is written a stretch at a time as they are
    /// formatted: it ends as formatting it through standard output gives, replaced by one rename,
    /// and formatting it again leaves it untouched.
    func testALargeFileIsWrittenAStretchAtATime() throws {
        let sandbox = try Sandbox()
        var text = "# Todos\n"
        for section in 0..<40_000 {
            // Every tenth section has its done task above the open one: it sinks, and gets today's date.
            text += section % 10 == 3 ? "## Part \(section)\n- [x] done \(section)\n- [ ] open \(section)\n"
                : "## Part \(section)\n- [ ] open \(section)\n"
        }
        XCTAssertGreaterThan(text.utf8.count, 1 << 20)
        try sandbox.write("big.md", text)
        let expected = try sandbox.todofmt("--today", Samples.today, stdin: text)
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertTrue(expected.stdout.contains("## Part 39993\n- [ ] open 39993\n- [x] done 39993 "), "the last change")
        let before = try XCTUnwrap(sandbox.status("big.md"))

        let result = try sandbox.todofmt("--today", Samples.today, "big.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.read("big.md"), expected.stdout)
        XCTAssertNotEqual(sandbox.status("big.md")?.inode, before.inode)
        XCTAssertEqual(try sandbox.names(), ["big.md"], "a temporary file was left behind")

        let formatted = try XCTUnwrap(sandbox.status("big.md"))
        XCTAssertEqual(try sandbox.todofmt("--today", Samples.today, "big.md").status, 0)
        XCTAssertEqual(sandbox.status("big.md"), formatted, "a canonical file is not rewritten")
    }

    func testLeavesACanonicalFileUntouched() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.canonical)
        // An old modification time, so that any rewrite would show.
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: sandbox.path("todos.md"))
        let before = try XCTUnwrap(sandbox.status("todos.md"))

        let result = try sandbox.todofmt("--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(sandbox.status("todos.md"), before, "inode, mode or mtime changed")
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.canonical)
    }

    func testSecondRunChangesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        XCTAssertEqual(try sandbox.todofmt("--today", Samples.today, "todos.md").status, 0)
        let once = try XCTUnwrap(sandbox.status("todos.md"))
        let again = try sandbox.todofmt("--today", "2030-01-01", "todos.md")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(sandbox.status("todos.md"), once)
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messyFormatted)
    }

    func testKeepsPermissions() throws {
        let sandbox = try Sandbox()
        for (name, mode) in [("private.md", 0o600), ("group.md", 0o640), ("odd.md", 0o751)] {
            try sandbox.write(name, Samples.messy, mode: mode)
        }
        let result = try sandbox.todofmt("--today", Samples.today, "private.md", "group.md", "odd.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        for (name, mode) in [("private.md", 0o600), ("group.md", 0o640), ("odd.md", 0o751)] {
            XCTAssertEqual(try sandbox.read(name), Samples.messyFormatted, name)
            XCTAssertEqual(sandbox.status(name)?.mode, mode, name)
        }
    }

    func testSymlinkStaysALinkAndItsTargetIsUpdated() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("real"), withIntermediateDirectories: true)
        try sandbox.write("real/todos.md", Samples.messy, mode: 0o640)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.md"), withDestinationPath: "real/todos.md")

        let result = try sandbox.todofmt("--today", Samples.today, "link.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(sandbox.status("link.md")?.isSymlink, true)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("link.md")), "real/todos.md")
        XCTAssertEqual(try sandbox.read("real/todos.md"), Samples.messyFormatted)
        XCTAssertEqual(sandbox.status("real/todos.md")?.mode, 0o640)
        XCTAssertEqual(try sandbox.names(), ["link.md", "real"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("real")), ["todos.md"])
    }

    func testReadOnlyFileIsRefusedButCanBeChecked() throws {
        let sandbox = try Sandbox()
        try sandbox.write("locked.md", Samples.messy, mode: 0o444)
        let result = try sandbox.todofmt("--today", Samples.today, "locked.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "todofmt: locked.md: permission denied\n")
        XCTAssertEqual(try sandbox.read("locked.md"), Samples.messy)
        XCTAssertEqual(sandbox.status("locked.md")?.mode, 0o444)
        XCTAssertEqual(try sandbox.names(), ["locked.md"])

        let check = try sandbox.todofmt("--check", "--today", Samples.today, "locked.md")
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "locked.md:3:1: error: would reformat lines 3-5 [TD000]\n")
        XCTAssertEqual(check.stderr, "")
    }

    func testOneBadFileDoesNotStopTheOthers() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.md", Samples.messy)
        try sandbox.write("bad.md", bytes: Array("# ok\n- [ ] caf".utf8) + [0xE9] + Array(" au lait\n".utf8))
        try sandbox.write("c.md", Samples.messy)
        let result = try sandbox.todofmt("--today", Samples.today, "a.md", "missing.md", "bad.md", "c.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            todofmt: missing.md: no such file
            todofmt: bad.md: not valid UTF-8 (byte 15)

            """)
        XCTAssertEqual(try sandbox.read("a.md"), Samples.messyFormatted)
        XCTAssertEqual(try sandbox.read("c.md"), Samples.messyFormatted)
        XCTAssertEqual(try sandbox.names(), ["a.md", "bad.md", "c.md"])
    }

    func testTodayFromEnvironmentAndFlag() throws {
        let sandbox = try Sandbox()
        let input = "- [X] a\n"
        let fromEnvironment = try sandbox.todofmt(stdin: input, environment: ["TODOFMT_TODAY": "2026-01-02"])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stderr)
        XCTAssertEqual(fromEnvironment.stdout, "- [x] a done:2026-01-02\n")

        let flagWins = try sandbox.todofmt("--today", Samples.today, stdin: input,
                                           environment: ["TODOFMT_TODAY": "2026-01-02"])
        XCTAssertEqual(flagWins.status, 0, flagWins.stderr)
        XCTAssertEqual(flagWins.stdout, "- [x] a done:2026-11-21\n")

        let flagWinsOverInvalid = try sandbox.todofmt("--today", Samples.today, stdin: input,
                                                      environment: ["TODOFMT_TODAY": "soon"])
        XCTAssertEqual(flagWinsOverInvalid.status, 0, flagWinsOverInvalid.stderr)
        XCTAssertEqual(flagWinsOverInvalid.stdout, "- [x] a done:2026-11-21\n")

        let invalid = try sandbox.todofmt(stdin: input, environment: ["TODOFMT_TODAY": "2026-13-01"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertEqual(invalid.stdout, "")
        XCTAssertEqual(invalid.stderr, "todofmt: invalid date '2026-13-01' in TODOFMT_TODAY (expected YYYY-MM-DD)\n")

        // Neither: the local date, whatever it is.
        let local = try sandbox.todofmt(stdin: input)
        XCTAssertEqual(local.status, 0, local.stderr)
        let prefix = "- [x] a done:"
        XCTAssertTrue(local.stdout.hasPrefix(prefix) && local.stdout.hasSuffix("\n"), local.stdout)
        let date = local.stdout.dropFirst(prefix.count).dropLast()
        XCTAssertEqual(date.map { $0.isNumber ? "9" : $0 }, Array("9999-99-99"), local.stdout)
    }

    func testFormatOptions() throws {
        let sandbox = try Sandbox()
        let input = "- [x] a\n- [ ] b due:2026-12-01\n"
        let cases: [([String], String)] = [
            ([], "- [ ] b due:2026-12-01\n- [x] a done:2026-11-21\n"),
            (["--no-stamp"], "- [ ] b due:2026-12-01\n- [x] a\n"),
            (["--no-sink"], "- [x] a done:2026-11-21\n- [ ] b due:2026-12-01\n"),
            (["--no-stamp", "--no-sink"], input),
            (["--field-style", "emoji"], "- [ ] b 📅 2026-12-01\n- [x] a ✅ 2026-11-21\n"),
            (["--field-style", "dataview"], "- [ ] b  [due:: 2026-12-01]\n- [x] a  [completion:: 2026-11-21]\n"),
            (["--field-style", "plain"], "- [ ] b due:2026-12-01\n- [x] a done:2026-11-21\n"),
        ]
        for (options, expected) in cases {
            try sandbox.write("todos.md", input)
            let result = try Todofmt.run(["--today", Samples.today] + options + ["todos.md"], in: sandbox.url)
            XCTAssertEqual(result.status, 0, "\(options): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(options)")
            XCTAssertEqual(try sandbox.read("todos.md"), expected, "\(options)")
        }
    }
}
