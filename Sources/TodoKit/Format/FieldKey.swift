/// The metadata a task line can carry, in the canonical order in which the formatter writes them.
///
/// The order follows Obsidian Tasks: priority, then the dates from the task's birth to its end.
public enum FieldKey: String, CaseIterable, Comparable, Sendable {
    /// How urgent the task is (see ``Priority``).
    case priority
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

    /// Whether the field's value is a ``Day`` (every key but ``priority``).
    public var isDate: Bool { self != .priority }

    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .priority: 0
        case .created: 1
        case .start: 2
        case .scheduled: 3
        case .due: 4
        case .cancelled: 5
        case .done: 6
        }
    }

    /// The key as written in the Dataview spelling (`completion` for ``done``).
    var dataviewName: String { self == .done ? "completion" : rawValue }

    /// The emoji that introduces this field in the emoji spelling (dates only).
    var emoji: String {
        switch self {
        case .priority: ""
        case .created: "➕"
        case .start: "🛫"
        case .scheduled: "⏳"
        case .due: "📅"
        case .cancelled: "❌"
        case .done: "✅"
        }
    }
}
