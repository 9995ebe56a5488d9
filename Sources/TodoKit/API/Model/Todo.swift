/// One todo as an app sees it: a task line of the file with an identity.
public struct Todo: Identifiable, Hashable, Sendable {
    /// Stable identity for the life of the store.
    public let id: TodoID
    /// The text without metadata fields.
    public var title: String
    /// What the checkbox says.
    public var status: TaskStatus
    /// The priority, if any.
    public var priority: Priority?
    /// The day the task was written down.
    public var created: Day?
    /// The day work may start.
    public var start: Day?
    /// The day the task is planned for.
    public var scheduled: Day?
    /// The day the task is due.
    public var due: Day?
    /// The day the task was done.
    public var done: Day?
    /// The day the task was cancelled.
    public var cancelled: Day?
    /// The `#tags` in the title, without `#`.
    public var tags: [String]
    /// The enclosing todo, if any.
    public var parent: TodoID?
    /// The todos nested directly under this one, in file order.
    public var subtasks: [TodoID]
    /// Where the todo stands in the file: 1-based line.
    public var line: Int
    /// The heading the todo stands under, if any.
    public var section: String?
    /// How the todo recurs (`🔁 every week`, `rec:1w`), if it does: ticking it leaves its next
    /// occurrence behind.
    public var recurrence: RecurrenceRule?

    /// A todo read from a task line.
    init(_ line: TaskLine, id: TodoID, parent: TodoID?, section: String?) {
        self.id = id
        title = line.title
        status = line.status
        tags = TodoList.tags(in: line.title)
        self.parent = parent
        subtasks = []
        self.line = line.location.line
        self.section = section
        for field in line.fields {
            switch (field.key, field.value) {
            case (let key, .day(let day)): take(day, for: key)
            case (.priority, .priority(let level)): priority = level
            case (.recurrence, .recurrence(let rule)): recurrence = rule
            default: break
            }
        }
    }

    /// A todo read from a task's text, as ``init(_:id:parent:section:)`` reads it from its task
    /// line: the fields that count (``TaskText/chosenFields()``), the title without them and
    /// its `#tags` (``TodoList/tags(in:)``). A relative date (`due:tomorrow`, read from `buf`)
    /// counts as the day it names from `today`, when given.
    init(id: TodoID, title: String, tags: [String], status: TaskStatus, fields text: TaskText,
         relativeDatesFrom today: Day?, _ buf: UnsafeBufferPointer<UInt8>, parent: TodoID?, line: Int, section: String?) {
        self.id = id
        self.title = title
        self.status = status
        self.tags = tags
        self.parent = parent
        subtasks = []
        self.line = line
        self.section = section
        let chosen = text.chosenFields()
        for order in 0..<FieldKey.count where chosen[order] >= 0 {
            let occurrence = text.occurrences[Int(chosen[order])]
            switch (occurrence.key, occurrence.value) {
            case (let key, .day(let day)): take(day, for: key)
            case (let key, .relative):
                if let today, let day = occurrence.day(today: today, buf) { take(day, for: key) }
            case (.priority, .priority(let level)): priority = level
            case (.recurrence, .recurrence(let rule)): recurrence = rule
            default: break
            }
        }
    }

    /// Sets the date property a date field's key stands for (`due:` → ``due``); other keys hold no day.
    private mutating func take(_ day: Day, for key: FieldKey) {
        switch key {
        case .created: created = day
        case .start: start = day
        case .scheduled: scheduled = day
        case .due: due = day
        case .done: done = day
        case .cancelled: cancelled = day
        default: break
        }
    }

    /// Done or cancelled.
    public var isCompleted: Bool { status.isCompleted }

    /// The title without its ``tags``, as a listing that hides tags shows it: each `#tag` goes
    /// with the white space before it (after it, at the start of the title), and what follows it
    /// stays (`Call #x, then #y.` → `Call, then.`).
    public var titleWithoutTags: String {
        guard !tags.isEmpty else { return title }
        let tagNames = Set(tags)
        let characters = Array(title)
        var kept: [Character] = []
        kept.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            // A tag starts at a `#` after white space and runs as far as ``TodoList/tags(in:)`` reads it.
            if characters[index] == "#", index == 0 || characters[index - 1].isWhitespace {
                var end = index + 1
                while end < characters.count, Self.continuesTag(characters[end]) { end += 1 }
                if end > index + 1, tagNames.contains(String(characters[(index + 1)..<end])) {
                    while kept.last?.isWhitespace == true { kept.removeLast() }
                    index = end
                    if kept.isEmpty {
                        while index < characters.count, characters[index].isWhitespace { index += 1 }
                    } else if index < characters.count, !characters[index].isWhitespace, !",.;:!?)]}".contains(characters[index]) {
                        // Text glued to the tag's end (`#tag#other`) stays a word apart; punctuation
                        // that ends a phrase stays with the word before the tag (`Tagged #x, then`).
                        kept.append(" ")
                    }
                    continue
                }
            }
            kept.append(characters[index])
            index += 1
        }
        return String(kept)
    }

    /// Whether a character after `#` belongs to the tag: a letter, a number, `_`, `-` or `/`.
    private static func continuesTag(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "/"
    }

    /// Whether the todo is open and was due before `day`.
    ///
    /// - Parameter day: today.
    /// - Returns: `true` for an open todo due before `day`.
    public func isOverdue(on day: Day) -> Bool {
        guard !isCompleted, let due else { return false }
        return due < day
    }

    /// The date field `key`, if set (nil for priority).
    ///
    /// - Parameter key: the field.
    /// - Returns: its day, or nil when unset or not a date field.
    public func day(_ key: FieldKey) -> Day? {
        switch key {
        case .created: created
        case .start: start
        case .scheduled: scheduled
        case .due: due
        case .done: done
        case .cancelled: cancelled
        case .id, .dependsOn, .priority, .recurrence, .onCompletion: nil
        }
    }
}
