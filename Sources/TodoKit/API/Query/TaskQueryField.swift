/// What `hide` and `show` switch in the text listing.
public enum TaskQueryField: String, CaseIterable, Hashable, Sendable {
    /// `due:` and the relative hint.
    case dueDate = "due date"
    /// `scheduled:`
    case scheduledDate = "scheduled date"
    /// `start:`
    case startDate = "start date"
    /// `created:`
    case createdDate = "created date"
    /// `done:`
    case doneDate = "done date"
    /// `cancelled:`
    case cancelledDate = "cancelled date"
    /// `priority:`
    case priority
    /// `rec:`, the recurrence rule.
    case recurrenceRule = "recurrence rule"
    /// The `#tags` in the title.
    case tags
    /// The `path:line` in front of each task.
    case backlink
    /// The count footer.
    case taskCount = "task count"
    /// The relative hint after the due date ("due tomorrow").
    case relativeHint = "relative dates"
}
