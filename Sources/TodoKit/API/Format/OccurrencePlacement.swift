/// Where the open occurrence of a recurring task goes when the task is done.
public enum OccurrencePlacement: String, CaseIterable, Sendable {
    /// On the line above the done task (Obsidian Tasks' default).
    case above
    /// On the line after the done task's block (its continuation lines and subtasks).
    case below

    /// The placement used when nothing else is configured.
    public static let `default` = OccurrencePlacement.above
}
