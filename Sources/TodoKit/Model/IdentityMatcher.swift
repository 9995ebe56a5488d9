/// Carries todo identities over to a new version of the file that someone else wrote.
///
/// Tasks whose line is unchanged keep their identity (matched in order, as a diff aligns lines);
/// then tasks whose title is unchanged (a ticked box, a new due date) take the identity of an
/// unmatched old task with that title. Everything else is new.
enum IdentityMatcher {
    static func rematch(_ old: TodoList, to parsed: ParsedDocument) -> TodoList {
        let oldTasks = old.parsed.structure.tasks
        let newTasks = parsed.structure.tasks
        let oldKeys = oldTasks.map { old.parsed.bytes[$0.checkbox..<old.parsed.lines.contentEnds[$0.line]] }
        let newKeys = newTasks.map { parsed.bytes[$0.checkbox..<parsed.lines.contentEnds[$0.line]] }
        var assigned = [TodoID?](repeating: nil, count: newTasks.count)
        var taken = [Bool](repeating: false, count: oldTasks.count)

        let diff = LineDiff(oldLines: oldKeys, newLines: newKeys)
        var i = 0, j = 0
        while i < oldTasks.count && j < newTasks.count {
            if diff.deleted[i] { i += 1; continue }
            if diff.inserted[j] { j += 1; continue }
            assigned[j] = old.lineIDs[oldTasks[i].line]
            taken[i] = true
            i += 1
            j += 1
        }

        let newTitles = TodoDocument(parsed: parsed).tasks.map(\.title)
        var byTitle: [String: [Int]] = [:]
        for (index, todo) in old.todos.enumerated() where !taken[index] {
            byTitle[todo.title, default: []].append(index)
        }
        for j in newTasks.indices where assigned[j] == nil {
            if var candidates = byTitle[newTitles[j]], !candidates.isEmpty {
                let index = candidates.removeFirst()
                byTitle[newTitles[j]] = candidates
                assigned[j] = old.todos[index].id
            }
        }
        var lineIDs = [TodoID?](repeating: nil, count: parsed.lines.count)
        for (j, task) in newTasks.enumerated() { lineIDs[task.line] = assigned[j] }
        return TodoList(parsed: parsed, lineIDs: lineIDs, nextID: old.nextID)
    }
}
