import Foundation
import TestSupport
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// Diagnostics, formatting and document sync, in-process.
final class DocumentTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private var directory: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryDirectory("lsp")
        // The walk for .todofmt.json stops at a repository root.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        temporary.remove()
    }

    private func uri(_ name: String) -> String { directory.appendingPathComponent(name).absoluteString }

    private func codes(_ diagnostics: [[String: Any]]) -> [String] { diagnostics.compactMap { $0["code"] as? String } }

    private func formatted(_ text: String, _ options: FormatOptions = FormatOptions(today: ServerSession.today)) throws -> String {
        try TodoFormatter(options: options).format(text)
    }

    func testDiagnosticsLinkToTheirRuleWhenTheRulesPageIsGiven() {
        let page = "https://example.org/todofmt/docs/LINT.md"
        let session = ServerSession(rulesDocumentation: page)
        let diagnostics = session.open(uri("todo.md"), "- [ ] Book taxi due:2026-02-30\n")
        XCTAssertEqual(codes(diagnostics), ["TD001"])
        XCTAssertEqual((diagnostics.first?["codeDescription"] as? [String: Any])?["href"] as? String, page + "#td001")
    }

    func testDiagnosticsOnOpenAndChangeAndClearedOnClose() {
        let session = ServerSession()
        let uri = uri("todo.md")
        let diagnostics = session.open(uri, "# Home\n\n- [x] Pay rent\n- [ ] Book taxi due:2026-02-30\n")
        XCTAssertEqual(codes(diagnostics), ["TD003", "TD004", "TD001"], "TD000 is off unless configured")
        let invalid = diagnostics[2]
        XCTAssertEqual(invalid["severity"] as? Int, 1)
        XCTAssertEqual(invalid["source"] as? String, "todofmt")
        XCTAssertTrue((invalid["message"] as? String ?? "").hasSuffix("(invalid-date)"), "\(invalid)")
        XCTAssertEqual((invalid["data"] as? [String: Any])?["rule"] as? String, "invalid-date")
        XCTAssertNil(invalid["codeDescription"], "no link unless the rules' page is given")
        let range = ServerSession.range(invalid["range"])
        XCTAssertEqual(range?.start.0, 3)
        XCTAssertEqual(range?.start.1, 16)
        XCTAssertEqual(range?.end.1, 30, "the whole field")
        XCTAssertEqual(diagnostics[0]["severity"] as? Int, 2)

        // Stamping the done date and fixing the due date leaves only TD004.
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": ["line": 2, "character": 14], "end": ["line": 2, "character": 14]], "text": " done:2026-11-20"],
            ["range": ["start": ["line": 3, "character": 28], "end": ["line": 3, "character": 30]], "text": "28"],
        ]])
        XCTAssertEqual(codes(session.diagnostics(uri)), ["TD004"])
        XCTAssertEqual(session.serverText(uri), "# Home\n\n- [x] Pay rent done:2026-11-20\n- [ ] Book taxi due:2026-02-28\n")

        session.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        XCTAssertEqual(codes(session.diagnostics(uri)), [])
        XCTAssertNil(session.serverText(uri))
    }

    func testEveryRuleHasTheAnchorItsDiagnosticsLinkTo() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/LINT.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for rule in LintRule.all {
            XCTAssertTrue(text.contains("<a id=\"\(rule.code.lowercased())\"></a>**\(rule.code) "),
                          "docs/LINT.md has no anchor for \(rule.code) in 'Why each rule exists'")
        }
    }

    func testDiagnosticsAreDebounced() {
        let session = ServerSession(delay: .milliseconds(200))
        let uri = uri("todo.md")
        session.open(uri, "- [ ] a\n")
        for (version, mark) in ["x", " ", "x"].enumerated() {
            session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version + 2], "contentChanges": [
                ["range": ["start": ["line": 0, "character": 3], "end": ["line": 0, "character": 4]], "text": mark],
            ]])
        }
        let first = session.take { $0["method"] as? String == "textDocument/publishDiagnostics" }
        XCTAssertEqual((first?["params"] as? [String: Any])?["version"] as? Int, 4, "one publication, for the last change")
        XCTAssertNil(session.take(timeout: 0.5) { $0["method"] as? String == "textDocument/publishDiagnostics" })
    }

    func testConfigurationAppliesAndIsReadAgainWhenItChanges() throws {
        let config = directory.appendingPathComponent(".todofmt.json")
        try Data(#"{"rules": {"TD000": "error", "TD003": "error"}}"#.utf8).write(to: config)
        let session = ServerSession()
        let uri = uri("todo.md")
        let diagnostics = session.open(uri, "- [x] Pay rent\n")
        XCTAssertEqual(codes(diagnostics), ["TD000", "TD003"])
        XCTAssertEqual(diagnostics.map { $0["severity"] as? Int }, [1, 1])

        try Data(#"{"rules": {"TD003": "off"}}"#.utf8).write(to: config)
        session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": config.absoluteString, "type": 2]]])
        XCTAssertEqual(codes(session.diagnostics(uri)), [])

        // Without a notification, the changed time stamp is noticed at the next change.
        try Data(#"{"rules": {"TD003": "info", "fieldStyle": "emoji"}}"#.utf8).write(to: config)
        let future = timespec(tv_sec: time(nil) + 100, tv_nsec: 0)
        var times = [future, future]
        XCTAssertEqual(utimensat(AT_FDCWD, config.path, &times, 0), 0)
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": ["line": 0, "character": 14], "end": ["line": 0, "character": 14]], "text": " "],
        ]])
        let broken = session.take { $0["method"] as? String == "window/showMessage" }
        XCTAssertTrue(((broken?["params"] as? [String: Any])?["message"] as? String ?? "").contains("unknown rule 'fieldStyle'"),
                      "\(String(describing: broken))")
        XCTAssertEqual(codes(session.diagnostics(uri)), ["TD003"], "the defaults apply while the file is broken")
    }

    func testFormattingEditsGiveWhatTodofmtPrints() throws {
        let session = ServerSession()
        let text = "# Home\n\n- [x] Pay rent\n- [X]  Pack   due:2026-12-01 ⏫\n- [ ] Book taxi\n\nSome prose stays.\n\n- [x] b\n- [ ] c"
        let uri = uri("todo.md")
        session.open(uri, text)
        let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]]) as? [[String: Any]] ?? []
        XCTAssertEqual(ServerSession.apply(edits, to: text), try formatted(text))
        XCTAssertEqual(edits.count, 2, "one edit per changed region: \(edits)")
        XCTAssertEqual(ServerSession.range(edits[0]["range"])?.start.0, 2, "unchanged lines are not touched")

        // With a configuration: emoji fields.
        try Data(#"{"fieldStyle": "emoji", "sinkCompleted": false}"#.utf8).write(to: directory.appendingPathComponent(".todofmt.json"))
        session.notify("workspace/didChangeWatchedFiles", ["changes": [] as [Any]])
        _ = session.diagnostics(uri)
        let emoji = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]] ?? []
        XCTAssertEqual(ServerSession.apply(emoji, to: text),
                       try formatted(text, FormatOptions(fieldStyle: .emoji, sinkCompleted: false, today: ServerSession.today)))

        // A canonical document needs no edits.
        let canonical = try formatted(text)
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": canonical]]])
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".todofmt.json"))
        session.notify("workspace/didChangeWatchedFiles", ["changes": [] as [Any]])
        let none = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]]
        XCTAssertEqual(none?.count, 0)
    }

    func testCustomStatusesAndGlobalFilterOfTheConfiguration() throws {
        try Data(##"{"statuses": {">": "cancelled"}, "globalFilter": "#task"}"##.utf8)
            .write(to: directory.appendingPathComponent(".todofmt.json"))
        let session = ServerSession()
        let uri = uri("todo.md")
        session.open(uri, "- [>] Deferred #task\n- [ ] Plain item\n- [ ] Open #task\n")
        let hover = session.result("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 3]]) as? [String: Any]
        let value = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(value.hasPrefix("**Cancelled ('>', mapped in .todofmt.json)**"), value)
        func actions(line: Int) -> [String] {
            let range: [String: Any] = ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]]
            let result = session.result("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                     "context": ["diagnostics": [] as [Any]]]) as? [[String: Any]]
            return (result ?? []).compactMap { $0["title"] as? String }
        }
        XCTAssertTrue(actions(line: 2).contains("Mark done"), "\(actions(line: 2))")
        XCTAssertFalse(actions(line: 1).contains("Mark done"), "an item without the global filter is no task: \(actions(line: 1))")
        // A custom mark mapped to cancelled is cancelled already: no Mark cancelled, but Reopen.
        let statusTitles: Set = ["Mark done", "Mark cancelled", "Reopen", "Start"]
        XCTAssertEqual(actions(line: 0).filter(statusTitles.contains), ["Mark done", "Reopen", "Start"])
    }

    /// A completion at a position past the line's end replaces up to the line's end, never beyond.
    func testCompletionPastTheLineEndIsClamped() throws {
        let session = ServerSession()
        let uri = uri("todo.md")
        session.open(uri, "- [ ] task due:\n")
        let result = session.result("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 99]])
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? result as? [[String: Any]] ?? []
        XCTAssertFalse(items.isEmpty)
        for item in items {
            let range = ServerSession.range((item["textEdit"] as? [String: Any])?["range"])
            XCTAssertEqual(range?.end.1, 15, "\(item)")
        }
    }

    /// Half of a surrogate pair in a change (an editor's document can hold one) reads as U+FFFD:
    /// the change is applied, and the document stays in step with the editor's.
    func testALoneSurrogateInAChangeIsReadAsAReplacementCharacter() throws {
        let session = ServerSession()
        let uri = uri("todo.md")
        session.open(uri, "- [ ] a\n")
        session.sendRaw(Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"- [x] b \ud83d\n"}]}}"#.utf8))
        // Formatting stamps the ticked task of the changed text.
        let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]]
        XCTAssertEqual(ServerSession.apply(edits ?? [], to: "- [x] b \u{FFFD}\n"), try formatted("- [x] b \u{FFFD}\n"))
        XCTAssertNotEqual(edits?.count ?? 0, 0)
    }

    func testFormattingThatIsRefusedSendsNoEditsAndAMessage() {
        let session = ServerSession()
        let uri = uri("todo.md")
        session.open(uri, "- [x] a\u{0}b\n- [ ] c\n")
        // Code actions, which editors ask for at every move of the cursor, say nothing.
        let actions = session.result("textDocument/codeAction", ["textDocument": ["uri": uri],
                                                                 "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]],
                                                                 "context": ["diagnostics": [] as [Any]]]) as? [[String: Any]]
        XCTAssertEqual(actions?.compactMap { $0["title"] as? String }, [])
        XCTAssertNil(session.take(timeout: 0.2) { $0["method"] as? String == "window/showMessage" })
        let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]]
        XCTAssertEqual(edits?.count, 0)
        let message = session.take { $0["method"] as? String == "window/showMessage" }
        let text = (message?["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(text.contains("not formatted") && text.contains("NUL"), text)
    }

    func testPositionsAroundEmojiAndCombiningMarksInBothEncodings() throws {
        // 👩‍👩‍👧 is 5 scalars (8 UTF-16 units, 18 bytes); é written as e + U+0301 (2 units, 3 bytes); 中 (1 unit, 3 bytes).
        let line = "- [ ] 👩‍👩‍👧 cafe\u{301} 中 due:2026-02-30 x"
        let prefix = String(line[..<line.range(of: "due:")!.lowerBound])
        for utf8 in [false, true] {
            let session = ServerSession(utf8: utf8)
            let uri = uri("todo.md")
            let diagnostics = session.open(uri, line + "\n")
            let range = ServerSession.range(diagnostics.first { $0["code"] as? String == "TD001" }?["range"])
            let expected = utf8 ? prefix.utf8.count : prefix.utf16.count
            XCTAssertEqual(range?.start.1, expected, utf8 ? "UTF-8" : "UTF-16")
            XCTAssertEqual(range?.end.1, expected + 14)

            // An edit right after the emoji, given in the session's units, lands there.
            let afterEmoji = "- [ ] 👩‍👩‍👧"
            let at = utf8 ? afterEmoji.utf8.count : afterEmoji.utf16.count
            session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
                ["range": ["start": ["line": 0, "character": at], "end": ["line": 0, "character": at]], "text": "!"],
            ]])
            _ = session.diagnostics(uri)
            XCTAssertEqual(session.serverText(uri), afterEmoji + "!" + String(line.dropFirst(afterEmoji.count)) + "\n")
            // Hover on the date reports it wherever the units put it.
            let hover = session.result("textDocument/hover", ["textDocument": ["uri": uri],
                                                              "position": ["line": 0, "character": expected + 1 + 6]]) as? [String: Any]
            XCTAssertNotNil(hover, "hover inside the invalid field's finding")
        }
    }

    func testAByteOrderMarkCountsAsACharacterOfTheFirstLine() throws {
        let session = ServerSession()
        let uri = uri("todo.md")
        let text = "\u{FEFF}- [ ] a due:2026-02-30\n- plain\n"
        let diagnostics = session.open(uri, text)
        XCTAssertEqual(ServerSession.range(diagnostics.first?["range"])?.start.1, 1 + 8, "after the mark (one UTF-16 unit)")
        let hover = session.result("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 4]]) as? [String: Any]
        XCTAssertEqual(ServerSession.range(hover?["range"])?.start.1, 3, "the checkbox")
        let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]] ?? []
        XCTAssertEqual(ServerSession.apply(edits, to: text), try formatted(text))
    }

    func testIncrementalChangesThatJoinAndSplitLinesInCRLFDocuments() throws {
        let session = ServerSession()
        let uri = uri("todo.md")
        var text = "# Home\r\n\r\n- [ ] a\r\n- [x] b\r\n- [ ] c\r\n"
        session.open(uri, text)
        let changes: [(Int, Int, Int, Int, String)] = [
            (2, 7, 3, 0, ""),              // join "- [ ] a" with "- [x] b" (the CR LF goes)
            (2, 7, 2, 7, "\r\n- [ ] new"), // split it again, with a new line
            (0, 6, 1, 0, " & away\r\n"),   // change across a line break
            (5, 7, 5, 7, "\r\n"),          // a line break at the end
        ]
        for (version, change) in changes.enumerated() {
            session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version + 2], "contentChanges": [
                ["range": ["start": ["line": change.0, "character": change.1], "end": ["line": change.2, "character": change.3]],
                 "text": change.4],
            ]])
            text = ServerSession.apply([["range": ["start": ["line": change.0, "character": change.1],
                                                   "end": ["line": change.2, "character": change.3]], "newText": change.4]], to: text)
        }
        _ = session.diagnostics(uri)
        XCTAssertEqual(session.serverText(uri), text)
        XCTAssertEqual(text, "# Home & away\r\n\r\n- [ ] a\r\n- [ ] new- [x] b\r\n- [ ] c\r\n\r\n")
        let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]] ?? []
        XCTAssertEqual(ServerSession.apply(edits, to: text), try formatted(text))
    }

    func testOnlyMarkdownDocumentsAreServed() {
        let session = ServerSession()
        session.notify("textDocument/didOpen", ["textDocument": ["uri": uri("main.swift"), "languageId": "swift", "version": 1, "text": "- [x] a\n"]])
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri("main.swift")]])
        XCTAssertEqual((symbols["error"] as? [String: Any])?["code"] as? Int, -32602)
        session.notify("textDocument/didOpen", ["textDocument": ["uri": uri("notes.md"), "languageId": "plaintext", "version": 1, "text": "- [x] a\n"]])
        XCTAssertEqual(codes(session.diagnostics(uri("notes.md"))), ["TD003"], "a .md file whatever the client calls it")
    }
}
