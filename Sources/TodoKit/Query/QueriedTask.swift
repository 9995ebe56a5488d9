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
    ///
    /// Read straight from the document, without the identities a ``TodoList`` keeps for editing
    /// (each todo's ``Todo/id`` is its position, 1-based), so listing a big file stays cheap.
    public static func tasks(in bytes: [UInt8], path: String) throws(TodoError) -> [QueriedTask] {
        try TodoDocument.validate(bytes)
        let parsed = ParsedDocument(validated: bytes)
        let lines = TodoDocument(parsed: parsed).tasks
        let headings = parsed.structure.headings
        var sections = [String?](repeating: nil, count: headings.count)
        var heading = -1
        var result: [QueriedTask] = []
        result.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let lineIndex = line.location.line - 1
            while heading + 1 < headings.count && headings[heading + 1].line < lineIndex { heading += 1 }
            var section: String?
            if heading >= 0 {
                if sections[heading] == nil { sections[heading] = String(decoding: parsed.bytes[headings[heading].text], as: UTF8.self) }
                section = sections[heading]
            }
            var created, start, scheduled, due, done, cancelled: Day?
            var priority: Priority?
            for field in line.fields {
                switch (field.key, field.value) {
                case (.priority, .priority(let level)): priority = level
                case (.created, .day(let day)): created = day
                case (.start, .day(let day)): start = day
                case (.scheduled, .day(let day)): scheduled = day
                case (.due, .day(let day)): due = day
                case (.done, .day(let day)): done = day
                case (.cancelled, .day(let day)): cancelled = day
                default: break
                }
            }
            let todo = Todo(
                id: TodoID(rawValue: UInt64(index + 1)), title: line.title, status: line.status, priority: priority,
                created: created, start: start, scheduled: scheduled, due: due,
                done: done, cancelled: cancelled, tags: TodoList.tags(in: line.title),
                parent: line.parent.map { TodoID(rawValue: UInt64($0 + 1)) }, subtasks: [], line: line.location.line,
                section: section)
            result.append(QueriedTask(path: path, todo: todo, parentLine: line.parent.map { lines[$0].location.line }))
        }
        return result
    }

    /// The tasks of a loaded list in file order.
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
