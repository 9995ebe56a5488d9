@testable import TodoKit
import XCTest

final class GlobPatternTests: XCTestCase {
    private func assertMatches(_ pattern: String, _ yes: [String], _ no: [String], caseInsensitive: Bool = false,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let glob = try GlobPattern(pattern, caseInsensitive: caseInsensitive)
        for path in yes { XCTAssertTrue(glob.matches(path), "\(pattern) should match \(path)", file: file, line: line) }
        for path in no { XCTAssertFalse(glob.matches(path), "\(pattern) should not match \(path)", file: file, line: line) }
    }

    func testStarAndQuestionMarkStayInsideASegment() throws {
        try assertMatches("*.todo.md", ["a.todo.md", ".todo.md", "x.y.todo.md"], ["a/b.todo.md", "a.todo.mdx", "todo.md"])
        try assertMatches("t?do.md", ["todo.md", "tado.md", "t☃do.md"], ["tdo.md", "t/do.md", "toodo.md"])
        try assertMatches("a*b*c", ["abc", "aXbYc", "abbbc", "acbc"], ["ab", "acb", "a/bc"])
    }

    func testDoubleStarMatchesAnyNumberOfSegments() throws {
        try assertMatches("docs/**/todo.md", ["docs/todo.md", "docs/a/todo.md", "docs/a/b/c/todo.md"],
                          ["todo.md", "docs/a/todo.mdx", "other/docs/todo.md"])
        try assertMatches("**/todo.md", ["todo.md", "a/todo.md", "a/b/todo.md"], ["a/xtodo.md"])
        try assertMatches("archive/**", ["archive/a", "archive/a/b.md"], ["archive", "archives/a"])
        try assertMatches("**/a/**/b", ["a/b", "x/a/y/z/b", "a/a/b"], ["a", "b", "x/a/y/c"])
    }

    func testSets() throws {
        try assertMatches("[abc].md", ["a.md", "c.md"], ["d.md", "ab.md"])
        try assertMatches("[a-c0-9].md", ["b.md", "7.md"], ["d.md"])
        try assertMatches("[!a-c].md", ["d.md", "_.md"], ["a.md", "/.md"])
        try assertMatches("[^a].md", ["b.md"], ["a.md"])
        try assertMatches("[]a].md", ["].md", "a.md"], ["b.md"])
        try assertMatches("[a-].md", ["a.md", "-.md"], ["b.md"])
    }

    func testEscapes() throws {
        try assertMatches("\\*.md", ["*.md"], ["a.md"])
        try assertMatches("a\\[b].md", ["a[b].md"], ["ab.md"])
    }

    func testCaseInsensitiveFoldsASCIIOnly() throws {
        try assertMatches("todo.md", ["TODO.md", "Todo.MD", "todo.md"], ["tödo.md"], caseInsensitive: true)
        try assertMatches("[A-C]*.md", ["apple.md", "Berry.md"], ["dog.md"], caseInsensitive: true)
        try assertMatches("Ä.md", ["Ä.md"], ["ä.md"], caseInsensitive: true)
        try assertMatches("todo.md", ["todo.md"], ["TODO.md"])
    }

    func testInvalidPatterns() {
        XCTAssertThrowsError(try GlobPattern(""))
        XCTAssertThrowsError(try GlobPattern("a[bc")) { error in
            XCTAssertEqual("\(error)", "unclosed '[' in pattern 'a[bc'")
        }
        XCTAssertThrowsError(try GlobPattern("[z-a]"))
    }

    /// Backtracking stays cheap on patterns built to be slow for naive matchers.
    func testManyStarsOnALongName() throws {
        let glob = try GlobPattern(String(repeating: "a*", count: 30) + "b")
        XCTAssertFalse(glob.matches(String(repeating: "a", count: 5000)))
        let deep = try GlobPattern(String(repeating: "**/x/", count: 20) + "y")
        XCTAssertFalse(deep.matches(Array(repeating: "x", count: 2000).joined(separator: "/")))
    }
}

final class IgnoreFileTests: XCTestCase {
    private func ignore(_ text: String) -> IgnoreFile { IgnoreFile(contents: Array(text.utf8)) }

    func testGitRules() {
        let file = ignore("""
            # comment
            build/
            *.log
            /top.md
            docs/*.md
            !docs/keep.md
            \\#hash
            \\!bang
            trailing\\ 

            """)
        XCTAssertTrue(file.ignores("build", isDirectory: true))
        XCTAssertTrue(file.ignores("a/build", isDirectory: true))
        XCTAssertFalse(file.ignores("build", isDirectory: false), "a trailing slash matches directories only")
        XCTAssertTrue(file.ignores("x.log", isDirectory: false))
        XCTAssertTrue(file.ignores("a/b/x.log", isDirectory: false))
        XCTAssertTrue(file.ignores("top.md", isDirectory: false))
        XCTAssertFalse(file.ignores("a/top.md", isDirectory: false), "a leading slash anchors")
        XCTAssertTrue(file.ignores("docs/a.md", isDirectory: false))
        XCTAssertFalse(file.ignores("x/docs/a.md", isDirectory: false), "a middle slash anchors")
        XCTAssertFalse(file.ignores("docs/keep.md", isDirectory: false), "the last match decides")
        XCTAssertTrue(file.ignores("#hash", isDirectory: false))
        XCTAssertTrue(file.ignores("!bang", isDirectory: false))
        XCTAssertTrue(file.ignores("trailing ", isDirectory: false))
        XCTAssertFalse(file.ignores("comment", isDirectory: false))
    }

    func testCRLFAndInvalidLines() {
        let file = ignore("a.md\r\n[oops\r\nb.md\r\n")
        XCTAssertTrue(file.ignores("a.md", isDirectory: false))
        XCTAssertTrue(file.ignores("b.md", isDirectory: false))
        XCTAssertFalse(file.ignores("[oops", isDirectory: false))
    }
}
