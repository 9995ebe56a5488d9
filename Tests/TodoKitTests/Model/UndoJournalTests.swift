import Foundation
import TestSupport
import TodoKit
import XCTest

/// The undo journal of the shell commands: entries on disk, bounded stacks, restoring and merging.
final class UndoJournalTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("journal")
    }

    override func tearDown() {
        directory.remove()
    }

    private func file(_ text: String) throws -> String {
        let path = directory.file("todos.md")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The lock excludes every other holder until it goes away, and recording under it does not
    /// wait for it.
    func testLockExcludesOthersUntilReleased() throws {
        let journal = UndoJournal(directory: directory.file("journal"))
        var lock: UndoJournal.Lock? = try journal.lock()
        let other = open(directory.file("journal/lock"), O_RDWR | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(other, 0)
        defer { close(other) }
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), -1)
        XCTAssertEqual(errno, EWOULDBLOCK)
        let path = try file("v1\n")
        try journal.record(JournalEntry(command: "step", files: [.init(path: path, before: Array("v0\n".utf8), after: Array("v1\n".utf8))]),
                           holding: lock!)
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), -1, "still held after recording")
        lock = nil
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), 0)
        flock(other, LOCK_UN)
        XCTAssertEqual(try journal.undo().command, "step")
        XCTAssertEqual(try read(path), "v0\n")
    }

    func testUndoRedoAndBound() throws {
        let journal = UndoJournal(directory: directory.file("journal"), limit: 3)
        let path = try file("v0\n")
        for version in 1...5 {
            let before = Array(try read(path).utf8)
            let after = Array("v\(version)\n".utf8)
            try Data(after).write(to: URL(fileURLWithPath: path))
            try journal.record(JournalEntry(command: "step \(version)", files: [.init(path: path, before: before, after: after)]))
        }
        XCTAssertEqual(try journal.undo().command, "step 5")
        XCTAssertEqual(try journal.undo().command, "step 4")
        XCTAssertEqual(try journal.undo().command, "step 3")
        XCTAssertEqual(try read(path), "v2\n")
        // Only three entries were kept.
        XCTAssertThrowsError(try journal.undo()) { XCTAssertEqual($0 as? TodoStoreError, .invalid("nothing to undo")) }
        XCTAssertEqual(try journal.redo().command, "step 3")
        XCTAssertEqual(try read(path), "v3\n")
    }

    func testMergesAnotherEditAndRefusesAClash() throws {
        let journal = UndoJournal(directory: directory.file("journal"))
        let path = try file("a\nb\nc\n")
        try journal.record(JournalEntry(command: "edit b", files: [.init(path: path, before: Array("a\nb\nc\n".utf8), after: Array("a\nB\nc\n".utf8))]))
        try Data("a\nB\nc\nd\n".utf8).write(to: URL(fileURLWithPath: path))
        try journal.undo()
        XCTAssertEqual(try read(path), "a\nb\nc\nd\n")
        try journal.redo()
        XCTAssertEqual(try read(path), "a\nB\nc\nd\n")
        try Data("a\nBee\nc\nd\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try journal.undo()) { error in
            guard case .conflict = error as? TodoStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try read(path), "a\nBee\nc\nd\n")
    }

    /// A command that writes one file twice (an archive that two todo files share) is undone and
    /// redone as a whole: the entry keeps one change for that file, from its first bytes to its last.
    func testAFileWrittenTwiceByOneCommandIsUndoneWhole() throws {
        let journal = UndoJournal(directory: directory.file("journal"))
        let archive = directory.file("done.md")
        let source = try file("- [ ] o\n")
        let steps = ["", "## a\n", "## a\n\n## b\n"].map { Array($0.utf8) }
        try Data(steps[2]).write(to: URL(fileURLWithPath: archive))
        let entry = JournalEntry(command: "archive", files: [
            .init(path: archive, before: steps[0], after: steps[1]),
            .init(path: source, before: Array("- [ ] o\n- [x] a\n".utf8), after: Array("- [ ] o\n".utf8)),
            .init(path: archive, before: steps[1], after: steps[2]),
        ])
        XCTAssertEqual(entry.files.map(\.path), [archive, source])
        XCTAssertEqual(entry.files[0], .init(path: archive, before: steps[0], after: steps[2]))
        try journal.record(entry)
        XCTAssertEqual(try journal.undo().command, "archive")
        XCTAssertEqual(try read(archive), "")
        XCTAssertEqual(try read(source), "- [ ] o\n- [x] a\n")
        try journal.redo()
        XCTAssertEqual(try read(archive), "## a\n\n## b\n")
        XCTAssertEqual(try read(source), "- [ ] o\n")
    }

    func testDefaultDirectory() {
        XCTAssertEqual(UndoJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/todofmt/journal")
        XCTAssertEqual(UndoJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.local/state/todofmt/journal")
    }
}
