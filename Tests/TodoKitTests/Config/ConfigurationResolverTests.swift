import Dispatch
import Foundation
import TestSupport
import TodoKit
import XCTest

/// Discovery of `.todofmt.json` in real directories: the nearest file wins, the repository root
/// ends the walk, relative paths, caching, and errors named relative to the current directory.
final class ConfigurationResolverTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var root: String { directory.path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("config")
    }

    override func tearDown() {
        directory.remove()
    }

    /// Writes `text` at `relative` below the root, creating directories.
    private func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relative, withIntermediateDirectories: true)
    }

    private func style(_ resolver: ConfigurationResolver, _ path: String) throws -> FieldStyle {
        try resolver.configuration(for: path).fieldStyle
    }

    func testNearestFileWinsWithoutMerging() throws {
        try mkdir("repo/.git")
        try write("repo/.todofmt.json", #"{"fieldStyle": "emoji", "stampDates": false}"#)
        try write("repo/a/.todofmt.json", #"{"fieldStyle": "dataview"}"#)
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try style(resolver, "repo/a/b/c/todo.md"), .dataview)
        XCTAssertEqual(try style(resolver, "repo/a/todo.md"), .dataview)
        XCTAssertEqual(try style(resolver, "repo/todo.md"), .emoji)
        XCTAssertEqual(try style(resolver, "repo/other/todo.md"), .emoji)
        // Nothing is merged: the nearer file's missing keys have their defaults, not the outer file's.
        XCTAssertTrue(try resolver.configuration(for: "repo/a/todo.md").stampDates)
        XCTAssertFalse(try resolver.configuration(for: "repo/todo.md").stampDates)
        XCTAssertEqual(try resolver.configuration(for: "repo/a/todo.md").file, "repo/a/.todofmt.json")
        XCTAssertEqual(try resolver.configuration(for: "repo/todo.md").file, "repo/.todofmt.json")
    }

    func testRepositoryRootEndsTheWalk() throws {
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try mkdir("repo/.git")
        try write("worktree/.git", "gitdir: /elsewhere\n")
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try resolver.configuration(for: "repo/deep/todo.md"), .default)
        XCTAssertEqual(try resolver.configuration(for: "repo/todo.md"), .default)
        XCTAssertEqual(try resolver.configuration(for: "worktree/todo.md"), .default, "a .git file marks a root too")
        XCTAssertEqual(try style(resolver, "outside/todo.md"), .emoji)
        XCTAssertEqual(try style(resolver, "todo.md"), .emoji)
    }

    func testConfigurationAtTheRepositoryRootApplies() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        XCTAssertEqual(try style(ConfigurationResolver(currentDirectory: root + "/x/y"), "todo.md"), .emoji)
    }

    func testOutsideARepositoryTheWalkGoesOnUp() throws {
        // No .git anywhere below the root: the file five levels up is found.
        try write(".todofmt.json", #"{"fieldStyle": "dataview"}"#)
        XCTAssertEqual(try style(ConfigurationResolver(), root + "/1/2/3/4/5/todo.md"), .dataview)
    }

    func testNoConfigurationMeansDefaults() throws {
        try mkdir(".git")
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try resolver.configuration(for: "todo.md"), .default)
        XCTAssertNil(try resolver.configuration(for: "a/b/todo.md").file)
    }

    func testRelativePathsDirectoriesAndMissingFiles() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try write("a/.todofmt.json", #"{"fieldStyle": "dataview"}"#)
        try mkdir("a/b")
        let resolver = ConfigurationResolver(currentDirectory: root + "/a/b")
        XCTAssertEqual(try style(resolver, "todo.md"), .dataview)
        XCTAssertEqual(try style(resolver, "../../todo.md"), .emoji)
        XCTAssertEqual(try style(resolver, "./../.././a/./todo.md"), .dataview)
        XCTAssertEqual(try style(resolver, "../../a"), .dataview, "a directory starts the walk at itself")
        XCTAssertEqual(try style(resolver, "../../a/"), .dataview)
        XCTAssertEqual(try style(resolver, ".."), .dataview)
        XCTAssertEqual(try style(resolver, "../.."), .emoji)
        XCTAssertEqual(try style(resolver, "../../new/notes.todo.md"), .emoji, "a path need not exist")
        XCTAssertEqual(try style(resolver, root + "/a/new.todo.md"), .dataview)
        XCTAssertEqual(try resolver.configuration(for: "todo.md").file, root + "/a/.todofmt.json",
                       "a file above the current directory is named by its absolute path")
    }

    func testBadFileIsAnErrorForEveryFileItGoverns() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try write("bad/.todofmt.json", "{\n  \"feildStyle\": \"emoji\"\n}\n")
        let resolver = ConfigurationResolver(currentDirectory: root)
        for path in ["bad/todo.md", "bad/deeper/todo.md", "bad"] {
            XCTAssertThrowsError(try resolver.configuration(for: path)) { error in
                XCTAssertEqual("\(error)", "bad/.todofmt.json:2:3: unknown key 'feildStyle' (did you mean 'fieldStyle'?)")
            }
        }
        XCTAssertEqual(try style(resolver, "good/todo.md"), .emoji, "other files are not affected")
    }

    func testUnreadableConfigurationFile() throws {
        try mkdir(".git")
        try mkdir("a/.todofmt.json")
        XCTAssertThrowsError(try ConfigurationResolver(currentDirectory: root).configuration(for: "a/todo.md")) { error in
            XCTAssertEqual("\(error)", "a/.todofmt.json: is a directory")
        }
    }

    func testEachDirectoryIsReadOnce() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        let resolver = ConfigurationResolver(currentDirectory: root)
        XCTAssertEqual(try style(resolver, "a/todo.md"), .emoji)
        try write(".todofmt.json", #"{"fieldStyle": "dataview"}"#)
        XCTAssertEqual(try style(resolver, "a/other.todo.md"), .emoji, "the answer for a/ is cached")
        XCTAssertEqual(try style(resolver, "b/todo.md"), .emoji, "and the root's on the way up")
        XCTAssertEqual(try style(ConfigurationResolver(currentDirectory: root), "b/todo.md"), .dataview)
    }

    func testFixedConfigurationIgnoresFilesOnDisk() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try write("config/team.json", #"{"fieldStyle": "dataview"}"#)
        let team = try Configuration(contentsOf: root + "/config/team.json")
        XCTAssertEqual(try style(ConfigurationResolver(fixed: team, currentDirectory: root), "todo.md"), .dataview)
        XCTAssertEqual(try ConfigurationResolver(fixed: .default, currentDirectory: root).configuration(for: "todo.md"), .default)
    }

    func testManyThreadsGetTheSameAnswers() throws {
        try mkdir(".git")
        try write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try write("d3/.todofmt.json", #"{"fieldStyle": "dataview"}"#)
        let resolver = ConfigurationResolver(currentDirectory: root)
        let paths = (0..<2000).map { "d\($0 % 7)/sub\($0 % 13)/todo\($0).md" }
        let answers = UnsafeMutableBufferPointer<FieldStyle?>.allocate(capacity: paths.count)
        answers.initialize(repeating: nil)
        defer { answers.deallocate() }
        nonisolated(unsafe) let shared = answers
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            shared[index] = try? resolver.configuration(for: paths[index]).fieldStyle
        }
        for (index, path) in paths.enumerated() {
            XCTAssertEqual(answers[index], path.hasPrefix("d3/") ? .dataview : .emoji, path)
        }
    }
}
