/// A date a query can filter, sort or group by.
public enum TaskDateField: String, CaseIterable, Hashable, Sendable {
    /// `created:` (➕)
    case created
    /// `start:` (🛫); `starts` in filters.
    case start
    /// `scheduled:` (⏳)
    case scheduled
    /// `due:` (📅)
    case due
    /// `done:` (✅)
    case done
    /// `cancelled:` (❌)
    case cancelled
    /// Any of start, scheduled and due (Obsidian Tasks' `happens`).
    case happens

    /// The word queries use: `starts` for ``start`` in filters, `start` in `has start date`.
    init?(filterWord word: String) {
        self.init(rawValue: word == "starts" ? "start" : word)
    }

    /// The days of this field a task carries (several only for ``happens``).
    func days(of todo: Todo) -> [Day] {
        switch self {
        case .created: todo.created.map { [$0] } ?? []
        case .start: todo.start.map { [$0] } ?? []
        case .scheduled: todo.scheduled.map { [$0] } ?? []
        case .due: todo.due.map { [$0] } ?? []
        case .done: todo.done.map { [$0] } ?? []
        case .cancelled: todo.cancelled.map { [$0] } ?? []
        case .happens: [todo.start, todo.scheduled, todo.due].compactMap { $0 }
        }
    }

    /// The day a task is sorted and grouped by: the field's, or for ``happens`` the earliest of
    /// start, scheduled and due, as Obsidian Tasks reads it.
    func day(of todo: Todo) -> Day? {
        days(of: todo).min()
    }
}
