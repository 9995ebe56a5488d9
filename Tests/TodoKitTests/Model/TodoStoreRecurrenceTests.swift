import XCTest
@testable import TodoKit

/// Recurring todos through ``TodoStore``: ticking one leaves its next occurrence, as the formatter
/// does, in one undo step.
final class TodoStoreRecurrenceTests: XCTestCase {
    private static let today = Day("2026-11-21")!

    private func makeStore(_ text: String, placement: OccurrencePlacement = .above, sinkDelay: Duration = .zero) async throws -> (TodoStore, MemoryTodoStorage) {
        let storage = MemoryTodoStorage(text)
        let store = TodoStore(storage: storage, options: TodoStore.Options(today: { Self.today }, sinkDelay: sinkDelay, nextOccurrence: placement))
        try await store.load()
        return (store, storage)
    }

    private func id(_ title: String, in store: TodoStore) async throws -> TodoID {
        let list = await store.list
        return try XCTUnwrap(list.todos.first { $0.title == title }?.id, "no todo \(title)")
    }

    /// Toggles `title`, checks the file, then undoes and checks the file is back byte for byte.
    private func assertToggle(_ input: String, _ title: String, gives expected: String, placement: OccurrencePlacement = .above,
                              style: FieldStyle = .plain, file: StaticString = #filePath, line: UInt = #line) async throws {
        let (store, storage) = try await makeStore(input, placement: placement)
        try await store.toggle(try await id(title, in: store))
        XCTAssertEqual(storage.text, expected, file: file, line: line)
        // The formatter leaves the store's result as it is: both wrote the same canonical lines.
        let formatted = try TodoFormatter(options: FormatOptions(fieldStyle: style, today: Self.today, nextOccurrence: placement)).format(storage.text)
        XCTAssertEqual(formatted, expected, "the store's result is formatted already", file: file, line: line)
        try await store.undo()
        XCTAssertEqual(storage.text, input, "undo restores the file byte for byte", file: file, line: line)
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo, "one undo step for both lines", file: file, line: line)
    }

    func testToggleLeavesTheNextOccurrenceAboveInTheTasksSpelling() async throws {
        try await assertToggle(
            "# Home\n- [ ] Water plants 🔁 every week 📅 2026-11-20\n- [ ] Other\n",
            "Water plants",
            gives: "# Home\n- [ ] Water plants 🔁 every week 📅 2026-11-27\n- [ ] Other\n- [x] Water plants 🔁 every week 📅 2026-11-20 ✅ 2026-11-21\n",
            style: .emoji)
    }

    /// A line that mixes spellings has no spelling of its own: the done one and the next
    /// occurrence are written in the configured style, as the formatter writes them, so the file
    /// stays formatted.
    func testALineThatMixesSpellingsIsWrittenInTheConfiguredStyle() async throws {
        try await assertToggle(
            "# Home\n- [ ] Water plants 🔁 every week due:2026-11-20\n- [ ] Other\n",
            "Water plants",
            gives: "# Home\n- [ ] Water plants rec:+1w due:2026-11-27\n- [ ] Other\n- [x] Water plants rec:+1w due:2026-11-20 done:2026-11-21\n")
    }

    func testBelowWhenConfigured() async throws {
        // Sinking puts the done one last anyway; below makes a difference while the sink waits.
        try await assertToggle(
            "- [ ] Pay rent rec:+1m due:2026-01-31\n  - [ ] transfer\n",
            "Pay rent",
            gives: "- [ ] Pay rent rec:+1m due:2026-02-28\n- [x] Pay rent rec:+1m due:2026-01-31 done:2026-11-21\n  - [ ] transfer\n",
            placement: .below)
        let (store, storage) = try await makeStore("- [ ] Pay rent rec:+1m due:2026-01-31\n  - [ ] transfer\n- [ ] b\n",
                                                   placement: .below, sinkDelay: .seconds(600))
        try await store.toggle(try await id("Pay rent", in: store))
        XCTAssertEqual(storage.text, "- [x] Pay rent rec:+1m due:2026-01-31 done:2026-11-21\n  - [ ] transfer\n- [ ] Pay rent rec:+1m due:2026-02-28\n- [ ] b\n")
    }

    func testWhenDoneCountsFromTodayAndSubtasksStay() async throws {
        try await assertToggle(
            "- [ ] Haircut [repeat:: every 4 weeks when done] [due:: 2026-10-01]\n  - [ ] book\n- [ ] b\n",
            "Haircut",
            gives: "- [ ] Haircut  [repeat:: every 4 weeks when done]  [due:: 2026-12-19]\n- [ ] b\n"
                + "- [x] Haircut  [repeat:: every 4 weeks when done]  [due:: 2026-10-01]  [completion:: 2026-11-21]\n  - [ ] book\n",
            style: .dataview)
    }

    func testOrderedListIsRenumbered() async throws {
        try await assertToggle(
            "1. [ ] Report rec:+1w due:2026-11-23\n2. [ ] Review\n",
            "Report",
            gives: "1. [ ] Report rec:+1w due:2026-11-30\n2. [ ] Review\n3. [x] Report rec:+1w due:2026-11-23 done:2026-11-21\n")
    }

    func testDeleteOnCompletionKeepsOnlyTheNewOne() async throws {
        try await assertToggle(
            "- [ ] Trash out 🔁 every week on Monday, Thursday 🏁 delete 📅 2026-11-23\n- [ ] b\n",
            "Trash out",
            gives: "- [ ] Trash out 🔁 every week on Monday, Thursday 🏁 delete 📅 2026-11-26\n- [ ] b\n",
            style: .emoji)
    }

    func testDeleteWithoutARuleRemovesTheLineButNeverTheLastItem() async throws {
        try await assertToggle("- [ ] a\n- [ ] Read it 🏁 delete\n", "Read it", gives: "- [ ] a\n", style: .emoji)
        try await assertToggle("- [ ] parent\n  - [ ] only child 🏁 delete\n", "only child",
                               gives: "- [ ] parent\n  - [x] only child 🏁 delete ✅ 2026-11-21\n", style: .emoji)
    }

    func testDeleteKeepsTheLinesAroundTheListAsTheyRead() async throws {
        // Without the task, the empty item would be the heading underline of `h`: the task stays, done.
        try await assertToggle("h\n- [ ] Read it 🏁 delete\n-\n", "Read it", gives: "h\n- [x] Read it 🏁 delete ✅ 2026-11-21\n-\n",
                               style: .emoji)
        try await assertToggle("h\n\n- [ ] Read it 🏁 delete\n-\n", "Read it", gives: "h\n\n-\n", style: .emoji)
    }

    func testCancellingAndReopeningDoNotRecur() async throws {
        let (store, storage) = try await makeStore("- [ ] a rec:+1d due:2026-11-21\n- [x] b rec:+1d due:2026-11-21 done:2026-11-21\n")
        try await store.setStatus(.cancelled, of: try await id("a", in: store))
        XCTAssertEqual(storage.text, "- [-] a rec:+1d due:2026-11-21 cancelled:2026-11-21\n- [x] b rec:+1d due:2026-11-21 done:2026-11-21\n")
        try await store.toggle(try await id("b", in: store))
        XCTAssertEqual(storage.text, "- [ ] b rec:+1d due:2026-11-21\n- [-] a rec:+1d due:2026-11-21 cancelled:2026-11-21\n")
    }

    func testNewOccurrenceGetsItsOwnIdentity() async throws {
        let (store, _) = try await makeStore("- [ ] a rec:+1d due:2026-11-21\n")
        let old = try await id("a", in: store)
        try await store.toggle(old)
        let list = await store.list
        XCTAssertEqual(list.todos.count, 2)
        XCTAssertEqual(list[old]?.status, .done)
        let new = try XCTUnwrap(list.todos.first { $0.id != old })
        XCTAssertEqual(new.status, .open)
        XCTAssertEqual(new.due, Day("2026-11-22"))
    }

    func testTextThatWouldJoinIntoAFieldStaysAsWrittenOnBothLines() async throws {
        // Moved to the end, `due:` would leave `🏁 keep` (an on-completion field) and `📅 2026-12-01`
        // (a due date) in the title: the done task keeps its text, a date added after it, and the
        // next occurrence its text with the date moved where it stands (as the formatter writes them).
        try await assertToggle(
            "- [ ] Water rec:1w 🏁 due:2026-11-20 keep\n",
            "Water 🏁 keep",
            gives: "- [ ] Water rec:1w 🏁 due:2026-11-28 keep\n- [x] Water rec:1w 🏁 due:2026-11-20 keep done:2026-11-21\n")
        try await assertToggle(
            "- [ ] x 📅 due:2026-11-14 2026-12-01 rec:+1w id:t9\n",
            "x 📅 2026-12-01",
            gives: "- [ ] x 📅 due:2026-11-21 2026-12-01 rec:+1w\n- [x] x 📅 due:2026-11-14 2026-12-01 rec:+1w id:t9 done:2026-11-21\n")
    }

    func testTickingWithoutARuleKeepsTextThatWouldJoinIntoAField() async throws {
        let input = "- [ ] x 📅 due:2026-01-01 2026-12-01\n"
        let (store, storage) = try await makeStore(input)
        try await store.toggle(try await id("x 📅 2026-12-01", in: store))
        XCTAssertEqual(storage.text, "- [x] x 📅 due:2026-01-01 2026-12-01 done:2026-11-21\n")
        let title = await store.list.todos.first?.title
        XCTAssertEqual(title, "x 📅 2026-12-01")
        try await store.toggle(try await id("x 📅 2026-12-01", in: store))
        XCTAssertEqual(storage.text, input, "reopening takes the date out again")
        // A changed date is written where it stands, a new field after the text.
        let x = try await id("x 📅 2026-12-01", in: store)
        try await store.setDate(Day("2026-01-05"), for: .due, of: x)
        XCTAssertEqual(storage.text, "- [ ] x 📅 due:2026-01-05 2026-12-01\n")
        try await store.setPriority(.high, of: x)
        XCTAssertEqual(storage.text, "- [ ] x 📅 due:2026-01-05 2026-12-01 priority:high\n")
        // Clearing the due date would make `📅 2026-12-01` the due date: refused, nothing written.
        do {
            try await store.setDate(nil, for: .due, of: x)
            XCTFail("clearing the due date was not refused")
        } catch {
            XCTAssertTrue("\(error)".contains("would not keep its title"), "\(error)")
        }
        XCTAssertEqual(storage.text, "- [ ] x 📅 due:2026-01-05 2026-12-01 priority:high\n")
    }
}
