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

    // MARK: - Ordered lists keep their start

    private let abc = "1. [ ] A\n2. [ ] B\n3. [ ] C\n"

    func testMovingAndRemovingKeepTheListsStart() async throws {
        var result = try await after(abc) { try await $0.move(try await self.id("C", in: $0), toOpenIndex: 0) }
        XCTAssertEqual(result, "1. [ ] C\n2. [ ] A\n3. [ ] B\n")
        result = try await after(abc) { try await $0.move(try await self.id("A", in: $0), toOpenIndex: 2) }
        XCTAssertEqual(result, "1. [ ] B\n2. [ ] C\n3. [ ] A\n")
        result = try await after(abc) { try await $0.remove(try await self.id("A", in: $0)) }
        XCTAssertEqual(result, "1. [ ] B\n2. [ ] C\n")
        result = try await after(abc) { store in
            try await store.remove([try await self.id("A", in: store), try await self.id("B", in: store)])
        }
        XCTAssertEqual(result, "1. [ ] C\n")
        // A list that starts at 3 stays starting at 3; a list of equal numbers keeps them equal.
        result = try await after("3. [ ] A\n4. [ ] B\n5. [ ] C\n") { try await $0.move(try await self.id("C", in: $0), toOpenIndex: 0) }
        XCTAssertEqual(result, "3. [ ] C\n4. [ ] A\n5. [ ] B\n")
        result = try await after("3. [ ] A\n4. [ ] B\n5. [ ] C\n") { try await $0.remove(try await self.id("A", in: $0)) }
        XCTAssertEqual(result, "3. [ ] B\n4. [ ] C\n")
        result = try await after("1. [ ] A\n1. [ ] B\n1. [ ] C\n") { try await $0.remove(try await self.id("A", in: $0)) }
        XCTAssertEqual(result, "1. [ ] B\n1. [ ] C\n")
        // A narrower first number keeps the content's column (docs/FORMAT.md section 5).
        result = try await after("9. [ ] A\n10. [ ] B\n    note\n") { try await $0.remove(try await self.id("A", in: $0)) }
        XCTAssertEqual(result, "9.  [ ] B\n    note\n")
    }

    /// A chain of operations does not drift: each keeps the start of 1.
    func testAddAfterAMoveAndClearCompletedKeepTheListsStart() async throws {
        let result = try await after(abc) { store in
            try await store.move(try await self.id("C", in: store), toOpenIndex: 0)
            _ = try await store.add("zero", placement: .position(0, section: nil))
            _ = try await store.add("last")
        }
        XCTAssertEqual(result, "1. [ ] zero created:2026-11-21\n2. [ ] C\n3. [ ] A\n4. [ ] B\n5. [ ] last created:2026-11-21\n")
        // Adding to a list of one item counts on from it (its one number is no list of equal numbers).
        let one = try await after("1. [ ] A\n") { _ = try await $0.add("B") }
        XCTAssertEqual(one, "1. [ ] A\n2. [ ] B created:2026-11-21\n")
        // A completed todo that was never sunk (deferred sink, or written so) can stand first.
        let cleared = try await after("1. [x] A done:2026-11-20\n2. [ ] B\n3. [ ] C\n") { try await $0.clearCompleted() }
        XCTAssertEqual(cleared, "1. [ ] B\n2. [ ] C\n")
    }

    /// A list whose first item changes right after text takes its start with it: numbered 2, the
    /// new first item could not interrupt the paragraph and would read as more of its text.
    func testANewFirstItemAfterTextStaysAnItem() async throws {
        let nested = "- [ ] P\n  1. [ ] a\n  2. [ ] b\n"
        var result = try await after(nested) { try await $0.remove(try await self.id("a", in: $0)) }
        XCTAssertEqual(result, "- [ ] P\n  1. [ ] b\n")
        result = try await after(nested) { try await $0.move(try await self.id("b", in: $0), toOpenIndex: 0) }
        XCTAssertEqual(result, "- [ ] P\n  1. [ ] b\n  2. [ ] a\n")
        result = try await after(nested) { try await $0.outdent(try await self.id("a", in: $0)) }
        XCTAssertEqual(result, "- [ ] P\n  1. [ ] b\n- [ ] a\n")
        result = try await after("Intro\n1. [ ] A\n2. [ ] B\n") { try await $0.remove(try await self.id("A", in: $0)) }
        XCTAssertEqual(result, "Intro\n1. [ ] B\n")
    }

    // MARK: - Indent and outdent in ordered lists

    func testIndentingInAnOrderedListMakesAValidChildList() async throws {
        let (store, storage) = try await makeStore(abc)
        try await store.indent(try await id("B", in: store))
        XCTAssertEqual(storage.text, "1. [ ] A\n   1. [ ] B\n2. [ ] C\n", "a new child list starts at 1; the list it left is renumbered")
        let a = try await id("A", in: store)
        var b = await store.list[try await id("B", in: store)]
        XCTAssertEqual(b?.parent, a)
        try await store.indent(try await id("C", in: store))
        XCTAssertEqual(storage.text, "1. [ ] A\n   1. [ ] B\n   2. [ ] C\n", "an item joining a child list takes its next number")
        try await store.outdent(try await id("B", in: store))
        XCTAssertEqual(storage.text, "1. [ ] A\n   1. [ ] C\n2. [ ] B\n")
        b = await store.list[try await id("B", in: store)]
        XCTAssertNil(b?.parent)
        // Outdented after a parent that was alone in its list, the item counts on from it.
        let alone = try await after("1. [ ] P\n   1. [ ] c\n") { try await $0.outdent(try await self.id("c", in: $0)) }
        XCTAssertEqual(alone, "1. [ ] P\n2. [ ] c\n")
    }

    /// The layout the QA stress run found (`1. n1` / `- e3` / `2. n2` inside n1) is never made: the
    /// indented item joins the child list, with its marker; removing or outdenting e3 then works.
    func testAnIndentedItemJoinsTheChildListItsSiblingEndsWith() async throws {
        let text = "1. [ ] n1\n   - [x] e3 done:2026-11-20\n2. [ ] n2\n"
        let (store, storage) = try await makeStore(text)
        try await store.indent(try await id("n2", in: store))
        XCTAssertEqual(storage.text, "1. [ ] n1\n   - [x] e3 done:2026-11-20\n   - [ ] n2\n")
        try await store.remove(try await id("e3", in: store))
        XCTAssertEqual(storage.text, "1. [ ] n1\n   - [ ] n2\n")

        let bullets = try await after("- [ ] A\n  1. [ ] a1\n- [ ] B\n   continued\n") { try await $0.indent(try await self.id("B", in: $0)) }
        XCTAssertEqual(bullets, "- [ ] A\n  1. [ ] a1\n  2. [ ] B\n      continued\n",
                       "the wider marker moves the item's later lines with its content")
    }

    /// A layout written by hand that an edit cannot keep reading the same is refused as `.invalid`,
    /// with the file unchanged, before the store's last check would call it a storage failure.
    func testAnEditTheLayoutDoesNotAllowIsInvalid() async throws {
        let text = "1. [ ] n1\n   - [x] e3 done:2026-11-20\n   2. [ ] n2\n"
        try await assertInvalid(text, "'n2' part of the lines around it") { try await $0.remove(try await self.id("e3", in: $0)) }
        try await assertInvalid(text, "'n2' part of the lines around it") { try await $0.outdent(try await self.id("e3", in: $0)) }
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
        for title in ["", "   ", "\n", "due:2026-12-01", "\u{00A0}", "\u{3000} \u{00A0}"] {
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

    // MARK: - Random edits

    /// Random moves, indents, outdents, removals, adds and clears on nested ordered and bullet lists
    /// (the QA stress run's layouts): an edit is made or refused as `.invalid`, never left to the
    /// store's check before writing, which reports a storage failure.
    func testRandomStructuralEditsAreMadeOrRefusedAsInvalid() async throws {
        var made = 0
        for seed in UInt64(0)..<60 {
            var random = SplitMix64(seed: seed)
            let (store, storage) = try await makeStore(Self.nestedLists(&random))
            for _ in 0..<40 {
                let todos = await store.list.todos
                guard !todos.isEmpty else { break }
                let todo = todos[random.below(todos.count)]
                let before = storage.text
                let operation = random.below(7)
                do {
                    switch operation {
                    case 0: try await store.move(todo.id, toOpenIndex: random.below(4))
                    case 1, 2: try await store.indent(todo.id)
                    case 3: try await store.outdent(todo.id)
                    case 4: try await store.remove(todo.id)
                    case 5: _ = try await store.add("n", placement: random.chance(50) ? .position(random.below(3)) : .subtask(of: todo.id))
                    default: try await store.toggle(todo.id)
                    }
                    made += 1
                } catch {
                    guard case .invalid = error else {
                        return XCTFail("seed \(seed), operation \(operation): \(error) on '\(todo.title)' in \(before.debugDescription)")
                    }
                    XCTAssertEqual(storage.text, before)
                }
            }
        }
        XCTAssertGreaterThan(made, 800)
    }

    /// Up to three levels of lists, ordered (from 1 or from another number) or bullets, open and done todos.
    private static func nestedLists(_ random: inout SplitMix64) -> String {
        var text = random.chance(30) ? "Intro\n" : ""
        var counter = 0
        func list(_ indent: Int, _ depth: Int, _ random: inout SplitMix64) {
            let ordered = random.chance(60)
            var number = random.chance(80) ? 1 : 3
            for _ in 0..<(1 + random.below(4)) {
                counter += 1
                let marker = ordered ? "\(number)." : "-"
                let status = random.chance(25) ? "x" : " "
                text += String(repeating: " ", count: indent) + "\(marker) [\(status)] t\(counter)\n"
                number += 1
                if depth < 2 && random.chance(35) { list(indent + marker.count + 1, depth + 1, &random) }
            }
        }
        list(0, 0, &random)
        return text
    }
}
