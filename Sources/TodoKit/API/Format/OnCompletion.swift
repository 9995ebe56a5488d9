/// What happens to a task when it is done (Obsidian Tasks' `🏁`).
public enum OnCompletion: String, CaseIterable, Hashable, Sendable {
    /// The done task stays (what happens without the field).
    case keep
    /// The done task is removed; a recurring task's next occurrence stays.
    case delete
}
