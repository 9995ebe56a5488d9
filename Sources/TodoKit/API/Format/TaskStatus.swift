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
    /// A character the configuration maps to one of the four kinds (`.todofmt.json` `statuses`),
    /// kept as written and treated as that kind.
    case custom(Unicode.Scalar, Kind)

    /// The four kinds of status a task can have.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Not started; not completed.
        case open
        /// Started; not completed.
        case inProgress
        /// Completed: stamped `done`, recurs.
        case done
        /// Completed: stamped `cancelled`, does not recur.
        case cancelled
    }

    /// Reads the character between the brackets.
    /// - Parameter mark: The checkbox's character: space, `x`, `X`, `-` and `/` are the standard
    ///   statuses, anything else is ``other(_:)``.
    public init(mark: Unicode.Scalar) {
        switch mark {
        case " ": self = .open
        case "x", "X": self = .done
        case "-": self = .cancelled
        case "/": self = .inProgress
        default: self = .other(mark)
        }
    }

    /// Reads the character between the brackets, with the marks a configuration maps.
    /// - Parameters:
    ///   - mark: The checkbox's character.
    ///   - statuses: Custom marks; a mapped mark reads as ``custom(_:_:)``. Standard marks keep
    ///     their meaning.
    public init(mark: Unicode.Scalar, statuses: StatusMap) {
        let standard = TaskStatus(mark: mark)
        if case .other = standard, let kind = statuses[mark] {
            self = .custom(mark, kind)
        } else {
            self = standard
        }
    }

    /// Which of the four kinds the status is (``other(_:)`` is open).
    public var kind: Kind {
        switch self {
        case .open, .other: .open
        case .done: .done
        case .cancelled: .cancelled
        case .inProgress: .inProgress
        case .custom(_, let kind): kind
        }
    }

    /// Done and cancelled tasks are completed: they sink and carry an end date.
    public var isCompleted: Bool {
        switch self {
        case .done, .cancelled: true
        case .open, .inProgress, .other: false
        case .custom(_, let kind): kind == .done || kind == .cancelled
        }
    }

    /// The canonical character between the brackets (`x` for done).
    public var mark: Unicode.Scalar {
        switch self {
        case .open: " "
        case .done: "x"
        case .cancelled: "-"
        case .inProgress: "/"
        case .other(let c), .custom(let c, _): c
        }
    }
}
