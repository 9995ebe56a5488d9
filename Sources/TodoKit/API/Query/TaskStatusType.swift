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

    /// Sorting order: to do, in progress, done, cancelled.
    var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// The order of `group by status.type`'s groups, as Obsidian Tasks gives them: in progress,
    /// to do, done, cancelled.
    var groupRank: Int {
        switch self {
        case .inProgress: 0
        case .todo: 1
        case .done: 2
        case .cancelled: 3
        }
    }
}
