import TodoKit
import XCTest

/// Finding a todo by the line a person typed, and the store's one-step edit.
final class TodoStoreShellTests: XCTestCase {
    private func text(_ store: TodoStore) async -> String { await store.list.text }

    func testTodoAtLineAndEditInOneStep() async throws {
        let storage = MemoryTodoStorage("# T\n\n- [ ] a due:2026-12-01\n  more\n- [ ] b\n")
        let store = TodoStore(storage: storage, options: .init(today: { Day("2026-11-23")! }))
        let list = try await store.load()
        XCTAssertNil(list.todo(atLine: 1))
        XCTAssertNil(list.todo(atLine: 4), "a continuation line is not the task")
        XCTAssertNil(list.todo(atLine: 0))
        XCTAssertNil(list.todo(atLine: 99))
        let a = try XCTUnwrap(list.todo(atLine: 3))
        let days: [FieldKey: Day?] = [.due: nil, .scheduled: Day("2026-11-30")!]
        try await store.edit(a.id, title: "A", days: days, priority: .some(.high))
        let text1 = await text(store)
        XCTAssertEqual(text1, "# T\n\n- [ ] A priority:high scheduled:2026-11-30\n  more\n- [ ] b\n")
        try await store.undo()
        let text2 = await text(store)
        XCTAssertEqual(text2, "# T\n\n- [ ] a due:2026-12-01\n  more\n- [ ] b\n")
        let c = try await store.add("c", scheduled: Day("2026-11-24"), start: Day("2026-11-23"))
        let line = await store.list[c]?.line
        XCTAssertEqual(line, 6)
        let text3 = await text(store)
        XCTAssertEqual(text3, "# T\n\n- [ ] a due:2026-12-01\n  more\n- [ ] b\n- [ ] c created:2026-11-23 start:2026-11-23 scheduled:2026-11-24\n")
    }
}
