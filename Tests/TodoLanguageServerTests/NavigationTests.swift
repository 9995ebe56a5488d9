import Foundation
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// Completion, hover, document symbols and folding ranges. The session's today is Saturday 2026-11-21.
final class NavigationTests: XCTestCase {
    private let uri = "file:///nonexistent-lsp-test/todo.md"

    private func completion(_ session: ServerSession, line: Int, character: Int, triggeredBy trigger: String? = nil) -> [[String: Any]] {
        var params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
        if let trigger { params["context"] = ["triggerKind": 2, "triggerCharacter": trigger] }
        let result = session.result("textDocument/completion", params) as? [String: Any]
        return result?["items"] as? [[String: Any]] ?? []
    }

    private func newTexts(_ items: [[String: Any]]) -> [String] {
        items.compactMap { ($0["textEdit"] as? [String: Any])?["newText"] as? String }
    }

    func testDatesAfterEachSpellingOfEveryDateKey() {
        let lines = ["- [ ] a due:", "- [ ] a 📅 ", "- [ ] a [due:: ", "- [ ] a scheduled:", "- [ ] a ⏳ ", "- [ ] a [completion:: ",
                     "- [ ] a due:2026"]
        let session = ServerSession()
        session.open(uri, lines.joined(separator: "\n") + "\n")
        for (index, line) in lines.enumerated() {
            let items = completion(session, line: index, character: line.utf16.count)
            XCTAssertEqual(items.compactMap { $0["label"] as? String },
                           ["today", "tomorrow", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                            "next week", "next month"], line)
            // A Dataview field gets its `]` with the date.
            let close = line.contains("::") ? "]" : ""
            XCTAssertEqual(newTexts(items), ["2026-11-21", "2026-11-22", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25",
                                             "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-28", "2026-12-21"].map { $0 + close }, line)
        }
        // Not when the `]` is there already; and no dates on a line that is not a task.
        let more = ServerSession()
        more.open(uri, "- [ ] a [due:: ]\nJust prose due:\n- plain item due:\n")
        XCTAssertEqual(newTexts(completion(more, line: 0, character: 15)).first, "2026-11-21")
        XCTAssertEqual(completion(more, line: 1, character: 15).count, 0)
        XCTAssertEqual(completion(more, line: 2, character: 17).count, 0)
        // What was typed of the date is replaced.
        let typed = completion(session, line: 6, character: lines[6].utf16.count)
        let range = ServerSession.range((typed.first?["textEdit"] as? [String: Any])?["range"])
        XCTAssertEqual(range?.start.1, "- [ ] a due:".utf16.count)
        XCTAssertEqual(range?.end.1, lines[6].utf16.count)
    }

    func testPrioritiesFieldKeysAndTags() {
        let text = "- [ ] a priority:\n- [ ] b [priority:: \n- [ ] c #home/garden x\n- [ ] d #work \n- [ ] e #\nProse \n"
        let session = ServerSession()
        session.open(uri, text)
        XCTAssertEqual(newTexts(completion(session, line: 0, character: 17)), ["highest", "high", "medium", "low", "lowest"])
        XCTAssertEqual(newTexts(completion(session, line: 1, character: 20)), ["highest]", "high]", "medium]", "low]", "lowest]"])
        let keys = newTexts(completion(session, line: 3, character: 14))
        XCTAssertTrue(keys.contains("due:") && keys.contains("📅 ") && keys.contains("⏫") && keys.contains("[due:: "), "\(keys)")
        // Not at every space typed in a title (the space trigger is for a date after `📅 `), but once
        // a key is begun.
        XCTAssertEqual(completion(session, line: 3, character: 14, triggeredBy: " ").count, 0)
        XCTAssertEqual(newTexts(completion(session, line: 0, character: 6, triggeredBy: " ")).count, 0)
        let begun = ServerSession()
        begun.open(uri, "- [ ] a du\n- [ ] a 📅 \n")
        XCTAssertTrue(newTexts(completion(begun, line: 0, character: 10)).contains("due:"))
        XCTAssertEqual(completion(begun, line: 1, character: 11, triggeredBy: " ").first?["label"] as? String, "today")
        XCTAssertEqual(newTexts(completion(session, line: 4, character: 9)), ["#home/garden", "#work"])
        XCTAssertEqual(completion(session, line: 5, character: 6).count, 0, "nothing after a space outside tasks")
        // A `#` that starts a line begins a heading, not a tag.
        let heading = ServerSession()
        heading.open(uri, "- [ ] a #home\n- [ ] #\n#\n")
        XCTAssertEqual(newTexts(completion(heading, line: 1, character: 7)), ["#home"])
        XCTAssertEqual(completion(heading, line: 2, character: 1).count, 0)
    }

    func testHoverOnDatesCheckboxesAndFindings() {
        let text = "- [ ] Pay rent due:2026-11-18 scheduled:2026-11-29\n- [x] Done thing\n"
        let session = ServerSession()
        session.open(uri, text)
        func hover(_ line: Int, _ character: Int) -> String? {
            let result = session.result("textDocument/hover", ["textDocument": ["uri": uri],
                                                               "position": ["line": line, "character": character]]) as? [String: Any]
            return (result?["contents"] as? [String: Any])?["value"] as? String
        }
        XCTAssertEqual(hover(0, 22), "Wednesday, 3 days overdue")
        XCTAssertEqual(hover(0, 45), "Sunday, in 8 days")
        XCTAssertEqual(hover(0, 3), "**Open**\n- scheduled: 2026-11-29 (Sunday, in 8 days)\n- due: 2026-11-18 (Wednesday, 3 days overdue)")
        let finding = hover(1, 3) ?? ""
        XCTAssertTrue(finding.hasPrefix("**Done**"), finding)
        XCTAssertTrue(finding.contains("**TD003 completed-without-date** (warning)")
                      && finding.contains("Without an end date nobody can tell"), finding)
        XCTAssertNil(hover(1, 10))
    }

    func testDocumentSymbolsAndFoldingRanges() {
        let text = "# Home\n\n- [ ] a\n  - [x] a1 done:2026-11-20\n- [x] b done:2026-11-20\n\n## Garden\n\n- [ ] c\n\n# Work\n\nprose\n"
        let session = ServerSession()
        session.open(uri, text)
        let symbols = session.result("textDocument/documentSymbol", ["textDocument": ["uri": uri]]) as? [[String: Any]] ?? []
        func summary(_ symbol: [String: Any]) -> String {
            let children = (symbol["children"] as? [[String: Any]] ?? []).map(summary)
            return "\(symbol["name"]!) (\(symbol["detail"] ?? ""))" + (children.isEmpty ? "" : "[" + children.joined(separator: ", ") + "]")
        }
        XCTAssertEqual(symbols.map(summary), [
            "Home (2 open, 2 completed)[a (open)[a1 (done)], b (done), Garden (1 open, 0 completed)[c (open)]]",
            "Work (0 open, 0 completed)",
        ])
        XCTAssertEqual(ServerSession.range(symbols[0]["range"])?.end.0, 8, "a section ends before the next heading of its level")

        let folds = session.result("textDocument/foldingRange", ["textDocument": ["uri": uri]]) as? [[String: Any]] ?? []
        XCTAssertEqual(folds.map { "\($0["startLine"]!)-\($0["endLine"]!)" }, ["0-8", "6-8", "10-12", "2-3"])
    }
}
