/// One command in an ``UndoJournal``: what it was, and each file it changed, before and after.
public struct JournalEntry: Hashable, Sendable {
    /// One file's bytes before and after the command.
    public struct FileChange: Hashable, Sendable {
        /// The file's absolute path.
        public var path: String
        /// What the file held before the command.
        public var before: [UInt8]
        /// What the command left in it.
        public var after: [UInt8]

        /// A change of one file.
        ///
        /// - Parameters:
        ///   - path: the file's path.
        ///   - before: its bytes before the command.
        ///   - after: its bytes after it.
        public init(path: String, before: [UInt8], after: [UInt8]) {
            self.path = path
            self.before = before
            self.after = after
        }
    }

    /// The command as a person reads it: `done todos.md:3`.
    public var command: String
    /// The files it changed, one change each, in the order they were first written.
    public var files: [FileChange]

    /// An entry.
    ///
    /// - Parameters:
    ///   - command: the command line, shown by `todofmt undo`.
    ///   - files: what it changed, in the order it wrote them. A file written more than once (the
    ///     archive that several todo files share) becomes one change: its bytes before the first
    ///     write and after the last, so that undoing the entry finds the file as the command left it.
    public init(command: String, files: [FileChange]) {
        self.command = command
        var changes: [FileChange] = []
        var changeOfPath: [String: Int] = [:]
        for change in files {
            if let index = changeOfPath[change.path] {
                changes[index].after = change.after
            } else {
                changeOfPath[change.path] = changes.count
                changes.append(change)
            }
        }
        self.files = changes
    }

    private static let magic = Array("todofmt-journal 1\n".utf8)

    /// The entry as bytes (``RecordParts``): the command, then each file's path, before and after.
    var encoded: [UInt8] {
        var out = Self.magic
        func part(_ bytes: [UInt8]) { RecordParts.append(bytes, to: &out) }
        part(Array(command.utf8))
        for file in files {
            part(Array(file.path.utf8))
            part(file.before)
            part(file.after)
        }
        return out
    }

    /// Reads ``encoded`` back; nil for anything else (a foreign or truncated file).
    init?(encoded bytes: [UInt8]) {
        guard var reader = RecordParts.Reader(bytes, header: Self.magic), let command = reader.next() else { return nil }
        var files: [FileChange] = []
        while !reader.isAtEnd {
            guard let path = reader.next(), let before = reader.next(), let after = reader.next() else { return nil }
            files.append(FileChange(path: String(decoding: path, as: UTF8.self), before: before, after: after))
        }
        self.init(command: String(decoding: command, as: UTF8.self), files: files)
    }
}
