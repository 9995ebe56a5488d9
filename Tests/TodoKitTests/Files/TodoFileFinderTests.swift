import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// Directory walks skip what Git ignores: `.gitignore` files below, in and above the walked
/// directory (up to the repository's top) and `.git/info/exclude`, the deepest deciding first.
final class TodoFileFinderTests: XCTestCase {
    private func make(_ root: URL, _ files: [String: String]) throws {
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func find(_ directory: URL, from root: URL) throws -> [String] {
        let finder = TodoFileFinder(selection: ConfigurationResolver(fixed: .default))
        return try finder.find(in: directory.path).files.map { String($0.dropFirst(root.path.count + 1)) }
    }

    private func repository() throws -> URL {
        let directory = try TemporaryDirectory("finder")
        addTeardownBlock { directory.remove() }
        let root = URL(fileURLWithPath: directory.file("repo"))
        try make(root, [
            ".git/info/exclude": "# local\nprivate.todo.md\n",
            ".gitignore": "archive/\n*.bak.todo.md\ntodos.md\n",
            "todo.md": "",
            "apps/.gitignore": "gen/\n",
            "apps/a/todo.md": "",
            "apps/a/todos.md": "",
            "apps/a/.gitignore": "!todos.md\n",
            "apps/a/b/.gitignore": "/todo.md\n",
            "apps/a/b/todo.md": "",
            "apps/a/b/c/todo.md": "",
            "apps/gen/todo.md": "",
            "apps/archive/todo.md": "",
            "apps/x.bak.todo.md": "",
            "apps/private.todo.md": "",
            "apps/todos.md": "",
        ])
        return root
    }

    func testIgnoreFilesBelowInAndAboveTheWalkedDirectory() throws {
        let root = try repository()
        let expected = ["apps/a/b/c/todo.md", "apps/a/todo.md", "apps/a/todos.md"]
        XCTAssertEqual(try find(root.appendingPathComponent("apps"), from: root), expected)
        XCTAssertEqual(try find(root, from: root), expected + ["todo.md"])
        XCTAssertEqual(try find(root.appendingPathComponent("apps/a/b"), from: root), ["apps/a/b/c/todo.md"])
    }

    func testOutsideARepositoryOnlyTheWalkedTreesIgnoreFilesCount() throws {
        let root = try repository()
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        // The root's .gitignore is above the walk and no repository holds it: it does not apply,
        // and neither does the removed info/exclude.
        XCTAssertEqual(try find(root.appendingPathComponent("apps"), from: root),
                       ["apps/a/b/c/todo.md", "apps/a/todo.md", "apps/a/todos.md", "apps/archive/todo.md",
                        "apps/private.todo.md", "apps/todos.md", "apps/x.bak.todo.md"])
    }

    func testAGitFileMarksTheTopToo() throws {
        // Worktrees and submodules have a `.git` file instead of a directory.
        let root = try repository()
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        try Data("gitdir: /elsewhere\n".utf8).write(to: root.appendingPathComponent(".git"))
        XCTAssertEqual(try find(root.appendingPathComponent("apps"), from: root),
                       ["apps/a/b/c/todo.md", "apps/a/todo.md", "apps/a/todos.md", "apps/private.todo.md"])
    }
}
