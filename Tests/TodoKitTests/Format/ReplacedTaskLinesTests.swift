import Foundation
import XCTest
@testable import TodoKit

/// A model edit that rewrites task lines (tick, retitle, set fields) reads the new document from the
/// old parse (``ParsedDocument/replacingTaskLines(_:)``) instead of parsing it again. Wherever it
/// does, the result must be what parsing the new bytes gives; where a line may read otherwise, it
/// must decline.
final class ReplacedTaskLinesTests: XCTestCase {
    private static let today = Day(year: 2026, month: 11, day: 29)!

    /// Replaces the lines of `tasks` in `doc` with what `change` makes of each; returns the parse read
    /// from the old one (nil when it declined) and the parse of the new bytes.
    private func replaced(_ doc: ParsedDocument, tasks: [Int], _ change: (Int) -> TaskLineEditor.Change?) throws
        -> (derived: ParsedDocument?, parsed: ParsedDocument)? {
        var lines = EditableLines(doc, ids: [TodoID?](repeating: nil, count: doc.lines.count))
        var replacements: [(task: Int, content: [UInt8])] = []
        for task in tasks {
            guard let change = change(task),
                  let content = try? TaskLineEditor.edit(doc, task: task, change, today: Self.today, defaultStyle: .plain)
            else { continue }
            lines[content: doc.structure.tasks[task].line] = content
            replacements.append((task, content))
        }
        guard !replacements.isEmpty else { return nil }
        // The new bytes as the model writes them otherwise, line by line.
        let bytes = lines.bytes
        return (doc.replacingTaskLines(replacements), ParsedDocument(validated: bytes, like: doc))
    }

    /// Asserts that a derived parse is the parse of its bytes; returns whether there was one.
    @discardableResult
    private func check(_ result: (derived: ParsedDocument?, parsed: ParsedDocument)?, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let result, let derived = result.derived else { return false }
        XCTAssertEqual(derived.summary, result.parsed.summary, label, file: file, line: line)
        XCTAssertTrue(derived.structure == result.parsed.structure, "structure: \(label)", file: file, line: line)
        return true
    }

    /// Each task of a document ticked, reopened, retitled and given a due date, one at a time and
    /// all at once.
    private func checkEveryTask(_ bytes: [UInt8], _ label: String, globalFilter: String? = nil) throws -> (derived: Int, declined: Int) {
        let doc = ParsedDocument(validated: bytes, globalFilter: globalFilter)
        let tasks = Array(doc.structure.tasks.indices)
        var counts = (derived: 0, declined: 0)
        func count(_ result: (derived: ParsedDocument?, parsed: ParsedDocument)?, _ what: String) {
            guard result != nil else { return }
            if check(result, "\(label): \(what)") { counts.derived += 1 } else { counts.declined += 1 }
        }
        let changes: [(String, (Int) -> TaskLineEditor.Change?)] = [
            ("toggle", { task in
                doc.bytes.withUnsafeBufferPointer { TaskLineEditor.Change(status: doc.status(ofTask: task, $0).0.isCompleted ? .open : .done) }
            }),
            ("cancel", { _ in TaskLineEditor.Change(status: .cancelled) }),
            ("retitle", { task in TaskLineEditor.Change(title: "renamed \(task) with #tag") }),
            ("due", { _ in TaskLineEditor.Change(fields: [.due: .day(Day(year: 2027, month: 1, day: 2)!)]) }),
            ("no fields", { _ in TaskLineEditor.Change(fields: [.due: Field.Value?.none, .done: Field.Value?.none, .created: Field.Value?.none]) }),
        ]
        for (name, change) in changes {
            for task in tasks.prefix(200) { count(try replaced(doc, tasks: [task], change), "\(name) task \(task)") }
            count(try replaced(doc, tasks: tasks.reversed(), change), "\(name) every task")
        }
        return counts
    }

    func testFixturesAndCorpus() throws {
        var urls = try FileManager.default.contentsOfDirectory(at: GoldenFixtureTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".input.md") }
        if let corpus = try? SharedMaterial.corpusFiles() { urls += corpus }
        var total = (derived: 0, declined: 0)
        for url in urls {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard (try? TodoDocument.validatedLines(bytes)) != nil else { continue }
            let counts = try checkEveryTask(bytes, url.lastPathComponent)
            total = (total.derived + counts.derived, total.declined + counts.declined)
        }
        // Most edits are read from the old parse; some decline (Obsidian comments, setext headings).
        print("replaced task lines: \(total.derived) read from the old parse, \(total.declined) parsed")
        XCTAssertGreaterThan(total.derived, 1_000)
        XCTAssertGreaterThan(total.derived, total.declined)
    }

    func testGeneratedDocuments() throws {
        var derived = 0
        for seed in 0..<120 as Range<UInt64> {
            let bytes = DocumentGenerator.document(seed: 70_000 + seed, directives: seed % 3 == 0)
            derived += try checkEveryTask(bytes, "seed \(seed)").derived
        }
        XCTAssertGreaterThan(derived, 1_000)
    }

    func testGlobalFilter() throws {
        let bytes = Array("- [ ] buy milk #task\n- [ ] a note\n  - [ ] call #task due:2026-12-01\n- [x] done #task\n".utf8)
        let counts = try checkEveryTask(bytes, "global filter", globalFilter: "#task")
        XCTAssertGreaterThan(counts.derived, 0)
        // A new title without the filter would leave a checklist item that is no task.
        let doc = ParsedDocument(validated: bytes, globalFilter: "#task")
        let result = try XCTUnwrap(try replaced(doc, tasks: [0]) { _ in TaskLineEditor.Change(title: "no filter") })
        XCTAssertNil(result.derived)
    }

    /// The model's edits (without the sink): the list they make reads as its bytes do, with every
    /// todo on its line under the identity it had.
    func testModelEditsKeepIdentities() throws {
        let editor = TodoListEditor(today: Self.today, fieldStyle: .plain, sinkNow: false)
        for seed in 0..<40 as Range<UInt64> {
            let list = try TodoList(utf8: DocumentGenerator.document(seed: 80_000 + seed))
            for todo in list.todos.prefix(12) {
                for operation in [TodoOperation.toggle([todo.id]), .edit(todo.id, TaskLineEditor.Change(title: "new title \(seed)"))] {
                    guard let after = try? editor.apply(operation, to: list) else { continue }
                    let parsed = ParsedDocument(validated: after.utf8)
                    XCTAssertEqual(after.parsed.summary, parsed.summary, "seed \(seed) \(operation)")
                    XCTAssertTrue(after.parsed.structure == parsed.structure, "seed \(seed) \(operation)")
                    let again = TodoList(parsed: parsed, lineIDs: after.lineIDs, nextID: after.nextID)
                    XCTAssertEqual(after.todos.map { "\($0.id) \($0.line) \($0.title) \($0.status)" },
                                   again.todos.map { "\($0.id) \($0.line) \($0.title) \($0.status)" }, "seed \(seed) \(operation)")
                    XCTAssertEqual(after[todo.id]?.line, todo.line)
                }
            }
        }
    }

    /// Edits after which a line may read otherwise: the bytes are parsed instead.
    func testDeclines() throws {
        let cases: [(String, (Int) -> TaskLineEditor.Change?)] = [
            // `%%` anywhere in the document: comment lines depend on what every line holds.
            ("A note %% with a comment %%\n\n- [ ] one\n- [ ] two\n", { _ in TaskLineEditor.Change(status: .done) }),
            // `%%` in a new title (one opening a comment is refused before).
            ("- [ ] one\n- [ ] two\n", { _ in TaskLineEditor.Change(title: "a %% hidden %% comment") }),
            // The first line of a setext heading: the heading's text is the line's.
            ("- [ ] heading\n  ===\n", { _ in TaskLineEditor.Change(status: .done) }),
            // A checkbox followed by blanks only opens no paragraph; with a title it would.
            ("- [ ]  \n- [ ] two\n", { task in task == 0 ? TaskLineEditor.Change(title: "a title") : nil }),
        ]
        for (text, change) in cases {
            let doc = ParsedDocument(validated: Array(text.utf8))
            let result = try XCTUnwrap(try replaced(doc, tasks: Array(doc.structure.tasks.indices), change), text)
            XCTAssertNil(result.derived, text)
        }
    }

    /// Checkboxes of other lengths, CRLF endings, a byte-order mark and front matter, nested and
    /// quoted items, an ordered list, directives after the line: the offsets after it all move.
    func testOffsetsMove() throws {
        let text = "\u{FEFF}---\ntitle: x\n---\r\n# Todos\r\n\r\n1. [✓] first ✅ 2026-11-20\r\n   - [ ] nested\r\n2. [/] second\r\n"
            + "> - [ ] quoted\r\n\r\n<!-- todofmt-ignore -->\r\n- [ ] frozen\r\n\r\nSetext\r\n---\r\n- [-] last"
        var derived = 0
        let doc = ParsedDocument(validated: Array(text.utf8))
        XCTAssertEqual(doc.structure.tasks.count, 6)
        for task in doc.structure.tasks.indices {
            for status in [TaskStatus.open, .done, .cancelled, .inProgress] {
                if check(try replaced(doc, tasks: [task]) { _ in TaskLineEditor.Change(status: status) }, "task \(task) \(status)") { derived += 1 }
            }
        }
        XCTAssertTrue(check(try replaced(doc, tasks: [5, 0, 2]) { _ in TaskLineEditor.Change(title: "longer title than before") }, "three"))
        XCTAssertEqual(derived, 24)
    }

    /// A task whose line ends inside a code span a later line closes (QA session 27, finding 2): a
    /// tick changes its mark only (a date at the end of the line would be code), a retitle is refused,
    /// and the parse read from the old one is that of the new bytes (a backtick there declines it).
    func testATaskEndingInsideAContinuedCodeSpanGetsItsMarkOnly() throws {
        let doc = ParsedDocument(validated: Array("- [ ] run `make\n  test` first\n- [ ] plain\n".utf8))
        XCTAssertEqual(doc.structure.tasks[0].continuedSpan, 10)
        let ticked = try TaskLineEditor.edit(doc, task: 0, TaskLineEditor.Change(status: .done), today: Self.today, defaultStyle: .plain)
        XCTAssertEqual(String(decoding: ticked, as: UTF8.self), "- [x] run `make")
        XCTAssertThrowsError(try TaskLineEditor.edit(doc, task: 0, TaskLineEditor.Change(title: "run"), today: Self.today, defaultStyle: .plain))
        XCTAssertNil(try replaced(doc, tasks: [0]) { _ in TaskLineEditor.Change(status: .done) }?.derived)
        check(try replaced(doc, tasks: [1]) { _ in TaskLineEditor.Change(status: .done) }, "the other task")
    }
}
