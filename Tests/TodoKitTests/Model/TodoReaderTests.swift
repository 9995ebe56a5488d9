import Foundation
import XCTest
@testable import TodoKit

/// ``TodoList/todos`` is made by ``TodoReader`` straight from the bytes; these tests check it
/// against todos made one by one from the public ``TaskLine``s, as they were made before.
final class TodoReaderTests: XCTestCase {
    /// The todos made from task lines: each todo from its line, its parent's identity, the heading
    /// above it, and subtasks gathered from the parents.
    /// A global filter that is a tag is not one of the todos' tags.
    private func todosFromTaskLines(_ list: TodoList, globalFilter: String?) -> [Todo] {
        let parsed = list.parsed
        let lines = parsed.bytes.withUnsafeBufferPointer { TodoDocument.taskLines(parsed, $0) }
        var sections = SectionLookup(parsed)
        var todos: [Todo] = []
        for line in lines {
            let lineIndex = line.location.line - 1
            let parent = line.parent.map { list.lineIDs[parsed.structure.tasks[$0].line]! }
            var todo = Todo(line, id: list.lineIDs[lineIndex]!, parent: parent, section: sections.heading(above: lineIndex))
            if let globalFilter, globalFilter.hasPrefix("#") { todo.tags.removeAll { "#" + $0 == globalFilter } }
            todos.append(todo)
        }
        for (index, line) in lines.enumerated() {
            if let parent = line.parent { todos[parent].subtasks.append(todos[index].id) }
        }
        return todos
    }

    private func assertSameTodos(_ bytes: [UInt8], statuses: StatusMap = .standard, globalFilter: String? = nil,
                                 _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard (try? TodoDocument.validate(bytes)) != nil else { return }
        let list = try TodoList(utf8: bytes, firstID: 7, statuses: statuses, globalFilter: globalFilter)
        let expected = todosFromTaskLines(list, globalFilter: globalFilter)
        let todos = list.todos
        XCTAssertEqual(todos.count, expected.count, name, file: file, line: line)
        for (made, wanted) in zip(todos, expected) where made != wanted {
            XCTFail("\(name): line \(wanted.line): \(made) != \(wanted)", file: file, line: line)
            return
        }
        // The same list read from a document's parse, and each line's status without the todos.
        let fromDocument = TodoList(try TodoDocument(utf8: bytes), firstID: 7, statuses: statuses, globalFilter: globalFilter)
        let lineCount = list.lineIDs.count
        XCTAssertEqual((1...lineCount + 1).map { fromDocument.status(atLine: $0) }, (1...lineCount + 1).map { list.todo(atLine: $0)?.status },
                       "status(atLine:): \(name)", file: file, line: line)
        XCTAssertEqual(fromDocument.todos, todos, "TodoList(document): \(name)", file: file, line: line)
    }

    func testGeneratedDocumentsGiveTheTodosOfTheirTaskLines() throws {
        for seed in UInt64(0)..<400 {
            try assertSameTodos(DocumentGenerator.document(seed: seed, directives: seed % 3 == 0), "seed \(seed)")
        }
    }

    func testFieldsTitlesStatusesSectionsAndNesting() throws {
        let text = """
        # Home
        - [ ] Pay rent 📅 2026-12-01 due:2026-11-30 #bills #2026 ⏫
          - [x] Find the form ✅ 2026-11-20 ➕ 2026-11-01 ^form-1
          - [-] Old way ❌ 2026-11-02 🔁 every week
        - plain item
          - [ ] under a plain item ⏳ 2026-12-03 🛫 2026-12-02 done:2026-11-11
        ## Work
        1. [/] Review #pr-42 priority:A rec:1w due:tomorrow
        2. [?] Custom mark
        > - [ ] quoted 📅 2026-13-45

        """
        var statuses = StatusMap()
        statuses["?"] = .done
        statuses["/"] = .cancelled
        try assertSameTodos(Array(text.utf8), "sample")
        try assertSameTodos(Array(text.utf8), statuses: statuses, "sample with statuses")
        try assertSameTodos(Array(text.utf8), globalFilter: "#bills", "sample with a global filter")
    }

    func testFixturesAndCorpusGiveTheTodosOfTheirTaskLines() throws {
        let fixtures = SharedMaterial.packageRoot.appendingPathComponent("Fixtures")
        let enumerator = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            try assertSameTodos(Array(try Data(contentsOf: url)), url.lastPathComponent)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
        for url in (try? SharedMaterial.corpusFiles()) ?? [] {
            try assertSameTodos(Array(try Data(contentsOf: url)), url.lastPathComponent)
        }
    }

    func testALargeDocumentIsMadeInPartsWithSubtasksAcrossThem() throws {
        // Enough tasks for several parts; every tenth task has two subtasks, some across a part's edge.
        var text = "# Big\n\n"
        for k in 0..<60_000 {
            if k % 10 == 0 {
                text += "- [ ] parent \(k) due:2026-12-0\(k % 9 + 1)\n"
            } else if k % 10 < 3 {
                text += "  - [x] child \(k) done:2026-11-2\(k % 9)\n"
            } else {
                text += "- [ ] task \(k) #t\(k % 7)\n"
            }
            if k == 30_000 { text += "\n## Half\n\n" }
        }
        try assertSameTodos(Array(text.utf8), "large")
    }
}
