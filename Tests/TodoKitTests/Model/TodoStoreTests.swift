import TestSupport
import XCTest
@testable import TodoKit

final class TodoStoreTests: XCTestCase {
    private static let today = Day("2026-11-21")!
    private let options = TodoStore.Options(today: { TodoStoreTests.today })

    private let sample = """
    # Todos
    Prose stays *exactly* as written.  

    ## Home
    - [ ] Renew passport 📅 2026-12-01
      - [ ] Photos
    - [ ] Call plumber due:2026-11-01 #house
    - [x] Pay rent done:2026-11-20

    ## Work
    1. [ ] Write report
    2. [ ] Review PR #42
    3. [x] Ship 1.2 done:2026-11-18

    Footer with a [link][ref].

    [ref]: https://example.com

    """

    private func makeStore(_ text: String? = nil, sinkDelay: Duration = .zero) async throws -> (TodoStore, MemoryTodoStorage) {
        let storage = MemoryTodoStorage(text ?? sample)
        var options = options
        options.sinkDelay = sinkDelay
        let store = TodoStore(storage: storage, options: options)
        try await store.load()
        return (store, storage)
    }

    private func id(_ title: String, in store: TodoStore) async throws -> TodoID {
        let list = await store.list
        return try XCTUnwrap(list.todos.first { $0.title == title }?.id, "no todo \(title)")
    }

    // MARK: - Reading

    func testLoadGivesTodosWithFieldsSectionsAndSubtasks() async throws {
        let (store, _) = try await makeStore()
        let list = await store.list
        XCTAssertEqual(list.todos.map(\.title), ["Renew passport", "Photos", "Call plumber #house", "Pay rent", "Write report", "Review PR #42", "Ship 1.2"])
        let passport = list.todos[0]
        XCTAssertEqual(passport.due, Day("2026-12-01"))
        XCTAssertEqual(passport.section, "Home")
        XCTAssertEqual(passport.subtasks, [list.todos[1].id])
        XCTAssertEqual(list.todos[1].parent, passport.id)
        XCTAssertEqual(list.todos[4].section, "Work")
        XCTAssertEqual(list.todos[2].tags, ["house"])
        XCTAssertEqual(list.todos[5].tags, [], "#42 is an issue number, not a tag")
        XCTAssertEqual(Set(list.todos.map(\.id)).count, 7)
    }

    func testFilters() async throws {
        let (store, _) = try await makeStore()
        let list = await store.list
        XCTAssertEqual(list.open.count, 5)
        XCTAssertEqual(list.completed.map(\.title), ["Pay rent", "Ship 1.2"])
        XCTAssertEqual(list.overdue(on: Self.today).map(\.title), ["Call plumber #house"])
        XCTAssertEqual(list.due(before: Day("2026-12-31")!).map(\.title), ["Renew passport", "Call plumber #house"])
        XCTAssertEqual(list.tagged("#HOUSE").map(\.title), ["Call plumber #house"])
        XCTAssertEqual(list.inSection("Work").count, 3)
        XCTAssertEqual(list.todo(at: 3)?.title, "Pay rent")
        XCTAssertNil(list.todo(at: 99))
    }

    // MARK: - Operations

    func testAddGoesToTheEndOfTheOpenItemsAndStampsCreated() async throws {
        let (store, storage) = try await makeStore()
        let milk = try await store.add("Buy milk", due: Day("2026-12-02"), priority: .high)
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n- [ ] Buy milk priority:high created:2026-11-21 due:2026-12-02\n- [x] Pay rent"))
        let added = await store.list[milk]
        XCTAssertEqual(added?.created, Self.today)
        XCTAssertEqual(added?.section, "Home")

        _ = try await store.add("Plan Q1", placement: .end(section: "work"))
        XCTAssertTrue(storage.text.contains("2. [ ] Review PR #42\n3. [ ] Plan Q1 created:2026-11-21\n4. [x] Ship 1.2"), storage.text)

        _ = try await store.add("First thing", placement: .position(0, section: "Home"))
        XCTAssertTrue(storage.text.contains("## Home\n- [ ] First thing created:2026-11-21\n- [ ] Renew passport"), storage.text)

        let passport = try await id("Renew passport", in: store)
        _ = try await store.add("Form", placement: .subtask(of: passport))
        XCTAssertTrue(storage.text.contains("  - [ ] Photos\n  - [ ] Form created:2026-11-21\n"), storage.text)

        let plumber = try await id("Call plumber #house", in: store)
        _ = try await store.add("Ask neighbour", placement: .subtask(of: plumber))
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n  - [ ] Ask neighbour created:2026-11-21\n"), storage.text)
    }

    /// A title is read as its line reads it: the fields typed in it are the todo's, written in
    /// canonical form (relative dates resolved), a block id at its end stays the todo's, and text in
    /// backticks stays text; the file stays canonical. A done date in an open todo's title, or a
    /// field given twice with two values, is refused and nothing is written.
    func testFieldsTypedInATitleAreTheTodos() async throws {
        let (store, storage) = try await makeStore("- [ ] a\n")
        let plants = try await store.add("Water plants 🔁 every week 📅 tomorrow ^water")
        XCTAssertEqual(storage.text, "- [ ] a\n- [ ] Water plants rec:+1w created:2026-11-21 due:2026-11-22 ^water\n")
        let todo = await store.list[plants]
        XCTAssertEqual(todo?.title, "Water plants")
        XCTAssertEqual(todo?.due, Day("2026-11-22"))
        XCTAssertNotNil(todo?.recurrence)
        _ = try await store.add("Keep `due:2026-12-25` as text", due: Day("2026-12-01"))
        _ = try await store.add("Two\nlines due:2026-12-03", due: Day("2026-12-03"))
        XCTAssertTrue(storage.text.hasSuffix("- [ ] Keep `due:2026-12-25` as text created:2026-11-21 due:2026-12-01\n"
            + "- [ ] Two lines created:2026-11-21 due:2026-12-03\n"), storage.text)
        XCTAssertEqual(try TodoFormatter(options: FormatOptions(today: Self.today)).format(storage.text), storage.text)

        let before = storage.text
        for (title, due) in [("Ask about done:2026-11-01 invoice", nil), ("Pay due:2026-12-25", Day("2026-12-31"))] as [(String, Day?)] {
            await XCTAssertThrowsErrorAsync(try await store.add(title, due: due)) { error in
                guard case .invalid = error as? TodoStoreError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(storage.text, before)

        // A new title's fields are set; the block id stays.
        try await store.setTitle("Water the plants due:2026-12-24 #home", of: plants)
        XCTAssertTrue(storage.text.contains("- [ ] Water the plants #home rec:+1w created:2026-11-21 due:2026-12-24 ^water\n"), storage.text)
        await XCTAssertThrowsErrorAsync(try await store.setTitle("Water cancelled:2026-11-20", of: plants))
        try await store.setStatus(.cancelled, of: plants)
        let cancelled = await store.list[plants]?.cancelled
        XCTAssertEqual(cancelled, Self.today)
    }

    func testAddToAFileWithoutAListStartsOne() async throws {
        let (store, storage) = try await makeStore("# Empty\n\nNothing yet.")
        _ = try await store.add("One")
        XCTAssertEqual(storage.text, "# Empty\n\nNothing yet.\n- [ ] One created:2026-11-21")
        await XCTAssertThrowsErrorAsync(try await store.add("x", placement: .end(section: "Nope"))) { error in
            XCTAssertEqual(error as? TodoStoreError, .noSection("Nope"))
        }
    }

    func testToggleStampsAndSinksAndTouchesNothingElse() async throws {
        let (store, storage) = try await makeStore()
        let before = storage.text
        let passport = try await id("Renew passport", in: store)
        try await store.toggle(passport)
        let expected = before.replacingOccurrences(
            of: "- [ ] Renew passport 📅 2026-12-01\n  - [ ] Photos\n- [ ] Call plumber due:2026-11-01 #house\n",
            with: "- [ ] Call plumber due:2026-11-01 #house\n- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-21\n  - [ ] Photos\n")
        XCTAssertEqual(storage.text, expected, "only the toggled item moved; its line keeps its emoji spelling")
        let toggled = await store.list[passport]
        XCTAssertEqual(toggled?.done, Self.today)
        XCTAssertEqual(toggled?.status, .done)

        try await store.toggle(passport)
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n- [ ] Renew passport 📅 2026-12-01\n  - [ ] Photos\n- [x] Pay rent"), storage.text)
        let reopened = await store.list[passport]
        XCTAssertNil(reopened?.done)
    }

    func testOrderedListsAreRenumberedWhenItemsMove() async throws {
        let (store, storage) = try await makeStore()
        try await store.toggle(try await id("Write report", in: store))
        // Completed items keep their order among themselves: the newly done one was first.
        XCTAssertTrue(storage.text.contains("1. [ ] Review PR #42\n2. [x] Write report done:2026-11-21\n3. [x] Ship 1.2 done:2026-11-18\n"), storage.text)
    }

    /// In a block quote too, an item renumbered wider keeps its later lines: they are indented after
    /// the `>` to follow its content.
    func testARenumberedItemInABlockQuoteKeepsItsLaterLines() async throws {
        let (store, storage) = try await makeStore("> 8. [ ] a\n> 9. [ ] b\n>    note\n> 10. [ ] c\n")
        try await store.toggle(try await id("b", in: store))
        XCTAssertEqual(storage.text, "> 8. [ ] a\n> 9.  [ ] c\n> 10. [x] b done:2026-11-21\n>     note\n")
        let list = await store.list
        XCTAssertEqual(list.todos.map(\.title), ["a", "c", "b"])
    }

    func testEditTitleDatesPriorityAndStatus() async throws {
        let (store, storage) = try await makeStore()
        let plumber = try await id("Call plumber #house", in: store)
        try await store.setTitle("Call the plumber #house", of: plumber)
        try await store.setDate(Day("2026-11-30"), for: .due, of: plumber)
        try await store.setPriority(.highest, of: plumber)
        XCTAssertTrue(storage.text.contains("- [ ] Call the plumber #house priority:highest due:2026-11-30\n"), storage.text)
        try await store.setDate(nil, for: .due, of: plumber)
        try await store.setStatus(.cancelled, of: plumber)
        let todo = await store.list[plumber]
        XCTAssertEqual(todo?.status, .cancelled)
        XCTAssertEqual(todo?.cancelled, Self.today)
        XCTAssertNil(todo?.due)
        XCTAssertTrue(storage.text.contains("  - [ ] Photos\n- [-] Call the plumber #house priority:highest cancelled:2026-11-21\n- [x] Pay rent done:2026-11-20\n"), storage.text)
        await XCTAssertThrowsErrorAsync(try await store.setDate(Self.today, for: .priority, of: plumber))
    }

    // The same bytes with and without the editor's shortcut that skips lists with nothing to sink.
    func testReopeningSinksOnlyWhereACompletedItemWouldStandAboveAnOpenOne() async throws {
        let (store, storage) = try await makeStore("- [ ] a\n- [x] b done:2026-11-20\n- [x] c done:2026-11-19\n* [ ] other list\n")
        // b reopened stands right below the open ones: nothing sinks.
        try await store.toggle(try await id("b", in: store))
        XCTAssertEqual(storage.text, "- [ ] a\n- [ ] b\n- [x] c done:2026-11-19\n* [ ] other list\n")
        // b ticked again stays (no open item below it); c reopened rises above the completed b.
        try await store.toggle(try await id("b", in: store))
        XCTAssertEqual(storage.text, "- [ ] a\n- [x] b done:2026-11-21\n- [x] c done:2026-11-19\n* [ ] other list\n")
        try await store.toggle(try await id("c", in: store))
        XCTAssertEqual(storage.text, "- [ ] a\n- [ ] c\n- [x] b done:2026-11-21\n* [ ] other list\n")
        // Ticking the last open item leaves the order; ticking the first sinks it.
        try await store.toggle(try await id("c", in: store))
        XCTAssertEqual(storage.text, "- [ ] a\n- [x] c done:2026-11-21\n- [x] b done:2026-11-21\n* [ ] other list\n")
        try await store.toggle(try await id("c", in: store))
        try await store.toggle(try await id("a", in: store))
        XCTAssertEqual(storage.text, "- [ ] c\n- [x] a done:2026-11-21\n- [x] b done:2026-11-21\n* [ ] other list\n")
    }

    func testReopeningKeepsABackslashBeforeTheDroppedDateLiteral() async throws {
        // Without the space the backslash would end the line and break it (a hard line break).
        let (store, storage) = try await makeStore("- [x] a \\ done:2026-11-20\n  continued\n- [ ] b\n")
        let first = await store.list.id(atLine: 1)
        try await store.toggle(try XCTUnwrap(first))
        XCTAssertEqual(storage.text, "- [ ] a \\ \n  continued\n- [ ] b\n")
        let (other, otherStorage) = try await makeStore("- [x] a \\ done:2026-11-20\n- [ ] b\n")
        let only = await other.list.id(atLine: 1)
        try await other.toggle(try XCTUnwrap(only))
        XCTAssertEqual(otherStorage.text, "- [ ] a \\\n- [ ] b\n", "no line goes on: nothing to protect")
    }

    /// An open todo has no end date (the stamping rules would drop it at once): setting one is
    /// refused, as a done date typed in its title is, and nothing is written or recorded.
    func testAnEndDateForAnOpenTodoIsRefused() async throws {
        let (store, storage) = try await makeStore("- [ ] A due:2026-06-01\n- [x] B done:2026-11-20\n")
        let a = try await id("A", in: store)
        for key in [FieldKey.done, .cancelled] {
            await XCTAssertThrowsErrorAsync(try await store.setDate(Self.today, for: key, of: a)) { error in
                XCTAssertEqual(error as? TodoStoreError, .invalid("a task that is not completed has no \(key.rawValue) date"))
            }
            await XCTAssertThrowsErrorAsync(try await store.edit(a, days: [key: Self.today]))
        }
        XCTAssertEqual(storage.text, "- [ ] A due:2026-06-01\n- [x] B done:2026-11-20\n")
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo)
        // A completed todo's end date can be set and an open todo's cleared.
        try await store.setDate(Self.today, for: .done, of: try await id("B", in: store))
        try await store.setDate(nil, for: .done, of: a)
        XCTAssertEqual(storage.text, "- [ ] A due:2026-06-01\n- [x] B done:2026-11-21\n")
    }

    func testAnOperationThatWouldChangeHowOtherLinesReadIsRefused() async throws {
        // Titling the empty item gives it a paragraph: `5)` can no longer start a list after it,
        // and `* [/] c` would become a todo. The check before writing refuses; nothing is written.
        let text = "1. [ ] a\n  1) [ ] \n    5)  b\n     * [/] c\n"
        let (store, storage) = try await makeStore(text)
        let empty = await store.list.id(atLine: 2)
        await XCTAssertThrowsErrorAsync(try await store.setTitle("x", of: try XCTUnwrap(empty))) { error in
            XCTAssertEqual("\(error)", "refusing to write: safety check failed: the tasks outside the changed lines 2-2 are not the same")
        }
        XCTAssertEqual(storage.text, text)
        let count = await store.list.todos.count
        XCTAssertEqual(count, 2)
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo)
        // Ticking it changes its mark only, as formatting leaves an empty task: nothing to date.
        try await store.toggle(try XCTUnwrap(empty))
        XCTAssertEqual(storage.text, "1. [ ] a\n  1) [x] \n    5)  b\n     * [/] c\n")
    }

    func testMoveIndentOutdent() async throws {
        let (store, storage) = try await makeStore()
        let plumber = try await id("Call plumber #house", in: store)
        try await store.move(plumber, toOpenIndex: 0)
        XCTAssertTrue(storage.text.contains("## Home\n- [ ] Call plumber due:2026-11-01 #house\n- [ ] Renew passport 📅 2026-12-01\n  - [ ] Photos\n- [x] Pay rent"), storage.text)
        let passport = try await id("Renew passport", in: store)
        try await store.indent(passport)
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n  - [ ] Renew passport 📅 2026-12-01\n    - [ ] Photos\n- [x] Pay rent"), storage.text)
        let nested = await store.list[passport]
        XCTAssertEqual(nested?.parent, plumber)
        try await store.outdent(passport)
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n- [ ] Renew passport 📅 2026-12-01\n  - [ ] Photos\n- [x] Pay rent"), storage.text)
        await XCTAssertThrowsErrorAsync(try await store.indent(plumber)) { error in
            XCTAssertEqual(error as? TodoStoreError, .invalid("the first item of a list cannot be indented"))
        }
        let rent = try await id("Pay rent", in: store)
        await XCTAssertThrowsErrorAsync(try await store.move(rent, toOpenIndex: 0))
    }

    func testRemoveClearCompletedAndRemoveAll() async throws {
        let (store, storage) = try await makeStore()
        try await store.remove(try await id("Renew passport", in: store))
        XCTAssertFalse(storage.text.contains("Photos"), "subtasks go with their parent")
        try await store.clearCompleted()
        XCTAssertFalse(storage.text.contains("Pay rent"))
        XCTAssertFalse(storage.text.contains("Ship 1.2"))
        XCTAssertTrue(storage.text.contains("1. [ ] Write report\n2. [ ] Review PR #42\n\nFooter"), storage.text)
        try await store.removeAll()
        let list = await store.list
        XCTAssertTrue(list.todos.isEmpty)
        XCTAssertEqual(storage.text, "# Todos\nProse stays *exactly* as written.  \n\n## Home\n\n## Work\n\nFooter with a [link][ref].\n\n[ref]: https://example.com\n")
        await XCTAssertThrowsErrorAsync(try await store.remove(TodoID(rawValue: 999))) { error in
            XCTAssertEqual(error as? TodoStoreError, .notFound(TodoID(rawValue: 999)))
        }
    }

    /// A list after `<!-- todofmt-ignore -->` is the user's order: toggling a task in it writes only
    /// that line (no sinking, no renumbering), removing one renumbers nothing; other lists still sink.
    func testIgnoredListsAreNeitherSunkNorRenumbered() async throws {
        let text = """
        <!-- todofmt-ignore -->
        1. [ ] First
        2. [ ] Second
        3. [ ] Third

        ## Other
        - [ ] Open
        - [ ] Next

        """
        let (store, storage) = try await makeStore(text)
        try await store.toggle(try await id("First", in: store))
        XCTAssertEqual(storage.text, text.replacingOccurrences(of: "1. [ ] First", with: "1. [x] First done:2026-11-21"))
        try await store.remove(try await id("Second", in: store))
        XCTAssertEqual(storage.text, text.replacingOccurrences(of: "1. [ ] First", with: "1. [x] First done:2026-11-21")
            .replacingOccurrences(of: "2. [ ] Second\n", with: ""))
        try await store.toggle(try await id("Open", in: store))
        XCTAssertTrue(storage.text.hasSuffix("- [ ] Next\n- [x] Open done:2026-11-21\n"), storage.text)
    }

    func testTasksInObsidianCommentsAreNotTodosAndNothingCrossesTheComment() async throws {
        let text = """
        - [ ] Above
        - [ ] Also above
        %%
        - [ ] Hidden idea
        %%
        - [ ] Below

        """
        let (store, storage) = try await makeStore(text)
        let titles = await store.list.todos.map(\.title)
        XCTAssertEqual(titles, ["Above", "Also above", "Below"], "a task inside %% … %% is no todo")
        try await store.toggle(try await id("Above", in: store))
        XCTAssertEqual(storage.text, text.replacingOccurrences(of: "- [ ] Above\n- [ ] Also above\n",
                                                               with: "- [ ] Also above\n- [x] Above done:2026-11-21\n"),
                       "the done task sinks to the end of its own list, which the comment ends")
        try await store.add("New")
        XCTAssertEqual(storage.text, """
        - [ ] Also above
        - [ ] New created:2026-11-21
        - [x] Above done:2026-11-21
        %%
        - [ ] Hidden idea
        %%
        - [ ] Below

        """, "added at the end of the open items of the first list, which ends at the comment")
    }

    /// Operations with nothing to do leave the file alone (same inode: not even rewritten with the
    /// same bytes), make no undo step and report nothing.
    func testOperationsThatChangeNothingWriteNothingAndAreNoUndoStep() async throws {
        let dir = try TemporaryDirectory("store")
        defer { dir.remove() }
        let path = dir.file("todos.md")
        try Data("- [ ] A\n- [ ] B\n".utf8).write(to: URL(fileURLWithPath: path))
        func inode() -> ino_t {
            var info = stat()
            XCTAssertEqual(stat(path, &info), 0)
            return info.st_ino
        }
        let store = TodoStore(storage: FileTodoStorage(path: path), options: options)
        try await store.load()
        let events = await store.events()
        let written = inode()
        let a = try await id("A", in: store)

        try await store.clearCompleted()
        try await store.toggle([])
        try await store.remove([])
        try await store.setStatus(.done, of: [])
        try await store.setTitle("A", of: a)

        XCTAssertEqual(inode(), written, "the file was not replaced")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "- [ ] A\n- [ ] B\n")
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo, "no step that does nothing")
        // The first event after them is the next real operation's.
        try await store.toggle(a)
        var iterator = events.makeAsyncIterator()
        guard case .changed(let list, .operation)? = await iterator.next() else { return XCTFail("expected the toggle's change first") }
        XCTAssertEqual(list[a]?.status, .done)
    }

    // MARK: - Undo

    func testUndoRedoEveryStep() async throws {
        let (store, storage) = try await makeStore()
        var snapshots = [storage.text]
        let plumber = try await id("Call plumber #house", in: store)
        try await store.toggle(plumber)
        snapshots.append(storage.text)
        _ = try await store.add("New")
        snapshots.append(storage.text)
        try await store.clearCompleted()
        snapshots.append(storage.text)
        for expected in snapshots.reversed().dropFirst() {
            try await store.undo()
            XCTAssertEqual(storage.text, expected)
        }
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo)
        let restored = await store.list[plumber]
        XCTAssertEqual(restored?.title, "Call plumber #house", "undo restores identities")
        for expected in snapshots.dropFirst() {
            try await store.redo()
            XCTAssertEqual(storage.text, expected)
        }
        let canRedo = await store.canRedo
        XCTAssertFalse(canRedo)
    }

    func testMultiSelectToggleAndGroupsAreOneStep() async throws {
        let (store, storage) = try await makeStore()
        let original = storage.text
        let ids = [try await id("Renew passport", in: store), try await id("Write report", in: store)]
        try await store.toggle(ids)
        await store.beginUndoGrouping()
        _ = try await store.add("a")
        _ = try await store.add("b")
        await store.endUndoGrouping()
        try await store.undo()
        XCTAssertFalse(storage.text.contains("- [ ] a "))
        XCTAssertFalse(storage.text.contains("- [ ] b "))
        try await store.undo()
        XCTAssertEqual(storage.text, original)
    }

    func testUndoAfterAnExternalEditKeepsTheirChange() async throws {
        let (store, storage) = try await makeStore()
        let plumber = try await id("Call plumber #house", in: store)
        try await store.toggle(plumber)
        // Someone edits another part of the file in their editor.
        storage.replace(storage.text.replacingOccurrences(of: "Footer with", with: "A footer with"))
        try await store.undo()
        XCTAssertTrue(storage.text.contains("A footer with"), "their edit survives the undo")
        XCTAssertTrue(storage.text.contains("- [ ] Call plumber due:2026-11-01 #house\n- [x] Pay rent"), storage.text)
        let todo = await store.list[plumber]
        XCTAssertEqual(todo?.status, .open)
    }

    func testUndoConflictsWhenTheyChangedTheSameLines() async throws {
        let (store, storage) = try await makeStore()
        let plumber = try await id("Call plumber #house", in: store)
        try await store.setTitle("Call Bob", of: plumber)
        storage.replace(storage.text.replacingOccurrences(of: "Call Bob", with: "Call Alice"))
        let before = storage.text
        await XCTAssertThrowsErrorAsync(try await store.undo()) { error in
            guard case .conflict = error as? TodoStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storage.text, before, "a conflicting undo writes nothing")
        let canUndo = await store.canUndo
        XCTAssertTrue(canUndo, "the step stays available")
    }

    // MARK: - Other writers

    func testSecondWriterBetweenLoadAndSaveIsNotLost() async throws {
        let (store, storage) = try await makeStore()
        let rent = try await id("Pay rent", in: store)
        let plumber = try await id("Call plumber #house", in: store)
        storage.replace(storage.text.replacingOccurrences(of: "- [x] Pay rent done:2026-11-20\n", with: "- [x] Pay rent done:2026-11-20\n- [ ] Water plants\n"))
        try await store.toggle(plumber)
        XCTAssertTrue(storage.text.contains("Water plants"), "their new line is kept")
        XCTAssertTrue(storage.text.contains("- [ ] Water plants\n- [x] Call plumber #house due:2026-11-01 done:2026-11-21\n- [x] Pay rent done:2026-11-20\n"), storage.text)
        let list = await store.list
        XCTAssertEqual(list[rent]?.title, "Pay rent", "unchanged todos keep their identity across the reload")
        XCTAssertEqual(list[plumber]?.status, .done)
    }

    /// A save that lands between the store's read and its write is not overwritten: the operation
    /// is applied again on top of it (real file, compare-and-swap in FileTodoStorage).
    func testSaveBetweenReadAndWriteIsKeptAndTheOperationRetried() async throws {
        let dir = try TemporaryDirectory("store")
        defer { dir.remove() }
        let path = dir.file("todos.md")
        try Data(sample.utf8).write(to: URL(fileURLWithPath: path))
        let storage = RacingTodoStorage(path: path, saves: [
            { $0.replacingOccurrences(of: "## Work\n", with: "## Work\n- [ ] Their new task\n") },
        ])
        let store = TodoStore(storage: storage, options: options)
        try await store.load()
        let plumber = try await id("Call plumber #house", in: store)
        try await store.toggle(plumber)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("## Work\n- [ ] Their new task\n"), text)
        XCTAssertTrue(text.contains("- [x] Call plumber #house due:2026-11-01 done:2026-11-21\n- [x] Pay rent"), text)
        let list = await store.list
        XCTAssertEqual(list[plumber]?.status, .done)
        XCTAssertTrue(list.todos.contains { $0.title == "Their new task" }, "the store shows their task too")
    }

    /// A file that changes at every attempt: after three tries the operation is a conflict, their
    /// last save is on disk, and the store's list is theirs.
    func testAFileThatKeepsChangingIsAConflictAndNothingIsLost() async throws {
        let dir = try TemporaryDirectory("store")
        defer { dir.remove() }
        let path = dir.file("todos.md")
        try Data(sample.utf8).write(to: URL(fileURLWithPath: path))
        let storage = RacingTodoStorage(path: path, saves: (1...3).map { n in { $0 + "- [ ] Save \(n)\n" } })
        let store = TodoStore(storage: storage, options: options)
        try await store.load()
        let plumber = try await id("Call plumber #house", in: store)
        await XCTAssertThrowsErrorAsync(try await store.toggle(plumber)) { error in
            XCTAssertEqual("\(error)", "conflict: the file was saved by someone else meanwhile; nothing was written")
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("- [ ] Save 1\n- [ ] Save 2\n- [ ] Save 3\n"), text)
        XCTAssertTrue(text.contains("- [ ] Call plumber due:2026-11-01 #house\n"), "the toggle was not written")
        let canUndo = await store.canUndo
        XCTAssertFalse(canUndo, "a step that was not written cannot be undone")
        // The next operation starts from their last save.
        try await store.toggle(plumber)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(after.contains("Save 3") && after.contains("- [x] Call plumber"), after)
    }

    func testOperationOnATodoTheyRemovedIsAConflict() async throws {
        let (store, storage) = try await makeStore()
        let plumber = try await id("Call plumber #house", in: store)
        storage.replace(storage.text.replacingOccurrences(of: "- [ ] Call plumber due:2026-11-01 #house\n", with: ""))
        let before = storage.text
        await XCTAssertThrowsErrorAsync(try await store.toggle(plumber)) { error in
            guard case .conflict = error as? TodoStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storage.text, before)
    }

    func testIdentityAcrossReloads() async throws {
        let (store, storage) = try await makeStore()
        let ids = await store.list.todos.map(\.id)
        // Another program ticks a box and inserts a line at the top.
        storage.replace("Intro\n" + storage.text.replacingOccurrences(of: "- [ ] Photos", with: "- [x] Photos"))
        let changed = try await store.reload()
        XCTAssertTrue(changed)
        let list = await store.list
        XCTAssertEqual(list.todos.map(\.id), ids, "the ticked todo keeps its identity by title, the others by line")
        XCTAssertEqual(list.todos[1].status, .done)
        let again = try await store.reload()
        XCTAssertFalse(again)
    }

    func testDeferredSinkSavesAtOnceAndSinksLater() async throws {
        let (store, storage) = try await makeStore(sinkDelay: .milliseconds(50))
        let events = await store.events()
        let passport = try await id("Renew passport", in: store)
        let report = try await id("Write report", in: store)
        try await store.toggle(passport)
        try await store.toggle(report)
        XCTAssertTrue(storage.text.contains("## Home\n- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-21\n  - [ ] Photos\n- [ ] Call plumber"),
                      "saved at once, in place: \(storage.text)")
        XCTAssertTrue(storage.text.contains("1. [x] Write report done:2026-11-21\n2. [ ] Review PR #42\n"), storage.text)
        // Wait for the sink, but never forever: a missing event fails the test instead of hanging it.
        let waiter = Task { () -> Bool in
            for await event in events {
                if case .changed(_, .deferredSink) = event { return true }
            }
            return false
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(10))
            waiter.cancel()
        }
        let sank = await waiter.value
        timeout.cancel()
        XCTAssertTrue(sank, "the deferred sink happened")
        XCTAssertTrue(storage.text.contains("## Home\n- [ ] Call plumber due:2026-11-01 #house\n- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-21\n  - [ ] Photos\n- [x] Pay rent"), storage.text)
        XCTAssertTrue(storage.text.contains("1. [ ] Review PR #42\n2. [x] Write report done:2026-11-21\n3. [x] Ship 1.2"), storage.text)
        try await store.undo()
        XCTAssertTrue(storage.text.contains("1. [ ] Write report\n2. [ ] Review PR #42\n"), "undo takes back the last toggle and the sink folded into it: \(storage.text)")
        XCTAssertTrue(storage.text.contains("## Home\n- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-21\n  - [ ] Photos\n- [ ] Call plumber"), storage.text)
    }

    func testAddedTodosGetIdentitiesNoOtherTodoHad() async throws {
        let (store, _) = try await makeStore()
        let first = try await store.add("first")
        let second = try await store.add("second")
        try await store.remove(second)
        let third = try await store.add("third")
        XCTAssertEqual(Set([first, second, third]).count, 3, "an identity is never handed out twice")
        let list = await store.list
        XCTAssertEqual(list[first]?.title, "first")
        XCTAssertEqual(list[third]?.title, "third")
        XCTAssertNil(list[second])
    }

    func testAnEditNextToSomeoneElsesEditKeepsBothAndAConflictIsStillFound() async throws {
        let dir = try TemporaryDirectory("store")
        defer { dir.remove() }
        let path = dir.file("todos.md")
        try Data("# T\n- [ ] a\n- [ ] b\n- [ ] c\n".utf8).write(to: URL(fileURLWithPath: path))
        let store = TodoStore(storage: FileTodoStorage(path: path), options: options)
        let list = try await store.load()
        let (a, b, c) = (try XCTUnwrap(list.id(atLine: 2)), try XCTUnwrap(list.id(atLine: 3)), try XCTUnwrap(list.id(atLine: 4)))
        // Another program changes the line right below the one the store edits next.
        try Data("# T\n- [ ] a\n- [ ] b due:2026-12-01\n- [ ] c\n".utf8).write(to: URL(fileURLWithPath: path))
        try await store.setTitle("A", of: a)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "# T\n- [ ] A\n- [ ] b due:2026-12-01\n- [ ] c\n")
        let after = await store.list
        XCTAssertEqual(after[a]?.title, "A")
        XCTAssertEqual(after[b]?.due, Day("2026-12-01"), "their edit keeps the todo's identity")
        XCTAssertEqual(after[c]?.line, 4)
        // Someone else removes c, then the store is asked to tick it: a conflict, nothing written.
        let theirs = "# T\n- [ ] A\n- [ ] b due:2026-12-01\n"
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        await XCTAssertThrowsErrorAsync(try await store.toggle(c)) { error in
            guard case .conflict = error as? TodoStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), theirs)
    }

    func testALargeListsTodosAreMadeInPartsLikeASmallOnes() throws {
        // Over 40,000 tasks: the todos are made in two parts at once (on two or more processors).
        var text = ""
        for section in 0..<3 {
            text += "## Area \(section)\n\n"
            for k in 0..<15_000 {
                text += k % 3 == 0 && k > 0 ? "  - [x] sub \(section)-\(k) done:2026-11-20\n" : "- [ ] task \(section)-\(k) #t\(k % 7) due:2026-12-0\(k % 9 + 1)\n"
            }
            text += "\n"
        }
        let list = try TodoList(utf8: Array(text.utf8))
        let lines = TodoDocument(text).tasks
        let todos = list.todos
        XCTAssertEqual(todos.count, 45_000)
        XCTAssertEqual(todos.map(\.line), lines.map(\.location.line))
        XCTAssertEqual(todos.map(\.title), lines.map(\.title))
        XCTAssertEqual(todos.map { $0.parent.flatMap { list.index(of: $0) } }, lines.map(\.parent))
        XCTAssertEqual(todos[22_500].section, "Area 1")
        XCTAssertEqual(todos[22_499].subtasks, [todos[22_500].id], "a parent in one part, its subtask in the other")
        for (index, todo) in todos.enumerated() {
            XCTAssertEqual(list.id(atLine: todo.line), todo.id)
            for sub in todo.subtasks where list[sub]?.parent != todo.id { XCTFail("todo \(index): subtask \(sub) has another parent") }
        }
    }

    func testATitleWithoutTheGlobalFilterIsWrittenAndTheTodoLeavesTheList() async throws {
        let storage = MemoryTodoStorage("- [ ] a #task\n- [ ] b #task\n")
        var options = options
        options.globalFilter = "#task"
        let store = TodoStore(storage: storage, options: options)
        let loaded = try await store.load()
        let a = try XCTUnwrap(loaded.id(atLine: 1))
        try await store.setTitle("renamed", of: a)
        XCTAssertEqual(storage.text, "- [ ] renamed\n- [ ] b #task\n", "the line is no longer a todo, as Obsidian Tasks reads it")
        let list = await store.list
        XCTAssertNil(list[a])
        XCTAssertEqual(list.todos.map(\.title), ["b #task"])
    }

    // MARK: - Files and observers

    func testFileStorageKeepsUntouchedBytesAndReportsErrorsAsValues() async throws {
        let dir = try TemporaryDirectory("store")
        defer { dir.remove() }
        let path = dir.file("todos.md")
        let text = "# T\r\n- [ ] a  \r\n- [X]   b\r\n\tcode-ish prose\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, 0o640), 0)
        let store = TodoStore(storage: FileTodoStorage(path: path), options: options)
        let events = await store.events()
        try await store.load()
        _ = try await store.add("c")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(written, "# T\r\n- [ ] a  \r\n- [ ] c created:2026-11-21\r\n- [X]   b\r\n\tcode-ish prose\r\n",
                       "other tasks keep their spelling, CRLF endings stay")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640, "permissions are kept")

        let missing = TodoStore(storage: FileTodoStorage(path: dir.file("nope.md")), options: options)
        let missingEvents = await missing.events()
        await XCTAssertThrowsErrorAsync(try await missing.load())
        var iterator = missingEvents.makeAsyncIterator()
        guard case .failed(let failure)? = await iterator.next() else { return XCTFail("no failure event") }
        XCTAssertTrue(failure.description.contains("nope.md"), failure.description)

        try Data([0x2D, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: path))
        await XCTAssertThrowsErrorAsync(try await store.reload()) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-8"), "\(error)")
        }
        var seen: [String] = []
        for await event in events {
            switch event {
            case .loaded: seen.append("loaded")
            case .changed(_, let cause): seen.append("changed \(cause)")
            case .failed: seen.append("failed")
            }
            if seen.count == 3 { break }
        }
        XCTAssertEqual(seen, ["loaded", "changed operation", "failed"])
    }

    func testDelegateHearsChanges() async throws {
        final class Recorder: TodoStoreDelegate, @unchecked Sendable {
            let lock = NSLock()
            var causes: [TodoStore.Cause] = []
            func todoStore(_ store: TodoStore, didReport event: TodoStore.Event) {
                if case .changed(_, let cause) = event { lock.withLock { causes.append(cause) } }
            }
        }
        let (store, storage) = try await makeStore()
        let recorder = Recorder()
        await store.setDelegate(recorder)
        _ = try await store.add("x")
        storage.replace(storage.text + "- [ ] y\n")
        try await store.reload()
        try await store.undo()
        XCTAssertEqual(recorder.lock.withLock { recorder.causes }, [.operation, .external, .undo])
    }
}

/// `XCTAssertThrowsError` for async expressions.
func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line,
                                  _ handler: (Error) -> Void = { _ in }) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch {
        handler(error)
    }
}
