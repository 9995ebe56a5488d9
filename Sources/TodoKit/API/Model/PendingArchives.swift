#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The archive moves that have begun and not finished (``PendingArchive``), kept on disk so that
/// they outlive a crash: one file for each todo file and archive file, in ``directory``.
///
/// A move's record is written durably (temporary file, fsync, rename) before the archive is
/// written, and removed once the todo file is written. It holds the todo file's signature too
/// (device, inode, size, mode, modification and status-change times): a record is resumed only
/// while the todo file has not been written since, so a crash after the todo file was written
/// (before the record was removed) never makes a later task with the same lines count as copied.
/// It can hold the identity of the file prepared to take the todo file's place, too: a todo file
/// that is still that file was written by the move, which finished (no task may be there twice).
/// Give the paths the same way every time (absolute, e.g. the real path of the directory and the
/// file's name): they name the record.
/// Processes that may archive the same files at the same time must serialise their runs (the
/// shell commands hold the ``UndoJournal``'s lock).
public struct PendingArchives: Sendable {
    /// Where the records live, e.g. `~/.local/state/todofmt/journal/archiving`.
    public let directory: String

    /// The records in `directory` (created when needed).
    ///
    /// - Parameter directory: where the records live.
    public init(directory: String) {
        self.directory = directory
    }

    /// `archiving` in the undo journal's directory (``UndoJournal/defaultDirectory(environment:)``):
    /// `$XDG_STATE_HOME/todofmt/journal/archiving`, else `$HOME/.local/state/todofmt/journal/archiving`.
    ///
    /// - Parameter environment: the process's environment.
    /// - Returns: the directory's path.
    public static func defaultDirectory(environment: [String: String]) -> String {
        UndoJournal.defaultDirectory(environment: environment) + "/archiving"
    }

    /// The unfinished move from one todo file into one archive, if one was recorded; nil also for
    /// a record that cannot be read (then every task is copied: at worst twice, never lost). When
    /// the todo file has been written since the record was made, it is marked so
    /// (``PendingArchive/todoFileWrittenSince``): ``TaskArchiver`` then does not resume it, and
    /// only counts the tasks it may copy twice.
    ///
    /// - Parameters:
    ///   - source: the todo file's path.
    ///   - archive: the archive file's path.
    /// - Returns: the move's record, or nil.
    public func move(from source: String, to archive: String) -> PendingArchive? {
        guard let bytes = try? AtomicFile.read(file(source, archive)),
              let (recordedSource, recordedArchive, signature, move) = PendingArchive.decode(bytes),
              recordedSource == source, recordedArchive == archive else { return nil }
        var found = move
        let parts = signature.split(separator: " ", maxSplits: 1).map(String.init)
        found.todoFileWrittenSince = Self.signature(of: source) != parts.first
        if parts.count == 2, let file = FileIdentity(path: source) {
            found.todoFileWrittenByMove = parts[1] == Self.text(file)
        }
        return found
    }

    /// Records a move durably, replacing the record of an earlier one between the same files.
    /// Call it after reading the todo file and before writing either file: it notes the todo
    /// file's signature as it is now.
    ///
    /// - Parameters:
    ///   - move: what the move puts into the archive (``ArchivePlan/pending``).
    ///   - source: the todo file's path.
    ///   - archive: the archive file's path.
    ///   - written: the identity the todo file will have once the move writes it (that of the
    ///     replacement prepared for it), if known: a record found with the todo file still that
    ///     file is of a move that finished (``PendingArchive/todoFileWrittenByMove``).
    /// - Throws: ``FileError`` when the directory or the record cannot be written.
    package func record(_ move: PendingArchive, from source: String, to archive: String, written: FileIdentity?) throws(FileError) {
        guard var signature = Self.signature(of: source) else { throw .noSuchFile }
        if let written { signature += " " + Self.text(written) }
        try makeDirectory()
        let path = file(source, archive)
        let bytes = move.encoded(source: source, archive: archive, signature: signature)
        do {
            try AtomicFile.create(bytes, at: path, mode: 0o600)
        } catch .system(code: EEXIST) {
            try AtomicFile.write(bytes, to: path)
        }
    }

    /// Removes the record of the move between two files, if there is one, durably.
    ///
    /// - Parameters:
    ///   - source: the todo file's path.
    ///   - archive: the archive file's path.
    public func remove(from source: String, to archive: String) {
        if unlink(file(source, archive)) == 0 { AtomicFile.syncDirectory(Array(directory.utf8)) }
    }

    /// Records a move durably, without the identity the move gives the todo file (the command line
    /// records that too, so that a run after a crash that came once both files were written knows
    /// the move finished).
    ///
    /// - Parameters:
    ///   - move: what the move puts into the archive (``ArchivePlan/pending``).
    ///   - source: the todo file's path.
    ///   - archive: the archive file's path.
    /// - Throws: ``FileError`` when the directory or the record cannot be written.
    public func record(_ move: PendingArchive, from source: String, to archive: String) throws(FileError) {
        try record(move, from: source, to: archive, written: nil)
    }

    private static func text(_ file: FileIdentity) -> String {
        "\(file.device)-\(file.inode)"
    }

    /// What changes whenever the todo file is written, in any way: its signature as text.
    private static func signature(of path: String) -> String? {
        guard let file = FileSignature(path: path) else { return nil }
        return "\(file.identity.device)-\(file.identity.inode)-\(file.size)-\(file.mode)-"
            + "\(file.modified.seconds).\(file.modified.nanoseconds)-\(file.statusChanged.seconds).\(file.statusChanged.nanoseconds)"
    }

    /// The record's file: named by a digest of the two paths (which the record holds too).
    private func file(_ source: String, _ archive: String) -> String {
        let digest = ContentDigest(Array(source.utf8) + [0] + Array(archive.utf8))
        return "\(directory)/\(String(digest.first, radix: 16))-\(String(digest.second, radix: 16)).pending"
    }

    private func makeDirectory() throws(FileError) {
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw FileError(errno: errno) }
        }
    }
}
