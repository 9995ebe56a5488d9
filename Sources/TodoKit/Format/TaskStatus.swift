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
        case open, inProgress, done, cancelled
    }

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

    /// Reads the character between the brackets, with the marks `statuses` maps.
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
        let kind = kind
        return kind == .done || kind == .cancelled
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

/// Checkbox marks beyond the standard ones, each mapped to a kind of status (`.todofmt.json`
/// `"statuses": {">": "open", "~": "cancelled"}`), so that an Obsidian vault's custom statuses sink
/// and stamp as their owner expects. The standard marks (space, `x`, `X`, `-`, `/`) keep their meaning.
public struct StatusMap: Hashable, Sendable {
    /// The mapped marks and their kinds, sorted by mark.
    public private(set) var entries: [(mark: Unicode.Scalar, kind: TaskStatus.Kind)] = []

    /// No custom marks.
    public static let standard = StatusMap()

    /// The marks whose meaning is fixed.
    public static let standardMarks: Set<Unicode.Scalar> = [" ", "x", "X", "-", "/"]

    /// Creates an empty map.
    public init() {}

    /// Whether no mark is mapped.
    public var isEmpty: Bool { entries.isEmpty }

    /// The kind `mark` is mapped to, if any.
    public subscript(mark: Unicode.Scalar) -> TaskStatus.Kind? {
        get { entries.first { $0.mark == mark }?.kind }
        set {
            entries.removeAll { $0.mark == mark }
            guard let newValue, !StatusMap.standardMarks.contains(mark) else { return }
            entries.append((mark, newValue))
            entries.sort { $0.mark.value < $1.mark.value }
        }
    }

    public static func == (lhs: StatusMap, rhs: StatusMap) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.mark == $1.mark && $0.kind == $1.kind }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.mark)
            hasher.combine(entry.kind)
        }
    }
}
