import Foundation
import TodoKit
@testable import TodoLanguageServer
import XCTest

/// A ``LanguageServer`` driven in-process: messages go in as JSON objects built with Foundation,
/// and what the server sends is read back with `JSONSerialization` (a parser independent of the
/// server's own reader and writer).
final class ServerSession: @unchecked Sendable {
    /// The day the sessions pin.
    static let today = Day(year: 2026, month: 11, day: 21)!
    /// Generous: an upper bound for "it happened", never a measurement.
    static let timeout: TimeInterval = 10

    private(set) var server: LanguageServer!
    private let condition = NSCondition()
    /// Guarded by `condition`: messages from the server not yet taken by a test.
    private var inbox: [[String: Any]] = []
    /// Guarded by `condition`: every message body the server sent, as bytes.
    private var sent: [[UInt8]] = []
    /// Guarded by `condition`.
    private var exitStatus: Int32?
    private var nextID = 1

    /// A session; `initialize` is sent (offering UTF-8 when `utf8`) unless `initialize` is false.
    init(utf8: Bool = false, initialize: Bool = true, delay: DispatchTimeInterval = .milliseconds(1),
         today: Day? = ServerSession.today, rulesDocumentation: String? = nil) {
        let options = LanguageServer.Options(today: today, diagnosticsDelay: delay, rulesDocumentation: rulesDocumentation)
        server = LanguageServer(options: options, send: { [weak self] body in
            // A debounced publication may come after the test is over.
            guard let self else { return }
            condition.lock()
            sent.append(body)
            if let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] {
                inbox.append(object)
            } else {
                inbox.append(["unreadable": String(decoding: body, as: UTF8.self)])
            }
            condition.broadcast()
            condition.unlock()
        }, exit: { [weak self] status in
            guard let self else { return }
            condition.lock()
            exitStatus = status
            condition.broadcast()
            condition.unlock()
        })
        if initialize {
            let capabilities: [String: Any] = utf8 ? ["general": ["positionEncodings": ["utf-8", "utf-16"]]] : [:]
            _ = request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
            notify("initialized", [:])
        }
    }

    /// Sends raw bytes as one message body.
    func sendRaw(_ body: [UInt8]) {
        server.receive(body)
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any]) {
        sendRaw(Self.encode(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// Sends a request without waiting; returns its id.
    @discardableResult
    func send(_ method: String, _ params: Any) -> Int {
        let id = nextID
        nextID += 1
        sendRaw(Self.encode(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
        return id
    }

    /// Sends a request and returns the whole response message.
    func request(_ method: String, _ params: Any, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let id = send(method, params)
        guard let response = take(where: { ($0["id"] as? Int) == id && $0["method"] == nil }) else {
            XCTFail("no response to \(method)", file: file, line: line)
            return [:]
        }
        return response
    }

    /// The result of a request (a failing assertion when it is an error).
    func result(_ method: String, _ params: Any, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        let response = request(method, params, file: file, line: line)
        XCTAssertNil(response["error"], "\(method): \(response)", file: file, line: line)
        return response["result"]
    }

    /// Waits for a message the predicate accepts and removes it from the inbox.
    func take(timeout: TimeInterval = ServerSession.timeout, where accepts: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = inbox.firstIndex(where: accepts) { return inbox.remove(at: index) }
            guard condition.wait(until: deadline) else { return nil }
        }
    }

    /// The next `publishDiagnostics` for `uri`.
    func diagnostics(_ uri: String, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        guard let message = take(where: {
            $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }) else {
            XCTFail("no diagnostics for \(uri)", file: file, line: line)
            return []
        }
        return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    /// Opens a Markdown document and returns its first diagnostics.
    @discardableResult
    func open(_ uri: String, _ text: String, version: Int = 1) -> [[String: Any]] {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": version, "text": text]])
        return diagnostics(uri)
    }

    /// The exit status once the server asked to exit.
    func waitForExit() -> Int32? {
        let deadline = Date().addingTimeInterval(Self.timeout)
        condition.lock()
        defer { condition.unlock() }
        while exitStatus == nil {
            guard condition.wait(until: deadline) else { return nil }
        }
        return exitStatus
    }

    /// Every message body sent so far.
    var sentBodies: [[UInt8]] {
        condition.lock()
        defer { condition.unlock() }
        return sent
    }

    /// The text the server holds for a document.
    func serverText(_ uri: String) -> String? {
        server.queue.sync { server.documents[uri].map { String(decoding: $0.bytes, as: UTF8.self) } }
    }

    static func encode(_ object: Any) -> [UInt8] {
        // swiftlint-style force: test inputs are always valid JSON objects.
        [UInt8](try! JSONSerialization.data(withJSONObject: object))
    }

    // MARK: - Positions and edits, worked out independently of the server

    /// A range in a text: UTF-16 (`utf8` false) or UTF-8 positions.
    static func range(_ value: Any?) -> (start: (Int, Int), end: (Int, Int))? {
        guard let range = value as? [String: Any], let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
              let l0 = start["line"] as? Int, let c0 = start["character"] as? Int, let l1 = end["line"] as? Int,
              let c1 = end["character"] as? Int else { return nil }
        return ((l0, c0), (l1, c1))
    }

    /// Applies LSP text edits to `text` (all positions refer to `text`, as in one response),
    /// counting characters in UTF-16 or UTF-8.
    static func apply(_ edits: [[String: Any]], to text: String, utf8: Bool = false) -> String {
        var units: [UInt16] = Array(text.utf16)
        var bytes: [UInt8] = Array(text.utf8)
        func offset(_ position: (Int, Int)) -> Int {
            // Line starts: LF, CR LF and CR end lines.
            var line = 0, i = 0
            let count = utf8 ? bytes.count : units.count
            func at(_ k: Int) -> Int { utf8 ? Int(bytes[k]) : Int(units[k]) }
            while line < position.0 && i < count {
                let c = at(i)
                i += 1
                if c == 0x0A { line += 1 } else if c == 0x0D {
                    if i < count && at(i) == 0x0A { i += 1 }
                    line += 1
                }
            }
            return min(i + position.1, count)
        }
        let sorted = edits.compactMap { edit -> (Int, Int, String)? in
            guard let r = range(edit["range"]), let newText = edit["newText"] as? String else { return nil }
            return (offset(r.start), offset(r.end), newText)
        }.sorted { $0.0 > $1.0 }
        for (lower, upper, newText) in sorted {
            if utf8 {
                bytes.replaceSubrange(lower..<upper, with: Array(newText.utf8))
            } else {
                units.replaceSubrange(lower..<upper, with: Array(newText.utf16))
            }
        }
        return utf8 ? String(decoding: bytes, as: UTF8.self) : String(decoding: units, as: UTF16.self)
    }
}
