/// Writes a parsed document in canonical form: task lines rewritten, completed tasks sunk,
/// moved ordered lists renumbered. Every other line is copied byte for byte.
///
/// The output is built as a permutation of the input lines plus byte edits on a few lines, so the
/// work is linear in the size of the file and never recursive, however deep lists nest.
struct CanonicalForm {
    /// A replacement of bytes `[start, end)` on one line.
    private struct Edit {
        var start: Int
        var end: Int
        var bytes: [UInt8]
        var next: Int
    }

    private let doc: ParsedDocument
    private let options: FormatOptions
    private let buf: UnsafeBufferPointer<UInt8>
    private var edits: [Edit] = []
    private var firstEdit: [Int]
    /// New item order of each list that moved (nil: unchanged).
    private var newOrder: [[Int]?]

    /// What a rendering changes.
    struct Scope {
        /// Rewrite task lines into canonical form.
        var rewriteTasks = true
        /// Sink only these lists (all lists when nil); sinking itself is `options.sinkCompleted`.
        var lists: Set<Int>?
        /// Ordered lists to renumber even when none of their items moved.
        var renumber: Set<Int> = []

        /// The formatter's scope: everything.
        static let all = Scope()
    }

    /// Formats `doc` and returns the canonical bytes (with the document's BOM) of one pass.
    static func render(_ doc: ParsedDocument, options: FormatOptions) -> [UInt8] {
        render(doc, options: options, scope: .all).bytes
    }

    /// The outcome of formatting until nothing changes.
    struct Settled {
        /// The canonical bytes.
        var bytes: [UInt8]
        /// `bytes` parsed; formatting it again gives `bytes`.
        var document: ParsedDocument
        /// `order[p]`: the input line now at position `p`.
        var order: [Int]
        /// Whether the bytes differ from the input.
        var changed: Bool
    }

    /// Formats `doc` again and again until a pass changes nothing (a nested list may be movable
    /// only once its parent item has moved); nil when it does not settle within a few passes.
    static func settle(_ doc: ParsedDocument, options: FormatOptions) -> Settled? {
        var current = doc
        var order = Array(0..<doc.lines.count)
        var changed = false
        for _ in 0..<8 {
            let (bytes, pass) = render(current, options: options, scope: .all)
            if bytes.count == current.bytes.count + (current.hasBOM ? 3 : 0) && bytes == current.utf8 {
                return Settled(bytes: bytes, document: current, order: order, changed: changed)
            }
            changed = true
            order = pass.map { order[$0] }
            current = ParsedDocument(validated: bytes)
        }
        return nil
    }

    /// Renders `doc` within `scope`; `order[p]` is the input line that stands at output position `p`.
    static func render(_ doc: ParsedDocument, options: FormatOptions, scope: Scope) -> (bytes: [UInt8], order: [Int]) {
        doc.bytes.withUnsafeBufferPointer { buf in
            var form = CanonicalForm(doc: doc, options: options, buf: buf)
            if scope.rewriteTasks { form.rewriteTasks() }
            if options.sinkCompleted { form.sinkCompleted(only: scope.lists) }
            for list in scope.renumber where form.newOrder[list] == nil && doc.structure.lists[list].ordered {
                form.renumber(list: list, order: doc.structure.lists[list].items)
            }
            let order = form.lineOrder()
            return (form.emit(order), order)
        }
    }

    private init(doc: ParsedDocument, options: FormatOptions, buf: UnsafeBufferPointer<UInt8>) {
        self.doc = doc
        self.options = options
        self.buf = buf
        firstEdit = [Int](repeating: -1, count: doc.lines.count)
        newOrder = [[Int]?](repeating: nil, count: doc.structure.lists.count)
    }

    private mutating func addEdit(line: Int, start: Int, end: Int, bytes: [UInt8]) {
        edits.append(Edit(start: start, end: end, bytes: bytes, next: firstEdit[line]))
        firstEdit[line] = edits.count - 1
    }

    // MARK: - Task lines

    private mutating func rewriteTasks() {
        for index in doc.structure.tasks.indices {
            let task = doc.structure.tasks[index]
            let end = doc.lines.contentEnds[task.line]
            let tail = CanonicalForm.canonicalTail(doc, task: index, buf, options: options)
            let original = UnsafeBufferPointer(rebasing: buf[task.checkbox..<end])
            if !tail.elementsEqual(original) {
                addEdit(line: task.line, start: task.checkbox, end: end, bytes: tail)
            }
        }
    }

    /// The canonical text of a task line from its `[` to the end of the line.
    static func canonicalTail(_ doc: ParsedDocument, task: Int, _ buf: UnsafeBufferPointer<UInt8>, options: FormatOptions) -> [UInt8] {
        let (status, _) = doc.status(ofTask: task, buf)
        let t = doc.structure.tasks[task]
        let text = doc.text(ofTask: task, buf)
        if text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil {
            // An empty task stays as written (but `X`): there is nothing to date, and text after the
            // checkbox could turn the next line into part of its paragraph.
            var out = Array(UnsafeBufferPointer(rebasing: buf[t.checkbox..<doc.lines.contentEnds[t.line]]))
            if status == .done { out[1] = UInt8(ascii: "x") }
            return out
        }
        let chosen = text.effectiveFields()

        var removed = Array(chosen.values)
        var fields = chosen.values.sorted().map { text.occurrences[$0].field }
        if options.stampDates {
            if !status.isCompleted {
                // A reopened task loses every end date, duplicates included.
                removed = text.occurrences.indices.filter {
                    let key = text.occurrences[$0].field.key
                    return key == .done || key == .cancelled || chosen[key] == $0
                }
                fields.removeAll { $0.key == .done || $0.key == .cancelled }
            } else if chosen[.done] == nil && chosen[.cancelled] == nil {
                let key: FieldKey = status == .done ? .done : .cancelled
                fields.append(Field(key: key, value: .day(options.today), style: options.fieldStyle))
            }
        }
        fields.sort { $0.key < $1.key }

        let mark: [UInt8] = status == .done
            ? [UInt8(ascii: "x")]
            : Array(UnsafeBufferPointer(rebasing: buf[(t.checkbox + 1)..<(t.checkboxEnd - 1)]))
        return tail(
            mark: mark, title: text.title(buf, removing: removed), fields: fields, style: options.fieldStyle,
            blockID: text.blockID.map { Array(UnsafeBufferPointer(rebasing: buf[$0])) },
            hardBreak: text.hardBreak.map { Array(UnsafeBufferPointer(rebasing: buf[$0])) },
            // A task whose text all went (a dropped end date) ends at `]`: the checkbox stays paragraph
            // text, so the item keeps its paragraph and everything after it stays where it was.
            spaceWhenEmpty: false, protectsBackslash: text.protectsBackslash)
    }

    /// Writes a task from its `[` to the end of its line: `[m] title fields ^id`, one space apart.
    static func tail(mark: [UInt8], title: some Collection<UInt8>, fields: [Field], style: FieldStyle,
                     blockID: [UInt8]?, hardBreak: [UInt8]?, spaceWhenEmpty: Bool, protectsBackslash: Bool = false) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.append(contentsOf: mark)
        out.append(UInt8(ascii: "]"))
        var body = Array(title)
        for field in fields {
            if !body.isEmpty { body.append(0x20) }
            body.append(contentsOf: field.written(in: style).utf8)
        }
        if let blockID {
            if !body.isEmpty { body.append(0x20) }
            body.append(contentsOf: blockID)
        }
        if !body.isEmpty {
            out.append(0x20)
            out.append(contentsOf: body)
            if let hardBreak {
                out.append(contentsOf: hardBreak)
            } else if protectsBackslash && body.last == UInt8(ascii: "\\") {
                // Still a literal backslash, not a line break.
                out.append(0x20)
            }
        } else if spaceWhenEmpty {
            // GitHub draws an empty checkbox only when white space follows it.
            out.append(0x20)
        }
        // With no text there is nothing for a hard break to break.
        return out
    }

    // MARK: - Sinking

    private mutating func sinkCompleted(only selected: Set<Int>?) {
        let structure = doc.structure
        for list in structure.lists.indices where selected?.contains(list) ?? true {
            let items = structure.lists[list].items
            guard items.count > 1 else { continue }
            if isPinned(list) { continue }
            var open: [Int] = []
            var completed: [Int] = []
            var sawCompleted = false
            var moved = false
            for item in items {
                if doc.isCompletedItem(item, buf) {
                    completed.append(item)
                    sawCompleted = true
                } else {
                    open.append(item)
                    if sawCompleted { moved = true }
                }
            }
            guard moved else { continue }
            let order = open + completed
            guard canReorder(list, order: order) else { continue }
            newOrder[list] = order
            if structure.lists[list].ordered { renumber(list: list, order: order) }
        }
    }

    /// Whether reordering a list leaves the blocks around it as they are: a different last item must
    /// not take in the line after the list (as a lazy continuation or a child), and an empty item
    /// cannot become first right after a paragraph (it could not interrupt it).
    private func canReorder(_ list: Int, order: [Int]) -> Bool {
        let s = doc.structure
        let items = s.lists[list].items
        let lines = doc.lines
        // Items whose markers stand in different columns relate differently to what comes before
        // the list and to each other (one could nest under another): such a list stays as it is.
        let markerColumn = visualColumn(from: lines.starts[s.items[items[0]].startLine], to: s.items[items[0]].markerStart)
        for item in items.dropFirst()
        where visualColumn(from: lines.starts[s.items[item].startLine], to: s.items[item].markerStart) != markerColumn {
            return false
        }
        let minContent = items.map { contentColumn($0) }.min() ?? 0
        if order.last != items.last {
            // The next non-blank line must not join the new last item. Right after the list, a line
            // stands apart from an item ending in paragraph text only because it starts a block
            // (paragraph text would have continued it); after any other item it may be text that a
            // new last item's paragraph would take in. After blank lines, a line indented to an
            // item's content column would become that item's child.
            let depth = quoteDepth(items[0])
            var follower = s.lastLine(ofList: list) + 1
            while follower < lines.count && isBlank(follower, quoteDepth: depth) { follower += 1 }
            if follower < lines.count, let (column, quotes) = lineStart(follower, quoteDepth: depth) {
                if follower == s.lastLine(ofList: list) + 1 && !s.paragraphLines[s.items[items[items.count - 1]].lastLine] {
                    return false
                }
                if quotes == depth && column >= minContent { return false }
            }
        }
        if order.first != items.first {
            let first = s.items[order[0]]
            let before = s.startLine(ofList: list) - 1
            if first.contentStart >= lines.contentEnds[first.startLine] && before >= 0 && !isBlank(before, quoteDepth: quoteDepth(items[0])) {
                return false
            }
        }
        return true
    }

    /// How many `>` stand before an item's marker.
    private func quoteDepth(_ item: Int) -> Int {
        let it = doc.structure.items[item]
        return UnsafeBufferPointer(rebasing: buf[doc.lines.starts[it.startLine]..<it.markerStart]).filter { $0 == UInt8(ascii: ">") }.count
    }

    /// The column where an item's content starts.
    private func contentColumn(_ item: Int) -> Int {
        let it = doc.structure.items[item]
        let start = doc.lines.starts[it.startLine]
        let end = it.contentStart < doc.lines.contentEnds[it.startLine] ? it.contentStart : it.markerEnd + 1
        return visualColumn(from: start, to: min(end, doc.lines.contentEnds[it.startLine])) + (end > doc.lines.contentEnds[it.startLine] ? 1 : 0)
    }

    private func visualColumn(from start: Int, to end: Int) -> Int {
        var column = 0
        for i in start..<end {
            column = buf[i] == 0x09 ? column + 4 - column % 4 : column + 1
        }
        return column
    }

    /// The column of a line's first character after at most `quoteDepth` block-quote markers, and
    /// how many markers it has; nil for a blank line.
    private func lineStart(_ line: Int, quoteDepth: Int) -> (column: Int, quotes: Int)? {
        let start = doc.lines.starts[line]
        let end = doc.lines.contentEnds[line]
        var i = start
        var quotes = 0
        while i < end {
            if isSpaceOrTab(buf[i]) { i += 1; continue }
            if buf[i] == UInt8(ascii: ">") && quotes < quoteDepth { quotes += 1; i += 1; continue }
            break
        }
        guard i < end else { return nil }
        return (visualColumn(from: start, to: i), quotes)
    }

    private func isBlank(_ line: Int, quoteDepth: Int) -> Bool {
        lineStart(line, quoteDepth: quoteDepth) == nil
    }

    /// The first lines (0-based, in `doc`) of the lists whose completed items stay above open items
    /// after formatting, because reordering them would change the blocks around them.
    static func listsKeptInPlace(_ doc: ParsedDocument, options: FormatOptions) -> [Int] {
        guard let settled = settle(doc, options: options) else { return [] }
        let final = settled.document
        return final.bytes.withUnsafeBufferPointer { buf in
            let form = CanonicalForm(doc: final, options: options, buf: buf)
            return final.structure.lists.indices.compactMap { list -> Int? in
                let items = final.structure.lists[list].items
                let open = items.filter { !final.isCompletedItem($0, buf) }
                let order = open + items.filter { final.isCompletedItem($0, buf) }
                guard order != items, !form.isPinned(list) else { return nil }
                return settled.order[final.structure.startLine(ofList: list)]
            }
        }
    }

    /// A list that starts on its parent item's first line cannot move: that line carries the parent.
    private func isPinned(_ list: Int) -> Bool {
        let structure = doc.structure
        let parent = structure.lists[list].parentItem
        return parent >= 0 && structure.items[parent].startLine == structure.startLine(ofList: list)
    }

    /// Gives the items of a moved ordered list the numbers of their new positions.
    private mutating func renumber(list: Int, order: [Int]) {
        let structure = doc.structure
        let original = structure.lists[list].items
        let first = structure.items[original[0]].number
        let allSame = original.count > 1 && original.allSatisfy { structure.items[$0].number == first }
        for (position, item) in order.enumerated() {
            let number = allSame ? first : first + position
            let it = structure.items[item]
            guard number != it.number else { continue }
            var marker = Array(String(number).utf8)
            marker.append(buf[it.markerEnd - 1])
            let line = it.startLine
            let blankItem = it.contentStart >= doc.lines.contentEnds[line]
            if blankItem {
                addEdit(line: line, start: it.markerStart, end: it.markerEnd, bytes: marker)
                continue
            }
            // Keep the content column: absorb the width change in the spaces after the marker
            // (counted in columns, so a tab there becomes spaces).
            let lineStart = doc.lines.starts[line]
            let contentColumn = visualColumn(from: lineStart, to: it.contentStart)
            let markerEndColumn = visualColumn(from: lineStart, to: it.markerStart) + marker.count
            let wanted = contentColumn - markerEndColumn
            var shift = 0
            if wanted >= 1 {
                marker.append(contentsOf: repeatElement(0x20, count: min(wanted, 4)))
            } else {
                marker.append(0x20)
                shift = markerEndColumn + 1 - contentColumn
            }
            addEdit(line: line, start: it.markerStart, end: it.contentStart, bytes: marker)
            if shift > 0 { shiftContinuation(of: item, by: shift) }
        }
    }

    /// Indents the item's later lines by `shift` more columns so they stay inside the item.
    /// Only items whose container prefix is plain indentation are shifted.
    private mutating func shiftContinuation(of item: Int, by shift: Int) {
        let it = doc.structure.items[item]
        let lineStart = doc.lines.starts[it.startLine]
        guard !UnsafeBufferPointer(rebasing: buf[lineStart..<it.markerStart]).contains(where: { !isSpaceOrTab($0) }) else { return }
        var line = it.startLine + 1
        while line <= it.lastLine {
            defer { line += 1 }
            if doc.structure.lazyLines[line] { continue }
            let start = doc.lines.starts[line]
            let end = doc.lines.contentEnds[line]
            var j = start
            var column = 0
            while j < end && isSpaceOrTab(buf[j]) {
                column = buf[j] == 0x09 ? column + 4 - column % 4 : column + 1
                j += 1
            }
            if j == end { continue }
            addEdit(line: line, start: start, end: j, bytes: [UInt8](repeating: 0x20, count: column + shift))
        }
    }

    // MARK: - Output

    private enum Frame {
        case range(cursor: Int, end: Int, nextList: Int)
        case list(list: Int, position: Int)
    }

    /// The output line order: each list's items in their new order, blank lines between items in place.
    func lineOrder() -> [Int] {
        let structure = doc.structure
        var order: [Int] = []
        order.reserveCapacity(doc.lines.count)
        var stack: [Frame] = [.range(cursor: 0, end: doc.lines.count - 1, nextList: structure.firstTopList)]
        while let frame = stack.popLast() {
            switch frame {
            case .range(var cursor, let end, let list):
                if list >= 0 && structure.startLine(ofList: list) <= end {
                    let start = structure.startLine(ofList: list)
                    while cursor < start {
                        order.append(cursor)
                        cursor += 1
                    }
                    stack.append(.range(cursor: structure.lastLine(ofList: list) + 1, end: end, nextList: structure.lists[list].nextSibling))
                    stack.append(.list(list: list, position: 0))
                } else {
                    while cursor <= end {
                        order.append(cursor)
                        cursor += 1
                    }
                }
            case .list(let list, let position):
                let original = structure.lists[list].items
                guard position < original.count else { continue }
                if position > 0 {
                    // The gap between two items stays at its position.
                    var gap = structure.items[original[position - 1]].lastLine + 1
                    while gap < structure.items[original[position]].startLine {
                        order.append(gap)
                        gap += 1
                    }
                }
                let item = structure.items[newOrder[list]?[position] ?? original[position]]
                stack.append(.list(list: list, position: position + 1))
                stack.append(.range(cursor: item.startLine, end: item.lastLine, nextList: item.firstChildList))
            }
        }
        return order
    }

    private func emit(_ order: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(buf.count + (doc.hasBOM ? 3 : 0) + edits.count * 16)
        if doc.hasBOM { out.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        let lines = doc.lines
        var endedWithLoneCR = false
        for (position, source) in order.enumerated() {
            let start = lines.starts[source]
            let end = lines.contentEnds[source]
            // A lone CR ending followed by an empty line ending in LF would read as one CRLF and lose a
            // line; that CR becomes CRLF so that the lines stay apart.
            if endedWithLoneCR && start == end && firstEdit[source] < 0
                && lines.ends[position] > lines.contentEnds[position] && buf[lines.contentEnds[position]] == 0x0A {
                out.append(0x0A)
            }
            if firstEdit[source] < 0 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<end]))
            } else {
                var lineEdits: [Edit] = []
                var e = firstEdit[source]
                while e >= 0 {
                    lineEdits.append(edits[e])
                    e = edits[e].next
                }
                lineEdits.sort { $0.start < $1.start }
                var cursor = start
                for edit in lineEdits {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[cursor..<edit.start]))
                    out.append(contentsOf: edit.bytes)
                    cursor = edit.end
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[cursor..<end]))
            }
            // Line endings belong to positions, so a missing final newline stays at the end.
            let ending = UnsafeBufferPointer(rebasing: buf[lines.contentEnds[position]..<lines.ends[position]])
            out.append(contentsOf: ending)
            endedWithLoneCR = ending.count == 1 && ending[0] == 0x0D
        }
        return out
    }
}
