import Foundation
import TodoKit
import XCTest

/// `.pre-commit-hooks.yaml` in the repository root: the three hooks, and a `files` pattern that
/// takes exactly the files a directory walk takes by default.
///
/// pre-commit applies `files` with Python's `re.search`; the pattern uses only syntax that Swift's
/// `Regex` reads the same way (`(?i)`, groups, alternation, a negated class, anchors).
final class PreCommitManifestTests: XCTestCase {
    static let manifest = SharedMaterial.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml")

    /// Each hook's keys and values (`- id: x` starts a hook; plain `key: value` lines, quotes removed).
    static func hooks() throws -> [[String: String]] {
        var hooks: [[String: String]] = []
        for line in try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            var entry = Substring(line)
            if entry.hasPrefix("- ") {
                hooks.append([:])
                entry = entry.dropFirst(2)
            }
            entry = entry.drop { $0 == " " }
            guard !hooks.isEmpty, let colon = entry.firstIndex(of: ":") else { continue }
            var value = entry[entry.index(after: colon)...].drop { $0 == " " }
            if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = value.dropFirst().dropLast() }
            hooks[hooks.count - 1][String(entry[..<colon])] = String(value)
        }
        return hooks
    }

    func testThreeSwiftHooks() throws {
        let hooks = try Self.hooks()
        XCTAssertEqual(hooks.map { $0["id"] }, ["todofmt", "todofmt-check", "todofmt-lint"])
        XCTAssertEqual(hooks.map { $0["entry"] }, ["todofmt --force-exclude", "todofmt --check --force-exclude", "todofmt lint --force-exclude"])
        for hook in hooks {
            XCTAssertEqual(hook["language"], "swift")
            XCTAssertNotNil(hook["name"])
            XCTAssertNotNil(hook["description"])
        }
        XCTAssertEqual(Set(hooks.map { $0["files"] }).count, 1, "every hook takes the same files")
    }

    func testFilesPatternTakesWhatADirectoryWalkTakes() throws {
        let pattern = try XCTUnwrap(Self.hooks().first?["files"])
        let regex = try Regex(pattern)
        let names = ["todo.md", "todos.md", "TODO.md", "Todos.MD", "x.todo.md", ".todo.md", "Week 1.TODO.md",
                     "notes.md", "todo.markdown", "todo.md.bak", "mytodo.md", "stodos.md", "todo.mdx", "todoss.md",
                     "todo", "todo.md/", "tâches.todo.md", "TODO.md~", "todo-md", "todo.todo.md"]
        for name in names {
            for directory in ["", "docs/", "my notes/", "todo.md/", "a.todo.md/b/"] {
                let path = directory + name
                let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
                XCTAssertEqual(path.firstMatch(of: regex) != nil, Configuration.default.includes(relativePath: String(last)), path)
            }
        }
    }
}
