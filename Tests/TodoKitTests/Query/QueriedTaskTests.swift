import XCTest
@testable import TodoKit

/// The tasks a query reads from a file: a large document's are read in parts at the same time, and
/// must be those of one reading, in file order, with the same identities, sections and parents.
final class QueriedTaskTests: XCTestCase {
    /// Generated documents (headings, nesting, block quotes, every kind of field) read in 2, 3 and 7
    /// parts against one part; a document holding several generated ones puts parents, headings and
    /// task numbers far from the cuts too.
    func testTasksReadInPartsAreThoseOfOneReading() throws {
        var compared = 0
        var withParents = 0
        for seed in 0..<40 as Range<UInt64> {
            var bytes: [UInt8] = []
            for k in 0..<4 as Range<UInt64> {
                bytes += Array("\n# Part \(k)\n\n".utf8)
                bytes += DocumentGenerator.document(seed: 90_000 + seed * 4 + k)
            }
            let parsed = try ParsedDocument(utf8: bytes)
            let one = QueriedTask.tasks(in: parsed, path: "todos.md", parts: 1)
            XCTAssertEqual(one.map(\.todo.line), parsed.structure.tasks.map { $0.line + 1 }, "seed \(seed)")
            for parts in [2, 3, 7] where parsed.structure.tasks.count >= parts {
                XCTAssertEqual(QueriedTask.tasks(in: parsed, path: "todos.md", parts: parts), one, "seed \(seed), \(parts) parts")
                compared += 1
            }
            if one.contains(where: { $0.parentLine != nil }) { withParents += 1 }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(withParents, 30)
    }

    /// The tasks are read straight from the bytes (``TodoReader``): they must be those made one by
    /// one from the public ``TaskLine``s, as they were made before, with every kind of field,
    /// status, nesting and heading the generator writes.
    func testTasksAreThoseOfTheirTaskLines() throws {
        var compared = 0
        for seed in 0..<300 as Range<UInt64> {
            let bytes = DocumentGenerator.document(seed: 70_000 + seed)
            guard let parsed = try? ParsedDocument(utf8: bytes) else { continue }
            let lines = parsed.bytes.withUnsafeBufferPointer { TodoDocument.taskLines(parsed, $0) }
            var sections = SectionLookup(parsed)
            let expected = lines.enumerated().map { index, line in
                QueriedTask(path: "todos.md",
                            todo: Todo(line, id: TodoID(rawValue: UInt64(index + 1)), parent: line.parent.map { TodoID(rawValue: UInt64($0 + 1)) },
                                       section: sections.heading(above: line.location.line - 1)),
                            parentLine: line.parent.map { parsed.structure.tasks[$0].line + 1 })
            }
            let tasks = QueriedTask.tasks(in: parsed, path: "todos.md")
            XCTAssertEqual(tasks.count, expected.count, "seed \(seed)")
            for (made, wanted) in zip(tasks, expected) where made != wanted {
                XCTFail("seed \(seed): line \(wanted.todo.line): \(made) != \(wanted)")
                break
            }
            compared += tasks.count
        }
        XCTAssertGreaterThan(compared, 3_000)
    }

    /// A subtask in a later part than its parent names the parent's line, and every todo's
    /// identity is its position among all the tasks.
    func testAParentInAnEarlierPart() throws {
        let text = "# Trip\n\n- [ ] plan\n  - [ ] book\n  - [x] pack\n- [ ] go\n"
        let tasks = QueriedTask.tasks(in: try ParsedDocument(utf8: Array(text.utf8)), path: "t.md", parts: 3)
        XCTAssertEqual(tasks.map(\.todo.title), ["plan", "book", "pack", "go"])
        XCTAssertEqual(tasks.map(\.parentLine), [nil, 3, 3, nil])
        XCTAssertEqual(tasks.map(\.todo.id.rawValue), [1, 2, 3, 4])
        XCTAssertEqual(tasks.map(\.todo.section), ["Trip", "Trip", "Trip", "Trip"])
    }

    /// Given a day, a relative date still written in the file counts as the day it names from it
    /// (as the formatter resolves it); without one, it gives no date.
    func testRelativeDatesCountFromTheDayGiven() throws {
        let parsed = try ParsedDocument(utf8: Array("- [ ] pay due:tomorrow\n- [x] filed done:yesterday\n".utf8))
        let today = try XCTUnwrap(Day("2026-11-29"))
        let resolved = QueriedTask.tasks(in: parsed, path: "t.md", today: today)
        XCTAssertEqual(resolved.map(\.todo.due), [Day("2026-11-30"), nil])
        XCTAssertEqual(resolved.map(\.todo.done), [nil, Day("2026-11-28")])
        XCTAssertEqual(resolved.map(\.todo.title), ["pay", "filed"])
        let unresolved = QueriedTask.tasks(in: parsed, path: "t.md")
        XCTAssertEqual(unresolved.map(\.todo.due), [nil, nil])
        XCTAssertEqual(unresolved.map(\.todo.done), [nil, nil])
    }
}
