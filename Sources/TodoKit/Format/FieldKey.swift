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

    /// The key's position in the canonical order: 0 for ``priority`` … 6 for ``done``.
    var order: Int {
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

    /// The key at position `order` of the canonical order (0...6).
    init(order: Int) {
        switch order {
        case 0: self = .priority
        case 1: self = .created
        case 2: self = .start
        case 3: self = .scheduled
        case 4: self = .due
        case 5: self = .cancelled
        default: self = .done
        }
    }

    /// The plain spelling up to the value: `due:`.
    var plainPrefix: StaticString {
        switch self {
        case .priority: "priority:"
        case .created: "created:"
        case .start: "start:"
        case .scheduled: "scheduled:"
        case .due: "due:"
        case .cancelled: "cancelled:"
        case .done: "done:"
        }
    }

    /// The emoji spelling up to the value: `📅 ` (a date's emoji and a space).
    var emojiPrefix: StaticString {
        switch self {
        case .priority: " "
        case .created: "➕ "
        case .start: "🛫 "
        case .scheduled: "⏳ "
        case .due: "📅 "
        case .cancelled: "❌ "
        case .done: "✅ "
        }
    }

    /// The Dataview spelling up to the value: `[due:: `.
    var dataviewPrefix: StaticString {
        switch self {
        case .priority: "[priority:: "
        case .created: "[created:: "
        case .start: "[start:: "
        case .scheduled: "[scheduled:: "
        case .due: "[due:: "
        case .cancelled: "[cancelled:: "
        case .done: "[completion:: "
        }
    }
}
