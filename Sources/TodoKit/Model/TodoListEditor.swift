/// Applies ``TodoOperation``s to a ``TodoList``. Each operation touches only the lines it must:
/// the acted-on task lines, the moved items, and the numbers of an ordered list it changed.
struct TodoListEditor {
    /// The day stamped on created and completed todos.
    var today: Day
    /// How fields are spelled on a line that has none yet.
    var fieldStyle: FieldStyle
    /// Sink completed items right away (false while a deferred sink is pending).
    var sinkNow: Bool
    /// Where a recurring todo's next occurrence goes when it is done.
    var nextOccurrence: OccurrencePlacement = .default

    func apply(_ operation: TodoOperation, to list: TodoList) throws(TodoStoreError) -> TodoList {
        switch operation {
        case .add(let id, let title, let fields, let placement):
            let added = try add(id: id, title: title, fields: fields, placement: placement, to: list)
            // At the end of a file (or section) that ends inside a fenced code block, an HTML comment
            // or a %% comment, the new line is part of that block: no task, and a line printed as
            // one would be a lie.
            guard added.taskIndex(of: id) != nil else {
                throw .invalid("the new task would be inside a code block or comment that is not closed, where it is no task; "
                    + "nothing was written")
            }
            return try keepingTodos(of: list, in: added, adding: id)
        case .edit(let id, let change):
            let edited = try editLines([(id, change)], in: list)
            return change.status != nil && sinkNow ? sink(listsOf: [id], in: edited) : edited
        case .setStatus(let ids, let status):
            let edited = try editLines(ids.map { ($0, TaskLineEditor.Change(status: status)) }, in: list)
            return sinkNow ? sink(listsOf: ids, in: edited) : edited
        case .toggle(let ids):
            var changes: [(TodoID, TaskLineEditor.Change)] = []
            for id in ids {
                guard let completed = list.isCompleted(id) else { throw .notFound(id) }
                changes.append((id, TaskLineEditor.Change(status: completed ? .open : .done)))
            }
            let edited = try editLines(changes, in: list)
            return sinkNow ? sink(listsOf: ids, in: edited) : edited
        case .move(let id, let index):
            return try keepingTodos(of: list, in: move(id, toOpenIndex: index, in: list))
        case .indent(let id):
            return try keepingTodos(of: list, in: indent(id, in: list))
        case .outdent(let id):
            return try keepingTodos(of: list, in: outdent(id, in: list))
        case .remove(let ids):
            for id in ids where list.taskIndex(of: id) == nil { throw .notFound(id) }
            // In file order, from the index alone (without building the todos).
            return try remove(ids.sorted { list.taskIndex(of: $0)! < list.taskIndex(of: $1)! }, from: list)
        case .removeAll:
            return try remove(list.todos.map(\.id), from: list)
        case .clearCompleted:
            return try remove(clearable(in: list), from: list)
        }
    }

    /// The completed todos that clearing completed ones removes, in file order: those with nothing
    /// left to do below them. A completed todo with an open subtask at any depth stays, with its
    /// subtasks (removing it would remove them too, and the user still has them to do).
    private func clearable(in list: TodoList) -> [TodoID] {
        let s = list.parsed.structure
        let completed = list.parsed.bytes.withUnsafeBufferPointer { buf in
            s.tasks.indices.map { list.parsed.status(ofTask: $0, buf).0.isCompleted }
        }
        var ids: [TodoID] = []
        for task in s.tasks.indices where completed[task] {
            let lastLine = s.items[s.tasks[task].item].lastLine
            var nested = task + 1
            while nested < s.tasks.count && s.tasks[nested].line <= lastLine && completed[nested] { nested += 1 }
            if nested < s.tasks.count && s.tasks[nested].line <= lastLine { continue }
            if let id = list.lineIDs[s.tasks[task].line] { ids.append(id) }
        }
        return ids
    }

    // MARK: - Line edits

    private func editLines(_ changes: [(TodoID, TaskLineEditor.Change)], in list: TodoList) throws(TodoStoreError) -> TodoList {
        // What completing a todo brings about, as the formatter does it when it stamps the done date:
        // a recurring todo's next occurrence, and `🏁 delete`.
        var spawns: [NextOccurrence.Spawn] = []
        var deletions: [(list: Int, item: Int, line: Int, replaced: Bool)] = []
        var growth: [Int: Int] = [:]
        var replaced: [(task: Int, content: [UInt8])] = []
        for (id, change) in changes {
            guard let task = list.taskIndex(of: id) else { throw .notFound(id) }
            let line = list.parsed.structure.tasks[task].line
            replaced.append((task, try TaskLineEditor.edit(list.parsed, task: task, change, today: today, defaultStyle: fieldStyle)))
            guard change.status == .done, change.stampDates else { continue }
            list.parsed.bytes.withUnsafeBufferPointer { buf in
                let doc = list.parsed
                guard !doc.status(ofTask: task, buf).0.isCompleted else { return }
                let text = doc.text(ofTask: task, buf)
                guard NextOccurrence.isBeingCompleted(text, status: .done) else { return }
                let item = doc.structure.tasks[task].item
                let taskList = doc.structure.items[item].list
                var replaced = false
                if let spawn = NextOccurrence.spawn(doc, task: task, text, buf, today: today, placement: nextOccurrence,
                                                    style: nil, fallbackStyle: fieldStyle) {
                    spawns.append(spawn)
                    growth[taskList, default: 0] += 1
                    replaced = true
                }
                if NextOccurrence.deletesLine(doc, task: task, text) { deletions.append((taskList, item, line, replaced)) }
            }
        }
        // A list is never emptied: its last item stays; nor are items taken out where that would change
        // how the lines around the list read.
        var deleted = [Bool](repeating: false, count: list.parsed.lines.count)
        let kept = NextOccurrence.listsLosingItems(deletions.map { ($0.list, $0.item, $0.replaced) }, list.parsed, growth: growth,
                                                   options: FormatOptions(stampDates: false, sinkCompleted: false, today: today))
        for deletion in deletions where kept.contains(deletion.list) { deleted[deletion.line] = true }
        // Only task lines changed: most such edits leave every line reading as it did, and the
        // parse is this one's with the offsets after them moved; the todos stay on their lines.
        if spawns.isEmpty && !deleted.contains(true), let parsed = list.parsed.replacingTaskLines(replaced) {
            return TodoList(parsed: parsed, sameTasksAs: list)
        }
        var lines = EditableLines(list.parsed, ids: list.lineIDs)
        for (task, content) in replaced { lines[content: list.parsed.structure.tasks[task].line] = content }
        guard !spawns.isEmpty || deleted.contains(true) else { return rebuilt(lines, from: list) }
        // Deleted lines are marked by position, the new ones by an id no todo has (ids start at 1).
        let marker = TodoID(rawValue: 0)
        lines.insert(spawns.map { ($0.insertBefore, $0.line, marker) })
        var original = 0
        let flags = lines.ids.map { id -> Bool in
            guard id != marker else { return false }
            defer { original += 1 }
            return deleted[original]
        }
        lines.remove(where: flags)
        let newLines = lines.ids.indices.filter { lines.ids[$0] == marker }
        for line in newLines { lines.ids[line] = nil }
        let edited = rebuilt(lines, from: list)
        // Ordered lists that gained an item are numbered again.
        return renumbered(edited, listsOf: newLines.compactMap { edited.lineIDs[$0] })
    }

    /// Sinks the completed items of the lists that hold `ids`, with the formatter's own sinking.
    func sink(listsOf ids: [TodoID], in list: TodoList) -> TodoList {
        let s = list.parsed.structure
        // Only lists where a completed item stands above an open one can sink: a reopened todo
        // below the open ones, or the last open one ticked, leaves the document as it is (and
        // rendering and parsing it again would cost a pass over the whole file).
        let lists = Set(ids.compactMap { list.taskIndex(of: $0) }.map { s.items[s.tasks[$0].item].list }).filter { index in
            var sawCompleted = false
            for item in s.items(ofList: index) {
                if list.parsed.isCompletedItem(item) { sawCompleted = true } else if sawCompleted { return true }
            }
            return false
        }
        guard !lists.isEmpty else { return list }
        let options = FormatOptions(stampDates: false, sinkCompleted: true, today: today)
        let (bytes, order) = CanonicalForm.render(list.parsed, options: options, scope: .init(rewriteTasks: false, lists: lists))
        let ids = order.map { list.lineIDs[Int($0)] }
        return TodoList(parsed: ParsedDocument(validated: bytes, editing: list.parsed), lineIDs: ids, nextID: list.nextID)
    }

    // MARK: - Structure

    private func add(id: TodoID, title: String, fields: [FieldKey: Field.Value], placement: TodoPlacement, to list: TodoList) throws(TodoStoreError) -> TodoList {
        let doc = list.parsed
        let s = doc.structure
        // Fields written in the title are the todo's; those given beside it win.
        let typed = TaskLineEditor.TypedTitle(title, today: today)
        try typed.check(completed: false, given: fields.mapValues { $0 })
        var allFields = typed.fields.mapValues(\.value)
        allFields.merge(fields) { $1 }
        if allFields[.created] == nil { allFields[.created] = .day(today) }
        let sorted = allFields.map { Field(key: $0.key, value: $0.value, style: fieldStyle) }.sorted { $0.key < $1.key }
        let tail = TaskTail.bytes(mark: [0x20], title: typed.title, fields: sorted, style: fieldStyle, blockID: typed.blockID,
                                  hardBreak: nil, paragraphContinues: false)
        guard typed.isReadBack(from: tail, checkbox: 3, paragraphContinues: false, fields: sorted, today: today) else {
            throw .invalid("the title '\(title)' would not read back as written")
        }

        var target = -1
        var openIndex: Int?
        var newListPrefix: [UInt8] = []
        var newListLine = doc.lines.count
        switch placement {
        case .subtask(let parent):
            guard let task = list.taskIndex(of: parent) else { throw .notFound(parent) }
            let item = s.items[s.tasks[task].item]
            target = lastChildListWithTasks(of: s.tasks[task].item, s)
            if target < 0 {
                let lineStart = doc.lines.starts[item.startLine]
                newListPrefix = Array(doc.bytes[lineStart..<item.markerStart])
                newListPrefix += [UInt8](repeating: 0x20, count: max(item.contentStart, item.markerEnd + 1) - item.markerStart)
                newListLine = item.lastLine + 1
            }
        case .end(let section), .position(_, let section):
            if case .position(let index, _) = placement { openIndex = max(0, index) }
            var range = 0..<doc.lines.count
            if let section {
                guard let heading = s.headings.firstIndex(where: { sameTitle(doc.bytes[$0.text], section) }) else {
                    throw .noSection(section)
                }
                let level = s.headings[heading].level
                let end = s.headings[(heading + 1)...].first { $0.level <= level }?.line ?? doc.lines.count
                range = (s.headings[heading].line + 1)..<end
                // A new list goes after the section's last non-blank line.
                var last = end - 1
                while last >= range.lowerBound && isBlankLine(doc, last) { last -= 1 }
                newListLine = max(last + 1, range.lowerBound)
            }
            target = firstTopList(in: range, s, withTasks: true)
            if target < 0 { target = firstTopList(in: range, s, withTasks: false) }
        }

        var lines = EditableLines(doc, ids: list.lineIDs)
        if target < 0 {
            lines.insert([newListPrefix + Array("- ".utf8) + tail], ids: [id], at: newListLine)
            return rebuilt(lines, from: list)
        }
        let items = s.items(ofList: target)
        let open = items.filter { !doc.isCompletedItem($0) }
        let position = min(openIndex ?? open.count, open.count)
        let insertAt: Int
        let reference: BlockStructure.Item
        if position < open.count {
            reference = s.items[open[position]]
            insertAt = reference.startLine
        } else if let last = open.last {
            reference = s.items[last]
            insertAt = reference.lastLine + 1
        } else {
            reference = s.items[items[0]]
            insertAt = reference.startLine
        }
        let lineStart = doc.lines.starts[reference.startLine]
        var line = Array(doc.bytes[lineStart..<reference.markerEnd])
        line += reference.contentStart > reference.markerEnd && reference.contentStart < doc.lines.contentEnds[reference.startLine]
            ? Array(doc.bytes[reference.markerEnd..<reference.contentStart]) : [0x20]
        lines.insert([line + tail], ids: [id], at: insertAt)
        return renumbered(rebuilt(lines, from: list), [(id, numbering(ofList: target, doc))])
    }

    private func move(_ id: TodoID, toOpenIndex index: Int, in list: TodoList) throws(TodoStoreError) -> TodoList {
        let doc = list.parsed, s = doc.structure
        guard let task = list.taskIndex(of: id) else { throw .notFound(id) }
        let itemIndex = s.tasks[task].item
        let item = s.items[itemIndex]
        if list.isCompleted(id) == true { throw .invalid("completed todos stay below the open ones") }
        let others = s.items(ofList: item.list).filter { $0 != itemIndex && !doc.isCompletedItem($0) }
        let position = max(0, min(index, others.count))
        let target = position < others.count ? s.items[others[position]].startLine : s.items[others.last ?? itemIndex].lastLine + 1
        var lines = EditableLines(doc, ids: list.lineIDs)
        let numbering = numbering(ofList: item.list, doc)
        if let numbering {
            var order = s.items(ofList: item.list).filter { $0 != itemIndex }
            order.insert(itemIndex, at: order.firstIndex { s.items[$0].startLine >= target } ?? order.count)
            try number(order[0], numbering.first, doc, &lines)
        }
        lines.move(item.startLine..<(item.lastLine + 1), before: target)
        return renumbered(rebuilt(lines, from: list), [(id, numbering)])
    }

    /// Makes the item the last of the list that ends its previous sibling's block, taking that
    /// list's marker (the next number of an ordered one), or the first item of a new list there:
    /// an ordered one starts at 1, the only number that lets it follow the sibling's text.
    private func indent(_ id: TodoID, in list: TodoList) throws(TodoStoreError) -> TodoList {
        let doc = list.parsed, s = doc.structure
        guard let task = list.taskIndex(of: id) else { throw .notFound(id) }
        let itemIndex = s.tasks[task].item
        let item = s.items[itemIndex]
        let siblings = s.items(ofList: item.list)
        guard let position = siblings.firstIndex(of: itemIndex), position > 0 else {
            throw .invalid("the first item of a list cannot be indented")
        }
        let previous = s.items[siblings[position - 1]]
        let joined = lastChildList(endingBlockOf: siblings[position - 1], s)
        let childNumbering = joined.flatMap { numbering(ofList: $0, doc) }
        let marker: [UInt8]
        let markerColumn: Int
        var spaces: Int?
        if let joined {
            let first = s.items[s.firstItem(ofList: joined)]
            markerColumn = column(doc, first.startLine, upTo: first.markerStart)
            spaces = gap(after: first, doc)
            let delimiter = [doc.bytes[first.markerEnd - 1]]
            marker = childNumbering.map { Array(String($0.first + $0.step * s.lists[joined].itemCount).utf8) + delimiter } ?? delimiter
        } else {
            markerColumn = column(doc, previous.startLine, upTo: previous.contentStart)
            let own = Array(doc.bytes[item.markerStart..<item.markerEnd])
            marker = item.number >= 0 ? Array("1".utf8) + [own[own.count - 1]] : own
        }
        let shift = markerColumn - column(doc, item.startLine, upTo: item.markerStart)
        var lines = EditableLines(doc, ids: list.lineIDs)
        try shiftLines(of: item, by: shift, doc, &lines)
        try replaceMarker(of: item, with: marker, spaces: spaces, doc, &lines)
        var renumbering: [(TodoID, Numbering?)] = [(id, childNumbering)]
        if let sibling = list.lineIDs[previous.startLine] { renumbering.append((sibling, numbering(ofList: item.list, doc))) }
        return renumbered(rebuilt(lines, from: list), renumbering)
    }

    /// Moves the item out of its parent's block to right after it, with the marker of the parent's
    /// list; the item's later siblings stay in the parent.
    private func outdent(_ id: TodoID, in list: TodoList) throws(TodoStoreError) -> TodoList {
        let doc = list.parsed, s = doc.structure
        guard let task = list.taskIndex(of: id) else { throw .notFound(id) }
        let itemIndex = s.tasks[task].item
        let item = s.items[itemIndex]
        let parentIndex = s.lists[item.list].parentItem
        guard parentIndex >= 0 else { throw .invalid("a top-level item cannot be outdented") }
        let parent = s.items[parentIndex]
        guard parent.startLine != item.startLine else { throw .invalid("a subtask on its parent's line cannot be outdented") }
        let markerColumn = column(doc, parent.startLine, upTo: parent.markerStart)
        let shift = markerColumn - column(doc, item.startLine, upTo: item.markerStart)
        var lines = EditableLines(doc, ids: list.lineIDs)
        // The list it leaves keeps its start, which its next item takes when it was the first.
        let left = s.items(ofList: item.list)
        let leftNumbering = numbering(ofList: item.list, doc)
        var renumbering: [(TodoID, Numbering?)] = []
        if left.count > 1, let leftNumbering {
            let next = left[left[0] == itemIndex ? 1 : 0]
            try number(next, leftNumbering.first, doc, &lines)
            if let member = left.lazy.filter({ $0 != itemIndex }).compactMap({ list.lineIDs[s.items[$0].startLine] }).first {
                renumbering.append((member, leftNumbering))
            }
        }
        try shiftLines(of: item, by: shift, doc, &lines)
        // The item takes its new list's marker so that it joins that list.
        try replaceMarker(of: item, with: Array(doc.bytes[parent.markerStart..<parent.markerEnd]), spaces: gap(after: parent, doc), doc, &lines)
        lines.move(item.startLine..<(item.lastLine + 1), before: parent.lastLine + 1)
        renumbering.append((id, numbering(ofList: parent.list, doc)))
        return renumbered(rebuilt(lines, from: list), renumbering)
    }

    private func remove(_ ids: [TodoID], from list: TodoList) throws(TodoStoreError) -> TodoList {
        let doc = list.parsed, s = doc.structure
        var flags = [Bool](repeating: false, count: doc.lines.count)
        var touched: [Int] = []
        for id in ids {
            guard let task = list.taskIndex(of: id) else { continue }
            let item = s.items[s.tasks[task].item]
            for line in item.startLine...item.lastLine { flags[line] = true }
            touched.append(item.list)
        }
        var lines = EditableLines(doc, ids: list.lineIDs)
        var renumbering: [(TodoID, Numbering?)] = []
        var seen: Set<Int> = []
        for index in touched where seen.insert(index).inserted {
            let kept = s.items(ofList: index).filter { !flags[s.items[$0].startLine] }
            guard let first = kept.first else { continue }
            let numbering = numbering(ofList: index, doc)
            if let numbering { try number(first, numbering.first, doc, &lines) }
            for item in kept { if let other = list.lineIDs[s.items[item].startLine] { renumbering.append((other, numbering)) } }
        }
        var leaving: Set<TodoID> = []
        for line in flags.indices where flags[line] { if let id = list.lineIDs[line] { leaving.insert(id) } }
        lines.remove(where: flags)
        return try keepingTodos(of: list, in: renumbered(rebuilt(lines, from: list), renumbering), leaving: leaving)
    }

    // MARK: - Helpers

    private func rebuilt(_ lines: EditableLines, from list: TodoList) -> TodoList {
        TodoList(parsed: ParsedDocument(validated: lines.bytes, editing: list.parsed), lineIDs: lines.ids, nextID: list.nextID)
    }

    /// How an ordered list is numbered (``CanonicalForm/numbering(ofList:in:)``).
    private typealias Numbering = (first: Int, step: Int)

    /// How ordered list `list` of `doc` is numbered; nil for a bullet list. An edit takes it before
    /// it adds, moves or takes out items, and the list is renumbered with it after: a list keeps
    /// its start (docs/FORMAT.md section 5), whichever item is first now.
    private func numbering(ofList list: Int, _ doc: ParsedDocument) -> Numbering? {
        doc.structure.lists[list].ordered ? CanonicalForm.numbering(ofList: list, in: doc.structure) : nil
    }

    /// Renumbers the ordered lists that hold these todos.
    private func renumbered(_ list: TodoList, listsOf ids: [TodoID]) -> TodoList {
        renumbered(list, ids.map { ($0, nil) })
    }

    /// Renumbers the ordered lists that hold these todos: from the numbering given with the todo,
    /// the one the list had before the edit, or else from its first item's number.
    private func renumbered(_ list: TodoList, _ members: [(TodoID, Numbering?)]) -> TodoList {
        let s = list.parsed.structure
        var lists: Set<Int> = []
        var numberings: [Int: Numbering] = [:]
        for (id, numbering) in members {
            guard let task = list.taskIndex(of: id) else { continue }
            let index = s.items[s.tasks[task].item].list
            guard s.lists[index].ordered else { continue }
            lists.insert(index)
            if let numbering { numberings[index] = numbering }
        }
        guard !lists.isEmpty else { return list }
        let options = FormatOptions(stampDates: false, sinkCompleted: false, today: today)
        let scope = CanonicalForm.Scope(rewriteTasks: false, lists: [], renumber: lists, numbering: numberings)
        let (bytes, order) = CanonicalForm.render(list.parsed, options: options, scope: scope)
        return TodoList(parsed: ParsedDocument(validated: bytes, editing: list.parsed), lineIDs: order.map { list.lineIDs[Int($0)] }, nextID: list.nextID)
    }

    /// Gives `item` of an ordered list, which the edit makes the list's first, the number `first`
    /// before the lines are read again (the rest are renumbered after): a list that starts at
    /// another number than 1 cannot interrupt a paragraph, and a first item numbered 2 right after
    /// its parent's text would read as more of that text.
    private func number(_ item: Int, _ first: Int, _ doc: ParsedDocument, _ lines: inout EditableLines) throws(TodoStoreError) {
        let it = doc.structure.items[item]
        guard it.number >= 0, it.number != first else { return }
        let marker = Array(String(first).utf8) + [doc.bytes[it.markerEnd - 1]]
        try replaceMarker(of: it, at: it.markerStart - doc.lines.starts[it.startLine], with: marker, doc, &lines)
    }

    /// Writes `marker` in place of the marker of `item`, which stands `offset` bytes into its first
    /// line as `lines` holds it now (after its indentation when nil), followed by `spaces` spaces.
    /// When `spaces` is nil the content keeps its column where one to four spaces allow it, as
    /// renumbering keeps it. Where the content's column changes, the item's later lines move with
    /// it, so that they stay in the item.
    private func replaceMarker(of item: BlockStructure.Item, at offset: Int? = nil, with marker: [UInt8], spaces: Int? = nil,
                               _ doc: ParsedDocument, _ lines: inout EditableLines) throws(TodoStoreError) {
        var line = lines[content: item.startLine]
        let offset = offset ?? line.prefix { $0.isSpaceOrTab }.count
        let markerEnd = offset + item.markerEnd - item.markerStart
        guard item.contentStart < doc.lines.contentEnds[item.startLine] else {
            line.replaceSubrange(offset..<markerEnd, with: marker)
            lines[content: item.startLine] = line
            return
        }
        let contentStart = markerEnd + item.contentStart - item.markerEnd
        let markerColumn = TabStop.column(after: line[..<offset])
        let contentColumn = TabStop.column(after: line[..<contentStart])
        let spaces = min(max(spaces ?? contentColumn - markerColumn - marker.count, 1), 4)
        line.replaceSubrange(offset..<contentStart, with: marker + [UInt8](repeating: 0x20, count: spaces))
        lines[content: item.startLine] = line
        let shift = markerColumn + marker.count + spaces - contentColumn
        guard shift != 0 && item.lastLine > item.startLine else { return }
        if doc.bytes[doc.lines.starts[item.startLine]..<item.markerStart].contains(UInt8(ascii: ">")) {
            throw .invalid("the new number of an item in a block quote would not leave room for its later lines; nothing was written")
        }
        try shiftLines(of: item, by: shift, doc, &lines, from: item.startLine + 1)
    }

    /// `edited`, when every todo of `list` is still a todo in it (but those in `leaving`) and no
    /// other line became one (but `adding`). Moving, indenting and taking out items changes only
    /// their lines, but those can read differently in their new place, and take in or give up the
    /// lines around them (an ordered list that starts at 2 cannot interrupt a paragraph); the
    /// store's check before writing would refuse such a result as a storage failure, where it is
    /// an edit the file's layout does not allow.
    private func keepingTodos(of list: TodoList, in edited: TodoList, leaving: Set<TodoID> = [],
                              adding: TodoID? = nil) throws(TodoStoreError) -> TodoList {
        for case let id? in list.lineIDs where edited.taskIndex(of: id) == nil && !leaving.contains(id) {
            let title = list[id].map { "'\($0.title)'" } ?? "todo \(id)"
            throw .invalid("this would make \(title) part of the lines around it, no longer a todo, "
                + "as Markdown reads the lines in their new place; nothing was written")
        }
        for case let id? in edited.lineIDs where id.rawValue >= list.nextID && id != adding {
            let title = edited[id].map { "'\($0.title)'" } ?? "a line"
            throw .invalid("this would make \(title) a todo, as Markdown reads the lines in their new place; nothing was written")
        }
        return edited
    }

    /// Shifts an item's lines right (or left) by `shift` columns of indentation, from line `first`
    /// on (all of them when nil).
    private func shiftLines(of item: BlockStructure.Item, by shift: Int, _ doc: ParsedDocument, _ lines: inout EditableLines,
                            from first: Int? = nil) throws(TodoStoreError) {
        guard shift != 0 else { return }
        for line in (first ?? item.startLine)...item.lastLine {
            let content = lines[content: line]
            var j = 0
            var col = 0
            while j < content.count && content[j].isSpaceOrTab {
                col = TabStop.column(after: content[j], at: col)
                j += 1
            }
            if j == content.count { continue }
            if line == item.startLine && content[j] == UInt8(ascii: ">") || line > item.startLine && doc.structure.lazyLines[line] && shift > 0 {
                if line == item.startLine { throw .invalid("items inside block quotes cannot be re-indented") }
                continue
            }
            let newColumn = max(0, col + shift)
            lines[content: line] = [UInt8](repeating: 0x20, count: newColumn) + content[j...]
        }
    }

    /// The columns between an item's marker and its content (1 for an empty item).
    private func gap(after item: BlockStructure.Item, _ doc: ParsedDocument) -> Int {
        guard item.contentStart < doc.lines.contentEnds[item.startLine] else { return 1 }
        return column(doc, item.startLine, upTo: item.contentStart) - column(doc, item.startLine, upTo: item.markerEnd)
    }

    private func column(_ doc: ParsedDocument, _ line: Int, upTo offset: Int) -> Int {
        TabStop.column(after: doc.bytes[doc.lines.starts[line]..<offset])
    }

    private func firstTopList(in range: Range<Int>, _ s: BlockStructure, withTasks: Bool) -> Int {
        var list = s.firstTopList
        while list >= 0 {
            let start = s.startLine(ofList: list)
            if range.contains(start) && (!withTasks || s.items(ofList: list).contains { s.items[$0].task >= 0 }) { return list }
            list = s.lists[list].nextSibling
        }
        return -1
    }

    /// The last list nested in `item` when it is the last thing in the item's block (an item
    /// indented after the block joins it), else nil.
    private func lastChildList(endingBlockOf item: Int, _ s: BlockStructure) -> Int? {
        var last: Int?
        var list = s.items[item].firstChildList
        while list >= 0 {
            last = list
            list = s.lists[list].nextSibling
        }
        return last.flatMap { s.lastLine(ofList: $0) == s.items[item].lastLine ? $0 : nil }
    }

    private func lastChildListWithTasks(of item: Int, _ s: BlockStructure) -> Int {
        var found = -1
        var list = s.items[item].firstChildList
        while list >= 0 {
            if s.items(ofList: list).contains(where: { s.items[$0].task >= 0 }) { found = list }
            list = s.lists[list].nextSibling
        }
        return found
    }

    private func isBlankLine(_ doc: ParsedDocument, _ line: Int) -> Bool {
        doc.bytes[doc.lines.starts[line]..<doc.lines.contentEnds[line]].allSatisfy { $0.isSpaceOrTab }
    }

    private func sameTitle(_ bytes: ArraySlice<UInt8>, _ title: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).lowercased() == title.trimmingSpaces.lowercased()
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
