import Foundation
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// initialize, shutdown, exit, cancellation and bad input, in-process.
final class LifecycleTests: XCTestCase {
    func testInitializeNegotiatesUTF16UnlessUTF8IsOffered() {
        let plain = ServerSession(initialize: false)
        let result = plain.result("initialize", ["capabilities": [:] as [String: Any]]) as? [String: Any]
        let capabilities = result?["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["positionEncoding"] as? String, "utf-16")
        XCTAssertEqual((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2, "incremental sync")
        for provider in ["documentFormattingProvider", "hoverProvider", "documentSymbolProvider", "foldingRangeProvider"] {
            XCTAssertEqual(capabilities?[provider] as? Bool, true, provider)
        }
        let kinds = (capabilities?["codeActionProvider"] as? [String: Any])?["codeActionKinds"] as? [String]
        XCTAssertEqual(kinds, ["quickfix", "refactor.rewrite", "source.fixAll.todofmt"])
        XCTAssertNotNil(capabilities?["completionProvider"])

        let utf8 = ServerSession(initialize: false)
        let offered = utf8.result("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]]) as? [String: Any]
        XCTAssertEqual((offered?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-8")

        let utf32Only = ServerSession(initialize: false)
        let other = utf32Only.result("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-32"]]]]) as? [String: Any]
        XCTAssertEqual((other?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-16")
    }

    func testRequestsBeforeInitializeAndAfterShutdownAreRefused() {
        let session = ServerSession(initialize: false)
        let early = session.request("textDocument/hover", ["textDocument": ["uri": "file:///a.md"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual((early["error"] as? [String: Any])?["code"] as? Int, -32002)
        _ = session.result("initialize", ["capabilities": [:] as [String: Any]])
        let again = session.request("initialize", ["capabilities": [:] as [String: Any]])
        XCTAssertEqual((again["error"] as? [String: Any])?["code"] as? Int, -32600)
        XCTAssertTrue(session.request("shutdown", NSNull()).keys.contains("result"))
        let late = session.request("textDocument/formatting", ["textDocument": ["uri": "file:///a.md"], "options": [:] as [String: Any]])
        XCTAssertEqual((late["error"] as? [String: Any])?["code"] as? Int, -32600)
    }

    func testExitStatusIsZeroAfterShutdownAndOneWithout() {
        let orderly = ServerSession()
        _ = orderly.result("shutdown", NSNull())
        orderly.notify("exit", [:])
        XCTAssertEqual(orderly.waitForExit(), 0)
        XCTAssertEqual(orderly.server.exitStatusAtEndOfInput(), 0)

        let abrupt = ServerSession()
        abrupt.notify("exit", [:])
        XCTAssertEqual(abrupt.waitForExit(), 1)
        XCTAssertEqual(abrupt.server.exitStatusAtEndOfInput(), 1)
    }

    func testBadInputGetsErrorsAndTheServerCarriesOn() {
        let session = ServerSession()
        session.sendRaw(Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8))
        let parse = session.take { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
        XCTAssertNotNil(parse)
        XCTAssertTrue(parse?["id"] is NSNull, "a parse error has a null id")

        session.sendRaw(Array("[1,2]".utf8))
        XCTAssertNotNil(session.take { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 })
        session.server.receiveMalformed("header without Content-Length")
        XCTAssertNotNil(session.take { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })

        let unknown = session.request("textDocument/rename", ["textDocument": ["uri": "file:///a.md"]])
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        let notOpen = session.request("textDocument/formatting", ["textDocument": ["uri": "file:///nowhere/todo.md"], "options": [:] as [String: Any]])
        XCTAssertEqual((notOpen["error"] as? [String: Any])?["code"] as? Int, -32602)
        XCTAssertTrue(((notOpen["error"] as? [String: Any])?["message"] as? String ?? "").contains("unknown document"))
        let noParams = session.request("textDocument/hover", NSNull())
        XCTAssertEqual((noParams["error"] as? [String: Any])?["code"] as? Int, -32602)
        // Unknown notifications are ignored; the server still answers.
        session.notify("$/setTrace", ["value": "off"])
        session.notify("workspace/somethingNew", [:])
        XCTAssertTrue(session.request("shutdown", NSNull()).keys.contains("result"))
        for body in session.sentBodies {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(body)), String(decoding: body, as: UTF8.self))
        }
    }

    func testCancelledRequestIsAnsweredWithRequestCancelled() {
        let session = ServerSession()
        session.open("file:///t/todo.md", "- [ ] a\n")
        // Held back so that the cancellation arrives while the request waits.
        session.server.queue.suspend()
        let id = session.send("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t/todo.md"]])
        session.notify("$/cancelRequest", ["id": id])
        let other = session.send("textDocument/foldingRange", ["textDocument": ["uri": "file:///t/todo.md"]])
        session.server.queue.resume()
        let cancelled = session.take { $0["id"] as? Int == id }
        XCTAssertEqual((cancelled?["error"] as? [String: Any])?["code"] as? Int, -32800)
        let answered = session.take { $0["id"] as? Int == other }
        XCTAssertNotNil(answered?["result"], "other requests are answered")
    }

    func testFramerHandlesSplitAndJoinedMessages() {
        let first = MessageFramer.frame(Array(#"{"a":"é👍"}"#.utf8))
        let second = MessageFramer.frame(Array(#"{"b":2}"#.utf8))
        var framer = MessageFramer()
        var frames: [MessageFramer.Frame] = []
        // Byte by byte, header and body split everywhere.
        for byte in first + second {
            framer.append([byte])
            while let frame = framer.next() { frames.append(frame) }
        }
        XCTAssertEqual(frames, [.message(Array(#"{"a":"é👍"}"#.utf8)), .message(Array(#"{"b":2}"#.utf8))])
        // Both in one read, with other header fields in any case.
        framer = MessageFramer()
        framer.append(Array("content-length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"c\":3}".utf8) + first)
        XCTAssertEqual(framer.next(), .message(Array(#"{"c":3}"#.utf8)))
        XCTAssertEqual(framer.next(), .message(Array(#"{"a":"é👍"}"#.utf8)))
        XCTAssertNil(framer.next())
        XCTAssertFalse(framer.hasPartialMessage)
        // A header without a length is skipped, and the next message still read.
        framer.append(Array("Content-Type: x\r\n\r\n".utf8) + second)
        XCTAssertEqual(framer.next(), .malformed("header without Content-Length"))
        XCTAssertEqual(framer.next(), .message(Array(#"{"b":2}"#.utf8)))
    }

    func testJSONWriterRoundTripsThroughTheReader() throws {
        let text = #"{"s":"a\"b\\c\nd\te\u0001é👍","n":-1.5e3,"a":[true,false,null,{}],"o":{"k":[]}}"#
        let value = try JSONReader.read(Array(text.utf8))
        let written = JSONWriter.write(value)
        let again = try JSONReader.read(written)
        XCTAssertEqual(again["s"]?.stringValue, "a\"b\\c\nd\te\u{1}é👍")
        XCTAssertEqual(String(decoding: written, as: UTF8.self),
                       #"{"s":"a\"b\\c\nd\te\u0001é👍","n":-1.5e3,"a":[true,false,null,{}],"o":{"k":[]}}"#)
        let foundation = try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any]
        XCTAssertEqual(foundation?["s"] as? String, "a\"b\\c\nd\te\u{1}é👍")
    }
}
