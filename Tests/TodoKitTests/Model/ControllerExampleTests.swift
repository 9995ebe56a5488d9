import TestSupport
import XCTest
import TodoKit

// The controller from the README, compiled and exercised here so that the example stays true.
// It is written the way an MVVM app's view model uses its model: load, show open and completed
// sections, add, toggle, undo — with `todos.md` as the store instead of Core Data.

/// A view model over a todo file: two sections for a table view, and the actions a user takes.
@MainActor
final class TodoListViewModel {
    private let store: TodoStore
    private(set) var open: [Todo] = []
    private(set) var completed: [Todo] = []
    private(set) var lastError: String?

    init(path: String) {
        store = TodoStore(storage: FileTodoStorage(path: path), options: .init(sinkDelay: .milliseconds(600)))
    }

    func load() async {
        await run { try await self.store.load() }
    }

    func add(_ title: String, due: Day? = nil) async {
        await run { try await self.store.add(title, due: due) }
    }

    func toggle(_ todo: Todo) async {
        await run { try await self.store.toggle(todo.id) }
    }

    func undo() async {
        await run { try await self.store.undo() }
    }

    /// Keeps the sections current when someone edits the file elsewhere (call from a task).
    func follow() async {
        for await event in await store.events() {
            if case .changed(let list, _) = event { show(list) }
        }
    }

    private func run(_ action: @escaping () async throws -> Void) async {
        do {
            try await action()
            lastError = nil
        } catch {
            lastError = "\(error)"
        }
        show(await store.list)
    }

    private func show(_ list: TodoList) {
        open = list.open
        completed = list.completed
    }
}

final class ControllerExampleTests: XCTestCase {
    @MainActor
    func testViewModelDrivesTheFile() async throws {
        let directory = try TemporaryDirectory("controller")
        defer { directory.remove() }
        let path = directory.file("todos.md")
        try "# Groceries\n- [ ] Milk\n- [x] Bread done:2026-11-20\n".write(toFile: path, atomically: true, encoding: .utf8)

        let model = TodoListViewModel(path: path)
        await model.load()
        XCTAssertEqual(model.open.map(\.title), ["Milk"])
        XCTAssertEqual(model.completed.map(\.title), ["Bread"])

        await model.add("Eggs", due: Day("2026-12-01"))
        XCTAssertEqual(model.open.map(\.title), ["Milk", "Eggs"])

        await model.toggle(model.open[0])
        XCTAssertEqual(model.open.map(\.title), ["Eggs"])
        XCTAssertEqual(model.completed.map(\.title), ["Milk", "Bread"])
        // Saved at once; the sink waits for the quiet period so the row does not jump under a finger.
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(saved.hasPrefix("# Groceries\n- [x] Milk done:"), saved)

        await model.undo()
        XCTAssertNil(model.lastError)
        XCTAssertEqual(model.open.map(\.title), ["Milk", "Eggs"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n").filter { $0.contains("[x]") }.count, 1)

        await model.undo()
        await model.undo()
        XCTAssertNotNil(model.lastError, "nothing left to undo is reported, not a crash")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "# Groceries\n- [ ] Milk\n- [x] Bread done:2026-11-20\n")
    }
}
