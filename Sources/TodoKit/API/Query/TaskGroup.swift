/// Tasks that share their group names, in result order.
public struct TaskGroup: Hashable, Sendable {
    /// One name per `group by` instruction, outermost first; empty without grouping.
    public let names: [String]
    /// The tasks.
    public let tasks: [QueriedTask]
}
