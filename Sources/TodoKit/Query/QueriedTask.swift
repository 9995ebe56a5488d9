/// A todo as a query sees it: the task with the file it is in and its parent's line.
public struct QueriedTask: Hashable, Sendable {
    /// The file's path as it was given or found.
    public let path: String
    /// The task (title, status, dates, tags, 1-based line, nearest heading).
    public let todo: Todo
    /// The 1-based line of the enclosing task, or nil for a top-level task.
    public let parentLine: Int?

    /// Wraps a todo of the file at `path`.
    public init(path: String, todo: Todo, parentLine: Int?) {
        self.path = path
        self.todo = todo
        self.parentLine = parentLine
    }

    /// The tasks of a file's bytes in file order; bytes that are not UTF-8 text are an error.
    public static func tasks(in bytes: [UInt8], path: String) throws(TodoError) -> [QueriedTask] {
        tasks(of: try TodoList(utf8: bytes), path: path)
    }

    /// The tasks of a loaded list in file order.
    public static func tasks(of list: TodoList, path: String) -> [QueriedTask] {
        list.todos.map { todo in
            QueriedTask(path: path, todo: todo, parentLine: todo.parent.flatMap { list[$0]?.line })
        }
    }

    /// `path:line`, as the shell commands print and accept it.
    public var reference: String { "\(path):\(todo.line)" }

    /// What Obsidian Tasks calls the status type.
    public var statusType: TaskStatusType { TaskStatusType(todo.status) }
}
