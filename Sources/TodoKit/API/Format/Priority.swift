/// A task's priority: the five levels of Obsidian Tasks.
public enum Priority: String, CaseIterable, Comparable, Sendable {
    case highest, high, medium, low, lowest

    /// The emoji Obsidian Tasks writes for the level (`emojiText` as a string).
    public var emoji: String { "\(emojiText)" }

    /// The level as written in plain and Dataview fields (`high`).
    var word: StaticString {
        switch self {
        case .highest: "highest"
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        case .lowest: "lowest"
        }
    }

    /// The emoji Obsidian Tasks writes for the level, as a literal for writing bytes.
    var emojiText: StaticString {
        switch self {
        case .highest: "🔺"
        case .high: "⏫"
        case .medium: "🔼"
        case .low: "🔽"
        case .lowest: "⏬"
        }
    }

    private var rank: Int { Priority.allCases.firstIndex(of: self)! }

    /// Higher priorities compare smaller, so sorting ascending puts the most urgent first.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}
