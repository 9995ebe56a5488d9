#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks what an operation made before the store writes it, looking only at what changed.
///
/// The bytes before the first difference and after the last one are the same in both versions
/// (found with `memcmp`), so the lines wholly inside those runs hold the same text; they must also
/// hold the same tasks with the same identities — an edit must not change how the rest of the file
/// parses — which is a comparison of line numbers and identities, not of text. Within the changed
/// lines, every todo the operation did not act on keeps its task text byte for byte, and a todo
/// appears or vanishes only where the operation explains it: the added todo, a removed one and its
/// subtasks, a recurring todo's next occurrence, a completed todo's `🏁 delete`, a todo retitled
/// without the global filter. A todo the operation acted on keeps its title (without fields) unless
/// the operation retitles it.
struct ChangeVerifier {
    /// Todos whose task text the operation may change.
    var acted: Set<TodoID> = []
    /// The todo whose title the operation may change.
    var retitled: TodoID?
    /// Todos the operation may take out of the file.
    var mayVanish: Set<TodoID> = []
    /// Whether any todo may vanish (removing all, clearing completed ones).
    var anyMayVanish = false
    /// The todo the operation adds, if it adds one.
    var added: TodoID?
    /// Whether new todos with new identities may appear (the next occurrence of a recurring todo).
    var occurrencesMayAppear = false

    /// What `operation` may change in `list`.
    init(_ operation: TodoOperation, on list: TodoList) {
        switch operation {
        case .add(let id, _, _, _):
            added = id
        case .edit(let id, let change):
            acted = [id]
            if change.status != nil { (mayVanish, occurrencesMayAppear) = ([id], true) }
            if change.title != nil { retitled = id }
            // A new title without the global filter leaves a checklist item that is no todo.
            if change.title != nil && list.parsed.globalFilter != nil { mayVanish.insert(id) }
        case .toggle(let ids), .setStatus(let ids, _):
            acted = Set(ids)
            (mayVanish, occurrencesMayAppear) = (acted, true)
        case .move(let id, _), .indent(let id), .outdent(let id):
            acted = [id]
        case .remove(let ids):
            acted = Set(ids)
            mayVanish = Self.withSubtasks(ids, in: list)
        case .removeAll, .clearCompleted:
            anyMayVanish = true
        }
    }

    /// A check that allows no todo to change, appear or vanish: only moves (the deferred sink).
    init() {}

    /// The todos and everything nested in their items.
    private static func withSubtasks(_ ids: [TodoID], in list: TodoList) -> Set<TodoID> {
        let s = list.parsed.structure
        var found: Set<TodoID> = []
        for id in ids {
            guard let task = list.taskIndex(of: id) else { continue }
            let item = s.items[s.tasks[task].item]
            for line in item.startLine...item.lastLine { if let nested = list.lineIDs[line] { found.insert(nested) } }
        }
        return found
    }

    /// Throws unless `after` is `before` changed only as allowed.
    ///
    /// - Parameters:
    ///   - before: the list the operation started from.
    ///   - after: what it made, about to be written.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` saying what failed; nothing may be written then.
    func verify(from before: TodoList, to after: TodoList) throws(TodoStoreError) {
        if let why = failure(from: before, to: after) {
            throw .storage(path: nil, .document(.verificationFailed(why)))
        }
    }

    /// Why `after` is not `before` changed as allowed, or nil when it is.
    func failure(from before: TodoList, to after: TodoList) -> String? {
        let old = before.parsed, new = after.parsed
        guard old.hasBOM == new.hasBOM else { return "the byte-order mark changed" }
        let (prefix, suffix) = Self.commonEnds(old.bytes, new.bytes)
        if prefix == old.bytes.count && prefix == new.bytes.count { return nil }
        // The changed lines: those not wholly inside the common beginning or the common end.
        let firstChanged = Self.linesEnding(before: prefix, old.lines)
        let oldEnd = old.lines.count - Self.linesStarting(after: old.bytes.count - suffix, old.lines)
        let newEnd = new.lines.count - Self.linesStarting(after: new.bytes.count - suffix, new.lines)
        let oldTasks = old.structure.tasks, newTasks = new.structure.tasks
        var oldFirst = Self.firstTask(atOrAfter: firstChanged, oldTasks), newFirst = Self.firstTask(atOrAfter: firstChanged, newTasks)
        var oldAfter = Self.firstTask(atOrAfter: oldEnd, oldTasks), newAfter = Self.firstTask(atOrAfter: newEnd, newTasks)

        // Outside the changed lines: the same tasks on the same lines (shifted after them). Their
        // identities differ only where identical lines traded places (a todo sank below a copy of
        // itself): the changed tasks then reach out to those, and are checked with them (to this
        // check, byte-identical lines are interchangeable; lines that differ keep their identities).
        guard oldFirst == newFirst, oldTasks.count - oldAfter == newTasks.count - newAfter else {
            return "the tasks outside the changed lines \(firstChanged + 1)-\(newEnd) are not the same"
        }
        for t in 0..<oldFirst {
            guard oldTasks[t].line == newTasks[t].line else { return "the task on line \(oldTasks[t].line + 1) changed outside the changed lines" }
            if before.lineIDs[oldTasks[t].line] != after.lineIDs[newTasks[t].line] {
                (oldFirst, newFirst) = (t, t)
                break
            }
        }
        var traded = 0
        for k in 0..<(oldTasks.count - oldAfter) {
            let o = oldTasks[oldAfter + k].line, n = newTasks[newAfter + k].line
            guard o - oldEnd == n - newEnd else { return "the task on line \(n + 1) changed outside the changed lines" }
            if before.lineIDs[o] != after.lineIDs[n] { traded = k + 1 }
        }
        (oldAfter, newAfter) = (oldAfter + traded, newAfter + traded)

        // Inside: each todo kept its text, or the operation explains the change.
        var made: [TodoID: Int] = [:]
        for t in newFirst..<newAfter { made[after.lineIDs[newTasks[t].line]!] = t }
        for t in oldFirst..<oldAfter {
            let id = before.lineIDs[oldTasks[t].line]!
            if let n = made.removeValue(forKey: id) {
                if !acted.contains(id) && !Self.sameText(old, t, new, n) { return "todo \(id) changed, but the operation did not act on it" }
                if acted.contains(id) && id != retitled && !Self.sameTitle(old, t, new, n) {
                    return "todo \(id) changed its title, but the operation did not retitle it"
                }
            } else if !anyMayVanish && !mayVanish.contains(id) {
                return "todo \(id) vanished"
            }
        }
        for (id, _) in made where id != added && !(occurrencesMayAppear && id.rawValue >= before.nextID) {
            return "todo \(id) appeared"
        }
        return nil
    }

    /// Whether two tasks have the same title without fields.
    private static func sameTitle(_ a: ParsedDocument, _ i: Int, _ b: ParsedDocument, _ j: Int) -> Bool {
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                b.text(ofTask: j, y).hasTitleWithoutFields(of: a.text(ofTask: i, x), x, y)
            }
        }
    }

    /// A task's text from its checkbox to the end of its line.
    private static func sameText(_ a: ParsedDocument, _ i: Int, _ b: ParsedDocument, _ j: Int) -> Bool {
        let x = a.structure.tasks[i], y = b.structure.tasks[j]
        return SameBytes.equal(a.bytes[x.checkbox..<a.lines.contentEnd(x.line)], b.bytes[y.checkbox..<b.lines.contentEnd(y.line)])
    }

    /// The lengths of the common beginning and the common end of `a` and `b` (not overlapping),
    /// compared a page at a time with `memcmp`.
    static func commonEnds(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let n = min(a.count, b.count)
                guard n > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return (0, 0) }
                let page = 4096
                var prefix = 0
                while prefix + page <= n && memcmp(pa + prefix, pb + prefix, page) == 0 { prefix += page }
                while prefix < n && pa[prefix] == pb[prefix] { prefix += 1 }
                let limit = n - prefix
                var suffix = 0
                while suffix + page <= limit && memcmp(pa + a.count - suffix - page, pb + b.count - suffix - page, page) == 0 { suffix += page }
                while suffix < limit && pa[a.count - suffix - 1] == pb[b.count - suffix - 1] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// How many lines end (ending included) before `offset`: those wholly inside the common
    /// beginning, whatever byte follows it (a CR at its end could become part of a CR LF).
    private static func linesEnding(before offset: Int, _ lines: LineTable) -> Int {
        BinarySearch.partitionPoint(in: 0..<lines.count) { lines.end($0) < offset }
    }

    /// How many lines start after `offset`: those wholly inside the common end.
    private static func linesStarting(after offset: Int, _ lines: LineTable) -> Int {
        lines.count - BinarySearch.partitionPoint(in: 0..<lines.count) { lines.start($0) <= offset }
    }

    /// The index of the first task on line `line` or later (the tasks are in line order).
    private static func firstTask(atOrAfter line: Int, _ tasks: [BlockStructure.Task]) -> Int {
        BinarySearch.partitionPoint(in: tasks.indices) { tasks[$0].line < line }
    }
}
