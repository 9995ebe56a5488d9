/// A move of tasks into an archive file that has begun and may not have finished: which task
/// blocks it puts under which heading, and what the todo file held before and after it.
///
/// ``TaskArchiver`` makes one with each plan (``ArchivePlan/pending``). The caller records it
/// durably (``PendingArchives``) before it writes the archive, and removes it once the todo file is
/// written. A crash between the two writes leaves the tasks in both files and the record on disk;
/// the next plan for the same two files, given the record, removes those tasks from the todo file
/// without copying them again. Without a record every chosen task is copied, even when the archive
/// holds the same lines from an earlier run (a chore done and archived twice).
///
/// The record counts only while the todo file holds exactly what the interrupted run read (and,
/// kept by ``PendingArchives``, is the very file it read, not written since): once it has been
/// written (by that run, or edited since), a task with the same lines may be a new one, and is
/// copied.
public struct PendingArchive: Hashable, Sendable {
    /// Identical task blocks that the move puts under one heading of the archive.
    public struct Copies: Hashable, Sendable {
        /// The heading they go under, e.g. `todos.md › Home`.
        public let heading: String
        /// The block's lines as they go into the archive, each ending in a line feed.
        public let lines: [UInt8]
        /// How many times the archive holds these lines under the heading apart from this move.
        public let copiesBefore: Int
        /// How many copies this move puts there (those an interrupted run put there included).
        public let count: Int

        /// Copies of one block under one heading.
        ///
        /// - Parameters:
        ///   - heading: the archive heading.
        ///   - lines: the block's lines, each ending in a line feed.
        ///   - copiesBefore: how many the archive holds there apart from the move.
        ///   - count: how many the move puts there.
        public init(heading: String, lines: [UInt8], copiesBefore: Int, count: Int) {
            self.heading = heading
            self.lines = lines
            self.copiesBefore = copiesBefore
            self.count = count
        }
    }

    /// What the todo file held when the move was planned.
    let sourceBefore: ContentDigest
    /// What the move writes to the todo file.
    let sourceAfter: ContentDigest
    /// The blocks the move puts into the archive, grouped by heading and lines.
    public let copies: [Copies]
    /// Whether the todo file has been written since the record was made, as ``PendingArchives``
    /// found it: then the move cannot be resumed, even when the file holds the same bytes again.
    public internal(set) var todoFileWrittenSince = false
    /// Whether the todo file is the very file the move wrote, as ``PendingArchives`` found it
    /// (edited in place since, maybe): the move finished, and only its record was left behind.
    public internal(set) var todoFileWrittenByMove = false

    init(sourceBefore: ContentDigest, sourceAfter: ContentDigest, copies: [Copies]) {
        self.sourceBefore = sourceBefore
        self.sourceAfter = sourceAfter
        self.copies = copies
    }

    /// Whether the move finished (the todo file holds what it wrote, or is the file it wrote: only
    /// the record was left behind, by a crash after the todo file was written) or can never be resumed (the todo file
    /// has been written since). Such a record is of no further use and can be removed.
    ///
    /// - Parameter source: the todo file's bytes now.
    /// - Returns: true when the record is of no further use.
    public func isObsolete(source: [UInt8]) -> Bool {
        todoFileWrittenSince || todoFileWrittenByMove || ContentDigest(source) == sourceAfter
    }

    /// Whether the todo file is still what the move read: it was not written, and the archive's
    /// copies of the move's blocks beyond ``Copies/copiesBefore`` are the move's.
    func isUnfinished(source digest: ContentDigest) -> Bool {
        !todoFileWrittenSince && digest == sourceBefore && digest != sourceAfter
    }

    private static let magic = Array("todofmt-pending-archive 1\n".utf8)

    /// The record as bytes (``RecordParts``): the todo file's path, the archive's, the todo file's
    /// signature (``PendingArchives``), the two digests, then four parts for each ``Copies``.
    func encoded(source: String, archive: String, signature: String) -> [UInt8] {
        var out = Self.magic
        func part(_ bytes: [UInt8]) { RecordParts.append(bytes, to: &out) }
        part(Array(source.utf8))
        part(Array(archive.utf8))
        part(Array(signature.utf8))
        part(Array(sourceBefore.text.utf8))
        part(Array(sourceAfter.text.utf8))
        for copy in copies {
            part(Array(copy.heading.utf8))
            part(copy.lines)
            part(Array(String(copy.copiesBefore).utf8))
            part(Array(String(copy.count).utf8))
        }
        return out
    }

    /// The paths, the signature and the record of ``encoded(source:archive:signature:)``; nil for
    /// anything else (a foreign or truncated file).
    static func decode(_ bytes: [UInt8]) -> (source: String, archive: String, signature: String, move: PendingArchive)? {
        guard var reader = RecordParts.Reader(bytes, header: magic),
              let source = reader.nextText(), let archive = reader.nextText(), let signature = reader.nextText(),
              let before = reader.nextText().flatMap(ContentDigest.init(text:)),
              let after = reader.nextText().flatMap(ContentDigest.init(text:)) else {
            return nil
        }
        var copies: [Copies] = []
        while !reader.isAtEnd {
            guard let heading = reader.nextText(), let lines = reader.next(), let copiesBefore = reader.nextText().flatMap({ Int($0) }),
                  let count = reader.nextText().flatMap({ Int($0) }), copiesBefore >= 0, count > 0 else { return nil }
            copies.append(Copies(heading: heading, lines: lines, copiesBefore: copiesBefore, count: count))
        }
        return (source, archive, signature, PendingArchive(sourceBefore: before, sourceAfter: after, copies: copies))
    }
}

/// A file's bytes in 136 bits: their count and two differently seeded 64-bit hashes, so that a
/// todo file edited since a record was made is told from the one the record names.
struct ContentDigest: Hashable, Sendable {
    let count: Int
    let first: UInt64
    let second: UInt64

    init(_ bytes: [UInt8]) {
        count = bytes.count
        var first = Hasher64()
        var second = Hasher64(seed: 0x5EED)
        bytes.withUnsafeBufferPointer { buffer in
            first.add(buffer, 0, buffer.count)
            second.add(buffer, 0, buffer.count)
        }
        self.first = first.value
        self.second = second.value
    }

    /// `COUNT-FIRST-SECOND`, the hashes in hexadecimal.
    var text: String {
        "\(count)-\(String(first, radix: 16))-\(String(second, radix: 16))"
    }

    init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let count = Int(parts[0]), let first = UInt64(parts[1], radix: 16),
              let second = UInt64(parts[2], radix: 16) else { return nil }
        self.count = count
        self.first = first
        self.second = second
    }
}
