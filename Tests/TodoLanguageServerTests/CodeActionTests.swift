import Foundation
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// Code actions: quick fixes, the model's status changes, Convert to task, source.fixAll.todofmt.
final class CodeActionTests: XCTestCase {
    private let uri = "file:///nonexistent-lsp-test/todo.md"

    private func actions(_ session: ServerSession, lines: ClosedRange<Int>, only: [String]? = nil,
                         endCharacter: Int = 0) -> [[String: Any]] {
        var context: [String: Any] = ["diagnostics": [] as [Any]]
        if let only { context["only"] = only }
        return session.result("textDocument/codeAction", [
            "textDocument": ["uri": uri],
            "range": ["start": ["line": lines.lowerBound, "character": 0], "end": ["line": lines.upperBound, "character": endCharacter]],
            "context": context,
        ]) as? [[String: Any]] ?? []
    }

    private func edits(_ action: [String: Any]?) -> [[String: Any]] {
        ((action?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
    }

    private func action(_ actions: [[String: Any]], titled prefix: String) -> [String: Any]? {
        actions.first { ($0["title"] as? String ?? "").hasPrefix(prefix) }
    }

    func testMarkDoneIsTheModelsToggleStampedAndSunk() async throws {
        let text = "# Trip\n\n- [ ] Pack due:2026-11-30\n  - [ ] Find passport\n- [ ] Book taxi\n- [x] Call mum done:2026-11-20\n"
        let session = ServerSession()
        session.open(uri, text)
        let all = actions(session, lines: 2...2, endCharacter: 3)
        XCTAssertEqual(all.compactMap { $0["title"] as? String }, ["Mark done", "Mark cancelled", "Start"],
                       "no Reopen for an open task; no fixes on a canonical line")
        let markDone = action(all, titled: "Mark done")
        XCTAssertEqual(markDone?["kind"] as? String, "refactor.rewrite")
        let applied = ServerSession.apply(edits(markDone), to: text)

        // The same as the model: TodoStore.setStatus over the same text.
        let storage = MemoryTodoStorage(text)
        let store = TodoStore(storage: storage, options: TodoStore.Options(today: { ServerSession.today }))
        let list = try await store.load()
        try await store.setStatus(.done, of: list.todos[0].id)
        XCTAssertEqual(applied, storage.text)
        XCTAssertEqual(applied, "# Trip\n\n- [ ] Book taxi\n- [x] Pack due:2026-11-30 done:2026-11-21\n  - [ ] Find passport\n"
                       + "- [x] Call mum done:2026-11-20\n")
        XCTAssertEqual(edits(markDone).count, 1, "one region: from the task to where it sinks")
    }

    func testStatusActionsOnASelectionAndReopen() throws {
        let text = "- [ ] a\n- [/] b\n- [x] c done:2026-11-20\n"
        let session = ServerSession()
        session.open(uri, text)
        let selected = actions(session, lines: 0...2, endCharacter: 1)
        XCTAssertEqual(selected.compactMap { $0["title"] as? String },
                       ["Mark done (2 tasks)", "Mark cancelled (3 tasks)", "Reopen (2 tasks)", "Start (2 tasks)"])
        XCTAssertEqual(ServerSession.apply(edits(action(selected, titled: "Reopen")), to: text), "- [ ] a\n- [ ] b\n- [ ] c\n")
        XCTAssertEqual(ServerSession.apply(edits(action(selected, titled: "Mark done")), to: text),
                       "- [x] a done:2026-11-21\n- [x] b done:2026-11-21\n- [x] c done:2026-11-20\n",
                       "edited together, then sunk once (as the model toggles several todos)")
        // A range that ends at the start of a line does not take that line.
        XCTAssertEqual(actions(session, lines: 0...1).compactMap { $0["title"] as? String }, ["Mark done", "Mark cancelled", "Start"])
    }

    func testQuickFixesAreLinkedToTheirDiagnostics() {
        let text = "- [ ] Book taxi done:2026-11-01\n- [X]  Pay rent\n"
        let session = ServerSession()
        let diagnostics = session.open(uri, text)
        XCTAssertEqual(diagnostics.compactMap { $0["code"] as? String }, ["TD002", "TD003", "TD008", "TD008"])
        let fixes = actions(session, lines: 0...1, only: ["quickfix"], endCharacter: 5)
        // The two TD008 of one checkbox (its `X` and the second space) have one fix: one action lists both.
        XCTAssertEqual(fixes.compactMap { $0["title"] as? String },
                       ["Remove the end date (TD002)", "Stamp the end date (TD003)", "Write the checkbox canonically (TD008)"])
        let both = (fixes.last?["diagnostics"] as? [[String: Any]]) ?? []
        XCTAssertEqual(both.compactMap { $0["code"] as? String }, ["TD008", "TD008"])
        XCTAssertEqual(Set(both.compactMap { ServerSession.range($0["range"])?.start.1 }).count, 2)
        XCTAssertEqual(ServerSession.apply(edits(fixes[2]), to: text), "- [ ] Book taxi done:2026-11-01\n- [x] Pay rent done:2026-11-21\n")
        for (fix, diagnostic) in zip(fixes, diagnostics) {
            XCTAssertEqual(fix["kind"] as? String, "quickfix")
            XCTAssertEqual(fix["isPreferred"] as? Bool, true)
            let linked = (fix["diagnostics"] as? [[String: Any]])?.first
            XCTAssertEqual(linked?["code"] as? String, diagnostic["code"] as? String)
            XCTAssertEqual(ServerSession.range(linked?["range"])?.start.1, ServerSession.range(diagnostic["range"])?.start.1)
        }
        XCTAssertEqual(ServerSession.apply(edits(fixes[0]), to: text), "- [ ] Book taxi\n- [X]  Pay rent\n")
        XCTAssertEqual(ServerSession.apply(edits(fixes[1]), to: text), "- [ ] Book taxi done:2026-11-01\n- [x] Pay rent done:2026-11-21\n")
        XCTAssertEqual(actions(session, lines: 0...0, only: ["quickfix"], endCharacter: 5).count, 1, "only the range's fixes")
    }

    func testFixAllFormatsAndConvertToTask() throws {
        let text = "- [x] a\n- [ ] b\n- plain item\n-\n"
        let session = ServerSession()
        session.open(uri, text)
        let fixAll = actions(session, lines: 0...0, only: ["source.fixAll"])
        XCTAssertEqual(fixAll.compactMap { $0["kind"] as? String }, ["source.fixAll.todofmt"])
        XCTAssertEqual(ServerSession.apply(edits(fixAll.first), to: text),
                       try TodoFormatter(options: FormatOptions(today: ServerSession.today)).format(text))

        let convert = actions(session, lines: 2...3, only: ["refactor"], endCharacter: 1)
        XCTAssertEqual(convert.compactMap { $0["title"] as? String }, ["Convert to tasks (2 items)"])
        XCTAssertEqual(ServerSession.apply(edits(convert.first), to: text), "- [x] a\n- [ ] b\n- [ ] plain item\n- [ ]\n")
        XCTAssertTrue(actions(session, lines: 0...0, only: ["refactor"], endCharacter: 1)
            .allSatisfy { !($0["title"] as? String ?? "").hasPrefix("Convert") }, "a task is not converted")
    }
}
