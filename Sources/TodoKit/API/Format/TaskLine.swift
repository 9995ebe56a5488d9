/// A task read from a todo file: one list item whose content starts with a checkbox.
public struct TaskLine: Hashable, Sendable {
    /// Where the checkbox's `[` stands (1-based line, UTF-8 column).
    public var location: SourceLocation
    /// What the checkbox says.
    public var status: TaskStatus
    /// The character between the brackets, as written.
    public var mark: Unicode.Scalar
    /// The task's text without its metadata fields and block id, whitespace trimmed: the title the
    /// canonical form writes (an earlier duplicate of a field stays in it as text; a task that is not
    /// completed has no end dates).
    public var title: String
    /// The metadata fields read from the line, in the order they were written.
    public var fields: [Field]
    /// A trailing Obsidian block id such as `^abc`, without the caret, if any.
    public var blockID: String?
    /// How many list items enclose this one (0 for a top-level item).
    public var depth: Int
    /// The index in ``TodoDocument/tasks`` of the nearest enclosing task, if any.
    public var parent: Int?
    /// The line exactly as written, without its line ending.
    public var source: String

    /// The first field with a key.
    /// - Parameter key: The key.
    /// - Returns: The first such field in the line, or `nil` when the task has none.
    public func field(_ key: FieldKey) -> Field? {
        fields.first { $0.key == key }
    }

    /// The day of a date field.
    /// - Parameter key: A date key.
    /// - Returns: The day of the first field with `key`, or `nil` when there is none or its value is
    ///   not a day (a relative phrase not yet resolved).
    public func day(_ key: FieldKey) -> Day? {
        field(key)?.day
    }

    /// The priority, if the line has one.
    public var priority: Priority? {
        if case .priority(let p)? = field(.priority)?.value { return p }
        return nil
    }
}
