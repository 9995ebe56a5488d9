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

    func testDefaultDirectory() {
        XCTAssertEqual(UndoJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/todofmt/journal")
        XCTAssertEqual(UndoJournal.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.local/state/todofmt/journal")
    }
}
