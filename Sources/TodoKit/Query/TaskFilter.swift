/// One filter of a query: which tasks it keeps.
public indirect enum TaskFilter: Hashable, Sendable {
    /// `done` (true: done, cancelled) or `not done` (false: to do, in progress).
    case done(Bool)
    /// `due before 2026-12-01`: some day of the field stands in the relation to the range. A task
    /// without a start date passes every `starts` filter, as in Obsidian Tasks.
    case date(TaskDateField, TaskDateRelation, DayRange)
    /// `has due date` (true) or `no due date` (false).
    case hasDate(TaskDateField, Bool)
    /// `has tags` (true) or `no tags` (false).
    case hasTags(Bool)
    /// `priority is above medium`, `priority is not none`: the comparison and the level (nil: none).
    case priority(TaskPriorityComparison, Priority?)
    /// `tags include x` (true) or `tags do not include x` (false): whether some tag, with its `#`,
    /// contains the text, ignoring case (so `home` finds `#location/home` and `#home` does not).
    case tags(include: Bool, String)
    /// `description includes x` (true) or `does not include` (false); case-insensitive.
    case text(TaskTextField, include: Bool, String)
    /// `description regex matches /x/` (true) or `does not match` (false); `tags` matches when one
    /// tag (with its `#`) matches, and does not match when none does.
    case regex(TaskTextField, matches: Bool, TextPattern)
    /// `status.type is DONE` (true) or `is not` (false).
    case statusType(TaskStatusType, Bool)
    /// `is recurring` (true) or `is not recurring` (false).
    case recurring(Bool)
    /// Both.
    case and(TaskFilter, TaskFilter)
    /// Either.
    case or(TaskFilter, TaskFilter)
    /// Exactly one.
    case xor(TaskFilter, TaskFilter)
    /// Not.
    case not(TaskFilter)

    /// Whether the filter keeps a task.
    /// - Parameter task: The task.
    /// - Returns: `true` when the task passes the filter; a start-date filter keeps a task without
    ///   a start date.
    public func matches(_ task: QueriedTask) -> Bool {
        let todo = task.todo
        switch self {
        case .done(let done):
            return todo.isCompleted == done
        case .date(let field, let relation, let range):
            let days = field.days(of: todo)
            if field == .start && days.isEmpty { return true }
            return days.contains { relation.holds($0, range) }
        case .hasDate(let field, let has):
            return field.days(of: todo).isEmpty != has
        case .hasTags(let has):
            return todo.tags.isEmpty != has
        case .priority(let comparison, let level):
            return comparison.holds(TaskPriorityComparison.rank(todo.priority), TaskPriorityComparison.rank(level))
        case .tags(let include, let text):
            return TaskFilter.text(.tags, include: include, text).matches(task)
        case .text(let field, let include, let text):
            let wanted = text.lowercased()
            return field.texts(of: task).contains { $0.lowercased().containsCharacters(wanted) } == include
        case .regex(let field, let matches, let pattern):
            return field.texts(of: task).contains { pattern.matches($0) } == matches
        case .statusType(let type, let equal):
            return (task.statusType == type) == equal
        case .recurring(let recurring):
            return (todo.recurrence != nil) == recurring
        case .and(let a, let b):
            return a.matches(task) && b.matches(task)
        case .or(let a, let b):
            return a.matches(task) || b.matches(task)
        case .xor(let a, let b):
            return a.matches(task) != b.matches(task)
        case .not(let a):
            return !a.matches(task)
        }
    }
}
