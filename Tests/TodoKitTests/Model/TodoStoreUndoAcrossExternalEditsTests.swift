import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// Undo and redo of steps that another program's save lands in the middle of: a deferred sink
/// after an external save, an undo group around one. Undo takes back only the store's own
/// changes; their save stays.
final class TodoStoreUndoAcrossExternalEditsTests: XCTestCase {
    private static let options = TodoStore.Options(today: { Day("2026-05-10")! })
    private var directory: TemporaryDirectory!
    private var path: String { directory.file("todos.md") }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("store-undo")
    }

    override func tearDown() {
        directory.remove()
    }

    /// A loaded store over `text` in `todos.md`; the deferred sink waits until the test runs it.
    private func fileStore(_ text: String, deferSink: Bool = false) async throws -> TodoStore {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var options = Self.options
        if deferSink { options.sinkDelay = .seconds(3600) }
        let store = TodoStore(storage: FileTodoStorage(path: path), options: options)
        try await store.load()
        return store
    }

    private var file: String {
        get throws { try String(contentsOfFile: path, encoding: .utf8) }
    }

    /// Another program appends a line, as an editor saving in place would.
    private func appendElsewhere(_ line: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }

    private func id(_ title: String, in store: TodoStore) async throws -> TodoID {
        let list = await store.list
        return try XCTUnwrap(list.todos.first { $0.title == title }?.id, "no todo \(title)")
    }

    func testUndoAfterADeferredSinkKeepsALineSavedBeforeTheSink() async throws {
        let store = try await fileStore("- [ ] A\n- [ ] B\n- [ ] C\n", deferSink: true)
        try await store.toggle(try await id("A", in: store))
        try appendElsewhere("- [ ] EXTERNAL\n")
        await store.runPendingSinkNow()
        let sunk = "- [ ] B\n- [ ] C\n- [ ] EXTERNAL\n- [x] A done:2026-05-10\n"
        XCTAssertEqual(try file, sunk, "the sink reloaded their line first")

        try await store.undo()
        XCTAssertEqual(try file, "- [ ] A\n- [ ] B\n- [ ] C\n- [ ] EXTERNAL\n", "the toggle and the sink are taken back, their line stays")
        try await store.redo()
        XCTAssertEqual(try file, sunk)
    }

    /// A deferred sink that comes after a later step is a step of its own: undoing the later step
    /// leaves the sunk todo where it sank.
    func testADeferredSinkAfterALaterStepIsUndoneOnItsOwn() async throws {
        let store = try await fileStore("- [ ] A\n- [ ] B\n- [ ] C\n", deferSink: true)
        try await store.toggle(try await id("A", in: store))
        let toggled = try file
        _ = try await store.add("D")
        let added = try file
        await store.runPendingSinkNow()
        XCTAssertEqual(try file, "- [ ] B\n- [ ] C\n- [ ] D created:2026-05-10\n- [x] A done:2026-05-10\n")

        try await store.undo()
        XCTAssertEqual(try file, added, "the first undo takes back the sink alone")
        try await store.undo()
        XCTAssertEqual(try file, toggled, "the second takes back the add")
        try await store.undo()
        XCTAssertEqual(try file, "- [ ] A\n- [ ] B\n- [ ] C\n")
    }

    func testUndoOfAGroupKeepsALineSavedDuringTheGroup() async throws {
        let store = try await fileStore("- [ ] A\n- [ ] B\n- [ ] C\n")
        await store.beginUndoGrouping()
        try await store.toggle(try await id("A", in: store))
        try appendElsewhere("- [ ] EXTERNAL\n")
        try await store.setTitle("B3", of: try await id("B", in: store))
        await store.endUndoGrouping()
        let grouped = "- [ ] B3\n- [ ] C\n- [x] A done:2026-05-10\n- [ ] EXTERNAL\n"
        XCTAssertEqual(try file, grouped)

        try await store.undo()
        XCTAssertEqual(try file, "- [ ] A\n- [ ] B\n- [ ] C\n- [ ] EXTERNAL\n", "both operations are taken back, their line stays")
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo, "the group was one step")
        try await store.redo()
        XCTAssertEqual(try file, grouped)
    }

    /// Undo while a group is still open ends the group first (as `UndoManager` does): it takes back
    /// the group's operations, not the step before them.
    func testUndoWhileAGroupIsOpenTakesBackTheGroup() async throws {
        let store = try await fileStore("- [ ] A\n- [ ] B\n")
        try await store.add("D")
        let afterAdd = try file
        await store.beginUndoGrouping()
        try await store.setTitle("A2", of: try await id("A", in: store))
        try await store.setTitle("B2", of: try await id("B", in: store))
        try await store.undo()
        XCTAssertEqual(try file, afterAdd, "the group's two edits are taken back, the add stays")
        try await store.undo()
        XCTAssertEqual(try file, "- [ ] A\n- [ ] B\n")
        await store.endUndoGrouping()
        try await store.redo()
        XCTAssertEqual(try file, afterAdd)
    }

    /// The same with the save reloaded between the group's operations (as a watcher reloads it),
    /// not by the second operation.
    func testUndoOfAGroupKeepsAnEditReloadedBetweenItsOperations() async throws {
        let storage = MemoryTodoStorage("- [ ] A\n- [ ] B\n- [ ] C\n")
        let store = TodoStore(storage: storage, options: Self.options)
        try await store.load()
        await store.beginUndoGrouping()
        try await store.setTitle("A1", of: try await id("A", in: store))
        storage.replace(storage.text + "- [ ] EXTERNAL\n")
        try await store.reload()
        try await store.setTitle("C1", of: try await id("C", in: store))
        await store.endUndoGrouping()

        try await store.undo()
        XCTAssertEqual(storage.text, "- [ ] A\n- [ ] B\n- [ ] C\n- [ ] EXTERNAL\n")
    }

    /// A group whose operations touch the lines their save changed cannot be taken back without
    /// losing their change: a conflict, and nothing is written.
    func testUndoOfAGroupConflictsWhenTheySavedOverItsLines() async throws {
        let storage = MemoryTodoStorage("- [ ] A\n- [ ] B\n")
        let store = TodoStore(storage: storage, options: Self.options)
        try await store.load()
        await store.beginUndoGrouping()
        try await store.setTitle("A1", of: try await id("A", in: store))
        storage.replace("- [ ] A2\n- [ ] B\n")
        try await store.setTitle("B1", of: try await id("B", in: store))
        await store.endUndoGrouping()
        let before = storage.text
        await XCTAssertThrowsErrorAsync(try await store.undo()) { error in
            guard case .conflict = error as? TodoStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storage.text, before, "a conflicting undo writes nothing")
    }
}
