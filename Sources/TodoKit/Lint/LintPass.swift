/// One run of the linter over one document: reads each task once and collects findings.
///
/// The task rules run for every task of a file on every keystroke of an editor (`todofmt lsp`), so
/// they work on the document's bytes: one ``TaskText`` and one token list are reused from task to
/// task, a string is made only for a token that may be a finding, and a large document's tasks are
/// checked in parts on every processor.
struct LintPass {
    let doc: ParsedDocument
    let buf: UnsafeBufferPointer<UInt8>
    let today: Day
    var findings: [Finding] = []
    /// The rules that run, one bit per ``LintRule/number``.
    private let enabled: UInt64
    /// The rules `todofmt-disable` comments turned off, by line.
    private let switches: LintSwitches

    /// What the task rules learned about each task, for the list rules.
    private var summaries: [TaskSummary] = []
    /// The task ids of the document (``Linter/declaredIDs(utf8:)``), and the ids tasks depend on,
    /// where they are named.
    private(set) var ids: Set<String> = []
    private var dependencies: [(id: String, line: Int, offset: Int)] = []

    /// What the list rules need of a task.
    private struct TaskSummary {
        var isCompleted: Bool
        /// Whether its title (its text without fields) is not empty.
        var hasTitle: Bool
        /// A hash of its title: tasks with the same title have the same.
        var titleHash: UInt64
    }

    /// The fewest tasks a part of a large document's checks has (``Parallel/parts(_:minimumPerPart:)``).
    static let tasksPerPart = 4_096
    /// The bits of a title's hash that are kept (tests keep few, so that different titles share
    /// hashes).
    var titleHashBits: UInt64 = .max

    init(doc: ParsedDocument, buf: UnsafeBufferPointer<UInt8>, today: Day, enabled: Set<String>) {
        self.doc = doc
        self.buf = buf
        self.today = today
        self.enabled = LintRule.all.reduce(0) { enabled.contains($1.code) ? $0 | 1 << $1.number : $0 }
        switches = LintSwitches(doc.directives)
    }

    /// Runs every rule; `parts`: how many parts the task rules are split into (tests choose), else
    /// four per processor for a large document (tasks differ in cost: the threads take the next
    /// part as they come free, and end together).
    mutating func run(parts: Int? = nil) {
        checkTasks(parts: parts ?? Parallel.parts(doc.structure.tasks.count, minimumPerPart: Self.tasksPerPart, perProcessor: 4))
        if on(.unknownDependency) { checkDependencies(ids: ids, references: dependencies) }
        checkLists()
        checkParents()
        if on(.nearMissTask) { checkNearMisses() }
        checkDirectives()
    }

    /// The task rules, the tasks split into `parts` contiguous ranges checked at the same time,
    /// each by a pass of its own; their findings and what they learned are joined in task order.
    private mutating func checkTasks(parts: Int) {
        let count = doc.structure.tasks.count
        guard parts > 1 else {
            checkTasks(0..<count)
            return
        }
        var passes = [LintPass](repeating: self, count: parts)
        passes.withUnsafeMutableBufferPointer { passes in
            // Each part writes only its own pass.
            nonisolated(unsafe) let passes = passes
            Parallel.run(parts) { part in
                passes[part].checkTasks(Parallel.share(part, of: parts, in: count))
            }
        }
        summaries.reserveCapacity(count)
        for pass in passes {
            findings += pass.findings
            summaries += pass.summaries
            ids.formUnion(pass.ids)
            dependencies += pass.dependencies
        }
    }

    private mutating func checkTasks(_ range: Range<Int>) {
        summaries.reserveCapacity(range.count)
        var reader = TaskText()
        var tokens: [Range<Int>] = []
        var title = ByteWriter()
        for task in range { checkTask(task, reader: &reader, tokens: &tokens, title: &title) }
    }

    func on(_ rule: LintRule) -> Bool { enabled & 1 << rule.number != 0 }

    /// The bytes in `range` as a string (for a token that makes a finding or may).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }

    /// Records a finding at byte `offset` of `line` (0-based) if the rule is enabled, not turned off
    /// there by a `todofmt-disable` comment, and the line is not left alone by an ignore directive.
    mutating func report(_ rule: LintRule, line: Int, offset: Int, _ message: String) {
        guard !doc.directives.isFrozen(line) else { return }
        reportEvenIfIgnored(rule, line: line, offset: offset, message)
    }

    /// The last finding recorded, if `rule` recorded it just now (to add details to it).
    mutating func amendLast(_ rule: LintRule, _ change: (inout Finding) -> Void) {
        guard let last = findings.indices.last, findings[last].code == rule.code else { return }
        change(&findings[last])
    }

    /// ``report(_:line:offset:_:)`` also on ignored lines (for findings about the directives themselves).
    private mutating func reportEvenIfIgnored(_ rule: LintRule, line: Int, offset: Int, _ message: String) {
        guard on(rule), !switches.isOff(rule.code, line: line) else { return }
        findings.append(Finding(rule, line: line + 1, column: offset - doc.lines.starts[line] + 1, message))
    }

    // MARK: - One task

    /// The task rules of task `index`; `reader`, `tokens` and `title` are scratch space kept from
    /// task to task.
    private mutating func checkTask(_ index: Int, reader: inout TaskText, tokens: inout [Range<Int>], title: inout ByteWriter) {
        let task = doc.structure.tasks[index]
        let line = task.line
        let (status, mark) = doc.status(ofTask: index, buf)
        doc.read(task: index, into: &reader, buf)
        let text = reader
        let chosen = text.chosenFields()
        title.truncate(to: 0)
        text.appendTitle(buf, into: &title, removing: .all)
        summaries.append(TaskSummary(isCompleted: status.isCompleted, hasTitle: title.count > 0, titleHash: title.withBytes { title in
            var hash = Hasher64()
            hash.add(title, 0, title.count)
            return hash.value & titleHashBits
        }))
        // The formatter leaves a task with nothing after its checkbox as written, and one whose line
        // ends inside a code span or comment a later line closes (but for an `X` mark): the rules
        // whose fix it would make do not apply to them.
        let keptAsWritten = text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil
            || text.continuedSpan != nil

        if mark == "X" {
            report(.nonCanonicalCheckbox, line: line, offset: task.checkbox + 1, "write the done mark as 'x', not 'X'")
        }
        if !keptAsWritten, text.coreStart != task.checkboxEnd + 1 || buf[task.checkboxEnd] != 0x20 {
            report(.nonCanonicalCheckbox, line: line, offset: task.checkboxEnd, "use exactly one space after the checkbox")
        }
        if case .other(let c) = status {
            report(.unknownStatus, line: line, offset: task.checkbox + 1, "unknown status character '\(c)'")
        }
        if title.count == 0 {
            report(.emptyTask, line: line, offset: task.checkbox, "empty task")
        }

        func day(_ key: FieldKey) -> (Day, Int)? {
            let i = Int(chosen[key.order])
            guard i >= 0, let d = text.occurrences[i].day(today: today, buf) else { return nil }
            return (d, text.occurrences[i].range.lowerBound)
        }
        if status.isCompleted {
            if !keptAsWritten, chosen[FieldKey.done.order] < 0, chosen[FieldKey.cancelled.order] < 0 {
                let what = status.kind == .done ? "done" : "cancelled"
                report(.completedWithoutDate, line: line, offset: task.checkbox, "\(what) task has no \(what) date")
            }
            for key in Self.endDateKeys {
                if let (d, offset) = day(key), d > today {
                    report(.endDateInFuture, line: line, offset: offset, "\(key.rawValue) date \(d) is in the future")
                }
            }
        } else {
            for occurrence in text.occurrences where !keptAsWritten && (occurrence.key == .done || occurrence.key == .cancelled) {
                report(.endDateOnOpenTask, line: line, offset: occurrence.range.lowerBound,
                       "task is not completed but has a \(occurrence.key.rawValue) date")
            }
            if let (due, offset) = day(.due), due < today {
                report(.overdueTask, line: line, offset: offset, "overdue since \(due)")
            }
        }
        for (index, occurrence) in text.occurrences.enumerated() where Int(chosen[occurrence.key.order]) != index {
            // An open task's end dates all go (TD002 reports them); otherwise the earlier one is text.
            if !status.isCompleted && (occurrence.key == .done || occurrence.key == .cancelled) { continue }
            let key = occurrence.key.rawValue
            report(.duplicateField, line: line, offset: occurrence.range.lowerBound,
                   "\(key) is given twice: the last one counts and this one stays in the title as text")
        }
        if let (due, offset) = day(.due), let (created, _) = day(.created), due < created {
            report(.dueBeforeCreated, line: line, offset: offset, "due date \(due) is before created date \(created)")
        }
        let lookalikes = on(.invalidDate) || on(.misspelledFieldKey)
        let wordsAndEmojis = on(.unknownRecurrence) || on(.unknownDatePhrase) || on(.emojiFieldNotAtEnd)
        if lookalikes || wordsAndEmojis {
            let end = doc.lines.contentEnds[line]
            Self.tokens(buf, from: task.checkboxEnd, to: end, into: &tokens)
            if lookalikes { checkFieldLookalikes(line: line, tokens: tokens, end: end) }
            if wordsAndEmojis { checkRecurrenceAndDateWords(line: line, text: text, tokens: tokens, end: end) }
        }
        let id = Int(chosen[FieldKey.id.order])
        if id >= 0, case .text(let id) = text.occurrences[id].field(buf).value { ids.insert(id) }
        let dependsOn = Int(chosen[FieldKey.dependsOn.order])
        if dependsOn >= 0, case .text(let list) = text.occurrences[dependsOn].field(buf).value {
            for id in list.split(separator: ",") {
                dependencies.append((String(id), line, text.occurrences[dependsOn].range.lowerBound))
            }
        }
    }

    /// The end dates, in the order their findings are reported.
    private static let endDateKeys: [FieldKey] = [.cancelled, .done]

    // MARK: - Lists

    private mutating func checkLists() {
        let s = doc.structure
        for index in s.lists.indices {
            // The formatter does not reorder a list that holds ignored lines.
            let reorderable = !doc.directives.freezesAny(ofList: index, s)
            var lastOpen = -1
            let items = s.items(ofList: index)
            for (position, item) in items.enumerated() {
                let task = s.items[item].task
                if task < 0 || !summaries[task].isCompleted { lastOpen = position }
            }
            // The first task with each title hash.
            var seen = [UInt64: Int](minimumCapacity: items.count)
            for (position, item) in items.enumerated() {
                let task = s.items[item].task
                guard task >= 0 else { continue }
                let t = s.tasks[task]
                if summaries[task].isCompleted && position < lastOpen && reorderable {
                    report(.completedAboveOpen, line: t.line, offset: t.checkbox, "completed task above open items")
                }
                guard summaries[task].hasTitle else { continue }
                guard let candidate = seen[summaries[task].titleHash] else {
                    seen[summaries[task].titleHash] = task
                    continue
                }
                // The same hash is almost always the same title; two titles are read again to be sure.
                let earlier = items[..<position].lazy.map { s.items[$0].task }
                if let first = sameTitle(candidate, task) ? candidate : earlier.first(where: { $0 >= 0 && sameTitle($0, task) }) {
                    report(.duplicateTask, line: t.line, offset: t.checkbox, "duplicate of the task on line \(s.tasks[first].line + 1)")
                }
            }
        }
    }

    /// Whether tasks `a` and `b` have the same title.
    private func sameTitle(_ a: Int, _ b: Int) -> Bool {
        guard summaries[a].titleHash == summaries[b].titleHash else { return false }
        var text = TaskText()
        var titles = ByteWriter()
        doc.read(task: a, into: &text, buf)
        text.appendTitle(buf, into: &titles, removing: .all)
        let end = titles.count
        doc.read(task: b, into: &text, buf)
        text.appendTitle(buf, into: &titles, removing: .all)
        return titles.withBytes { $0[..<end].elementsEqual($0[end...]) }
    }

    // MARK: - Directives

    /// Unknown `todofmt-` words, rule names no rule has, and directives that match nothing.
    private mutating func checkDirectives() {
        let directives = doc.directives
        guard !directives.all.isEmpty else { return }
        for directive in directives.all {
            switch directive.kind {
            case .unknown:
                reportEvenIfIgnored(.unknownDirective, line: directive.line, offset: directive.wordStart,
                                    "unknown directive '\(directive.word)'")
            case .ignore, .ignoreStart, .ignoreEnd:
                if let first = directive.argumentStarts.first {
                    reportEvenIfIgnored(.unknownDirective, line: directive.line, offset: first,
                                        "\(directive.word) takes no arguments")
                }
            case .disable, .enable:
                break
            }
        }
        for unknown in switches.unknownRules {
            let directive = directives.all[unknown.directive]
            reportEvenIfIgnored(.unknownDirective, line: directive.line, offset: directive.argumentStarts[unknown.argument],
                                "unknown rule '\(directive.arguments[unknown.argument])' in \(directive.word)")
        }
        for problem in directives.problems {
            let directive = directives.all[problem.directive]
            reportEvenIfIgnored(.unmatchedDirective, line: directive.line, offset: directive.wordStart, problem.message)
        }
    }

    /// Completed tasks whose nearest enclosed tasks are not all completed.
    private mutating func checkParents() {
        guard on(.completedParentWithOpenSubtasks) else { return }
        let s = doc.structure
        var enclosingTask = [Int](repeating: -1, count: s.items.count)
        var reported = [Bool](repeating: false, count: s.tasks.count)
        for (index, item) in s.items.enumerated() {
            let parent = s.lists[item.list].parentItem
            if parent >= 0 {
                enclosingTask[index] = s.items[parent].task >= 0 ? s.items[parent].task : enclosingTask[parent]
            }
            let owner = enclosingTask[index]
            guard item.task >= 0, owner >= 0, summaries[owner].isCompleted, !summaries[item.task].isCompleted, !reported[owner] else { continue }
            reported[owner] = true
            let t = s.tasks[owner]
            report(.completedParentWithOpenSubtasks, line: t.line, offset: t.checkbox, "completed task has open subtasks")
        }
    }
}
