/// A todo as a query sees it: the task with the file it is in and its parent's line.
public struct QueriedTask: Hashable, Sendable {
    /// The file's path as it was given or found.
    public let path: String
    /// The task (title, status, dates, tags, 1-based line, nearest heading).
    public let todo: Todo
    /// The 1-based line of the enclosing task, or nil for a top-level task.
    public let parentLine: Int?

    /// Wraps a todo of a file.
    /// - Parameters:
    ///   - path: The file's path as it was given or found.
    ///   - todo: The task.
    ///   - parentLine: The 1-based line of the enclosing task, or `nil` for a top-level task.
    public init(path: String, todo: Todo, parentLine: Int?) {
        self.path = path
        self.todo = todo
        self.parentLine = parentLine
    }

    /// The tasks of a file's bytes in file order.
    ///
    /// Read straight from the document, without the identities a ``TodoList`` keeps for editing
    /// (each todo's ``Todo/id`` is its position, 1-based), so listing a big file stays cheap.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - path: The file's path as it should be reported.
    ///   - statuses: Custom checkbox marks and their kinds (`.todofmt.json` `statuses`).
    ///   - globalFilter: Obsidian Tasks' global filter: only checklist items containing it are tasks.
    /// - Returns: One task per task line; empty for a file without tasks.
    /// - Throws: ``TodoError`` for bytes that are not UTF-8 text or hold a NUL byte.
    public static func tasks(in bytes: [UInt8], path: String, statuses: StatusMap = .standard,
                             globalFilter: String? = nil) throws(TodoError) -> [QueriedTask] {
        let parsed = try ParsedDocument(utf8: bytes, statuses: statuses, globalFilter: globalFilter)
        let lines = TodoDocument(parsed: parsed).tasks
        var sections = SectionLookup(parsed)
        var result: [QueriedTask] = []
        result.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let todo = Todo(line, id: TodoID(rawValue: UInt64(index + 1)), parent: line.parent.map { TodoID(rawValue: UInt64($0 + 1)) },
                            section: sections.heading(above: line.location.line - 1))
            result.append(QueriedTask(path: path, todo: todo, parentLine: line.parent.map { lines[$0].location.line }))
        }
        return result
    }

    /// The tasks of a loaded list in file order.
    /// - Parameters:
    ///   - list: The list; its todos keep their identities.
    ///   - path: The file's path as it should be reported.
    /// - Returns: One task per todo of the list.
    public static func tasks(of list: TodoList, path: String) -> [QueriedTask] {
        list.todos.map { todo in
            QueriedTask(path: path, todo: todo, parentLine: todo.parent.flatMap { list[$0]?.line })
        }
    }

    /// Where a task stands: its file and line, which tell tasks apart.
    struct Place: Hashable {
        var path: String
        var line: Int
    }

    /// The task's file and line.
    var place: Place { Place(path: path, line: todo.line) }

    /// `path:line`, as the shell commands print and accept it.
    public var reference: String { "\(path):\(todo.line)" }

    /// What Obsidian Tasks calls the status type.
    public var statusType: TaskStatusType { TaskStatusType(todo.status) }
}
