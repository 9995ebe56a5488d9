/// What went wrong in the model (a ``TodoStore``, the shell commands' ``UndoJournal``), as a
/// value. The description is one short lowercase line.
public enum TodoStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No todo with this identity (it was removed, here or by someone else).
    case notFound(TodoID)
    /// No heading with this title.
    case noSection(String)
    /// The operation makes no sense (for this todo; nothing to undo or redo).
    case invalid(String)
    /// Someone else changed the file in a way that clashes with the operation; nothing was written.
    case conflict(String)
    /// The file (or an undo journal's entry) could not be read, written or watched (missing, not
    /// UTF-8, permission, disk full, …), or a result failed its check before writing: the file's
    /// path when the store knows it, and why.
    case storage(path: String?, TodoStorageFailure)

    /// A one-line message.
    public var description: String {
        switch self {
        case .notFound(let id): "no todo \(id)"
        case .noSection(let section): "no section \"\(section)\""
        case .invalid(let why): why
        case .conflict(let why): "conflict: \(why)"
        case .storage(let path?, let failure): "\(path): \(failure)"
        case .storage(nil, let failure): failure.description
        }
    }
}
