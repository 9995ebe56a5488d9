/// Why a ``TodoStore``'s file could not be read, written or watched: the underlying error of
/// ``TodoStoreError/storage(path:_:)``.
public enum TodoStorageFailure: Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read or written.
    case file(FileError)
    /// The file's bytes are not a todo document (not UTF-8, binary), or the result of an operation
    /// failed its check before writing (``TodoError/verificationFailed(_:)``; nothing was written).
    case document(TodoError)
    /// An undo journal's entry could not be decoded.
    case notJournalEntry
    /// The watched file was deleted.
    case deleted
    /// The watcher could not read the file; its one-line message names the file.
    case watcher(String)

    /// A one-line message without the file name, e.g. `no such file`.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .document(let error): error.description
        case .deleted: "file was deleted"
        case .notJournalEntry: "not a journal entry"
        case .watcher(let message): message
        }
    }
}
