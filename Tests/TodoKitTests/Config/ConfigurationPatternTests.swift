import Foundation
import TestSupport
import TodoKit
import XCTest

/// `include` and `exclude`: gitignore-style patterns relative to the configuration's directory,
/// checked on paths and on real directory walks with nested configuration files.
final class ConfigurationPatternTests: XCTestCase {
    private func configuration(_ json: String) throws -> Configuration {
        try Configuration(json: Array(json.utf8), path: ".todofmt.json")
    }

    func testDefaultIncludeIsTheDefaultSelection() {
        let names = ["todo.md", "TODO.md", "Todos.MD", "todos.md", "work.todo.md", "a.b.TODO.md", ".todo.md",
                     "todo.markdown", "TODOS.markdown", "x.todo.markdown", "todo.txt", "todos.txt", "TODO",
                     "notes.md", "mytodo.md", "todo.md.bak", "todo.mdx", "todo-list.md", "readme.md"]
        let included = names.filter { Configuration.default.includes(relativePath: "deep/dir/" + $0) }
        XCTAssertEqual(included, ["todo.md", "TODO.md", "Todos.MD", "todos.md", "work.todo.md", "a.b.TODO.md", ".todo.md"])
        for name in names {
            XCTAssertEqual(Configuration.default.includes(relativePath: name), included.contains(name), name)
        }
    }

    func testPatternsWithAndWithoutSlash() throws {
        let config = try configuration("""
            {"include": ["*.md", "/top.txt", "plans/*.txt", "**/week-[0-9].list"],
             "exclude": ["archive", "drafts/", "/notes/old.md", "*.bak.md", "tmp/**"]}
            """)
        let expectations: [(String, Bool)] = [
            ("a.md", true), ("x/y/z.md", true), ("A.MD", true),
            ("top.txt", true), ("sub/top.txt", false),
            ("plans/q1.txt", true), ("x/plans/q1.txt", false), ("PLANS/Q1.TXT", true),
            ("week-1.list", true), ("a/b/week-2.list", true), ("week-10.list", false),
            ("archive/a.md", false), ("x/archive/y/a.md", false), ("archive.md", true),
            ("archive", false),  // a file called archive is excluded by name (and not included anyway)
            ("drafts/a.md", false), ("x/drafts/a.md", false),
            ("notes/old.md", false), ("x/notes/old.md", true), ("notes/new.md", true),
            ("a.bak.md", false), ("d/A.BAK.md", false),
            ("tmp/a.md", false), ("tmp/x/a.md", false), ("x/tmp/a.md", true),
        ]
        for (path, expected) in expectations {
            XCTAssertEqual(config.includes(relativePath: path), expected, path)
        }
    }

    func testDirectoryOnlyExcludeKeepsAFileOfThatName() throws {
        let config = try configuration(#"{"include": ["*"], "exclude": ["drafts/"]}"#)
        XCTAssertTrue(config.includes(relativePath: "drafts"))
        XCTAssertTrue(config.includes(relativePath: "x/drafts"))
        XCTAssertFalse(config.includes(relativePath: "drafts/todo.md"))
    }

    func testEmptyIncludeTakesNothing() throws {
        XCTAssertFalse(try configuration(#"{"include": []}"#).includes(relativePath: "todo.md"))
    }

    func testBadPatterns() {
        let cases: [(String, String)] = [
            (#"{"include": ["[a-"]}"#, "1:14: invalid pattern in 'include': unclosed '[' in pattern '[a-'"),
            (#"{"exclude": ["x/", "[z-a]"]}"#, "1:20: invalid pattern in 'exclude': invalid range 'z-a' in pattern '[z-a]'"),
            (#"{"include": ["notes/"]}"#,
             "1:14: invalid pattern 'notes/' in 'include' (it matches directories only; 'notes/**' matches the files below them)"),
            (#"{"exclude": ["/"]}"#, "1:14: invalid pattern in 'exclude': no file name in pattern '/'"),
            // Named as written, not as rewritten for matching (`**/[a-`, `notes/[x`).
            (#"{"include": ["/notes/[x"]}"#, "1:14: invalid pattern in 'include': unclosed '[' in pattern '/notes/[x'"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try configuration(json), json) { error in
                XCTAssertEqual("\(error)", ".todofmt.json:" + expected)
            }
        }
    }

    // MARK: - Real walks

    private var directory: TemporaryDirectory!
    private var root: String { directory.path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("walk")
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    }

    override func tearDown() {
        directory.remove()
    }

    private func write(_ relative: String, _ text: String = "- [ ] a\n") throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func walk(_ directory: String, resolver: ConfigurationResolver) throws -> [String] {
        try TodoFileFinder(selection: resolver).find(in: directory).files
            .map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
    }

    func testWalkUsesTheNearestConfigurationPerDirectory() throws {
        try write(".todofmt.json", #"{"include": ["*.md"], "exclude": ["archive/", "sub/skip.md"]}"#)
        try write("sub/.todofmt.json", #"{"include": ["*.txt"]}"#)
        for file in ["todo.md", "notes.md", "plain.txt", "archive/todo.md", "deep/archive/x.md", "deep/y.md",
                     "sub/skip.md", "sub/list.txt", "sub/todo.md", "sub/archive/z.txt", "other/skip.md"] {
            try write(file)
        }
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try walk(root, resolver: resolver),
                       ["deep/y.md", "notes.md", "other/skip.md", "sub/archive/z.txt", "sub/list.txt", "todo.md"])
        // Walking a subdirectory gives the same answers for the files in it: patterns are relative
        // to the configuration file, not to the walk.
        XCTAssertEqual(try walk(root + "/deep", resolver: ConfigurationResolver(currentDirectory: root)), ["deep/y.md"])
        XCTAssertEqual(try walk(root + "/sub", resolver: ConfigurationResolver(currentDirectory: root)),
                       ["sub/archive/z.txt", "sub/list.txt"])
        XCTAssertTrue(try resolver.walkEnters(root + "/deep"))
        XCTAssertFalse(try resolver.walkEnters(root + "/deep/archive"))
        XCTAssertFalse(try resolver.walkIncludes(root + "/sub/skip.md"), "sub's own configuration does not include .md files")
    }

    func testFixedConfigurationPatternsAreRelativeToItsFile() throws {
        try write("ci/todofmt.json", #"{"include": ["/ci/*.md"]}"#)
        try write("ci/a.md")
        try write("b.md")
        let config = try Configuration(contentsOf: root + "/ci/todofmt.json")
        let resolver = ConfigurationResolver(fixed: config, currentDirectory: root)
        XCTAssertFalse(try resolver.walkIncludes(root + "/ci/a.md"), "'/ci/*.md' is anchored at ci/ itself")
        let local = try Configuration(json: Array(#"{"include": ["/a.md", "x/*.md"]}"#.utf8), path: root + "/ci/todofmt.json")
        let anchored = ConfigurationResolver(fixed: local, currentDirectory: root)
        XCTAssertTrue(try anchored.walkIncludes(root + "/ci/a.md"))
        XCTAssertTrue(try anchored.walkIncludes("ci/x/b.md"))
        XCTAssertFalse(try anchored.walkIncludes("ci/y/b.md"))
        XCTAssertFalse(try anchored.walkIncludes("b.md"))
    }

    func testBadConfigurationStillYieldsItsDefaultTodoFiles() throws {
        try write("bad/.todofmt.json", "{,}")
        try write("bad/todo.md")
        try write("bad/notes.md")
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try walk(root + "/bad", resolver: resolver), ["bad/todo.md"])
        XCTAssertThrowsError(try resolver.walkIncludes(root + "/bad/todo.md")) { error in
            XCTAssertEqual("\(error)", "bad/.todofmt.json:1:2: unexpected ',' (expected a key in double quotes)")
        }
    }
}
