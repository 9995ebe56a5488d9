import XCTest

/// A task whose text ends in a literal backslash before its end date, reopened: `todofmt reopen`
/// (the store) and `todofmt FILE` (the formatter) keep the backslash literal the same way.
final class BackslashLineTests: XCTestCase {
    func testReopenAndFormatKeepABackslashBeforeADroppedEndDateLiteral() throws {
        let sandbox = try Sandbox()
        let today = ["--today", "2026-11-23"]
        try sandbox.write("todos.md", "- [x] Reopened \\ done:2026-11-20\n  its paragraph goes on\n")
        let reopened = try Todofmt.run(["reopen", "todos.md:1"] + today, in: sandbox.url,
                                       environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(reopened.status, 0, reopened.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), "- [ ] Reopened \\ \n  its paragraph goes on\n")

        try sandbox.write("other.md", "- [ ] Reopened \\ done:2026-11-20\n  its paragraph goes on\n")
        let formatted = try Todofmt.run(["other.md"] + today, in: sandbox.url)
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(try sandbox.read("other.md"), try sandbox.read("todos.md"))
        let checked = try Todofmt.run(["--check", "todos.md", "other.md"] + today, in: sandbox.url)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
    }
}
