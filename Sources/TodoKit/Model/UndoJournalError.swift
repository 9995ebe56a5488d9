/// Why ``UndoJournal`` could not record, undo or redo. The description is one lowercase line.
public enum UndoJournalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing to undo (`undo`) or redo (`redo`).
    case empty(String)
    /// A file changed since, on the same lines; nothing was written.
    case conflict(String)
    /// An entry cannot be read.
    case unreadable(String)
    /// The journal cannot be written.
    case unwritable(String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .empty(let stack): "nothing to \(stack)"
        case .conflict(let why): "conflict: \(why)"
        case .unreadable(let why), .unwritable(let why): "journal: \(why)"
        }
    }
}
