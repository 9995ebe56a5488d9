import Foundation
import TestSupport
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// Nothing a client sends stops the server: odd positions, ranges and parameters, random edits;
/// slow requests do not hold up diagnostics; configuration changes reach the server.
final class RobustnessTests: XCTestCase {
    private let uri = "file:///nonexistent-lsp-test/todo.md"

    func testOddPositionsRangesAndParametersAreAnswered() {
        let session = ServerSession()
        session.open(uri, "# A\n\n- [ ] 👍 a due:2026-11-30\n- b\n")
        let positions: [Any] = [["line": -1, "character": 0], ["line": 0, "character": -5], ["line": 99, "character": 3],
                                ["line": 2, "character": 10_000], ["line": 2, "character": 7], ["line": "2", "character": 1],
                                ["line": 1.5, "character": 0], NSNull()]
        for position in positions {
            for method in ["textDocument/hover", "textDocument/completion"] {
                let response = session.request(method, ["textDocument": ["uri": uri], "position": position])
                XCTAssertTrue(response.keys.contains("result") || response.keys.contains("error"), "\(method) \(position)")
            }
            let range: [String: Any] = ["start": position, "end": ["line": 0, "character": 0]]
            let actions = session.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                      "context": ["diagnostics": [] as [Any]]])
            XCTAssertTrue(actions.keys.contains("result") || actions.keys.contains("error"), "codeAction \(position)")
        }
        // A change past the end, a reversed range, a range without an end (skipped, not taken for
        // the whole text) and a change without text.
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": ["line": 50, "character": 0], "end": ["line": 60, "character": 0]], "text": "- [ ] end\n"],
            ["range": ["start": ["line": 2, "character": 9], "end": ["line": 0, "character": 0]], "text": "x"],
            ["range": ["start": ["line": 0, "character": 0]], "text": "everything"],
            ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]]],
        ]])
        _ = session.diagnostics(uri)
        XCTAssertEqual(session.serverText(uri), "# A\n\n- [ ] 👍 xa due:2026-11-30\n- b\n- [ ] end\n", "a reversed range is an insertion at its start")
        XCTAssertTrue(session.request("shutdown", NSNull()).keys.contains("result"))
    }

    /// A request that parsed a document stores its copy back only if that text is still the one
    /// open under its URI: not after the document was closed and opened again (with its own
    /// changes counted from zero again), which once put the old text back under the new one.
    func testASlowRequestsCopyDoesNotComeBackAfterAReopen() {
        let session = ServerSession()
        session.open(uri, "- [x] old\n")
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                  "contentChanges": [["text": "- [x] old text\n"]]])
        // What a request on the worker queue holds while the client closes and reopens the document.
        let copy = session.server.queue.sync { session.server.documents[uri]! }
        session.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        session.open(uri, "- [ ] new\n")
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                  "contentChanges": [["text": "- [ ] new text\n"]]])
        session.server.queue.sync { session.server.keep(copy) }
        XCTAssertEqual(session.serverText(uri), "- [ ] new text\n")
        let symbols = session.result("textDocument/documentSymbol", ["textDocument": ["uri": uri]]) as? [[String: Any]]
        XCTAssertEqual(symbols?.count, 1)
        XCTAssertEqual(symbols?.first?["name"] as? String, "new text")
    }

    /// A code action's range far past the end of the document is answered at once, for the lines
    /// the document has (it once walked every line number up to the range's end).
    func testACodeActionRangeFarPastTheEndIsAnswered() {
        let session = ServerSession()
        session.open(uri, "- [ ] a\n- [x] b\n")
        let range: [String: Any] = ["start": ["line": 1, "character": 0], "end": ["line": Int.max, "character": 0]]
        let actions = session.result("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range,
                                                                  "context": ["diagnostics": [] as [Any]]]) as? [[String: Any]]
        XCTAssertTrue(actions?.contains { ($0["title"] as? String) == "Reopen" } == true, "\(actions ?? [])")
        let beyond: [String: Any] = ["start": ["line": 5, "character": 0], "end": ["line": 9, "character": 0]]
        let none = session.result("textDocument/codeAction", ["textDocument": ["uri": uri], "range": beyond,
                                                               "context": ["diagnostics": [] as [Any], "only": ["quickfix"]]]) as? [Any]
        XCTAssertEqual(none?.count, 0)
    }

    func testRandomEditsKeepTheServersTextEqualToTheClients() throws {
        // A deterministic generator: the same edits on every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let pieces = ["- [ ] ", "- [x] ", "\n", "\r\n", "\r", "👩‍👩‍👧", "e\u{301}", "中文", "due:2026-11-30 ", "#tag ", "  ", "# H\n", "x"]
        for utf8 in [false, true] {
            let session = ServerSession(utf8: utf8, delay: .milliseconds(0))
            var text = "# Start\n\n- [ ] first\n"
            session.open(uri, text)
            for version in 2...120 {
                let lines = Self.lines(of: text)
                func position() -> [String: Int] {
                    let line = next(lines.count)
                    // Characters at character boundaries, counted in the session's units.
                    let characters = Array(lines[line])
                    let prefix = String(characters[0..<next(characters.count + 1)])
                    return ["line": line, "character": utf8 ? prefix.utf8.count : prefix.utf16.count]
                }
                var from = position(), to = position()
                if (from["line"]!, from["character"]!) > (to["line"]!, to["character"]!) { swap(&from, &to) }
                let insert = (0..<next(3)).map { _ in pieces[next(pieces.count)] }.joined()
                let edit: [String: Any] = ["range": ["start": from, "end": to], "newText": insert]
                text = ServerSession.apply([edit], to: text, utf8: utf8)
                session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [
                    ["range": ["start": from, "end": to], "text": insert],
                ]])
                // The line index the server updated in place is the one a fresh scan makes.
                let (updated, fresh) = session.server.queue.sync { () -> ([Int], [Int]) in
                    let document = session.server.documents[uri]!
                    return (document.lineStarts, TextDocument(uri: uri, version: 0,
                                                              text: String(decoding: document.bytes, as: UTF8.self)).lineStarts)
                }
                XCTAssertEqual(updated, fresh, "after edit \(version): \(edit)")
            }
            _ = session.take { ($0["params"] as? [String: Any])?["version"] as? Int == 120 }
            XCTAssertEqual(session.serverText(uri), text, utf8 ? "UTF-8" : "UTF-16")
            // Formatting the result still gives what todofmt prints.
            let edits = session.result("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:] as [String: Any]]) as? [[String: Any]] ?? []
            XCTAssertEqual(ServerSession.apply(edits, to: text, utf8: utf8),
                           try TodoFormatter(options: FormatOptions(today: ServerSession.today)).format(text))
        }
    }

    /// The lines of `text` without their endings, as the protocol counts them (LF, CR LF, CR).
    private static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current: [Unicode.Scalar] = []
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", pending == "\n" { pending = scalars.next() }
                lines.append(String(String.UnicodeScalarView(current)))
                current = []
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(String.UnicodeScalarView(current)))
        return lines
    }

    func testALineFeedAfterALoneCarriageReturnJoinsItsLineBreak() {
        var document = TextDocument(uri: uri, version: 1, text: "a\rb\rc")
        XCTAssertEqual(document.lineStarts, [0, 2, 4])
        document.replace((.init(line: 1, character: 0), .init(line: 1, character: 0)), with: "\n", encoding: .utf16)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "a\r\nb\rc")
        XCTAssertEqual(document.lineStarts, [0, 3, 5], "CR LF is one line break")
        document.replace((.init(line: 0, character: 1), .init(line: 1, character: 0)), with: "", encoding: .utf16)
        XCTAssertEqual(document.lineStarts, [0, 3])
        document.replace((.init(line: 1, character: 1), .init(line: 1, character: 1)), with: "\r\n", encoding: .utf16)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "ab\rc\r\n")
        XCTAssertEqual(document.lineStarts, [0, 3, 6], "a final line break starts an empty last line")
    }

    func testSlowRequestsDoNotHoldUpDiagnostics() {
        let session = ServerSession()
        session.open(uri, "- [ ] a\n")
        // The work queue is held: a code action waits there while a change is linted.
        session.server.workQueue.suspend()
        let id = session.send("textDocument/codeAction", ["textDocument": ["uri": uri],
                                                          "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                                                          "context": ["diagnostics": [] as [Any]]])
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": ["line": 0, "character": 3], "end": ["line": 0, "character": 4]], "text": "x"],
        ]])
        XCTAssertEqual(session.diagnostics(uri).compactMap { $0["code"] as? String }, ["TD003"])
        session.server.workQueue.resume()
        let actions = session.take { $0["id"] as? Int == id }?["result"] as? [[String: Any]]
        XCTAssertEqual(actions?.first?["title"] as? String, "Mark done", "answered for the text it was asked on")
    }

    func testConfigurationFilesAreWatchedAndReadAgainOnSave() throws {
        let temporary = try TemporaryDirectory("lsp")
        defer { temporary.remove() }
        let directory = temporary.url
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent(".todofmt.json")
        try Data(#"{"rules": {"TD003": "off"}}"#.utf8).write(to: config)

        let session = ServerSession(initialize: false)
        _ = session.result("initialize", ["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        session.notify("initialized", [:])
        let registration = session.take { $0["method"] as? String == "client/registerCapability" }
        let watchers = (((registration?["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first?["registerOptions"]
            as? [String: Any])?["watchers"] as? [[String: Any]]
        XCTAssertEqual(watchers?.first?["globPattern"] as? String, "**/.todofmt.json")
        // The client's answer to the registration is taken quietly.
        session.sendRaw(ServerSession.encode(["jsonrpc": "2.0", "id": registration?["id"] ?? 0, "result": NSNull()]))

        let todo = directory.appendingPathComponent("todo.md").absoluteString
        XCTAssertEqual(session.open(todo, "- [x] a\n").count, 0)
        // Saved from the editor (same size, same second: only the notification tells).
        try Data(#"{"rules": {"TD003": "info"}}"#.utf8).write(to: config)
        session.notify("textDocument/didSave", ["textDocument": ["uri": config.absoluteString]])
        XCTAssertEqual(session.diagnostics(todo).map { $0["severity"] as? Int }, [3])
    }
}
