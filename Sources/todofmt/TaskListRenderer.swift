import TodoKit

/// Renders a query's result as text, JSON or TSV. The JSON and TSV columns are a stable schema
/// (docs/TASKS.md); the text listing is for people.
struct TaskListRenderer {
    /// What the text listing hides.
    var hidden: Set<TaskQueryField>
    /// The day "due tomorrow" and "3 days overdue" count from.
    var today: Day
    /// Colour overdue and due-today tasks (a terminal without NO_COLOR).
    var colored: Bool
    /// Cut lines to this many columns (a terminal), or nil.
    var width: Int?
    /// Show the control characters of titles, headings and paths rather than send them (a
    /// terminal: ``TerminalText/visible(_:)``).
    var showsControls: Bool

    private static let red = "\u{1B}[31m", yellow = "\u{1B}[33m", bold = "\u{1B}[1m", reset = "\u{1B}[0m"

    /// The result in `format`, as UTF-8.
    func render(_ result: TaskQueryResult, as format: TasksRequest.Format) -> [UInt8] {
        switch format {
        case .text: text(result)
        case .json: Array(json(result.tasks).utf8)
        case .tsv: Array(tsv(result.tasks).utf8)
        }
    }

    // MARK: - Text

    /// The text listing, as UTF-8 (a large listing is never made a string: checking 10 MB of it
    /// as UTF-8 took 8 ms).
    func text(_ result: TaskQueryResult) -> [UInt8] {
        // Written as UTF-8: a listing of 100,000 tasks built as strings spent most of its time
        // appending them to one another.
        var out: [UInt8] = []
        out.reserveCapacity(result.groups.reduce(0) { $0 + $1.tasks.count } * 96)
        var previous: [String] = []
        for group in result.groups {
            let first = zip(group.names, previous).prefix { $0 == $1 }.count
            for level in first..<group.names.count {
                if level == 0 && !out.isEmpty { out.append(UInt8(ascii: "\n")) }
                let heading = String(repeating: "  ", count: level) + visible(group.names[level])
                out += (colored ? Self.bold + fitted(heading) + Self.reset : fitted(heading)).utf8
                out.append(UInt8(ascii: "\n"))
            }
            previous = group.names
            appendLines(group.tasks, to: &out)
        }
        if !hidden.contains(.taskCount) {
            if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
            let shown = result.shownCount
            let noun = result.matchedCount == 1 ? "task" : "tasks"
            out += (shown == result.matchedCount ? "\(shown) \(noun)\n" : "\(shown) of \(result.matchedCount) \(noun)\n").utf8
        }
        return out
    }

    /// Appends the lines of `tasks`, each with its newline; a long run of them is written in parts
    /// at the same time (the open tasks of a 10 MB file are 77,000 lines), each part into bytes of its
    /// own, joined in order.
    private func appendLines(_ tasks: [QueriedTask], to out: inout [UInt8]) {
        let parts = min(tasks.count / Self.linesPerPart, 8)
        guard parts > 1 else { return appendLines(tasks[...], to: &out) }
        let renderer = self
        for bytes in ParallelMap.map(parts, { part in
            var bytes: [UInt8] = []
            let lines = Parallel.share(part, of: parts, in: tasks.count)
            bytes.reserveCapacity(lines.count * 96)
            renderer.appendLines(tasks[lines], to: &bytes)
            return bytes
        }) {
            out += bytes
        }
    }

    /// Runs of more than twice this many lines are written in parts.
    private static let linesPerPart = 16_384

    /// Appends the lines of `tasks` one after the other, each with its newline.
    private func appendLines(_ tasks: ArraySlice<QueriedTask>, to out: inout [UInt8]) {
        for task in tasks {
            if width == nil {
                appendLine(task, to: &out)
            } else {
                out += line(task).utf8
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    private func fitted(_ text: String) -> String {
        guard let width else { return text }
        return DisplayWidth.truncate(text, to: width)
    }

    /// The columns a title keeps on a line whose fields leave it less.
    private static let leastTitleColumns = 12

    /// `path:line [ ] title fields (hint)`, the title cut first when the line is too wide.
    func line(_ task: QueriedTask) -> String {
        let todo = task.todo
        var headBytes: [UInt8] = []
        appendHead(task, to: &headBytes)
        let head = String(decoding: headBytes, as: UTF8.self)
        var title = displayedTitle(todo)
        var tailBytes: [UInt8] = []
        appendFields(todo, to: &tailBytes)
        let tail = String(decoding: tailBytes, as: UTF8.self)
        let color = dueColor(todo)
        if let width {
            let room = width - DisplayWidth.of(head) - DisplayWidth.of(tail)
            if room >= 2 {
                title = DisplayWidth.truncate(title, to: room)
            } else {
                // The fields alone are too wide (a long rule): the title keeps a few columns of its
                // own, and the fields are cut at the line's end.
                title = DisplayWidth.truncate(title, to: max(room, Self.leastTitleColumns))
                let whole = DisplayWidth.truncate(head + title + tail, to: width)
                guard colored, let color else { return whole }
                let headEnd = whole.index(whole.startIndex, offsetBy: min(head.count, whole.count))
                return String(whole[..<headEnd]) + color + String(whole[headEnd...]) + Self.reset
            }
        }
        guard colored, let color else { return head + title + tail }
        return head + color + title + tail + Self.reset
    }

    /// ``line(_:)`` of a listing not cut to a width, appended to `out` as UTF-8.
    private func appendLine(_ task: QueriedTask, to out: inout [UInt8]) {
        appendHead(task, to: &out)
        let color = colored ? dueColor(task.todo) : nil
        if let color { out += color.utf8 }
        out += displayedTitle(task.todo).utf8
        appendFields(task.todo, to: &out)
        if color != nil { out += Self.reset.utf8 }
    }

    /// `path:line [ ] `, without the `path:line` when the backlink is hidden.
    private func appendHead(_ task: QueriedTask, to out: inout [UInt8]) {
        if shows(.backlink) {
            // ``QueriedTask/reference`` written as bytes (the interpolated string cost a tenth of a
            // large listing).
            out += visible(task.path).utf8
            out.append(UInt8(ascii: ":"))
            out += String(task.todo.line).utf8
            out.append(UInt8(ascii: " "))
        }
        out.append(UInt8(ascii: "["))
        out += String(Character(task.todo.status.mark)).utf8
        out += "] ".utf8
    }

    /// The title, without its tags when they are hidden.
    private func displayedTitle(_ todo: Todo) -> String {
        visible(shows(.tags) ? todo.title : todo.titleWithoutTags)
    }

    /// `text` as the listing shows it: its control characters visible when ``showsControls``.
    private func visible(_ text: String) -> String {
        showsControls ? TerminalText.visible(text) : text
    }

    /// The fields shown after the title, two spaces after it and one apart, in canonical order as
    /// the plain style writes them: priority, recurrence rule, dates, and how far off the due date is.
    private func appendFields(_ todo: Todo, to out: inout [UInt8]) {
        var first = true
        func separate() {
            out += (first ? "  " : " ").utf8
            first = false
        }
        func append(_ name: StaticString, _ day: Day?, _ field: TaskQueryField) {
            guard let day, shows(field) else { return }
            separate()
            out += UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            out.append(UInt8(ascii: ":"))
            out += day.isoBytes
        }
        if let priority = todo.priority, shows(.priority) {
            separate()
            out += "priority:".utf8
            out += priority.rawValue.utf8
        }
        if let recurrence = todo.recurrence, shows(.recurrenceRule) {
            separate()
            out += "rec:".utf8
            out += recurrence.plainValue.utf8
        }
        append("created", todo.created, .createdDate)
        append("start", todo.start, .startDate)
        append("scheduled", todo.scheduled, .scheduledDate)
        append("due", todo.due, .dueDate)
        append("cancelled", todo.cancelled, .cancelledDate)
        append("done", todo.done, .doneDate)
        if let due = todo.due, !todo.isCompleted, shows(.relativeHint) && shows(.dueDate) {
            separate()
            let days = today.days(until: due)
            switch days {
            case ..<0: out += "(\(-days) \(days == -1 ? "day" : "days") overdue)".utf8
            case 0: out += "(due today)".utf8
            case 1: out += "(due tomorrow)".utf8
            default: out += "(due in \(days) days)".utf8
            }
        }
    }

    /// Red for an overdue open task, yellow for one due today, else nil.
    private func dueColor(_ todo: Todo) -> String? {
        guard let due = todo.due, !todo.isCompleted else { return nil }
        let days = today.days(until: due)
        return days < 0 ? Self.red : days == 0 ? Self.yellow : nil
    }

    /// Whether the listing shows `field` (the set is asked only when something is hidden: a listing
    /// of 100,000 tasks asked it a million times).
    private func shows(_ field: TaskQueryField) -> Bool {
        hidden.isEmpty || !hidden.contains(field)
    }

    // MARK: - JSON and TSV

    /// The status word of the schema: open, done, cancelled, inProgress, or the mark itself (a mark
    /// that `.todofmt.json` `statuses` maps: the kind it maps to).
    static func statusWord(_ status: TaskStatus) -> String {
        switch status {
        case .open: "open"
        case .done: "done"
        case .cancelled: "cancelled"
        case .inProgress: "inProgress"
        case .other(let mark): String(Character(mark))
        // A mark the configuration maps is reported as the kind it was given.
        case .custom(_, let kind): kind.rawValue
        }
    }

    func json(_ tasks: [QueriedTask]) -> String {
        guard !tasks.isEmpty else { return "[]\n" }
        func day(_ day: Day?) -> String { day.map { "\"\($0)\"" } ?? "null" }
        let objects = tasks.map { task -> String in
            let t = task.todo
            let tags = t.tags.map { JSONWriter.literal("#" + $0) }.joined(separator: ", ")
            let parent = task.parentLine.map { JSONWriter.literal("\(task.path):\($0)") } ?? "null"
            let members: [String] = [
                "\"path\": " + JSONWriter.literal(task.path),
                "\"line\": \(t.line)",
                "\"title\": " + JSONWriter.literal(t.title),
                "\"status\": " + JSONWriter.literal(Self.statusWord(t.status)),
                "\"priority\": " + (t.priority.map { "\"\($0.rawValue)\"" } ?? "null"),
                "\"created\": " + day(t.created),
                "\"start\": " + day(t.start),
                "\"scheduled\": " + day(t.scheduled),
                "\"due\": " + day(t.due),
                "\"done\": " + day(t.done),
                "\"cancelled\": " + day(t.cancelled),
                "\"tags\": [" + tags + "]",
                "\"section\": " + (t.section.map(JSONWriter.literal) ?? "null"),
                "\"parent\": " + parent,
                "\"recurrence\": " + (t.recurrence.map { JSONWriter.literal($0.description) } ?? "null"),
            ]
            return "  {" + members.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// The TSV columns, in order.
    static let tsvColumns = ["path", "line", "status", "priority", "created", "start", "scheduled", "due", "done",
                             "cancelled", "tags", "section", "parent", "title"]

    func tsv(_ tasks: [QueriedTask]) -> String {
        func cell(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        }
        var out = Self.tsvColumns.joined(separator: "\t") + "\n"
        for task in tasks {
            let t = task.todo
            func day(_ day: Day?) -> String { day?.description ?? "" }
            var cells: [String] = [task.path, String(t.line), Self.statusWord(t.status), t.priority?.rawValue ?? ""]
            cells += [day(t.created), day(t.start), day(t.scheduled), day(t.due), day(t.done), day(t.cancelled)]
            cells.append(t.tags.map { "#" + $0 }.joined(separator: " "))
            cells.append(t.section ?? "")
            cells.append(task.parentLine.map { "\(task.path):\($0)" } ?? "")
            cells.append(t.title)
            out += cells.map(cell).joined(separator: "\t") + "\n"
        }
        return out
    }
}
