/// The kind of a status, as Obsidian Tasks' `status.type` names it.
public enum TaskStatusType: String, CaseIterable, Hashable, Sendable {
    /// `[ ]` and every unknown mark.
    case todo = "TODO"
    /// `[/]`
    case inProgress = "IN_PROGRESS"
    /// `[x]`
    case done = "DONE"
    /// `[-]`
    case cancelled = "CANCELLED"

    /// The type of a checkbox's status.
    /// - Parameter status: The status; an unknown mark is ``todo``, a custom one the type of its
    ///   kind.
    public init(_ status: TaskStatus) {
        switch status.kind {
        case .open: self = .todo
        case .inProgress: self = .inProgress
        case .done: self = .done
        case .cancelled: self = .cancelled
        }
    }

    /// Sorting and grouping order: to do, in progress, done, cancelled.
    var rank: Int { Self.allCases.firstIndex(of: self)! }
}
