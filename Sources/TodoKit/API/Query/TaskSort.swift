/// One `sort by` instruction.
public struct TaskSort: Hashable, Sendable {
    /// What is compared.
    public enum Key: String, CaseIterable, Hashable, Sendable {
        /// The due date.
        case due
        /// Most urgent first (no priority between medium and low).
        case priority
        /// The scheduled date.
        case scheduled
        /// The start date.
        case start
        /// The created date.
        case created
        /// The done date, else the cancelled date.
        case done
        /// The file's path.
        case path
        /// The title without the global filter, ignoring case.
        case description
        /// To do, in progress, done, cancelled.
        case status
        /// The earliest of the start, scheduled and due dates.
        case happens
        /// The ``TaskSort/tagNumber``th tag, ignoring case.
        case tag
    }

    /// What is compared.
    public let key: Key
    /// `reverse` was given.
    public let reverse: Bool
    /// Which tag ``Key/tag`` compares, from 1 (`sort by tag 2`: the second).
    public let tagNumber: Int

    /// A sort instruction.
    /// - Parameters:
    ///   - key: What is compared.
    ///   - reverse: Whether the order is reversed.
    ///   - tagNumber: Which tag ``Key/tag`` compares, from 1.
    public init(_ key: Key, reverse: Bool = false, tagNumber: Int = 1) {
        self.key = key
        self.reverse = reverse
        self.tagNumber = tagNumber
    }

    /// The order of two tasks: negative, zero or positive. Tasks without the date (or the tag) come
    /// after those with one (also when reversed).
    func compare(_ a: QueriedTask, _ b: QueriedTask) -> Int {
        func ordered<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (y < x ? 1 : 0) }
        func dates<T: Comparable>(_ x: T?, _ y: T?) -> Int {
            switch (x, y) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case (let x?, let y?): return reverse ? -ordered(x, y) : ordered(x, y)
            }
        }
        let result: Int
        switch key {
        case .due: return dates(a.todo.due, b.todo.due)
        case .scheduled: return dates(a.todo.scheduled, b.todo.scheduled)
        case .start: return dates(a.todo.start, b.todo.start)
        case .created: return dates(a.todo.created, b.todo.created)
        case .done: return dates(a.todo.done ?? a.todo.cancelled, b.todo.done ?? b.todo.cancelled)
        case .happens: return dates(TaskDateField.happens.day(of: a.todo), TaskDateField.happens.day(of: b.todo))
        case .tag:
            func tag(_ task: QueriedTask) -> String? {
                task.todo.tags.count >= tagNumber ? task.todo.tags[tagNumber - 1].lowercased() : nil
            }
            return dates(tag(a), tag(b))
        case .priority:
            result = ordered(TaskPriorityComparison.rank(a.todo.priority), TaskPriorityComparison.rank(b.todo.priority))
        case .path: result = ordered(a.path, b.path)
        case .description: result = ordered(a.description.lowercased(), b.description.lowercased())
        case .status: result = ordered(a.statusType.rank, b.statusType.rank)
        }
        return reverse ? -result : result
    }
}
