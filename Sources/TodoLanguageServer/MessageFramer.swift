/// Splits a byte stream into Language Server Protocol messages: each is a header of
/// `Name: value` lines ending in an empty line (all CR LF), with `Content-Length`, then that many
/// bytes of JSON.
///
/// Bytes are appended as they are read; ``next()`` hands out each complete message once, however
/// the reads split or join them.
public struct MessageFramer: Sendable {
    /// What the stream held next.
    public enum Frame: Hashable, Sendable {
        /// The body of one message.
        case message([UInt8])
        /// A header that cannot be read; its bytes were skipped.
        case malformed(String)
    }

    /// A header longer than this without its empty line is refused (and skipped).
    static let maximumHeaderLength = 8192

    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0

    /// An empty framer.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        // Consumed bytes are dropped before the buffer grows, so it holds at most one message and a read.
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes of an unfinished message are waiting.
    public var hasPartialMessage: Bool { start < buffer.count }

    /// The next complete message, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        guard let headerEnd = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                start = buffer.count
                return .malformed("header longer than \(Self.maximumHeaderLength) bytes without an empty line")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                start = headerEnd + 4
                return .malformed("header line without ':'")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else {
                    start = headerEnd + 4
                    return .malformed("invalid Content-Length '\(value)'")
                }
                length = number
            }
        }
        guard let length else {
            start = headerEnd + 4
            return .malformed("header without Content-Length")
        }
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return .message(body)
    }

    /// The offset of the `\r\n\r\n` that ends the header at `start`.
    private func headerEnd() -> Int? {
        var i = start
        let n = buffer.count
        while i + 3 < n {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A && buffer[i + 2] == 0x0D && buffer[i + 3] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    /// A message body with its header, ready to write.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
