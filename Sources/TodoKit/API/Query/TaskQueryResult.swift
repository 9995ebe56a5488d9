/// What a query found: its groups in order, and how many tasks matched before `limit`.
public struct TaskQueryResult: Hashable, Sendable {
    /// The groups in order; one unnamed group without grouping.
    public let groups: [TaskGroup]
    /// How many tasks matched the filters, before `limit`.
    public let matchedCount: Int
    /// Whether a task may stand in several groups (grouping by tags).
    let overlaps: Bool

    /// A result.
    init(groups: [TaskGroup], matchedCount: Int, overlaps: Bool) {
        self.groups = groups
        self.matchedCount = matchedCount
        self.overlaps = overlaps
    }

    /// How many tasks are shown (after `limit`), each counted once.
    public var shownCount: Int {
        overlaps ? tasks.count : groups.reduce(0) { $0 + $1.tasks.count }
    }

    /// The tasks shown (after `limit`), each once, in result order: group by group, a task that
    /// stands in several groups in its first.
    public var tasks: [QueriedTask] {
        guard groups.count > 1 else { return groups.first?.tasks ?? [] }
        guard overlaps else { return groups.flatMap(\.tasks) }
        var seen: Set<QueriedTask.Place> = []
        return groups.flatMap(\.tasks).filter { seen.insert($0.place).inserted }
    }
}
