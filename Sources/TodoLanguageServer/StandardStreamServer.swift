#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Runs a ``LanguageServer`` over two file descriptors (`todofmt lsp`: standard input and output),
/// with `Content-Length` framing. Only protocol goes to the output.
public enum StandardStreamServer {
    /// Reads messages from `input` until the client sends `exit` (then `exit` is called with the
    /// status: 0 after `shutdown`, 1 without) or the input ends (then the same status is returned).
    public static func run(input: Int32 = 0, output: Int32 = 1, options: LanguageServer.Options,
                           exit: @escaping @Sendable (Int32) -> Void) -> Int32 {
        // A client that goes away closes the pipe: writes then fail instead of killing the server,
        // which ends when its input does (status 1 without shutdown).
        signal(SIGPIPE, SIG_IGN)
        let writeLock = ThreadLock()
        let server = LanguageServer(options: options, send: { body in
            let framed = MessageFramer.frame(body)
            writeLock.locked { _ = try? AtomicFile.writeAll(framed, to: output) }
        }, exit: exit)
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.append(chunk[0..<count])
            while let frame = framer.next() {
                switch frame {
                case .message(let body): server.receive(body)
                case .malformed(let why): server.receiveMalformed(why)
                }
            }
        }
        return server.exitStatusAtEndOfInput()
    }
}
