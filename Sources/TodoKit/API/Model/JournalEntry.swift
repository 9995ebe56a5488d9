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

    /// The entry as bytes: a header line, then for each part a decimal length line and the bytes.
    var encoded: [UInt8] {
        var out = Self.magic
        func part(_ bytes: [UInt8]) {
            out += Array("\(bytes.count)\n".utf8)
            out += bytes
        }
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
        guard bytes.starts(with: Self.magic) else { return nil }
        var index = Self.magic.count
        func part() -> [UInt8]? {
            guard let newline = bytes[index...].firstIndex(of: 0x0A),
                  let count = Int(String(decoding: bytes[index..<newline], as: UTF8.self)),
                  count >= 0, newline + 1 + count <= bytes.count else { return nil }
            index = newline + 1 + count
            return Array(bytes[(newline + 1)..<index])
        }
        guard let command = part() else { return nil }
        var files: [FileChange] = []
        while index < bytes.count {
            guard let path = part(), let before = part(), let after = part() else { return nil }
            files.append(FileChange(path: String(decoding: path, as: UTF8.self), before: before, after: after))
        }
        self.init(command: String(decoding: command, as: UTF8.self), files: files)
    }
}
