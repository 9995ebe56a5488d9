/// Makes a parsed document's todos straight from its bytes, the way ``Todo/init(_:id:parent:section:)``
/// makes them from ``TaskLine``s, without the task lines: no line text, field list, block id or
/// dictionary per task, one reused ``TaskText`` and title buffer per part, and every todo written
/// in place into the list's array (a large document's parts at the same time).
struct TodoReader: Sendable {
    let parsed: ParsedDocument
    /// Where each todo's identity comes from.
    let identities: Identities
    /// For each list item, the index of the nearest enclosing task, or -1.
    let enclosingTask: [Int32]
    /// The day a relative date still written in the file (`due:tomorrow`) counts from, as the
    /// formatter would write it; nil: such a field gives no date (a loaded list's todos).
    let today: Day?

    /// Where a todo's identity comes from.
    enum Identities: Sendable {
        /// The identity on each line (every task line has one): a loaded list's.
        case lines([TodoID?])
        /// The task's position among all the document's tasks, plus one: a query's.
        case positions
    }

    init(_ parsed: ParsedDocument, identities: Identities, today: Day? = nil) {
        self.parsed = parsed
        self.identities = identities
        self.today = today
        let s = parsed.structure
        // Parents come before their children.
        var enclosing = [Int32](repeating: -1, count: s.items.count)
        for (index, item) in s.items.enumerated() {
            let parent = s.lists[item.list].parentItem
            if parent >= 0 {
                let task = s.items[parent].task
                enclosing[index] = task >= 0 ? Int32(truncatingIfNeeded: task) : enclosing[parent]
            }
        }
        enclosingTask = enclosing
    }

    /// The todos in file order, with their subtasks.
    func todos() -> [Todo] {
        let count = parsed.structure.tasks.count
        guard count > 0 else { return [] }
        var todos = [Todo](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each part initialises only its own range; nothing reads them before all have ended.
            nonisolated(unsafe) let base = buffer.baseAddress!
            let parts = Parallel.parts(count, minimumPerPart: 20_000)
            Parallel.run(parts) { part in
                let range = Parallel.share(part, of: parts, in: count)
                read(tasks: range, into: base + range.lowerBound)
            }
            initialized = count
        }
        let tasks = parsed.structure.tasks
        for index in 0..<count {
            let parent = enclosingTask[tasks[index].item]
            if parent >= 0 { todos[Int(parent)].subtasks.append(todos[index].id) }
        }
        return todos
    }

    /// Initialises `out[0..<range.count]` with the todos of the tasks in `range`, without subtasks.
    private func read(tasks range: Range<Int>, into out: UnsafeMutablePointer<Todo>) {
        forEachTodo(tasks: range) { index, todo in
            (out + (index - range.lowerBound)).initialize(to: todo)
        }
    }

    /// The identity of task `index`.
    private func id(ofTask index: Int) -> TodoID {
        switch identities {
        case .lines(let ids): ids[parsed.structure.tasks[index].line]!
        case .positions: TodoID(rawValue: UInt64(index + 1))
        }
    }

    /// Calls `body` with the index and the todo (without subtasks) of each task in `range`, in order.
    func forEachTodo(tasks range: Range<Int>, _ body: (Int, consuming Todo) -> Void) {
        let tasks = parsed.structure.tasks
        let filterTag = parsed.globalFilter.flatMap { $0.hasPrefix("#") && $0.count > 1 ? String($0.dropFirst()) : nil }
        var sections = SectionLookup(parsed)
        var text = TaskText()
        var title = ByteWriter()
        parsed.bytes.withUnsafeBufferPointer { buf in
            for index in range {
                let task = tasks[index]
                let status = parsed.status(ofTask: index, buf).0
                parsed.read(task: index, into: &text, buf)
                // The title the canonical form writes: the fields that count come out, earlier
                // duplicates stay as text, and a task that is not completed loses every end date.
                title.truncate(to: 0)
                text.appendTitle(buf, into: &title, removing: .chosen(dropEndDates: !status.isCompleted))
                let parent = enclosingTask[task.item]
                let (string, hasHash) = title.withBytes { bytes in
                    (String(decoding: bytes, as: UTF8.self), bytes.contains(UInt8(ascii: "#")))
                }
                var tags = hasHash ? TodoList.tags(in: string) : []
                // A global filter that is a tag marks tasks; as in Obsidian Tasks, it is not one of
                // their tags (every task would carry it: `has tags`, `group by tags` would say nothing).
                if let filterTag, !tags.isEmpty { tags.removeAll { $0 == filterTag } }
                body(index, Todo(
                    id: id(ofTask: index),
                    title: string,
                    tags: tags,
                    status: status,
                    fields: text,
                    relativeDatesFrom: today,
                    buf,
                    parent: parent >= 0 ? id(ofTask: Int(parent)) : nil,
                    line: task.line + 1,
                    section: sections.heading(above: task.line)))
            }
        }
    }
}
