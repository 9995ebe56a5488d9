import XCTest

/// `--check`: change nothing, report where each input would change (lint channel, TD000), exit 1
/// if anything would.
final class CheckTests: XCTestCase {
    func testNamesFilesThatWouldChangeAndTouchesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("messy.md", Samples.messy)
        try sandbox.write("clean.md", Samples.canonical)
        try sandbox.write("also messy.md", Samples.messy)
        let before = try sandbox.names().map { sandbox.status($0) }

        let result = try sandbox.todofmt("--check", "--today", Samples.today, "messy.md", "clean.md", "also messy.md")
        XCTAssertEqual(result.status, 1)
        // The task on line 3 sinks below line 5: one region; findings sorted by path.
        XCTAssertEqual(result.stdout, """
            also messy.md:3:1: error: would reformat lines 3-5 [TD000]
            messy.md:3:1: error: would reformat lines 3-5 [TD000]

            """)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.names().map { sandbox.status($0) }, before)
        XCTAssertEqual(try sandbox.read("messy.md"), Samples.messy)
    }

    func testCleanFilesExitZero() throws {
        let sandbox = try Sandbox()
        try sandbox.write("clean.md", Samples.canonical)
        let result = try sandbox.todofmt("clean.md", "--check")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func testCheckAfterFormattingIsClean() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        XCTAssertEqual(try sandbox.todofmt("--today", Samples.today, "todos.md").status, 0)
        let result = try sandbox.todofmt("--check", "--today", "2030-01-01", "todos.md")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testCheckHonoursFormatOptions() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [x] a\n- [ ] b\n")
        let plain = try sandbox.todofmt("--check", "--no-stamp", "--no-sink", "todos.md")
        XCTAssertEqual(plain.status, 0, plain.stdout + plain.stderr)
        let sinking = try sandbox.todofmt("--check", "--no-stamp", "todos.md")
        XCTAssertEqual(sinking.status, 1)
        XCTAssertEqual(sinking.stdout, "todos.md:1:1: error: would reformat lines 1-2 [TD000]\n")
        let stamping = try sandbox.todofmt("--check", "--no-sink", "--today", Samples.today, "todos.md")
        XCTAssertEqual(stamping.stdout, "todos.md:1:1: error: would reformat this line [TD000]\n")
    }

    /// A file of 1 MB or more, cut into stretches, is checked where the kernel keeps its bytes
    /// (`MappedFile`); its report is the one every stretch's findings make, in line order.
    func testALargeFileIsCheckedInStretches() throws {
        let sandbox = try Sandbox()
        var text = "# Todos\n"
        var expected = ""
        var line = 1
        for section in 0..<24_000 {
            // The done task stands above the open one: it sinks, and gets today's date.
            text += "## Part \(section)\n- [x] done \(section)\n- [ ] open \(section)\n"
            expected += "big.md:\(line + 2):1: error: would reformat lines \(line + 2)-\(line + 3) [TD000]\n"
            line += 3
        }
        XCTAssertGreaterThan(text.utf8.count, 1 << 20)
        try sandbox.write("big.md", text)
        let result = try sandbox.todofmt("--check", "--today", Samples.today, "big.md")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(try sandbox.read("big.md"), text)
    }

    /// A large file that is not cut (no heading), or whose stretch is not text, is read and checked
    /// whole: the same findings, and the error of the first bad byte.
    func testALargeFileThatIsNotCutIsCheckedWhole() throws {
        let sandbox = try Sandbox()
        var text = ""
        var expected = ""
        for item in 0..<40_000 {
            text += "- [x] done \(item)\n- [ ] open \(item)\n"
        }
        expected = "list.md:1:1: error: would reformat lines 1-80000 [TD000]\n"
        try sandbox.write("list.md", text)
        let result = try sandbox.todofmt("--check", "--today", Samples.today, "list.md")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, expected)

        var bytes = Array(("# Todos\n" + String(repeating: "## Part\n- [ ] open\n", count: 70_000)).utf8)
        let bad = bytes.count - 100
        bytes[bad] = 0xFF
        try sandbox.write("bad.md", bytes: bytes)
        let invalid = try sandbox.todofmt("--check", "bad.md")
        XCTAssertEqual(invalid.status, 2)
        XCTAssertEqual(invalid.stdout, "")
        XCTAssertTrue(invalid.stderr.hasPrefix("todofmt: bad.md:"), invalid.stderr)
        XCTAssertTrue(invalid.stderr.contains("not valid UTF-8 (byte \(bad + 1))"), invalid.stderr)
    }

    #if os(Linux)
    /// A large file cut short by another program while it is checked (its bytes mapped): the error
    /// of a file changed meanwhile, naming it, and exit status 2, not a crash (SIGBUS).
    func testALargeFileCutShortWhileCheckedIsAnError() throws {
        let sandbox = try Sandbox()
        var text = "# Todos\n"
        for section in 0..<120_000 {
            text += "## Part \(section)\n- [x] done \(section)\n- [ ] open \(section)\n"
        }
        try sandbox.write("big.md", text)
        let process = Process()
        process.executableURL = try Todofmt.binary()
        process.arguments = ["--check", "--today", Samples.today, sandbox.path("big.md")]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Cut the file short once it is mapped (its path shows in the process's maps).
        let maps = "/proc/\(process.processIdentifier)/maps"
        var mapped = false
        for _ in 0..<20_000 where process.isRunning {
            if let listing = try? String(contentsOfFile: maps, encoding: .utf8), listing.contains(sandbox.path("big.md")) {
                mapped = true
                break
            }
            usleep(200)
        }
        XCTAssertTrue(mapped, "the file was never mapped")
        XCTAssertEqual(truncate(sandbox.path("big.md"), 0), 0)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by signal \(process.terminationStatus)")
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(stderr, "todofmt: \(sandbox.path("big.md")): changed while it was being checked (cut short)\n")
    }
    #endif
}
