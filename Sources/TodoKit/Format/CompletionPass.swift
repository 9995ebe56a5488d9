/// The formatter's first step when tasks are completed now: each done recurring task gets its next
/// occurrence and `🏁 delete` tasks go, before the canonical form is written. The result is checked
/// by ``FormatVerifier/verify(_:input:output:)``.
struct CompletionPass {
    /// The new tasks' keys and the ordered lists they joined, for the verifier.
    var spawnedKeys: [UInt64] = []
    /// The keys of the tasks removed by `🏁 delete`.
    var deletedKeys: [UInt64] = []
    /// For each input list, how many items it gains (negative: loses).
    var listGrowth: [Int: Int] = [:]
    /// The lines of the output that hold new tasks.
    var spawnedLines: [Int] = []
    /// The document after the pass.
    var bytes: [UInt8] = []

    /// The pass over `doc`, or nil when no task is being completed with a rule or `🏁 delete` (the
    /// usual case: then only done tasks holding one of the fields' bytes are read at all).
    init?(_ doc: ParsedDocument, options: FormatOptions) {
        guard options.stampDates else { return nil }
        var spawns: [(list: Int, spawn: NextOccurrence.Spawn)] = []
        var deletions: [(list: Int, item: Int, line: Int, key: UInt64, replaced: Bool)] = []
        doc.bytes.withUnsafeBufferPointer { buf in
            var text = TaskText()
            var scratch = ByteWriter()
            for task in doc.structure.tasks.indices {
                let t = doc.structure.tasks[task]
                guard CompletionPass.isDone(doc, task: task, buf), !doc.directives.isFrozen(t.line),
                      NextOccurrence.mayHaveCompletionFields(doc, task: task, buf) else { continue }
                doc.read(task: task, into: &text, buf)
                guard NextOccurrence.isBeingCompleted(text, status: .done) else { continue }
                let list = doc.structure.items[t.item].list
                var replaced = false
                if let spawn = NextOccurrence.spawn(doc, task: task, text, buf, today: options.today,
                                                    placement: options.nextOccurrence, style: options.fieldStyle) {
                    spawns.append((list, spawn))
                    spawnedKeys.append(spawn.key)
                    listGrowth[list, default: 0] += 1
                    replaced = true
                }
                if NextOccurrence.deletesLine(doc, task: task, text) {
                    deletions.append((list, t.item, t.line, TaskKey.of(doc, task, text, buf, scratch: &scratch), replaced))
                }
            }
        }
        // A list is never emptied: its last item stays (removing the list would join the blocks around
        // it); nor are items taken out where that would change how the lines around the list read.
        var deleted: [Int] = []
        let kept = NextOccurrence.listsLosingItems(deletions.map { ($0.list, $0.item, $0.replaced) }, doc, growth: listGrowth,
                                                   options: options)
        for deletion in deletions where kept.contains(deletion.list) {
            deleted.append(deletion.line)
            deletedKeys.append(deletion.key)
            listGrowth[deletion.list, default: 0] -= 1
        }
        guard !spawns.isEmpty || !deleted.isEmpty else { return nil }
        var lines = EditableLines(doc, ids: [TodoID?](repeating: nil, count: doc.lines.count))
        // Deleted lines are marked first; the new ones (marked by an id) go in, in one pass.
        let deletedMark = TodoID(rawValue: 1), newMark = TodoID(rawValue: 0)
        for line in deleted { lines.ids[line] = deletedMark }
        lines.insert(spawns.map { ($0.spawn.insertBefore, $0.spawn.line, newMark) })
        lines.remove(where: lines.ids.map { $0 == deletedMark })
        spawnedLines = lines.ids.indices.filter { lines.ids[$0] == newMark }
        let inserted = ParsedDocument(validated: lines.bytes, like: doc)
        // Ordered lists that gained an item are numbered again.
        let s = inserted.structure
        let newLines = Set(spawnedLines)
        var renumber: Set<Int> = []
        for task in s.tasks where newLines.contains(task.line) && s.lists[s.items[task.item].list].ordered {
            renumber.insert(s.items[task.item].list)
        }
        if renumber.isEmpty {
            bytes = inserted.utf8
        } else {
            let renumbering = FormatOptions(stampDates: false, sinkCompleted: false, today: options.today)
            bytes = CanonicalForm.render(inserted, options: renumbering, scope: .init(rewriteTasks: false, lists: [], renumber: renumber)).bytes
        }
    }

    /// Whether the pass (when dates are stamped) may complete a done task whose fields are `chosen`
    /// (``TaskText/chosenFields()``): it has no end date, and a recurrence rule or an on-completion
    /// field (and its line is not frozen by a directive: the caller knows). False means the pass leaves
    /// the task alone.
    static func mayComplete(done chosen: SIMD16<Int32>) -> Bool {
        chosen[FieldKey.done.order] < 0 && chosen[FieldKey.cancelled.order] < 0
            && (chosen[FieldKey.recurrence.order] >= 0 || chosen[FieldKey.onCompletion.order] >= 0)
    }

    /// Whether the pass completes a task of `status` whose text is `text` now, under `options`:
    /// dates are stamped, the task is done, its line can take a date (``TaskText/continuedSpan``)
    /// and ``mayComplete(done:)`` (the canonical form's dry run, its output and its task lines ask
    /// this one question).
    @inline(__always) static func completesNow(_ status: TaskStatus, _ text: TaskText, options: FormatOptions) -> Bool {
        // What it reads of the text is passed on, not the text: a `TaskText` given to a call that is
        // not inlined is copied first (once per task line written).
        completesNow(status, fields: text.chosenFields(), continuedSpan: text.continuedSpan != nil, options: options)
    }

    private static func completesNow(_ status: TaskStatus, fields chosen: SIMD16<Int32>, continuedSpan: Bool,
                                     options: FormatOptions) -> Bool {
        options.stampDates && mayComplete(done: chosen) && status.kind == .done && !continuedSpan
    }

    /// Whether task `task` of `doc` is done.
    static func isDone(_ doc: ParsedDocument, task: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most marks are one ASCII byte that is not `x`: not done (unless custom marks are mapped).
        let mark = buf[doc.structure.tasks[task].checkbox + 1]
        if mark < 0x80 && mark != UInt8(ascii: "x") && mark != UInt8(ascii: "X") && doc.statuses.isEmpty { return false }
        return doc.status(ofTask: task, buf).0.kind == .done
    }
}
