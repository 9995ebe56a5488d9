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

    /// The kind a mark is mapped to, if any. Setting `nil` removes the mark; setting a kind for a
    /// standard mark (``standardMarks``) has no effect, as those keep their meaning.
    /// - Parameter mark: A checkbox character.
    public subscript(mark: Unicode.Scalar) -> TaskStatus.Kind? {
        get { entries.first { $0.mark == mark }?.kind }
        set {
            entries.removeAll { $0.mark == mark }
            guard let newValue, !StatusMap.standardMarks.contains(mark) else { return }
            entries.append((mark, newValue))
            entries.sort { $0.mark.value < $1.mark.value }
        }
    }

    /// Whether both maps map the same marks to the same kinds.
    public static func == (lhs: StatusMap, rhs: StatusMap) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.mark == $1.mark && $0.kind == $1.kind }
    }

    /// Hashes the marks and their kinds.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.mark)
            hasher.combine(entry.kind)
        }
    }
}
