/// What a task's checkbox says.
public enum TaskStatus: Hashable, Sendable {
    /// `[ ]`
    case open
    /// `[x]` or `[X]`
    case done
    /// `[-]`
    case cancelled
    /// `[/]`
    case inProgress
    /// Any other single character, kept as written and treated as open.
    case other(Unicode.Scalar)

    /// Reads the character between the brackets.
    public init(mark: Unicode.Scalar) {
        switch mark {
        case " ": self = .open
        case "x", "X": self = .done
        case "-": self = .cancelled
        case "/": self = .inProgress
        default: self = .other(mark)
        }
    }

    /// Done and cancelled tasks are completed: they sink and carry an end date.
    public var isCompleted: Bool {
        self == .done || self == .cancelled
    }

    /// The canonical character between the brackets (`x` for done).
    public var mark: Unicode.Scalar {
        switch self {
        case .open: " "
        case .done: "x"
        case .cancelled: "-"
        case .inProgress: "/"
        case .other(let c): c
        }
    }
}
