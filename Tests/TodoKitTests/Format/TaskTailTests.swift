import XCTest
@testable import TodoKit

/// The one writer of task lines (``TaskTail``): the formatter and the model end a line alike, and a
/// literal backslash stays literal when the field after it goes and the paragraph goes on.
final class TaskTailTests: XCTestCase {
    private static let today = Day("2026-11-21")!
    private let reopenable = "- [x] Reopened \\ done:2026-11-20\n  its paragraph goes on\n- [ ] Other\n"

    private func tail(_ title: String, paragraphContinues: Bool, protectsBackslash: Bool = false) -> String {
        String(decoding: TaskTail.bytes(mark: [0x20], title: Array(title.utf8), fields: [], style: .plain, blockID: nil,
                                        hardBreak: nil, paragraphContinues: paragraphContinues, protectsBackslash: protectsBackslash),
               as: UTF8.self)
    }

    func testABackslashBeforeTheLineEndGetsASpaceOnlyWhenItWouldBreakTheLine() {
        XCTAssertEqual(tail("a \\", paragraphContinues: true), "[ ] a \\ ")
        XCTAssertEqual(tail("a \\", paragraphContinues: false), "[ ] a \\", "no next line: nothing to break")
        XCTAssertEqual(tail("a \\\\", paragraphContinues: true), "[ ] a \\\\", "an escaped backslash breaks nothing")
        XCTAssertEqual(tail("see http://x.example/a\\", paragraphContinues: true), "[ ] see http://x.example/a\\",
                       "a URL takes its trailing backslash, as the reader of the line does")
        XCTAssertEqual(tail("see http://x.example/a\\", paragraphContinues: true, protectsBackslash: true),
                       "[ ] see http://x.example/a\\ ", "white space that was after it stays")
        XCTAssertEqual(tail("", paragraphContinues: true), "[ ] ")
    }

    func testTheCheckboxKeepsItsMarkWhateverItsWidth() {
        func tail(mark: String, title: String) -> String {
            String(decoding: TaskTail.bytes(mark: Array(mark.utf8), title: Array(title.utf8), fields: [], style: .plain, blockID: nil,
                                            hardBreak: nil, paragraphContinues: false), as: UTF8.self)
        }
        XCTAssertEqual(tail(mark: "/", title: "a"), "[/] a")
        XCTAssertEqual(tail(mark: "✓", title: "a"), "[✓] a", "a mark of three bytes")
        XCTAssertEqual(tail(mark: "✓", title: ""), "[✓] ")
        XCTAssertEqual(tail(mark: "x", title: ""), "[x] ")
    }

    func testReopeningThroughTheStoreKeepsTheBackslashLiteral() async throws {
        let storage = MemoryTodoStorage(reopenable)
        let store = TodoStore(storage: storage, options: TodoStore.Options(today: { Self.today }))
        try await store.load()
        let todos = await store.list.todos
        let id = try XCTUnwrap(todos.first { $0.title == "Reopened \\" }?.id)
        try await store.toggle(id)
        XCTAssertEqual(storage.text, "- [ ] Reopened \\ \n  its paragraph goes on\n- [ ] Other\n")
        let title = await store.list[id]?.title
        XCTAssertEqual(title, "Reopened \\")
        // The formatter writes the line the same way: what the store saved is canonical.
        let formatter = TodoFormatter(options: FormatOptions(today: Self.today))
        XCTAssertEqual(try formatter.format(storage.text), storage.text)
        XCTAssertEqual(try formatter.format(reopenable.replacingOccurrences(of: "[x]", with: "[ ]")), storage.text)
    }
}
