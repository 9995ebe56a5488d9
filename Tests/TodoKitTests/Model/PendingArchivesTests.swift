import Foundation
import TestSupport
import TodoKit
import XCTest

/// The records of unfinished archive moves on disk.
final class PendingArchivesTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let archiver = TaskArchiver(olderThanDays: 0, today: Day("2026-11-23")!)

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("pending")
    }

    override func tearDown() {
        directory.remove()
    }

    /// A todo file in the directory, and the record of archiving it into `done.md`.
    private func move(_ text: String, name: String = "todos.md") throws -> (source: String, archive: String, move: PendingArchive) {
        try directory.write(name, Array(text.utf8))
        let move = try XCTUnwrap(archiver.plan(source: Array(text.utf8), to: .file(archive: [], sourceName: name)).pending)
        return (directory.file(name), directory.file("done.md"), move)
    }

    private func records(_ store: PendingArchives) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.directory)
    }

    func testRecordReadReplaceAndRemove() throws {
        let store = PendingArchives(directory: directory.file("state/archiving"))
        let (source, archive, first) = try move("- [x] a\n- [x] b done:2026-11-01\n  - [ ] sub\n")
        XCTAssertNil(store.move(from: source, to: archive))

        try store.record(first, from: source, to: archive)
        XCTAssertEqual(store.move(from: source, to: archive), first)
        XCTAssertNil(store.move(from: source, to: directory.file("other.md")))
        let status = try FileManager.default.attributesOfItem(atPath: store.directory)
        XCTAssertEqual((status[.posixPermissions] as? Int).map { $0 & 0o777 }, 0o700)

        let (_, _, second) = try move("- [x] c\n", name: "other.todo.md")
        try store.record(second, from: source, to: archive)
        XCTAssertEqual(store.move(from: source, to: archive), second)
        XCTAssertEqual(try records(store).count, 1)

        store.remove(from: source, to: archive)
        XCTAssertNil(store.move(from: source, to: archive))
        XCTAssertEqual(try records(store), [])
    }

    /// Once the todo file has been written, even with the very bytes the move read (a crash after
    /// the move wrote it, then the same chore ticked again), the record is of no use: a task with
    /// the same lines is a new one: the plan copies it.
    func testARecordOfATodoFileWrittenSinceIsNotResumed() throws {
        let store = PendingArchives(directory: directory.file("archiving"))
        let text = Array("- [x] Take out trash\n".utf8)
        let (source, archive, pending) = try move("- [x] Take out trash\n")
        try store.record(pending, from: source, to: archive)
        XCTAssertEqual(store.move(from: source, to: archive)?.todoFileWrittenSince, false)
        let copied = try archiver.plan(source: text, to: .file(archive: [], sourceName: "todos.md")).archive!
        try AtomicFile.write([], to: source)
        try AtomicFile.write(text, to: source)

        let found = try XCTUnwrap(store.move(from: source, to: archive))
        XCTAssertTrue(found.todoFileWrittenSince)
        XCTAssertTrue(found.isObsolete(source: text))
        let plan = try archiver.plan(source: text, to: .file(archive: copied, sourceName: "todos.md"), resuming: found)
        XCTAssertEqual(plan.alreadyArchived, 0)
        XCTAssertEqual(plan.possibleDuplicates, 1)
        XCTAssertEqual(String(decoding: plan.archive!, as: UTF8.self), "## todos.md\n\n- [x] Take out trash\n- [x] Take out trash\n")

        // A todo file that is gone.
        XCTAssertEqual(unlink(source), 0)
        XCTAssertEqual(store.move(from: source, to: archive)?.todoFileWrittenSince, true)
    }

    /// A record that is not one (truncated, foreign) reads as none.
    func testARecordThatCannotBeReadIsNone() throws {
        let store = PendingArchives(directory: directory.file("archiving"))
        let (source, archive, pending) = try move("- [x] a\n")
        try store.record(pending, from: source, to: archive)
        let name = try XCTUnwrap(try records(store).first)
        let bytes = try directory.bytes("archiving/" + name)
        try directory.write("archiving/" + name, Array(bytes.dropLast(3)))
        XCTAssertNil(store.move(from: source, to: archive))
    }

    func testDefaultDirectoryIsInTheJournals() {
        XCTAssertEqual(PendingArchives.defaultDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/todofmt/journal/archiving")
        XCTAssertEqual(PendingArchives.defaultDirectory(environment: ["HOME": "/h"]), "/h/.local/state/todofmt/journal/archiving")
    }
}
