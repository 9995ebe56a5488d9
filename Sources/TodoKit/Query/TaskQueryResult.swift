/// What a query found: its groups in order, and how many tasks matched before `limit`.
public struct TaskQueryResult: Hashable, Sendable {
    /// The groups in order; one unnamed group without grouping.
    public let groups: [TaskGroup]
    /// The tasks shown (after `limit`), each once, in result order.
    public let tasks: [QueriedTask]
    /// How many tasks matched the filters, before `limit`.
    public let matchedCount: Int
}
