/// What `hide` and `show` switch in the text listing.
public enum TaskQueryField: String, CaseIterable, Hashable, Sendable {
    case dueDate = "due date"
    case scheduledDate = "scheduled date"
    case startDate = "start date"
    case createdDate = "created date"
    case doneDate = "done date"
    case cancelledDate = "cancelled date"
    case priority
    case tags
    /// The `path:line` in front of each task.
    case backlink
    /// The count footer.
    case taskCount = "task count"
    /// The relative hint after the due date ("due tomorrow").
    case relativeHint = "relative dates"
}
