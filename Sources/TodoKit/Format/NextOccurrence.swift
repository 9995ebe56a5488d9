/// What completing a task brings about beyond its end date: the next occurrence of a recurring task,
/// and `🏁 delete`. The formatter and ``TodoStore`` both go through here, at the moment they stamp a
/// done date (so a task that already has one never recurs again).
enum NextOccurrence {
    /// The new task line for a task completed today: the line above or below it, with its own prefix.
    struct Spawn {
        /// The line the new task stands before (the completed task's line or the line after its block).
        var insertBefore: Int
        /// The new line without its ending.
        var line: [UInt8]
        /// The verifier's key of the new task.
        var key: UInt64
    }

    /// Whether the line of task `task` may hold a recurrence or an on-completion field: a cheap byte
    /// test so that ordinary done tasks are never read twice.
    static func mayHaveCompletionFields(_ doc: ParsedDocument, task: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        let t = doc.structure.tasks[task]
        var i = t.checkboxEnd
        let end = doc.lines.contentEnd(t.line)
        while i < end {
            switch buf[i] {
            case 0xF0:
                // 🔁 F0 9F 94 81, 🏁 F0 9F 8F 81
                if i + 3 < end && buf[i + 1] == 0x9F && buf[i + 3] == 0x81 && (buf[i + 2] == 0x94 || buf[i + 2] == 0x8F) { return true }
            case UInt8(ascii: "r"):
                if i + 3 < end && buf[i + 1] == UInt8(ascii: "e") && (buf[i + 2] == UInt8(ascii: "c") || buf[i + 2] == UInt8(ascii: "p")) { return true }
            case UInt8(ascii: "o"):
                if i + 2 < end && buf[i + 1] == UInt8(ascii: "n") && buf[i + 2] == UInt8(ascii: "C") { return true }
            default:
                break
            }
            i += 1
        }
        return false
    }

    /// Whether the task is one whose completion the formatter would stamp now: done, with neither a
    /// done nor a cancelled date.
    static func isBeingCompleted(_ text: TaskText, status: TaskStatus) -> Bool {
        let chosen = text.chosenFields()
        return status.kind == .done && chosen[FieldKey.done.order] < 0 && chosen[FieldKey.cancelled.order] < 0
            && text.continuedSpan == nil
    }

    /// The occurrence of `key` that counts, if any.
    static func occurrence(_ key: FieldKey, of text: TaskText) -> TaskText.Occurrence? {
        let index = text.chosenFields()[key.order]
        return index >= 0 ? text.occurrences[Int(index)] : nil
    }

    /// Whether the task says `🏁 delete`.
    static func deletesOnCompletion(_ text: TaskText) -> Bool {
        if case .onCompletion(.delete)? = occurrence(.onCompletion, of: text)?.value { return true }
        return false
    }

    /// The fields of the next occurrence of a task whose rule is `rule`, completed on `today`: the
    /// reference date (due, else scheduled, else start) follows the rule from itself, or from today
    /// with `when done`; the other dates keep their distance from it; `created` becomes today; end
    /// dates, the id and the dependencies are not copied (as Obsidian Tasks does: the new task is not the
    /// one others wait for, nor blocked by what blocked the done one). `nil` when the rule names no
    /// later day.
    static func fields(of text: TaskText, _ buf: UnsafeBufferPointer<UInt8>, rule: RecurrenceRule, today: Day) -> [Field]? {
        var fields: [Field] = []
        var dates: [FieldKey: Day] = [:]
        for order in 0..<FieldKey.count {
            let index = text.chosenFields()[order]
            guard index >= 0 else { continue }
            let field = text.occurrences[Int(index)].field(buf).resolved(today: today)
            switch field.key {
            case .id, .dependsOn, .done, .cancelled:
                continue
            case .start, .scheduled, .due:
                if let day = field.day { dates[field.key] = day }
            case .created:
                fields.append(Field(key: .created, value: .day(today), style: field.style))
                continue
            default:
                break
            }
            fields.append(field)
        }
        guard let referenceKey = [FieldKey.due, .scheduled, .start].first(where: { dates[$0] != nil }), let reference = dates[referenceKey] else {
            return fields
        }
        guard let next = rule.next(after: rule.whenDone ? today : reference) else { return nil }
        for index in fields.indices {
            guard let day = dates[fields[index].key] else { continue }
            guard let moved = next.adding(days: reference.days(until: day)) else { return nil }
            fields[index].value = .day(moved)
        }
        return fields
    }

    /// The next occurrence of task `task` completed `today`, placed as `placement` asks, its fields in
    /// `style` (nil: in the one spelling the task's fields use, else `fallbackStyle`). `nil` when the
    /// task has no rule or the rule names no later day.
    ///
    /// Where taking the fields out of the title joins text into a field of its own (`x 📅
    /// due:2026-01-01 2026-12-01`: the done task keeps its text as written then), the new task is
    /// the text as written, its dates moved where they stand; when that does not read back as the
    /// same task either, the task does not recur.
    static func spawn(_ doc: ParsedDocument, task: Int, _ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>, today: Day,
                      placement: OccurrencePlacement, style: FieldStyle?, fallbackStyle: FieldStyle = .default) -> Spawn? {
        guard case .recurrence(let rule)? = occurrence(.recurrence, of: text)?.value,
              var fields = fields(of: text, buf, rule: rule, today: today) else { return nil }
        fields.sort { $0.key < $1.key }
        let s = doc.structure
        let t = s.tasks[task]
        let item = s.items[t.item]
        let lineStart = doc.lines.start(t.line)
        // Before the item's marker only white space and `>` may be copied; anything else (a parent
        // item's marker on the same line) becomes spaces, and the new line can then only go below.
        // A `>` right before such a marker gets a space of its own: a quote marker takes one space
        // after it as its own, which would leave the new line a column short of the parent's content.
        var prefix: [UInt8] = []
        var onlyContainers = true
        for i in lineStart..<item.markerStart {
            let c = buf[i]
            if c.isSpaceOrTab || c == UInt8(ascii: ">") {
                prefix.append(c)
            } else {
                if prefix.last == UInt8(ascii: ">") { prefix.append(0x20) }
                prefix.append(0x20)
                onlyContainers = false
            }
        }
        prefix.append(contentsOf: UnsafeBufferPointer(rebasing: buf[item.markerStart..<t.checkbox]))
        let writtenStyle = style ?? text.onlyStyle ?? fallbackStyle
        var title = ByteWriter(capacity: 64)
        let joined = text.appendTitle(buf, into: &title, removing: .chosen(dropEndDates: true))
        let titleBytes = title.bytes
        var tail = TaskTail.bytes(mark: [0x20], title: titleBytes, fields: fields, style: writtenStyle,
                                  blockID: nil, hardBreak: nil, paragraphContinues: false)
        // Above the task, when its item starts its line. Below its block, when the line after it is blank,
        // the list's next item or the end: any other line there stands apart from the list only because
        // the block ends in something a paragraph cannot take in (a code fence), and a new item's
        // paragraph would take it in, joining what follows to the list. When neither is possible, the
        // task does not recur (the verifier would refuse the file).
        let canAbove = onlyContainers && item.startLine == t.line
        let after = item.lastLine + 1
        var canBelow = after >= doc.lines.count || isBlankLine(after, doc, buf)
        if !canBelow {
            let siblings = s.items(ofList: item.list)
            if let position = siblings.firstIndex(of: t.item), position + 1 < siblings.count {
                canBelow = s.items[siblings[position + 1]].startLine == after
            }
        }
        let above: Bool
        switch (placement, canAbove, canBelow) {
        case (.above, true, _), (.below, true, false): above = true
        case (_, _, true): above = false
        default: return nil
        }
        var keyText = TaskText()
        var sameTitle = true
        var key = (prefix + tail).withUnsafeBufferPointer { line in
            keyText.read(line, start: prefix.count + 3, end: line.count, paragraphContinues: false)
            // The new task must read back with the title it was written with: title text that reads
            // as a field on the new line (an earlier duplicate of a field that is not copied, such as
            // a second id) would leave the title, and the copy would not be the same task. Such a
            // task does not recur. Nor may text that joined where a field was taken out read as a
            // field: the title without any field stays the done task's.
            var reread = ByteWriter(capacity: titleBytes.count + 16)
            keyText.appendTitle(line, into: &reread, removing: .chosen(dropEndDates: true))
            sameTitle = titleBytes.withUnsafeBufferPointer { reread.suffix(from: 0, equals: $0, 0, $0.count) }
                && (!joined || keyText.hasTitleWithoutFields(of: text, buf, line))
            return TaskKey.of(completed: false, keyText, line)
        }
        if !sameTitle {
            // Text joined where a field was taken out can read as a field of its own: the done task
            // keeps its text as written then (CanonicalForm), and so does the new one, its dates moved
            // where they stand.
            guard joined else { return nil }
            tail = [UInt8(ascii: "["), 0x20, UInt8(ascii: "]"), 0x20] + textInPlace(text, buf, fields: fields)
            // Such a text keeps its dependencies (``textInPlace(_:_:fields:)``).
            var keptFields = fields
            if let dependencies = occurrence(.dependsOn, of: text) {
                keptFields.append(dependencies.field(buf))
                keptFields.sort { $0.key < $1.key }
            }
            let written = (prefix + tail).withUnsafeBufferPointer { line -> UInt64? in
                keyText.read(line, start: prefix.count + 3, end: line.count, paragraphContinues: false)
                guard keyText.hasTitleWithoutFields(of: text, buf, line), keyText.hasFields(keptFields, line, today: today) else { return nil }
                return TaskKey.of(completed: false, keyText, line)
            }
            guard let written else { return nil }
            key = written
        }
        return Spawn(insertBefore: above ? t.line : item.lastLine + 1, line: prefix + tail, key: key)
    }

    /// The text of the next occurrence of `text` kept as written: each of the dates in `fields` written
    /// where the old one stands, in its spelling; the id and the block id taken out. The dependencies
    /// stay: taking them out of such a text can join what is left into a field (`rec:2w ⛔ dependsOn:y e`
    /// would read `⛔ e`), and the task would not recur at all.
    private static func textInPlace(_ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>, fields: [Field]) -> [UInt8] {
        let chosen = text.chosenFields()
        var edits: [Int: Field?] = [:]
        for index in text.occurrences.indices where chosen[text.occurrences[index].key.order] == index {
            switch text.occurrences[index].key {
            case .id:
                edits[index] = .some(nil)
            case .created, .start, .scheduled, .due:
                let key = text.occurrences[index].key
                if let field = fields.first(where: { $0.key == key }) { edits[index] = field }
            default:
                break
            }
        }
        var out = ByteWriter(capacity: text.coreEnd - text.coreStart + 16)
        text.appendInPlace(buf, edits: edits, dropBlockID: true, into: &out)
        return out.bytes
    }

    /// Whether a line holds only white space (and block-quote markers).
    private static func isBlankLine(_ line: Int, _ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = doc.lines.start(line)
        let end = doc.lines.contentEnd(line)
        while i < end {
            let c = buf[i]
            guard c.isSpaceOrTab || c == UInt8(ascii: ">") else { return false }
            i += 1
        }
        return true
    }

    /// The lists whose items `🏁 delete` may take out. `deletions` names each such task's list and
    /// item, and whether its next occurrence takes its place (then the list's first and last items
    /// stay tasks where they were); `growth`: the items each list gains (new occurrences). A list is
    /// never emptied (removing it would join the blocks around it), and it must keep the blocks
    /// around it as they are without those items (``CanonicalForm/keepsSurroundings(_:list:without:options:)``):
    /// an empty item left first right after a paragraph would become a heading's underline or
    /// paragraph text, and a new last item could take in the line after the list.
    static func listsLosingItems(_ deletions: [(list: Int, item: Int, replaced: Bool)], _ doc: ParsedDocument,
                                 growth: [Int: Int], options: FormatOptions) -> Set<Int> {
        var count: [Int: Int] = [:]
        var removed: [Int: Set<Int>] = [:]
        for deletion in deletions {
            count[deletion.list, default: 0] += 1
            removed[deletion.list, default: []].formUnion(deletion.replaced ? [] : [deletion.item])
        }
        return Set(removed.keys.filter { list in
            doc.structure.lists[list].itemCount + (growth[list] ?? 0) - count[list]! >= 1
                && CanonicalForm.keepsSurroundings(doc, list: list, without: removed[list]!, options: options)
        })
    }

    /// The lines a task completed today leaves: its own line removed (`🏁 delete`, when the task is
    /// alone on its lines: no continuation lines, no subtasks, and no parent item starting on its
    /// line, as in `- - [x] a`: that line is the parent's too, and its other lines would join the item
    /// above).
    static func deletesLine(_ doc: ParsedDocument, task: Int, _ text: TaskText) -> Bool {
        guard deletesOnCompletion(text) else { return false }
        let s = doc.structure
        let t = s.tasks[task]
        let item = s.items[t.item]
        let parent = s.lists[item.list].parentItem
        return item.startLine == t.line && item.lastLine == t.line && item.firstChildList < 0
            && (parent < 0 || s.items[parent].startLine != t.line)
    }
}
