import XCTest
@testable import TodoKit

/// Obsidian Tasks' global filter (`.todofmt.json` `"globalFilter"`): only checklist items whose text
/// contains it are tasks; the others are list items everywhere TodoKit reads a file.
final class GlobalFilterTests: XCTestCase {
    private let today = Day("2026-11-23")!
    private let text = """
    - [x] Buy milk
    - [x] Ship it #task
    - [ ] Open #task
    - [ ] Plain checklist item
    - [x] Nested parent #task
      - [ ] plain child

    """

    private var options: FormatOptions { FormatOptions(today: today, globalFilter: "#task") }

    func testOnlyItemsWithTheFilterAreStampedAndSunk() throws {
        let formatted = try TodoFormatter(options: options).format(text)
        XCTAssertEqual(formatted, """
        - [x] Buy milk
        - [ ] Open #task
        - [ ] Plain checklist item
        - [x] Ship it #task done:2026-11-23
        - [x] Nested parent #task done:2026-11-23
          - [ ] plain child

        """, "the plain items keep their place among the open ones and get no date")
        XCTAssertEqual(try TodoFormatter(options: options).format(formatted), formatted, "idempotent")
        // Without a filter every checklist item is a task.
        XCTAssertTrue(try TodoFormatter(options: FormatOptions(today: today)).format(text).contains("- [x] Buy milk done:2026-11-23"))
        // An empty filter is no filter.
        XCTAssertEqual(try TodoFormatter(options: FormatOptions(today: today, globalFilter: "")).format(text),
                       try TodoFormatter(options: FormatOptions(today: today)).format(text))
    }

    func testADocumentParsedElsewhereIsReadWithTheFilter() throws {
        let document = TodoDocument(text)
        XCTAssertEqual(document.tasks.count, 6)
        XCTAssertEqual(try TodoFormatter(options: options).format(document), Array(try TodoFormatter(options: options).format(text).utf8))
    }

    func testTheModelSeesOnlyFilteredTodos() async throws {
        let storage = MemoryTodoStorage(text)
        let store = TodoStore(storage: storage, options: TodoStore.Options(today: { Day("2026-11-23")! }, globalFilter: "#task"))
        let list = try await store.load()
        XCTAssertEqual(list.todos.map(\.title), ["Ship it #task", "Open #task", "Nested parent #task"])
        let open = try XCTUnwrap(list.todos.first { $0.title == "Open #task" }?.id)
        try await store.toggle(open)
        XCTAssertEqual(storage.text, """
        - [x] Buy milk
        - [ ] Plain checklist item
        - [x] Ship it #task
        - [x] Open #task done:2026-11-23
        - [x] Nested parent #task
          - [ ] plain child

        """, "the toggled todo is stamped and sinks below the plain items; nothing else changes")
    }

    func testLintReportsNothingAboutItemsTheFilterLeavesOut() throws {
        var linter = Linter(today: today)
        linter.formatOptions = options
        let codes = try linter.lint(utf8: Array(text.utf8)).map { "\($0.location.line):\($0.code)" }
        XCTAssertFalse(codes.contains { $0.hasPrefix("1:") }, "Buy milk is no task: \(codes)")
        XCTAssertTrue(codes.contains("2:TD003"), "\(codes)")
    }

    func testQueriesSeeOnlyFilteredTasks() throws {
        let tasks = try QueriedTask.tasks(in: Array(text.utf8), path: "todos.md", globalFilter: "#task")
        XCTAssertEqual(tasks.map(\.todo.line), [2, 3, 5])
    }
}
