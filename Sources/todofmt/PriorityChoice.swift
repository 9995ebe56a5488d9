import TodoKit

/// `--priority LEVEL`: one of ``Priority``'s levels, or `none` to clear it (edit).
enum PriorityChoice: OptionChoice, Equatable {
    /// A level.
    case level(Priority)
    /// `none`: no priority.
    case cleared

    /// Every level, highest first, then `none`.
    static var allCases: [PriorityChoice] { Priority.allCases.map(PriorityChoice.level) + [.cleared] }

    /// The level's name, or `none`.
    var word: String {
        switch self {
        case .level(let priority): priority.rawValue
        case .cleared: "none"
        }
    }

    /// The emoji Obsidian Tasks writes for the level.
    var help: String {
        switch self {
        case .level(let priority): priority.emoji
        case .cleared: "no priority"
        }
    }

    /// The priority, nil for `none`.
    var priority: Priority? {
        if case .level(let priority) = self { return priority }
        return nil
    }
}
