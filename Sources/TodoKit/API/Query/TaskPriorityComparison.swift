/// How `priority is [not|above|below] LEVEL` compares.
public enum TaskPriorityComparison: String, Hashable, Sendable {
    /// `priority is LEVEL`
    case equal = "is"
    /// `priority is not LEVEL`
    case notEqual = "is not"
    /// `priority is above LEVEL`: more urgent.
    case above = "is above"
    /// `priority is below LEVEL`: less urgent.
    case below = "is below"

    /// Urgency rank: highest 0, high 1, medium 2, none 3, low 4, lowest 5 (Obsidian Tasks puts
    /// "no priority" between medium and low).
    static func rank(_ priority: Priority?) -> Int {
        switch priority {
        case .highest: 0
        case .high: 1
        case .medium: 2
        case nil: 3
        case .low: 4
        case .lowest: 5
        }
    }

    func holds(_ rank: Int, _ level: Int) -> Bool {
        switch self {
        case .equal: rank == level
        case .notEqual: rank != level
        case .above: rank < level
        case .below: rank > level
        }
    }
}
