#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TodoKit

/// The todofmt language server (LSP 3.17): lint findings as diagnostics, formatting, the model's
/// operations as code actions, completion, hover, outline and folding for Markdown todo files.
///
/// The server is transport-free: ``receive(_:)`` takes the body of each message the client sent,
/// and the `send` closure gets the body of each message for the client (``StandardStreamServer``
/// frames both over standard input and output). Messages are handled one at a time, in order, on
/// the server's own queue; code actions and document symbols, which take long on a large file, are
/// then computed on a second queue with a copy of the document, so that diagnostics never wait for
/// them. `$/cancelRequest` is seen as soon as it arrives, so a request still waiting is answered
/// with `RequestCancelled`.
public final class LanguageServer: @unchecked Sendable {
    /// How the server behaves.
    public struct Options: Sendable {
        /// The day for stamping, completion and date rules; nil: the local date when asked.
        public var today: Day?
        /// How long after the last change diagnostics wait before they are computed.
        public var diagnosticsDelay: DispatchTimeInterval
        /// Where the lint rules are explained on the web (docs/LINT.md wherever it is published):
        /// each diagnostic links to its rule's section there (`…/LINT.md#td001`). Nil, the
        /// default: diagnostics carry no link, since the project has no address of its own to
        /// point at, and a link that leads nowhere is worse than none.
        public var rulesDocumentation: String?

        /// Creates options.
        public init(today: Day? = nil, diagnosticsDelay: DispatchTimeInterval = .milliseconds(25),
                    rulesDocumentation: String? = nil) {
            self.today = today
            self.diagnosticsDelay = diagnosticsDelay
            self.rulesDocumentation = rulesDocumentation
        }
    }

    let options: Options
    private let send: @Sendable ([UInt8]) -> Void
    private let onExit: @Sendable (Int32) -> Void
    let queue = DispatchQueue(label: "todofmt.lsp")

    /// Request ids the client cancelled, guarded by `cancelLock` (written by the reading thread).
    private var cancelled: Set<String> = []
    private let cancelLock = ThreadLock()

    /// Where the requests that take long on a large document (code actions, document symbols) are
    /// answered, so that they never hold up diagnostics. They work on a copy of the document.
    let workQueue = DispatchQueue(label: "todofmt.lsp.work")

    // Touched only on `queue` (`encoding` is set by `initialize`, before any request that reads it
    // is handed to `workQueue`).
    private var state = State.uninitialized
    private(set) var encoding = PositionEncoding.utf16
    var documents: [String: TextDocument] = [:]
    /// How many documents the session has opened (``TextDocument/opening``).
    private var openings = 0
    private var clientWatchesFiles = false

    /// The configuration state, guarded by `configurationLock` (both queues look configurations up).
    private var resolver = ConfigurationResolver()
    /// Configuration files' signatures (identity, size, times) as last seen, by path; `nil` for
    /// one that could not be looked up (a change re-reads them).
    private var configurationSignatures: [String: FileSignature?] = [:]
    /// Configuration errors already shown to the user.
    private var reportedConfigurationErrors: Set<String> = []
    /// Incremented whenever configurations are read again; findings made before are stale.
    private var configurationGeneration = 0
    private let configurationLock = ThreadLock()
    private var nextServerRequest = 1

    private enum State {
        case uninitialized, running, shutDown
    }

    /// A server that hands each message for the client to `send` and calls `exit` with the exit
    /// status when the client says `exit` (0 after `shutdown`, 1 without).
    public init(options: Options = Options(), send: @escaping @Sendable ([UInt8]) -> Void,
                exit: @escaping @Sendable (Int32) -> Void) {
        self.options = options
        self.send = send
        onExit = exit
    }

    /// The day "today" for this request.
    var today: Day { options.today ?? .today() }

    // MARK: - Receiving

    /// Takes the body of one message from the client. Returns at once; the message is handled on
    /// the server's queue.
    public func receive(_ body: [UInt8]) {
        let message: JSONValue
        do {
            message = try JSONReader.read(body, loneSurrogates: true)
        } catch {
            queue.async { self.reply(id: .null, error: ResponseError(.parseError, "parse error: \(error.message) at byte \(error.offset)")) }
            return
        }
        if message["method"]?.stringValue == "$/cancelRequest", let id = message["params"]?["id"] {
            cancelLock.locked {
                // Cancellations of requests already answered are never taken out; a client that
                // sends many of them does not make the set grow without bound.
                if cancelled.count >= 1024 { cancelled.removeAll() }
                cancelled.insert(Self.key(of: id))
            }
            return
        }
        queue.async { self.handle(message) }
    }

    /// Reports a message whose header could not be read (`ParseError`, with a null id).
    public func receiveMalformed(_ why: String) {
        queue.async { self.reply(id: .null, error: ResponseError(.parseError, "parse error: \(why)")) }
    }

    /// The exit status when the client's stream ends without `exit`: 0 after `shutdown`, else 1.
    public func exitStatusAtEndOfInput() -> Int32 {
        queue.sync { state == .shutDown ? 0 : 1 }
    }

    /// Waits until every message received so far has been handled (for tests).
    public func waitUntilIdle() {
        queue.sync {}
        workQueue.sync {}
        queue.sync {}
    }

    private static func key(of id: JSONValue) -> String {
        String(decoding: JSONWriter.write(id), as: UTF8.self)
    }

    private func handle(_ message: JSONValue) {
        guard case .object = message.kind else {
            reply(id: .null, error: ResponseError(.invalidRequest, "a message must be a JSON object"))
            return
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to one of the server's own requests (registrations): nothing to do.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            reply(id: id ?? .null, error: ResponseError(.invalidRequest, "a message needs a method"))
            return
        }
        let params = message["params"] ?? .null
        if let id {
            if state == .running, let work = Self.slowRequests[method] {
                // Looked up here, in order with the changes; computed on the work queue.
                let document: TextDocument
                do {
                    document = try self.document(params)
                } catch {
                    answer(id: id) { throw error }
                    return
                }
                workQueue.async {
                    var copy = document
                    self.answer(id: id) { try work(self)(params, &copy) }
                    // The parse made for the request is kept for the next one.
                    let parsed = copy
                    self.queue.async { self.keep(parsed) }
                }
                return
            }
            answer(id: id) { JSONWriter.write(try request(method, params)) }
        } else {
            notification(method, params)
        }
    }

    /// Replies to request `id` with the result `body` returns (as JSON text) or the error it
    /// throws, unless the request was cancelled meanwhile.
    private func answer(id: JSONValue, _ body: () throws -> [UInt8]) {
        if cancelLock.locked({ cancelled.remove(Self.key(of: id)) != nil }) {
            reply(id: id, error: ResponseError(.requestCancelled, "request cancelled"))
            return
        }
        do {
            reply(id: id, encodedResult: try body())
        } catch let error as ResponseError {
            reply(id: id, error: error)
        } catch {
            reply(id: id, error: ResponseError(.internalError, "\(error)"))
        }
    }

    /// Requests answered on the work queue: their handlers take a copy of the document and return
    /// the result as JSON text.
    private static let slowRequests: [String: @Sendable (LanguageServer) -> (JSONValue, inout TextDocument) throws -> [UInt8]] = [
        "textDocument/codeAction": { server in { params, document in JSONWriter.write(try server.codeActions(params, in: &document)) } },
        "textDocument/documentSymbol": { $0.documentSymbols },
    ]

    // MARK: - Dispatch

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch state {
        case .uninitialized where method != "initialize":
            throw ResponseError(.serverNotInitialized, "the server is not initialized")
        case .running where method == "initialize":
            throw ResponseError(.invalidRequest, "the server is already initialized")
        case .shutDown:
            throw ResponseError(.invalidRequest, "the server is shut down")
        default:
            break
        }
        switch method {
        case "initialize": return initialize(params)
        case "shutdown":
            state = .shutDown
            return .null
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/foldingRange": return try foldingRanges(params)
        default: throw ResponseError(.methodNotFound, "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            onExit(state == .shutDown ? 0 : 1)
            return
        }
        guard state == .running else { return }
        switch method {
        case "initialized": registerFileWatching()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": configurationChanged()
        default: break  // `$/...` and notifications the server does not handle are ignored, as the protocol says.
        }
    }

    // MARK: - Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        clientWatchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        state = .running
        return .obj([
            "capabilities": .obj([
                "positionEncoding": .str(encoding.rawValue),
                "textDocumentSync": .obj([
                    "openClose": .bool(true),
                    "change": .int(2),
                    "save": .obj(["includeText": .bool(false)]),
                ]),
                "documentFormattingProvider": .bool(true),
                "codeActionProvider": .obj([
                    "codeActionKinds": .arr([.str(CodeActionKind.quickFix), .str(CodeActionKind.rewrite),
                                             .str(CodeActionKind.fixAll)]),
                ]),
                "completionProvider": .obj([
                    "triggerCharacters": .arr([.str(":"), .str(" "), .str("#")]),
                ]),
                "hoverProvider": .bool(true),
                "documentSymbolProvider": .bool(true),
                "foldingRangeProvider": .bool(true),
            ]),
            "serverInfo": .obj(["name": .str("todofmt"), "version": .str("0.1.0")]),
        ])
    }

    /// Asks the client to report changes of configuration files, when it can.
    private func registerFileWatching() {
        guard clientWatchesFiles else { return }
        let id = nextServerRequest
        nextServerRequest += 1
        sendMessage(.obj([
            "jsonrpc": .str("2.0"), "id": .int(id), "method": .str("client/registerCapability"),
            "params": .obj(["registrations": .arr([.obj([
                "id": .str("todofmt-configuration"),
                "method": .str("workspace/didChangeWatchedFiles"),
                "registerOptions": .obj(["watchers": .arr([.obj(["globPattern": .str("**/\(Configuration.fileName)")])])]),
            ])])]),
        ]))
    }

    // MARK: - Documents

    private func didOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
              let text = item["text"]?.stringValue else { return }
        let language = item["languageId"]?.stringValue ?? ""
        guard language == "markdown" || uri.lowercased().hasSuffix(".md") else { return }
        openings += 1
        documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text, opening: openings)
        publishDiagnostics(uri)
    }

    private func didChange(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        guard var document = documents[uri], let changes = params["contentChanges"]?.arrayValue else { return }
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            if let range = change["range"] {
                // A range without both ends is not a change of the whole text: it is skipped.
                guard let from = Self.position(range["start"]), let to = Self.position(range["end"]) else { continue }
                document.replace((from, to), with: text, encoding: encoding)
            } else {
                document.replace(nil, with: text, encoding: encoding)
            }
        }
        if let version = params["textDocument"]?["version"]?.intValue { document.version = version }
        documents[uri] = document
        scheduleDiagnostics(uri, revision: document.revision)
    }

    /// A configuration file saved in the editor is read again (what counts is the file on disk, so
    /// its unsaved changes are not).
    private func didSave(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        if Self.isConfigurationFile(uri) { configurationChanged() }
    }

    private func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return }
        sendNotification("textDocument/publishDiagnostics", .obj(["uri": .str(uri), "diagnostics": .arr([])]))
    }

    /// The open document a request names; an error for one the server does not know.
    func document(_ params: JSONValue) throws -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError(.invalidParams, "missing textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError(.invalidParams, "unknown document '\(uri)' (not opened, or not a Markdown file)")
        }
        return document
    }

    /// Stores a document back after a request parsed it (the parse is cached in it), unless the
    /// text open under its URI is another one now (changed, or closed and opened again).
    func keep(_ document: TextDocument) {
        if documents[document.uri]?.revision == document.revision { documents[document.uri] = document }
    }

    static func position(_ value: JSONValue?) -> TextDocument.Position? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else { return nil }
        return TextDocument.Position(line: line, character: character)
    }

    static func json(_ position: TextDocument.Position) -> JSONValue {
        .obj(["line": .int(position.line), "character": .int(position.character)])
    }

    static func json(_ from: TextDocument.Position, _ to: TextDocument.Position) -> JSONValue {
        .obj(["start": json(from), "end": json(to)])
    }

    // MARK: - Configuration

    private static func isConfigurationFile(_ uri: String) -> Bool {
        uri.hasSuffix("/" + Configuration.fileName)
    }

    /// A configuration file changed: every configuration is read again and every open document's
    /// diagnostics are computed again.
    func configurationChanged() {
        configurationLock.locked {
            resolver = ConfigurationResolver()
            configurationSignatures = [:]
            reportedConfigurationErrors = []
            configurationGeneration += 1
        }
        for uri in documents.keys { publishDiagnostics(uri) }
    }

    /// Which reading of the configuration files findings are made with.
    var currentConfigurationGeneration: Int {
        configurationLock.locked { configurationGeneration }
    }

    /// The configuration that applies to a document, or the error that makes it unusable (shown
    /// once in a message).
    func configuration(for document: TextDocument) -> Result<Configuration, ConfigurationError> {
        guard let path = document.path else { return .success(.default) }
        let (result, firstReport) = configurationLock.locked { () -> (Result<Configuration, ConfigurationError>, Bool) in
            var result = Result { () throws(ConfigurationError) in try resolver.configuration(for: path) }
            // An edit made outside the editor, which sends no notification, is seen by its time stamp.
            if case .success(let configuration) = result, let file = configuration.file {
                let signature = FileSignature(path: file)
                if let seen = configurationSignatures[file], seen != signature {
                    resolver = ConfigurationResolver()
                    configurationSignatures = [:]
                    configurationGeneration += 1
                    result = Result { () throws(ConfigurationError) in try resolver.configuration(for: path) }
                }
                configurationSignatures[file] = signature
            }
            if case .failure(let error) = result { return (result, reportedConfigurationErrors.insert(error.description).inserted) }
            return (result, false)
        }
        if firstReport, case .failure(let error) = result { showMessage(.error, "todofmt: \(error.description)") }
        return result
    }

    // MARK: - Sending

    enum MessageType: Int {
        case error = 1, warning, info, log
    }

    func showMessage(_ type: MessageType, _ text: String) {
        sendNotification("window/showMessage", .obj(["type": .int(type.rawValue), "message": .str(text)]))
    }

    func sendNotification(_ method: String, _ params: JSONValue) {
        sendMessage(.obj(["jsonrpc": .str("2.0"), "method": .str(method), "params": params]))
    }

    /// Replies with a result already written as JSON text (a large one is never built as values).
    private func reply(id: JSONValue, encodedResult: [UInt8]) {
        var message = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        JSONWriter.write(id, into: &message)
        message += #","result":"#.utf8
        message += encodedResult
        message.append(UInt8(ascii: "}"))
        send(message)
    }

    private func reply(id: JSONValue, error: ResponseError) {
        sendMessage(.obj(["jsonrpc": .str("2.0"), "id": id,
                          "error": .obj(["code": .int(error.code.rawValue), "message": .str(error.message)])]))
    }

    private func sendMessage(_ message: JSONValue) {
        send(JSONWriter.write(message))
    }
}
