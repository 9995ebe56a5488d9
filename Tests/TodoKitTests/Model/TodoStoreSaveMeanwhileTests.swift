import TodoKit
import XCTest

/// A save by someone else between the store's read and its write: the store reloads and applies
/// the operation to their save, and what it reports as its write starts from their save.
final class TodoStoreSaveMeanwhileTests: XCTestCase {
    /// Storage whose file another program saves (`theirs`) just before the store's first write.
    private final class SavedBeforeWrite: TodoStorage, @unchecked Sendable {
        let file: MemoryTodoStorage
        private var theirs: String?

        init(_ text: String, theirs: String) {
            file = MemoryTodoStorage(text)
            self.theirs = theirs
        }

        func read() throws(TodoStoreError) -> [UInt8] { try file.read() }
        func write(_ bytes: [UInt8]) throws(TodoStoreError) { try file.write(bytes) }
        func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
            if let theirs {
                file.replace(theirs)
                self.theirs = nil
            }
            return try file.write(bytes, ifStill: expected)
        }
    }

    private let options = TodoStore.Options(today: { Day("2026-11-21")! })
    private let base = "# Home\n\n- [ ] A\n- [ ] B\n"
    private let theirs = "# Home\n\n- [ ] A\n- [ ] B\n- [ ] Hand edit\n"

    func testTheWriteReplacesTheSaveTheStoreReloaded() async throws {
        let storage = SavedBeforeWrite(base, theirs: theirs)
        let store = TodoStore(storage: storage, options: options)
        let loaded = try await store.load()
        let a = try XCTUnwrap(loaded.todo(atLine: 3)?.id)
        try await store.setStatus(.done, of: a)
        let lastWrite = await store.lastWrite
        let write = try XCTUnwrap(lastWrite)
        XCTAssertEqual(String(decoding: write.replaced, as: UTF8.self), theirs, "the text the write changed, not the one first loaded")
        XCTAssertEqual(String(decoding: write.written, as: UTF8.self), "# Home\n\n- [ ] B\n- [ ] Hand edit\n- [x] A done:2026-11-21\n")
        XCTAssertEqual(storage.file.text, String(decoding: write.written, as: UTF8.self))
    }

    /// The identity of the new todo is handed out after the reload: the one that was next before
    /// it went to the line someone else added, and must not be the new todo's too.
    func testAnAddAfterAReloadReturnsTheNewTodo() async throws {
        let storage = SavedBeforeWrite(base, theirs: theirs)
        let store = TodoStore(storage: storage, options: options)
        try await store.load()
        let id = try await store.add("New")
        let list = await store.list
        XCTAssertEqual(list[id]?.title, "New")
        XCTAssertEqual(list.line(of: id), 6)
        XCTAssertEqual(list.text, "# Home\n\n- [ ] A\n- [ ] B\n- [ ] Hand edit\n- [ ] New created:2026-11-21\n")
        XCTAssertEqual(Set(list.todos.map(\.id)).count, 4, "every todo has its own identity")
    }

    func testSeveralStatusesAreOneWriteAndOneUndoStep() async throws {
        let storage = MemoryTodoStorage("- [ ] A\n- [ ] B\n- [ ] C\n")
        let store = TodoStore(storage: storage, options: options)
        let list = try await store.load()
        let ids = [list.todo(atLine: 1)!.id, list.todo(atLine: 2)!.id]
        try await store.setStatus(.done, of: ids)
        XCTAssertEqual(storage.text, "- [ ] C\n- [x] A done:2026-11-21\n- [x] B done:2026-11-21\n")
        let write = await store.lastWrite
        XCTAssertEqual(write?.replaced, Array("- [ ] A\n- [ ] B\n- [ ] C\n".utf8))
        try await store.undo()
        XCTAssertEqual(storage.text, "- [ ] A\n- [ ] B\n- [ ] C\n")
    }
}
