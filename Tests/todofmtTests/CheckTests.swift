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
}
