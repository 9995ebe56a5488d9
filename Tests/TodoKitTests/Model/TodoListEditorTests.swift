import XCTest
@testable import TodoKit

/// The structural operations of ``TodoStore`` (add, move, indent, outdent, remove, clear
/// completed) on ordered and nested lists, and the titles it refuses: what the file holds after
/// each, or the `.invalid` error and an unchanged file.
final class TodoListEditorTests: XCTestCase {
    private static let today = Day("2026-11-21")!

    private func makeStore(_ text: String) async throws -> (TodoStore, MemoryTodoStorage) {
        let storage = MemoryTodoStorage(text)
        let store = TodoStore(storage: storage, options: TodoStore.Options(today: { TodoListEditorTests.today }))
        try await store.load()
        return (store, storage)
    }

    private func id(_ title: String, in store: TodoStore) async throws -> TodoID {
        let list = await store.list
        return try XCTUnwrap(list.todos.first { $0.title == title }?.id, "no todo \(title)")
    }

    /// Runs `operation` on a store over `text` and returns the file after it.
    private func after(_ text: String, _ operation: (TodoStore) async throws -> Void) async throws -> String {
        let (store, storage) = try await makeStore(text)
        try await operation(store)
        let list = await store.list
        XCTAssertEqual(list.text, storage.text)
        return storage.text
    }

    /// Asserts that `operation` throws `.invalid` and leaves the file as it was.
    private func assertInvalid(_ text: String, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line,
                               _ operation: (TodoStore) async throws -> Void) async throws {
        let (store, storage) = try await makeStore(text)
        do {
            try await operation(store)
            XCTFail("no error; the file is now \(storage.text.debugDescription)", file: file, line: line)
        } catch let error as TodoStoreError {
            guard case .invalid(let why) = error else { return XCTFail("\(error)", file: file, line: line) }
            if let message { XCTAssertTrue(why.contains(message), why, file: file, line: line) }
        }
        XCTAssertEqual(storage.text, text, file: file, line: line)
    }

    // MARK: - Clear completed

    /// Clearing completed todos never takes an open one with it: a completed todo with an open
    /// subtask at any depth stays with its subtasks; completed subtrees go.
    func testClearCompletedKeepsACompletedTodoWithOpenSubtasks() async throws {
        let text = """
        - [ ] R
        - [x] Q done:2026-01-01
          - [ ] open child
          - [x] done child done:2026-01-01
        - [x] Deep done:2026-01-01
          - [x] middle done:2026-01-01
            - [/] in progress
        - [x] Gone done:2026-01-01
          - [x] with its child done:2026-01-01
        - [ ] S
          - [-] cancelled child cancelled:2026-01-01

        """
        let result = try await after(text) { try await $0.clearCompleted() }
        XCTAssertEqual(result, """
        - [ ] R
        - [x] Q done:2026-01-01
          - [ ] open child
        - [x] Deep done:2026-01-01
          - [x] middle done:2026-01-01
            - [/] in progress
        - [ ] S

        """)
    }

    // MARK: - Titles

    func testEmptyTitlesAndAnOpeningCommentAreRefused() async throws {
        let text = "- [ ] a\n- [ ] b\n"
        for title in ["", "   ", "\n", "due:2026-12-01"] {
            try await assertInvalid(text, "a todo needs a title") { _ = try await $0.add(title) }
            try await assertInvalid(text, "a todo needs a title") { try await $0.setTitle(title, of: try await self.id("a", in: $0)) }
        }
        try await assertInvalid(text, "'%%'") { try await $0.setTitle("Other %% hidden", of: try await self.id("a", in: $0)) }
        try await assertInvalid(text, "'%%'") { _ = try await $0.add("Other %% hidden", placement: .position(0, section: nil)) }
        // A comment closed within the title is text of the line; `%%` in backticks is code.
        let closed = try await after(text) { try await $0.setTitle("call %%mobile%% Ann", of: try await self.id("a", in: $0)) }
        XCTAssertEqual(closed, "- [ ] call %%mobile%% Ann\n- [ ] b\n")
        let code = try await after(text) { try await $0.setTitle("type `%%`", of: try await self.id("a", in: $0)) }
        XCTAssertEqual(code, "- [ ] type `%%`\n- [ ] b\n")
    }
}
