import Foundation
import XCTest

/// `todofmt lsp` as a real process over pipes.
final class LanguageServerCommandTests: XCTestCase {
    private func initialize(_ server: LanguageServerProcess) {
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                                   "params": ["capabilities": [:] as [String: Any]]]))
        XCTAssertNotNil(server.next { $0["id"] as? Int == 1 && $0["result"] != nil })
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]]))
    }

    func testMessagesSplitAcrossReadsAndJoinedInOneRead() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerProcess(["--today", "2026-11-21"], in: sandbox.url)
        // The initialize request one byte at a time, a pause in the middle of the header and the body.
        let initialize = LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                                       "params": ["capabilities": [:] as [String: Any]]])
        for (index, byte) in initialize.enumerated() {
            server.write([byte])
            if index == 7 || index == initialize.count - 5 { usleep(50_000) }
        }
        let response = server.next()
        XCTAssertEqual(response?["id"] as? Int, 1)
        XCTAssertEqual(((response?["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-16")

        // initialized, didOpen and a formatting request in one write.
        let uri = sandbox.url.appendingPathComponent("todo.md").absoluteString
        let text = "- [x] Pay rent\n- [ ] Book taxi 📅 2026-11-23\n"
        server.write(
            LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]])
            + LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
                "textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]]])
            + LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 2, "method": "textDocument/formatting", "params": [
                "textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]]]))
        let formatting = server.next { $0["id"] as? Int == 2 }
        let edits = formatting?["result"] as? [[String: Any]]
        XCTAssertEqual(edits?.first?["newText"] as? String, "- [ ] Book taxi due:2026-11-23\n- [x] Pay rent done:2026-11-21\n",
                       "formatted as todofmt --today 2026-11-21 formats it")
        let diagnostics = server.next { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let codes = ((diagnostics?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["TD003", "TD004"])

        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
                     + LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "exit"]))
        XCTAssertEqual(server.waitForExit(), 0)
        XCTAssertTrue(server.printedOnlyProtocol())
        XCTAssertEqual(server.stderr, "")
    }

    func testMalformedInputGetsParseErrorsAndTheServerCarriesOn() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerProcess(in: sandbox.url)
        initialize(server)
        server.write(Array("Content-Length: 9\r\n\r\n{\"id\": 2,".utf8))
        let parse = server.next()
        XCTAssertEqual((parse?["error"] as? [String: Any])?["code"] as? Int, -32700)
        XCTAssertTrue(parse?["id"] is NSNull)
        server.write(Array("Content-Type: nothing else\r\n\r\n".utf8))
        XCTAssertEqual((server.next()?["error"] as? [String: Any])?["code"] as? Int, -32700)
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 4, "method": "workspace/symbol", "params": ["query": ""]]))
        XCTAssertEqual((server.next()?["error"] as? [String: Any])?["code"] as? Int, -32601)
        // Exit without shutdown: status 1.
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "exit"]))
        XCTAssertEqual(server.waitForExit(), 1)
        XCTAssertTrue(server.printedOnlyProtocol())
    }

    func testEndOfInputWithoutExit() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerProcess(in: sandbox.url)
        initialize(server)
        server.closeInput()
        XCTAssertEqual(server.waitForExit(), 1, "the client went away without shutdown")

        let orderly = try LanguageServerProcess(in: sandbox.url)
        initialize(orderly)
        orderly.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]))
        XCTAssertNotNil(orderly.next { $0["id"] as? Int == 2 })
        orderly.closeInput()
        XCTAssertEqual(orderly.waitForExit(), 0)
    }

    func testTodayComesFromTheEnvironmentAndLspTakesNoPath() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerProcess(in: sandbox.url, environment: ["TODOFMT_TODAY": "2026-01-31"])
        initialize(server)
        let uri = sandbox.url.appendingPathComponent("todo.md").absoluteString
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": "- [ ] a due:\n"]]]))
        server.write(LanguageServerProcess.framed(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": [
            "textDocument": ["uri": uri], "position": ["line": 0, "character": 12]]]))
        let items = (server.next { $0["id"] as? Int == 2 }?["result"] as? [String: Any])?["items"] as? [[String: Any]]
        let texts = items?.compactMap { ($0["textEdit"] as? [String: Any])?["newText"] as? String }
        XCTAssertEqual(texts?.first, "2026-01-31")
        XCTAssertEqual(texts?.last, "2026-02-28", "next month, clamped to its end")

        let usage = try Todofmt.run(["lsp", "todo.md"], in: sandbox.url)
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "todofmt: lsp takes no PATH, got 'todo.md'\n")
        let help = try Todofmt.run(["help", "lsp"], in: sandbox.url)
        XCTAssertTrue(help.stdout.contains("Language Server Protocol"), help.stdout)
    }
}
