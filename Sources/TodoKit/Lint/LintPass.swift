/// One run of the linter over one document: reads each task once and collects findings.
struct LintPass {
    let doc: ParsedDocument
    let buf: UnsafeBufferPointer<UInt8>
    let today: Day
    let enabled: Set<String>
    var findings: [Finding] = []
    /// The rules `todofmt-disable` comments turned off, by line.
    private let switches: LintSwitches

    /// What the task rules learned about each task, for the list rules.
    private var completed: [Bool] = []
    private var titles: [ArraySlice<UInt8>] = []
    /// The task ids of the document, and the ids tasks depend on, where they are named.
    private var ids: Set<String> = []
    private var dependencies: [(id: String, line: Int, offset: Int)] = []

    init(doc: ParsedDocument, buf: UnsafeBufferPointer<UInt8>, today: Day, enabled: Set<String>) {
        self.doc = doc
        self.buf = buf
        self.today = today
        self.enabled = enabled
        switches = LintSwitches(doc.directives)
    }

    mutating func run() {
        for task in doc.structure.tasks.indices { checkTask(task) }
        if on(.unknownDependency) { checkDependencies(ids: ids, references: dependencies) }
        checkLists()
        checkParents()
        if on(.nearMissTask) { checkNearMisses() }
        checkDirectives()
    }

    func on(_ rule: LintRule) -> Bool { enabled.contains(rule.code) }

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

    private mutating func checkTask(_ index: Int) {
        let task = doc.structure.tasks[index]
        let line = task.line
        let (status, mark) = doc.status(ofTask: index, buf)
        let text = doc.text(ofTask: index, buf)
        let chosen = text.effectiveFields()
        let title = text.title(buf, removing: Array(text.occurrences.indices))
        completed.append(status.isCompleted)
        titles.append(title)
        // The formatter leaves a task with nothing after its checkbox as written.
        let isBlank = text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil

        if mark == "X" {
            report(.nonCanonicalCheckbox, line: line, offset: task.checkbox + 1, "write the done mark as 'x', not 'X'")
        }
        if !isBlank, text.coreStart != task.checkboxEnd + 1 || buf[task.checkboxEnd] != 0x20 {
            report(.nonCanonicalCheckbox, line: line, offset: task.checkboxEnd, "use exactly one space after the checkbox")
        }
        if case .other(let c) = status {
            report(.unknownStatus, line: line, offset: task.checkbox + 1, "unknown status character '\(c)'")
        }
        if title.isEmpty {
            report(.emptyTask, line: line, offset: task.checkbox, "empty task")
        }

        func day(_ key: FieldKey) -> (Day, Int)? {
            guard let i = chosen[key], let d = text.occurrences[i].day(today: today, buf) else { return nil }
            return (d, text.occurrences[i].range.lowerBound)
        }
        if status.isCompleted {
            if !isBlank, chosen[.done] == nil, chosen[.cancelled] == nil {
                let what = status.kind == .done ? "done" : "cancelled"
                report(.completedWithoutDate, line: line, offset: task.checkbox, "\(what) task has no \(what) date")
            }
            for key in [FieldKey.cancelled, .done] {
                if let (d, offset) = day(key), d > today {
                    report(.endDateInFuture, line: line, offset: offset, "\(key.rawValue) date \(d) is in the future")
                }
            }
        } else {
            for occurrence in text.occurrences where occurrence.key == .done || occurrence.key == .cancelled {
                report(.endDateOnOpenTask, line: line, offset: occurrence.range.lowerBound,
                       "task is not completed but has a \(occurrence.key.rawValue) date")
            }
            if let (due, offset) = day(.due), due < today {
                report(.overdueTask, line: line, offset: offset, "overdue since \(due)")
            }
        }
        for (index, occurrence) in text.occurrences.enumerated() where chosen[occurrence.key] != index {
            // An open task's end dates all go (TD002 reports them); otherwise the earlier one is text.
            if !status.isCompleted && (occurrence.key == .done || occurrence.key == .cancelled) { continue }
            let key = occurrence.key.rawValue
            report(.duplicateField, line: line, offset: occurrence.range.lowerBound,
                   "\(key) is given twice: the last one counts and this one stays in the title as text")
        }
        if let (due, offset) = day(.due), let (created, _) = day(.created), due < created {
            report(.dueBeforeCreated, line: line, offset: offset, "due date \(due) is before created date \(created)")
        }
        if on(.invalidDate) || on(.misspelledFieldKey) {
            checkFieldLookalikes(line: line, from: task.checkboxEnd, to: doc.lines.contentEnds[line])
        }
        if on(.unknownRecurrence) || on(.unknownDatePhrase) || on(.emojiFieldNotAtEnd) {
            checkRecurrenceAndDateWords(line: line, text: text, from: task.checkboxEnd, to: doc.lines.contentEnds[line])
        }
        if let i = chosen[.id], case .text(let id) = text.occurrences[i].field(buf).value { ids.insert(id) }
        if let i = chosen[.dependsOn], case .text(let list) = text.occurrences[i].field(buf).value {
            for id in list.split(separator: ",") {
                dependencies.append((String(id), line, text.occurrences[i].range.lowerBound))
            }
        }
    }

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
                if task < 0 || !completed[task] { lastOpen = position }
            }
            var seen: [ArraySlice<UInt8>: Int] = [:]
            for (position, item) in items.enumerated() {
                let task = s.items[item].task
                guard task >= 0 else { continue }
                let t = s.tasks[task]
                if completed[task] && position < lastOpen && reorderable {
                    report(.completedAboveOpen, line: t.line, offset: t.checkbox, "completed task above open items")
                }
                guard !titles[task].isEmpty else { continue }
                if let first = seen[titles[task]] {
                    report(.duplicateTask, line: t.line, offset: t.checkbox, "duplicate of the task on line \(first + 1)")
                } else {
                    seen[titles[task]] = t.line
                }
            }
        }
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
        var reported = Set<Int>()
        for (index, item) in s.items.enumerated() {
            let parent = s.lists[item.list].parentItem
            if parent >= 0 {
                enclosingTask[index] = s.items[parent].task >= 0 ? s.items[parent].task : enclosingTask[parent]
            }
            let owner = enclosingTask[index]
            guard item.task >= 0, owner >= 0, completed[owner], !completed[item.task], !reported.contains(owner) else { continue }
            reported.insert(owner)
            let t = s.tasks[owner]
            report(.completedParentWithOpenSubtasks, line: t.line, offset: t.checkbox, "completed task has open subtasks")
        }
    }
}
