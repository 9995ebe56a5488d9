/// The file format of the undo journal's entries and of the archive's move records: a header line,
/// then parts, each its length in decimal on a line of its own followed by its bytes, so that any
/// byte may stand in a part.
enum RecordParts {
    /// Appends one part to `record`.
    static func append(_ part: [UInt8], to record: inout [UInt8]) {
        record += Array("\(part.count)\n".utf8)
        record += part
    }

    /// Reads a record's parts in order.
    struct Reader {
        private let bytes: [UInt8]
        private var index: Int

        /// A reader of `bytes` after `header`; nil when they do not start with it (a foreign file).
        init?(_ bytes: [UInt8], header: [UInt8]) {
            guard bytes.starts(with: header) else { return nil }
            self.bytes = bytes
            index = header.count
        }

        /// Whether every part has been read.
        var isAtEnd: Bool { index >= bytes.count }

        /// The next part; nil when none is whole (a truncated file).
        mutating func next() -> [UInt8]? {
            guard let newline = bytes[index...].firstIndex(of: 0x0A),
                  let count = Int(String(decoding: bytes[index..<newline], as: UTF8.self)),
                  count >= 0, newline + 1 + count <= bytes.count else { return nil }
            index = newline + 1 + count
            return Array(bytes[(newline + 1)..<index])
        }

        /// The next part as text.
        mutating func nextText() -> String? {
            next().map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
