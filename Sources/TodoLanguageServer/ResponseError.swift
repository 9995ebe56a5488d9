/// A JSON-RPC error a request is answered with.
struct ResponseError: Error {
    /// The JSON-RPC and LSP error codes the server uses.
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
