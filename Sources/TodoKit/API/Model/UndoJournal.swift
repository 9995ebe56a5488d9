#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The undo and redo stacks of the shell commands, kept on disk so that they outlive the process
/// (`todofmt done …` then, later, `todofmt undo`).
///
/// Each entry is one file under `undo/` or `redo/` in ``directory``, numbered in order and
/// written atomically; a lock file serialises processes, and a command holds it from before it
/// reads its files until its entry is recorded (``lock()``), so that entries are in the order of
/// the writes. At most ``limit`` entries are kept on each stack; recording a new entry forgets the
/// redo stack.
///
/// Undoing restores each file the entry changed: a file that still holds what the command wrote
/// gets its old bytes back; a file changed since is merged line by line as ``TodoStore/undo()``
/// does, so a later edit by someone else survives; an edit of the same lines is a conflict and
/// nothing is written, in any file. Writes replace only the bytes that were read (a save that
/// lands meanwhile is a conflict too); if a later file cannot be written, the earlier ones are
/// put back.
public struct UndoJournal: Sendable {
    /// Where the stacks live, e.g. `~/.local/state/todofmt/journal`.
    public let directory: String
    /// The most entries kept on each stack.
    public var limit: Int

    /// A journal in `directory` (created when needed).
    ///
    /// - Parameters:
    ///   - directory: where the stacks live.
    ///   - limit: the most entries kept on each stack.
    public init(directory: String, limit: Int = 50) {
        self.directory = directory
        self.limit = limit
    }

    /// `$XDG_STATE_HOME/todofmt/journal`, else `$HOME/.local/state/todofmt/journal`.
    ///
    /// - Parameter environment: the process's environment.
    /// - Returns: the directory's path.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/todofmt/journal" }
        return (environment["HOME"] ?? "/tmp") + "/.local/state/todofmt/journal"
    }

    // MARK: - Recording

    /// Pushes an entry on the undo stack and forgets the redo stack.
    ///
    /// - Parameter entry: what a command changed.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the journal cannot be written.
    public func record(_ entry: JournalEntry) throws(TodoStoreError) {
        try record(entry, holding: try lock())
    }

    /// Pushes an entry on the undo stack and forgets the redo stack, under a lock the caller took
    /// with ``lock()`` before it read the files the entry changed.
    ///
    /// - Parameters:
    ///   - entry: what a command changed.
    ///   - lock: the journal's lock, held by the caller.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the journal cannot be written.
    public func record(_ entry: JournalEntry, holding lock: Lock) throws(TodoStoreError) {
        precondition(lock.directory == directory, "the lock of another journal")
        try push(entry, on: "undo")
        for number in numbers("redo") { unlink(file("redo", number)) }
    }

    // MARK: - Locking

    /// The journal's lock while it is held: other processes' ``lock()``, ``record(_:)``, ``undo()``
    /// and ``redo()`` wait until it goes away.
    public final class Lock: Sendable {
        /// The journal's directory.
        let directory: String
        private let descriptor: Int32

        fileprivate init(directory: String, descriptor: Int32) {
            self.directory = directory
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }

    /// Takes the journal's lock, waiting for other processes to release it; it is released when
    /// the value goes away.
    ///
    /// A command holds it from before it reads the files it changes until its entry is recorded
    /// (``record(_:holding:)``): then the entries are in the order of the writes, each entry's
    /// "after" is what the file held when the next command read it, and undoing them one after
    /// the other finds each file as the entry left it. Without it, two commands that ran at the
    /// same time could record their entries in the other order than they wrote.
    ///
    /// - Returns: the lock, held.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the lock file cannot be made or opened.
    public func lock() throws(TodoStoreError) -> Lock {
        try makeDirectory(directory)
        let fd = open("\(directory)/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .storage(path: "\(directory)/lock", .file(FileError(errno: errno))) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return Lock(directory: directory, descriptor: fd)
    }

    // MARK: - Undo and redo

    /// Undoes the newest entry and moves it to the redo stack; returns it.
    ///
    /// - Returns: the entry undone.
    /// - Throws: ``TodoStoreError/invalid(_:)`` when there is nothing to undo, ``TodoStoreError/conflict(_:)`` when a file changed since on the same lines (nothing is written), ``TodoStoreError/storage(path:_:)`` when the journal cannot be read or written.
    @discardableResult
    public func undo() throws(TodoStoreError) -> JournalEntry {
        try step(from: "undo", to: "redo", reversed: true)
    }

    /// Redoes the newest undone entry and moves it back to the undo stack; returns it.
    ///
    /// - Returns: the entry redone.
    /// - Throws: as ``undo()`` does.
    @discardableResult
    public func redo() throws(TodoStoreError) -> JournalEntry {
        try step(from: "redo", to: "undo", reversed: false)
    }

    private func step(from stack: String, to other: String, reversed: Bool) throws(TodoStoreError) -> JournalEntry {
        try locked { () throws(TodoStoreError) -> JournalEntry in
            guard let number = numbers(stack).last else { throw .invalid("nothing to \(stack)") }
            let bytes: [UInt8]
            do throws(FileError) {
                bytes = try AtomicFile.read(file(stack, number))
            } catch {
                throw .storage(path: file(stack, number), .file(error))
            }
            guard let entry = JournalEntry(encoded: bytes) else { throw .storage(path: file(stack, number), .notJournalEntry) }
            try apply(entry, reversed: reversed)
            try push(entry, on: other)
            unlink(file(stack, number))
            return entry
        }
    }

    /// Brings every file of the entry from its `after` to its `before` (reversed) or back.
    private func apply(_ entry: JournalEntry, reversed: Bool) throws(TodoStoreError) {
        var writes: [(path: String, current: [UInt8], target: [UInt8])] = []
        for change in entry.files {
            let (from, to) = reversed ? (change.after, change.before) : (change.before, change.after)
            let current: [UInt8]
            do {
                current = try AtomicFile.read(change.path)
            } catch {
                throw .conflict("\(change.path): \(error)")
            }
            if current == from {
                writes.append((change.path, current, to))
            } else if let merged = ThreeWayMerge.merge(utf8: from, ours: to, theirs: current) {
                writes.append((change.path, current, merged))
            } else {
                throw .conflict("\(change.path) was changed since, on the lines '\(entry.command)' changed; nothing was written")
            }
        }
        var written: [(path: String, current: [UInt8], target: [UInt8])] = []
        for write in writes where write.current != write.target {
            do {
                guard try AtomicFile.write(write.target, to: write.path, ifStill: write.current) else {
                    throw TodoStoreError.conflict("\(write.path) was saved meanwhile; nothing was written")
                }
            } catch {
                for done in written.reversed() { _ = try? AtomicFile.write(done.current, to: done.path, ifStill: done.target) }
                if let error = error as? TodoStoreError { throw error }
                throw .conflict("\(write.path): \(error); nothing was written")
            }
            written.append(write)
        }
    }

    // MARK: - Files

    private func file(_ stack: String, _ number: Int) -> String {
        let digits = String(number)
        return "\(directory)/\(stack)/" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".entry"
    }

    /// The entry numbers on a stack, oldest first.
    private func numbers(_ stack: String) -> [Int] {
        guard let dir = opendir("\(directory)/\(stack)") else { return [] }
        defer { closedir(dir) }
        var found: [Int] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".entry"), let number = Int(name.dropLast(6)) { found.append(number) }
        }
        return found.sorted()
    }

    private func push(_ entry: JournalEntry, on stack: String) throws(TodoStoreError) {
        try makeDirectory("\(directory)/\(stack)")
        let existing = numbers(stack)
        do throws(FileError) {
            // Not flushed: an entry lost in a power failure costs an undo, never a todo file.
            try AtomicFile.create(entry.encoded, at: file(stack, (existing.last ?? 0) + 1), mode: 0o600, durable: false)
        } catch {
            throw .storage(path: file(stack, (existing.last ?? 0) + 1), .file(error))
        }
        for number in existing.dropLast(max(0, limit - 1)) { unlink(file(stack, number)) }
    }

    private func makeDirectory(_ path: String) throws(TodoStoreError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .storage(path: prefix, .file(FileError(errno: errno)))
            }
        }
    }

    /// Runs `body` holding the journal's lock, so two commands never interleave their steps.
    private func locked<T>(_ body: () throws(TodoStoreError) -> T) throws(TodoStoreError) -> T {
        let lock = try lock()
        return try withExtendedLifetime(lock) { () throws(TodoStoreError) -> T in try body() }
    }
}
