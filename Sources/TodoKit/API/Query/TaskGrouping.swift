/// One `group by` instruction.
public struct TaskGrouping: Hashable, Sendable {
    /// What tasks are grouped by.
    public enum Key: String, CaseIterable, Hashable, Sendable {
        /// The file's name.
        case filename
        /// The file's directory, with a final `/` (`./` for the current one).
        case folder
        /// The file's path.
        case path
        /// The nearest heading above the task.
        case heading
        /// The due date, with its weekday.
        case due
        /// The scheduled date, with its weekday.
        case scheduled
        /// The start date, with its weekday.
        case start
        /// The created date, with its weekday.
        case created
        /// The done date, with its weekday.
        case done
        /// The cancelled date, with its weekday.
        case cancelled
        /// The earliest of the start, scheduled and due dates, with its weekday.
        case happens
        /// `Priority: high` … `Priority: none`, most urgent first.
        case priority
        /// `Done` (done and cancelled) then `Todo` (to do and in progress), as Obsidian Tasks'
        /// `group by status` names and orders them.
        case status
        /// `IN_PROGRESS`, `TODO`, `DONE`, `CANCELLED`, in that order, as Obsidian Tasks'
        /// `group by status.type` gives them.
        case statusType = "status.type"
        /// Each tag (a task with two tags is in two groups).
        case tags

        /// The date a date key groups by; nil for the other keys.
        var dateField: TaskDateField? {
            switch self {
            case .due: .due
            case .scheduled: .scheduled
            case .start: .start
            case .created: .created
            case .done: .done
            case .cancelled: .cancelled
            case .happens: .happens
            default: nil
            }
        }
    }

    /// What tasks are grouped by.
    public let key: Key
    /// `reverse` was given: groups in the opposite order.
    public let reverse: Bool

    /// A grouping instruction.
    /// - Parameters:
    ///   - key: What tasks are grouped by.
    ///   - reverse: Whether groups come in the opposite order.
    public init(_ key: Key, reverse: Bool = false) {
        self.key = key
        self.reverse = reverse
    }

    /// A group's name and where it sorts.
    struct Name: Hashable, Comparable {
        var rank: Int
        var text: String
        static func < (a: Name, b: Name) -> Bool { (a.rank, a.text) < (b.rank, b.text) }
    }

    /// The groups a task belongs to (several only for tags).
    func names(of task: QueriedTask) -> [Name] {
        let todo = task.todo
        func day(_ day: Day?, _ none: String) -> Name {
            day.map { Name(rank: $0.daysSinceEpoch, text: "\($0) \($0.weekday.name)") } ?? Name(rank: Int.max, text: none)
        }
        switch key {
        case .filename:
            return [Name(rank: 0, text: task.filename)]
        case .folder:
            return [Name(rank: 0, text: task.folder)]
        case .path:
            return [Name(rank: 0, text: task.path)]
        case .heading:
            return [todo.section.map { Name(rank: 0, text: $0) } ?? Name(rank: 1, text: "(No heading)")]
        case .due, .scheduled, .start, .created, .done, .cancelled, .happens:
            let field = key.dateField!
            return [day(field.day(of: todo), "(No \(field.rawValue) date)")]
        case .priority:
            let rank = TaskPriorityComparison.rank(todo.priority)
            return [Name(rank: rank, text: "Priority: \(todo.priority?.rawValue ?? "none")")]
        case .status:
            return [task.todo.isCompleted ? Name(rank: 0, text: "Done") : Name(rank: 1, text: "Todo")]
        case .statusType:
            return [Name(rank: task.statusType.groupRank, text: task.statusType.rawValue)]
        case .tags:
            guard !todo.tags.isEmpty else { return [Name(rank: 1, text: "(No tags)")] }
            var seen: Set<String> = []
            return todo.tags.map { "#" + $0 }.filter { seen.insert($0).inserted }.map { Name(rank: 0, text: $0) }
        }
    }
}
