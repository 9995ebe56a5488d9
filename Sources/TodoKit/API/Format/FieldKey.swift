/// The metadata a task line can carry, in the canonical order in which the formatter writes them.
///
/// The order is Obsidian Tasks': the task's id and what it depends on, priority, recurrence and what
/// happens on completion, then the dates from the task's birth to its end.
public enum FieldKey: String, CaseIterable, Comparable, Sendable {
    /// Obsidian Tasks' task id (`🆔 abc123`), which other tasks' ``dependsOn`` name.
    case id
    /// The ids of the tasks this one waits for (`⛔ abc123,def456`).
    case dependsOn
    /// How urgent the task is (see ``Priority``).
    case priority
    /// When the task comes back once done (see ``RecurrenceRule``).
    case recurrence
    /// What happens to the task when it is done (see ``OnCompletion``).
    case onCompletion
    /// The day the task was written down.
    case created
    /// The day work may start.
    case start
    /// The day the task is planned for.
    case scheduled
    /// The day the task must be done by.
    case due
    /// The day the task was cancelled.
    case cancelled
    /// The day the task was done.
    case done

    /// How many keys there are.
    static let count = 11

    /// Whether the field's value is a ``Day``.
    public var isDate: Bool { order >= FieldKey.created.order }

    /// Whether `lhs` comes before `rhs` in the canonical order.
    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
        lhs.order < rhs.order
    }

    /// The key's position in the canonical order: 0 for ``id`` … 10 for ``done``.
    var order: Int {
        switch self {
        case .id: 0
        case .dependsOn: 1
        case .priority: 2
        case .recurrence: 3
        case .onCompletion: 4
        case .created: 5
        case .start: 6
        case .scheduled: 7
        case .due: 8
        case .cancelled: 9
        case .done: 10
        }
    }

    /// The key as written in the Dataview spelling (`completion` for ``done``, `repeat` for ``recurrence``).
    var dataviewName: String {
        switch self {
        case .done: "completion"
        case .recurrence: "repeat"
        default: rawValue
        }
    }

    /// The key as written in the plain spelling (`rec` for ``recurrence``).
    var plainName: String { self == .recurrence ? "rec" : rawValue }

    /// The emoji that introduces this field in the emoji spelling (empty for priority).
    var emoji: String {
        switch self {
        case .id: "🆔"
        case .dependsOn: "⛔"
        case .priority: ""
        case .recurrence: "🔁"
        case .onCompletion: "🏁"
        case .created: "➕"
        case .start: "🛫"
        case .scheduled: "⏳"
        case .due: "📅"
        case .cancelled: "❌"
        case .done: "✅"
        }
    }

    /// The key at position `order` of the canonical order (0...10).
    init(order: Int) {
        switch order {
        case 0: self = .id
        case 1: self = .dependsOn
        case 2: self = .priority
        case 3: self = .recurrence
        case 4: self = .onCompletion
        case 5: self = .created
        case 6: self = .start
        case 7: self = .scheduled
        case 8: self = .due
        case 9: self = .cancelled
        default: self = .done
        }
    }

    /// The plain spelling up to the value: `due:`.
    @inline(__always) var plainPrefix: StaticString {
        switch self {
        case .id: "id:"
        case .dependsOn: "dependsOn:"
        case .priority: "priority:"
        case .recurrence: "rec:"
        case .onCompletion: "onCompletion:"
        case .created: "created:"
        case .start: "start:"
        case .scheduled: "scheduled:"
        case .due: "due:"
        case .cancelled: "cancelled:"
        case .done: "done:"
        }
    }

    /// The emoji spelling up to the value: `📅 ` (the key's emoji and a space).
    @inline(__always) var emojiPrefix: StaticString {
        switch self {
        case .id: "🆔 "
        case .dependsOn: "⛔ "
        case .priority: " "
        case .recurrence: "🔁 "
        case .onCompletion: "🏁 "
        case .created: "➕ "
        case .start: "🛫 "
        case .scheduled: "⏳ "
        case .due: "📅 "
        case .cancelled: "❌ "
        case .done: "✅ "
        }
    }

    /// The Dataview spelling up to the value: `[due:: `.
    @inline(__always) var dataviewPrefix: StaticString {
        switch self {
        case .id: "[id:: "
        case .dependsOn: "[dependsOn:: "
        case .priority: "[priority:: "
        case .recurrence: "[repeat:: "
        case .onCompletion: "[onCompletion:: "
        case .created: "[created:: "
        case .start: "[start:: "
        case .scheduled: "[scheduled:: "
        case .due: "[due:: "
        case .cancelled: "[cancelled:: "
        case .done: "[completion:: "
        }
    }
}
