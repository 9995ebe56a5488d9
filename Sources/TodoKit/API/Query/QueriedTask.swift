/// A todo as a query sees it: the task with the file it is in and its parent's line.
public struct QueriedTask: Hashable, Sendable {
    /// The file's path as it was given or found.
    public let path: String
    /// The task (title, status, dates, tags, 1-based line, nearest heading).
    public let todo: Todo
    /// The 1-based line of the enclosing task, or nil for a top-level task.
    public let parentLine: Int?
    /// Obsidian Tasks' global filter the file was read with: it marks tasks and is not part of
    /// their ``description``.
    let globalFilter: String?

    /// Wraps a todo of a file.
    /// - Parameters:
    ///   - path: The file's path as it was given or found.
    ///   - todo: The task.
    ///   - parentLine: The 1-based line of the enclosing task, or `nil` for a top-level task.
    public init(path: String, todo: Todo, parentLine: Int?) {
        self.init(path: path, todo: todo, parentLine: parentLine, globalFilter: nil)
    }

    /// Wraps a todo of a file read with a global filter.
    init(path: String, todo: Todo, parentLine: Int?, globalFilter: String?) {
        self.path = path
        self.todo = todo
        self.parentLine = parentLine
        self.globalFilter = globalFilter
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
    ///   - today: The day a relative date still written in the file (`due:tomorrow`, `📅 friday`)
    ///     counts from, as formatting would write it; nil: such a field gives no date.
    /// - Returns: One task per task line; empty for a file without tasks.
    /// - Throws: ``TodoError`` for bytes that are not UTF-8 text or hold a NUL byte.
    public static func tasks(in bytes: [UInt8], path: String, statuses: StatusMap = .standard,
                             globalFilter: String? = nil, today: Day? = nil) throws(TodoError) -> [QueriedTask] {
        tasks(in: try ParsedDocument(utf8: bytes, statuses: statuses, globalFilter: globalFilter), path: path, today: today)
    }

    /// The tasks of a parsed document in file order: those of a large document read in `parts` at
    /// the same time (by default one per processor from ``tasksPerPart`` tasks each; tests choose),
    /// each part writing its own tasks in place in the result.
    static func tasks(in parsed: ParsedDocument, path: String, today: Day? = nil, parts: Int? = nil) -> [QueriedTask] {
        let tasks = parsed.structure.tasks
        let count = tasks.count
        // Each todo's identity is its position among all tasks.
        let reader = TodoReader(parsed, identities: .positions, today: today)
        let parts = parts ?? Parallel.parts(count, minimumPerPart: tasksPerPart)
        return [QueriedTask](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each part initializes only its own tasks' elements.
            nonisolated(unsafe) let buffer = buffer
            Parallel.run(parts) { part in
                reader.forEachTodo(tasks: Parallel.share(part, of: parts, in: count)) { index, todo in
                    // The parent may be in another part: its line comes from the structure.
                    let parent = reader.enclosingTask[tasks[index].item]
                    (buffer.baseAddress! + index).initialize(to: QueriedTask(path: path, todo: todo,
                                                                             parentLine: parent >= 0 ? tasks[Int(parent)].line + 1 : nil,
                                                                             globalFilter: parsed.globalFilter))
                }
            }
            initialized = count
        }
    }

    /// Tasks of a large document are read in parts of at least this many.
    static let tasksPerPart = 8_192

    /// The tasks of a loaded list in file order.
    /// - Parameters:
    ///   - list: The list; its todos keep their identities.
    ///   - path: The file's path as it should be reported.
    /// - Returns: One task per todo of the list.
    public static func tasks(of list: TodoList, path: String) -> [QueriedTask] {
        list.todos.map { todo in
            QueriedTask(path: path, todo: todo, parentLine: todo.parent.flatMap { list[$0]?.line },
                        globalFilter: list.parsed.globalFilter)
        }
    }

    /// Where a task stands: its file and line, which tell tasks apart.
    struct Place: Hashable {
        var path: String
        var line: Int
    }

    /// The task's file and line.
    var place: Place { Place(path: path, line: todo.line) }

    /// What `description` filters and `sort by description` read, as in Obsidian Tasks: the title
    /// without the global filter where it stands as a word (`#task Pay rent` → `Pay rent`).
    public var description: String {
        guard let globalFilter, todo.title.contains(globalFilter) else { return todo.title }
        // Split at single spaces, so that the spacing between the other words stays as it is.
        let words = todo.title.split(separator: " ", omittingEmptySubsequences: false).filter { $0 != globalFilter }
        let text = words.joined(separator: " ")
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// The file's name: the path's last component.
    var filename: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The file's directory with a final `/`, `./` for a path without one.
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "./" }
        return String(path[...slash])
    }

    /// The path's first directory with a final `/` (`/tmp/` for `/tmp/a/todo.md`), `./` for a path
    /// without one.
    var root: String {
        let components = path.split(separator: "/")
        guard components.count > 1 else { return "./" }
        return (path.hasPrefix("/") ? "/" : "") + components[0] + "/"
    }

    /// `path:line`, as the shell commands print and accept it.
    public var reference: String { "\(path):\(todo.line)" }

    /// What Obsidian Tasks calls the status type.
    public var statusType: TaskStatusType { TaskStatusType(todo.status) }
}
