/// One pass of the canonical form over a parsed document: task lines rewritten (``TaskTail``: the
/// fields in canonical order and style, end dates stamped or dropped), completed tasks sunk below
/// the open ones of their list unless that would change the blocks around it (a list held by the
/// lines around it is sunk in the same pass once lists around it have moved, as the next pass would
/// sink it), moved ordered lists
/// renumbered (their items' later lines shifted to keep the content column), bullets and nested
/// indentation set by the options, and a lone CR before an empty LF line made CRLF so that the two
/// lines stay apart. Lines an inline directive freezes, and every other line, are copied byte for
/// byte. ``TodoFormatter`` runs passes until one changes nothing and verifies the result.
///
/// The output is built as a permutation of the input lines plus byte edits on a few lines, so the
/// work is linear in the size of the file and never recursive, however deep lists nest. Task lines
/// get their canonical text, and renumbered items their markers, while the output is written,
/// straight into it; a dry run
/// (``survey(_:options:facts:)``) decides whether a pass would change anything without writing,
/// reading the tasks of a large document in parts at the same time; a large output is written in
/// parts at the same time, too.
struct CanonicalForm: ~Copyable {
    /// A replacement of bytes `[start, end)` on one line by `arena[bytes]`; 32-bit numbers, as in
    /// ``BlockStructure``.
    private struct Edit {
        private var _start, _end, _bytesStart, _bytesEnd, _next: Int32

        init(start: Int, end: Int, bytes: Range<Int>, next: Int) {
            _start = Int32(start)
            _end = Int32(end)
            _bytesStart = Int32(bytes.lowerBound)
            _bytesEnd = Int32(bytes.upperBound)
            _next = Int32(next)
        }

        var start: Int { Int(_start) }
        var end: Int { Int(_end) }
        var bytes: Range<Int> { Int(_bytesStart)..<Int(_bytesEnd) }
        /// The line's previous edit, -1 if none.
        var next: Int { Int(_next) }
    }

    private let doc: ParsedDocument
    private let options: FormatOptions
    private let buf: UnsafeBufferPointer<UInt8>
    /// The document's ``BlockStructure/listItems``.
    private let listItems: UnsafeBufferPointer<Int32>
    private var edits: [Edit] = []
    /// The replacement bytes of all edits, one after the other.
    private var arena = ByteWriter(capacity: 256)
    /// For each line, its last edit (index into `edits`, each edit linking to the one before), -1 for
    /// none; empty until the first edit (most passes over a large canonical file make none, and a
    /// line-sized array costs its page faults).
    private var firstEdit: [Int32] = []
    /// For each list, where its new item order starts in `orders`, -1 when it did not move (a flat
    /// array of numbers: building and freeing one optional array per list cost more than sinking);
    /// empty until the first list moves.
    private var newOrderIndex: [Int32] = []
    /// The new item orders of the lists that moved, one after the other (one array, not one per
    /// list: thousands of lists may move).
    private var orders: [Int32] = []
    /// For each line, the marker renumbering rewrites there (index into ``markers``), -1 for none;
    /// empty until the first. A second marker on one line (of an item nested on it) is an edit.
    private var markerAtLine: [Int32] = []
    /// The markers renumbering rewrites, written out by ``emit(_:facts:records:parts:)``: a long
    /// ordered list that sinks renumbers every item, and 8 bytes an item is a quarter of what an
    /// edit and its bytes take.
    private var markers: [RenumberedMarker] = []
    /// How many bytes the markers of ``markers`` are written with, in all.
    private var markerBytes = 0
    /// Whether task lines are rewritten (while emitting); then each line's task, -1 if none.
    private var rewritesTasks = false
    private var taskAtLine: [Int32] = []
    /// Columns added to a line's indentation by renumbering (non-blank lines) and by the
    /// indentation option (a difference array until ``flushShifts()``); empty until used.
    private var renumberShift: [Int32] = []
    private var indentShift: [Int32] = []
    /// The other shifts of renumbering (few): of the later lines of items in block quotes, after
    /// their `>` markers, and of lazy continuation lines (``LineShift``).
    private var lineShifts: [LineShift] = []
    /// For each line, whether ``lineShifts`` may shift it; empty until used.
    private var lineShifted: [Bool] = []
    /// The lists that sinking would reorder but that stay because of the lines around them (see
    /// ``sinkHeldLists(rounds:parts:)``), with the order they would take.
    private var heldLists: [(list: Int, order: [Int])] = []
    /// Numberings given by the scope (``Scope/numbering``), by list.
    private var givenNumbering: [Int: (first: Int, step: Int)] = [:]

    /// An item's marker given a new number: written as the number, the list's delimiter and
    /// `spaces` spaces in place of the item's marker and the spaces after it, or in place of the
    /// marker alone when `spaces` is 0 (an item with nothing after its marker).
    private struct RenumberedMarker {
        /// The item in the low 29 bits (an item takes a line of 2 bytes or more, and a document is
        /// less than 1 GiB), the spaces (0 to 4) in the high 3.
        private var itemAndSpaces: UInt32
        private var _number: Int32

        init(item: Int, number: Int, spaces: Int) {
            precondition(item < 1 << 29 && spaces < 8, "an item index or spaces out of range")
            itemAndSpaces = UInt32(item) | UInt32(spaces) << 29
            _number = Int32(number)
        }

        var item: Int { Int(itemAndSpaces & (1 << 29 - 1)) }
        var spaces: Int { Int(itemAndSpaces >> 29) }
        var number: Int { Int(_number) }
    }

    /// What a rendering changes.
    struct Scope {
        /// Rewrite task lines into canonical form.
        var rewriteTasks = true
        /// Sink only these lists (all lists when nil); sinking itself is `options.sinkCompleted`.
        var lists: Set<Int>?
        /// Ordered lists to renumber even when none of their items moved.
        var renumber: Set<Int> = []
        /// The numbering to give lists of ``renumber`` instead of the one their items have now: the
        /// model adds, moves and takes out items before it renumbers, and a list keeps the start
        /// and step it had before the edit (``numbering(ofList:in:)`` of the document before it).
        var numbering: [Int: (first: Int, step: Int)] = [:]
        /// Also sink the lists held by the lines around them once lists around them have moved
        /// (``sinkHeldLists(rounds:parts:)``), as the next passes would (at most ``TodoFormatter/maximumPasses``
        /// in all); without it, the next pass does.
        var sinksHeldLists = false

        /// The formatter's scope: everything.
        static let all = Scope(sinksHeldLists: true)
    }

    /// Finds out, task by task, whether a pass would change `doc` (and how: ``PassChange``), and
    /// records in `facts` what it reads. Tasks that `facts` knows to be canonical are not
    /// read again; it stops at the first task line that is not canonical (`.taskLines`). A large
    /// document's tasks are read in parts at the same time, each part up to its own first change
    /// (`parts`: how many, by default up to eight per processor; tests choose).
    static func survey(_ doc: ParsedDocument, options: FormatOptions, facts: inout TaskFacts, parts: Int? = nil) -> PassChange {
        CanonicalForm.with(doc, options: options) { given in
            var form = given
            if form.anyTaskLineChanges(facts: &facts, parts: parts) { return .taskLines }
            if options.sinkCompleted { form.sinkCompleted(only: nil, parts: parts) }
            form.applyMarkerOptions()
            return !form.edits.isEmpty || !form.markers.isEmpty || !form.orders.isEmpty ? .listsOnly : .nothing
        }
    }

    /// Writes one pass over `doc` (the same bytes as the scope ``Scope/all``), reading only the tasks that
    /// `facts` does not know to be canonical: those are copied as they stand. On return `facts` holds
    /// every task's key, and whether a task read is one the completion pass completes now
    /// (``TaskFacts/completesTasksNow``). Also returns the canonical task lines as they were written,
    /// for the next pass.
    ///
    /// `allowedPasses` is how many passes the result may stand for (1 or more: more lets it sink the
    /// lists that the next passes would, ``sinkHeldLists(rounds:parts:)``); `passes` in the result is how
    /// many it stands for.
    ///
    /// `parts`: in how many parts the lists are looked at for sinking and the output is written, at
    /// the same time (by default, one per processor when there are enough lists, or task lines to
    /// rewrite; tests choose).
    static func render(_ doc: ParsedDocument, options: FormatOptions, facts: inout TaskFacts, allowedPasses: Int,
                       parts: Int? = nil) -> (bytes: [UInt8], carried: CarriedTasks, passes: Int) {
        CanonicalForm.with(doc, options: options) { given in
            var form = given
            let buf = form.buf
            form.rewriteTasks(skipping: facts)
            var sunkOrder: [Int32]?
            var passes = 1
            if options.sinkCompleted {
                form.sinkCompleted(only: nil, parts: parts)
                let (order, rounds) = form.sinkHeldLists(rounds: allowedPasses - 1, parts: parts)
                sunkOrder = order
                passes += rounds
            }
            form.applyMarkerOptions()
            let order = sunkOrder ?? form.lineOrder(parts: parts)
            let bytes = form.emit(order, facts: &facts, records: true, parts: parts)
            // Its per-line arrays go before the carried facts are built.
            _ = consume form
            // Tasks neither read before nor rewritten (frozen by a directive): read their keys here.
            var text = TaskText()
            var scratch = ByteWriter()
            for index in facts.states.indices where facts.states[index] == .unknown {
                doc.read(task: index, into: &text, buf)
                facts.record(index, key: TaskKey.of(doc, index, text, buf, scratch: &scratch), canonical: false)
            }
            return (bytes, CarriedTasks(doc, buf, facts: facts, order: order), passes)
        }
    }

    /// Renders `doc` within `scope`, unverified: the model's entry for sinking and renumbering only
    /// the lists it touched (its result is not the whole canonical form); `order[p]` is the input line
    /// that stands at output position `p`.
    static func render(_ doc: ParsedDocument, options: FormatOptions, scope: Scope) -> (bytes: [UInt8], order: [Int32]) {
        CanonicalForm.with(doc, options: options) { given in
            var form = given
            form.givenNumbering = scope.numbering
            if scope.rewriteTasks { form.rewriteTasks() }
            var sunkOrder: [Int32]?
            if options.sinkCompleted {
                form.sinkCompleted(only: scope.lists)
                if scope.sinksHeldLists { sunkOrder = form.sinkHeldLists(rounds: TodoFormatter.maximumPasses - 1).order }
            }
            for list in scope.renumber where !form.moved(list) && doc.structure.lists[list].ordered
                && !doc.directives.freezesAny(ofList: list, doc.structure) {
                let items = Array(form.items(of: list))
                if !form.cannotRenumber(list, to: items) { form.renumber(list: list, order: items) }
            }
            form.applyMarkerOptions()
            let order = sunkOrder ?? form.lineOrder()
            var none = TaskFacts(count: 0)
            return (form.emit(order, facts: &none, records: false), order)
        }
    }

    /// What a pass would change in a document.
    enum PassChange {
        /// Nothing: rendering gives back the document as it is.
        case nothing
        /// Some task line is not in canonical form.
        case taskLines
        /// Every task line is canonical, but some list would sink (and be renumbered).
        case listsOnly
    }

    private init(doc: ParsedDocument, options: FormatOptions, buf: UnsafeBufferPointer<UInt8>, listItems: UnsafeBufferPointer<Int32>) {
        self.doc = doc
        self.options = options
        self.buf = buf
        self.listItems = listItems
    }

    /// Calls `body` with a form over `doc`, its bytes and its lists' items read through buffers that
    /// stay valid for the call.
    private static func with<Result>(_ doc: ParsedDocument, options: FormatOptions,
                                     _ body: (consuming CanonicalForm) -> Result) -> Result {
        doc.bytes.withUnsafeBufferPointer { buf in
            doc.structure.listItems.withUnsafeBufferPointer { listItems in
                body(CanonicalForm(doc: doc, options: options, buf: buf, listItems: listItems))
            }
        }
    }

    /// The items of `list`, read through the form's buffer (no reference counted).
    private func items(of list: Int) -> BorrowedListItems {
        BorrowedListItems(listItems, doc.structure.lists[list].itemRange)
    }

    private mutating func addEdit(line: Int, start: Int, end: Int, bytes: [UInt8]) {
        let from = arena.count
        bytes.withUnsafeBufferPointer { arena.append($0, 0, $0.count) }
        addEdit(line: line, start: start, end: end, arenaFrom: from)
    }

    /// Records an edit whose replacement is everything in the arena from `arenaFrom` on.
    private mutating func addEdit(line: Int, start: Int, end: Int, arenaFrom: Int) {
        if firstEdit.isEmpty { firstEdit = [Int32](repeating: -1, count: doc.lines.count) }
        edits.append(Edit(start: start, end: end, bytes: arenaFrom..<arena.count, next: Int(firstEdit[line])))
        firstEdit[line] = Int32(edits.count - 1)
    }

    // MARK: - Task lines

    /// Rewrites every task line into canonical form (``emit(_:facts:records:parts:)`` writes them), except
    /// those that `known` says are canonical already.
    private mutating func rewriteTasks(skipping known: TaskFacts? = nil) {
        rewritesTasks = true
        taskAtLine = [Int32](repeating: -1, count: doc.lines.count)
        let states = known?.states
        // Lines frozen by a directive are copied as they are.
        for (index, task) in doc.structure.tasks.enumerated() where !doc.directives.isFrozen(task.line) {
            if let states, states[index] == .canonical { continue }
            taskAtLine[task.line] = Int32(index)
        }
    }

    /// Whether any task line is not in canonical form, skipping the tasks `facts` knows to be
    /// canonical; records in `facts` what it reads, up to the first task line that would change
    /// (in each part: a large document's tasks are surveyed in parts at the same time).
    private func anyTaskLineChanges(facts: inout TaskFacts, parts: Int?) -> Bool {
        let (doc, buf, options) = (self.doc, self.buf, self.options)
        return facts.keys.withUnsafeMutableBufferPointer { keys in
            facts.states.withUnsafeMutableBufferPointer { states in
                // Each part reads and writes only its own tasks' facts.
                nonisolated(unsafe) let (keys, states, buf) = (keys, states, buf)
                return Parallel.any(doc.structure.tasks.count, minimumPerPart: 4_096, parts: parts) { range in
                    CanonicalForm.anyTaskLineChanges(doc, buf, options, range, keys: keys, states: states)
                }
            }
        }
    }

    private static func anyTaskLineChanges(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, _ options: FormatOptions, _ range: Range<Int>,
                                           keys: UnsafeMutableBufferPointer<UInt64>, states: UnsafeMutableBufferPointer<TaskFacts.State>) -> Bool {
        var text = TaskText()
        var tail = ByteWriter()
        var scratch = ByteWriter()
        let tasks = doc.structure.tasks
        for index in range where states[index] != .canonical {
            let task = tasks[index]
            doc.read(task: index, into: &text, buf)
            if doc.directives.isFrozen(task.line) {
                if states[index] == .unknown { keys[index] = TaskKey.of(doc, index, text, buf, scratch: &tail) }
                states[index] = .keyed
                continue
            }
            let status = doc.status(ofTask: index, buf).0
            tail.truncate(to: 0)
            let title = CanonicalForm.appendCanonicalTail(text, ofTask: index, status: status, doc, buf, options: options, into: &tail)
            // (No closure captures `text`: a captured one is copied for every call that reads it.)
            let key: UInt64
            if states[index] != .unknown {
                key = keys[index]
            } else if let title {
                let completed = status.isCompleted
                key = tail.withBytes { TaskKey.of(completed: completed, text, buf, title: $0, title.lowerBound, title.upperBound) }
            } else {
                key = TaskKey.of(doc, index, text, buf, scratch: &scratch)
            }
            // A task the completion pass (``CompletionPass``) would complete now is not left as it is:
            // said here too (its date is stamped anyway), so that a survey that finds nothing proves
            // that the completion pass has nothing to do (``TodoFormatter`` surveys before it completes).
            let canonical = tail.suffix(from: 0, equals: buf, task.checkbox, doc.lines.contentEnd(task.line))
                && !CompletionPass.completesNow(status, text, options: options)
            keys[index] = key
            states[index] = canonical ? .canonical : .keyed
            if !canonical { return true }
        }
        return false
    }

    /// Appends the canonical text of task `task` from its `[` to the end of its line, read already
    /// into `text`, to `out` (through ``TaskTail``, the one writer of task lines). Returns where in
    /// `out` the title went when it is also the title without any field (the one the task's
    /// ``TaskKey`` reads: every field was taken out of it), nil otherwise.
    @discardableResult
    static func appendCanonicalTail(_ text: TaskText, ofTask task: Int, _ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>,
                                    options: FormatOptions, into out: inout ByteWriter) -> Range<Int>? {
        appendCanonicalTail(text, ofTask: task, status: doc.status(ofTask: task, buf).0, doc, buf, options: options, into: &out)
    }

    /// ``appendCanonicalTail(_:ofTask:_:_:options:into:)`` with the task's status read already.
    @discardableResult
    static func appendCanonicalTail(_ text: TaskText, ofTask task: Int, status: TaskStatus, _ doc: ParsedDocument,
                                    _ buf: UnsafeBufferPointer<UInt8>, options: FormatOptions, into out: inout ByteWriter) -> Range<Int>? {
        let t = doc.structure.tasks[task]
        if text.coreStart == text.coreEnd && text.blockID == nil && text.hardBreak == nil || text.continuedSpan != nil {
            // An empty task stays as written (but `X`): there is nothing to date, and text after the
            // checkbox could turn the next line into part of its paragraph. So does a task whose line
            // ends inside a code span or comment that a later line closes: a field there would be code.
            let first = out.count
            out.append(buf, t.checkbox, doc.lines.contentEnd(t.line))
            if status == .done { out.replace(at: first + 1, with: UInt8(ascii: "x")) }
            return nil
        }
        let completed = status.isCompleted
        let chosen = text.chosenFields()
        let done = FieldKey.done.order, cancelled = FieldKey.cancelled.order
        // A reopened task loses every end date, duplicates included.
        let dropEndDates = options.stampDates && !completed
        // A completed task without an end date gets today's.
        var stamp = -1
        if options.stampDates && completed && chosen[done] < 0 && chosen[cancelled] < 0 {
            stamp = status.kind == .done ? done : cancelled
        }

        let isDone = if case .done = status { true } else { false }
        let first = out.count
        let body = TaskTail.open(mark: buf, t.checkbox + 1, t.checkboxEnd - 1, done: isDone, into: &out)
        let joined = text.appendTitle(buf, into: &out, removing: .chosen(dropEndDates: dropEndDates))
        let titleEnd = out.count
        var everyFieldRemoved = true
        for index in text.occurrences.indices {
            let key = text.occurrences[index].key.order
            if chosen[key] != index && !(dropEndDates && (key == done || key == cancelled)) {
                everyFieldRemoved = false
                break
            }
        }
        // The keys to write, in canonical order: those present, and the stamp.
        var keys = text.presentKeys | (stamp >= 0 ? 1 << UInt16(stamp) : 0)
        if dropEndDates { keys &= ~(1 << UInt16(done) | 1 << UInt16(cancelled)) }
        while keys != 0 {
            let key = keys.trailingZeroBitCount
            keys &= keys - 1
            TaskTail.separateField(body: body, style: options.fieldStyle, into: &out)
            if chosen[key] >= 0 {
                text.occurrences[Int(chosen[key])].write(in: options.fieldStyle, today: options.today, buf, into: &out)
            } else {
                Field(key: FieldKey(order: key), value: .day(options.today), style: options.fieldStyle).write(in: options.fieldStyle, into: &out)
            }
        }
        if let id = text.blockID {
            TaskTail.appendBlockID(buf, id.lowerBound, id.upperBound, body: body, into: &out)
        }
        // A task whose text all went (a dropped end date) ends at `]`: the checkbox stays paragraph
        // text, so the item keeps its paragraph and everything after it stays where it was.
        TaskTail.close(body: body, hardBreak: text.hardBreak, in: buf, paragraphContinues: t.paragraphContinues,
                       protectsBackslash: text.protectsBackslash, spaceWhenEmpty: false, into: &out)
        // Text joined where a field was taken out may read as a field of its own (`x 📅 due:2026-01-01
        // 2026-12-01` would end in `📅 2026-12-01`): such a task's text stays as written (after a
        // canonical checkbox), a date to stamp added after it, as its last field, end dates to drop
        // taken out and relative dates resolved where they stand; a recurring one's next occurrence
        // is written the same way (NextOccurrence). When even that changes the title (taking out an
        // end date joins text), the canonical line stays, and the safety check refuses the document.
        if joined && mayReadAsAnotherField(out, body, titleEnd)
            && !readsAsTheSameTitle(text, buf, tail: out, textStart: first + t.checkboxEnd - t.checkbox, paragraphContinues: t.paragraphContinues) {
            var kept = ByteWriter(capacity: out.count - first + 16)
            // The checkbox and its one space, and the line's end, as in every canonical line.
            let keptBody = TaskTail.open(mark: buf, t.checkbox + 1, t.checkboxEnd - 1, done: isDone, into: &kept)
            var edits: [Int: Field?] = [:]
            for index in text.occurrences.indices {
                let occurrence = text.occurrences[index]
                if dropEndDates && (occurrence.key == .done || occurrence.key == .cancelled) {
                    edits[index] = .some(nil)
                } else if case .relative = occurrence.value, chosen[occurrence.key.order] == index {
                    // A relative date is written as the day it names where it stands, as everywhere;
                    // an earlier one of the same key is text of the title, and stays as it is.
                    edits[index] = occurrence.field(buf).resolved(today: options.today)
                }
            }
            text.appendInPlace(buf, edits: edits, into: &kept)
            if stamp >= 0 {
                TaskTail.separateField(body: keptBody, style: options.fieldStyle, into: &kept)
                Field(key: FieldKey(order: stamp), value: .day(options.today), style: options.fieldStyle).write(in: options.fieldStyle, into: &kept)
            }
            TaskTail.close(body: keptBody, hardBreak: text.hardBreak, in: buf, paragraphContinues: t.paragraphContinues,
                           protectsBackslash: text.protectsBackslash, spaceWhenEmpty: false, into: &kept)
            if edits.isEmpty || readsAsTheSameTitle(text, buf, tail: kept, textStart: t.checkboxEnd - t.checkbox, paragraphContinues: t.paragraphContinues) {
                out.truncate(to: first)
                kept.withBytes { out.append($0, 0, $0.count) }
                return nil
            }
        }
        return everyFieldRemoved ? body..<titleEnd : nil
    }

    /// Whether the title written at `out[from..<to]` could hold a field that joining made: an emoji
    /// field needs its emoji at the start of a token, a Dataview field its `::` (a plain field is
    /// one token, which a join, one space, cannot make).
    private static func mayReadAsAnotherField(_ out: borrowing ByteWriter, _ from: Int, _ to: Int) -> Bool {
        out.withBytes { written in
            var i = from
            while i < to {
                let c = written[i]
                // An emoji only where a token starts (a field's emoji stands apart); every field
                // emoji's first byte is `E2` or `F0`.
                if (c == 0xE2 || c == 0xF0) && (i == from || written[i - 1].isSpaceOrTab)
                    && FieldScanner.emojiKey(written, at: i, end: to) != nil { return true }
                if c == UInt8(ascii: ":") && i + 1 < to && written[i + 1] == UInt8(ascii: ":") { return true }
                i += 1
            }
            return false
        }
    }

    /// Whether the task text written at `tail[textStart...]` (just past its checkbox), read back,
    /// has the title without fields of `text` (what the task's ``TaskKey`` reads).
    private static func readsAsTheSameTitle(_ text: TaskText, _ buf: UnsafeBufferPointer<UInt8>, tail out: borrowing ByteWriter,
                                            textStart: Int, paragraphContinues: Bool) -> Bool {
        out.withBytes { tail in
            var reread = TaskText()
            reread.read(tail, start: textStart, end: tail.count, paragraphContinues: paragraphContinues)
            return reread.hasTitleWithoutFields(of: text, buf, tail)
        }
    }

    // MARK: - Sinking

    /// Sinks the completed items of every list (of the `selected` ones only, when given) below the
    /// open ones, where the list may move (``canReorder(_:first:last:in:)``); lists held only by the lines
    /// around them wait in ``heldLists``. `parts`: in how many parts the lists are looked at (by
    /// default one per processor when there are enough).
    private mutating func sinkCompleted(only selected: Set<Int>?, parts: Int? = nil) {
        let lists = doc.structure.lists.count
        let parts = parts ?? Parallel.parts(selected?.count ?? lists, minimumPerPart: CanonicalForm.sinkListsPerPart)
        let completed = completedItems(parts: parts)
        // One part sinks as it goes: the parts' arrays below cost a small file's check the type
        // metadata of their first use (29k instructions), and a large file's work is all in
        // `sunkOrder` and `canReorder`, which both ways share.
        guard parts > 1 else {
            let structure = doc.structure
            var order: [Int32] = []
            completed.withUnsafeBufferPointer { completed in
                for list in 0..<lists where selected?.contains(list) ?? true {
                    order.removeAll(keepingCapacity: true)
                    if sunkOrder(of: list, in: structure, completed: completed, into: &order) {
                        let reordering = canReorder(list, first: Int(order[0]), last: Int(order[order.count - 1]))
                        sink(list, to: order.lazy.map { Int($0) }, reordering)
                    }
                }
            }
            return
        }
        // Whether and how a list sinks depends on the input alone (not on other lists' moves), so the
        // lists are looked at in parts at the same time and their moves made afterwards, in list order.
        var sinking = [SinkingLists](repeating: SinkingLists(), count: parts)
        withUnsafePointer(to: self) { form in
            sinking.withUnsafeMutableBufferPointer { sinking in
                completed.withUnsafeBufferPointer { completed in
                    // The parts only read the form; each writes only its own element.
                    nonisolated(unsafe) let (form, sinking, completed) = (form, sinking, completed)
                    Parallel.run(parts) { part in
                        let structure = form.pointee.doc.structure
                        for list in Parallel.share(part, of: parts, in: lists) where selected?.contains(list) ?? true {
                            let start = sinking[part].orders.count
                            if form.pointee.sunkOrder(of: list, in: structure, completed: completed, into: &sinking[part].orders) {
                                let (first, last) = (sinking[part].orders[start], sinking[part].orders[sinking[part].orders.count - 1])
                                sinking[part].lists.append((list, form.pointee.canReorder(list, first: Int(first), last: Int(last))))
                            }
                        }
                    }
                }
            }
        }
        for part in sinking {
            var start = 0
            for (list, reordering) in part.lists {
                let end = start + doc.structure.lists[list].itemCount
                sink(list, to: part.orders[start..<end].lazy.map { Int($0) }, reordering)
                start = end
            }
        }
    }

    /// The lists of one part whose completed items would sink, whether each may move, and their new
    /// orders one after the other in one array (not an array per list: they are all alive at once).
    private struct SinkingLists {
        var lists: [(list: Int, reordering: Reordering)] = []
        var orders: [Int32] = []
    }

    /// Moves `list` to `order` when `reordering` allows; a list held by the lines around it waits.
    private mutating func sink(_ list: Int, to order: some Collection<Int>, _ reordering: Reordering) {
        switch reordering {
        case .movable: move(list, to: order)
        case .heldBySurroundings: heldLists.append((list, Array(order)))
        case .held, .unknown: break
        }
    }

    /// Lists of a large document are looked at in parts of at least this many for sinking.
    static let sinkListsPerPart = 8_192

    /// Whether each item is a completed task: one pass over the tasks in file order (lists visit their
    /// items scattered over the file, and reading each item's task and checkbox there missed the
    /// cache at every step), in `parts` at the same time.
    private func completedItems(parts: Int) -> [Bool] {
        let structure = doc.structure
        var completed = [Bool](repeating: false, count: structure.items.count)
        completed.withUnsafeMutableBufferPointer { completed in
            // Each task marks only its own item.
            nonisolated(unsafe) let (buf, completed) = (buf, completed)
            let doc = doc
            Parallel.run(parts) { part in
                let tasks = doc.structure.tasks
                for index in Parallel.share(part, of: parts, in: tasks.count)
                where doc.status(ofTask: index, buf).0.isCompleted {
                    completed[tasks[index].item] = true
                }
            }
        }
        return completed
    }

    /// Appends to `orders` the order `list` (of `structure`, the document's) takes when its completed
    /// items sink (open ones first, each group in its order) and returns true; false when it has
    /// nothing to move or must stay as it is: one item, pinned to its parent's line, or holding lines
    /// a directive froze. (Appended where it is kept, not returned: thousands of lists may sink.)
    private func sunkOrder(of list: Int, in structure: BlockStructure, completed: UnsafeBufferPointer<Bool>,
                           into orders: inout [Int32]) -> Bool {
        let items = self.items(of: list)
        guard items.count > 1, !isPinned(list), !doc.directives.freezesAny(ofList: list, structure) else { return false }
        // Most lists have nothing to move: find out before building anything.
        var sawCompleted = false
        var moved = false
        for item in items {
            if completed[item] {
                sawCompleted = true
            } else if sawCompleted {
                moved = true
                break
            }
        }
        guard moved else { return false }
        for item in items where !completed[item] { orders.append(Int32(truncatingIfNeeded: item)) }
        for item in items where completed[item] { orders.append(Int32(truncatingIfNeeded: item)) }
        return true
    }

    /// Whether `list` was given a new order.
    private func moved(_ list: Int) -> Bool {
        !newOrderIndex.isEmpty && newOrderIndex[list] >= 0
    }

    /// Gives `list` the item order `order` (renumbering an ordered list); a list that cannot be
    /// renumbered (``cannotRenumber(_:to:)``) keeps its order.
    private mutating func move(_ list: Int, to order: some Collection<Int>) {
        guard !cannotRenumber(list, to: order) else { return }
        if newOrderIndex.isEmpty { newOrderIndex = [Int32](repeating: -1, count: doc.structure.lists.count) }
        newOrderIndex[list] = Int32(truncatingIfNeeded: orders.count)
        // Room for the whole order at once (appended one by one, a long list's order would leave the
        // array with up to twice the room it needs); at least doubling, so that many lists stay linear.
        if orders.count + order.count > orders.capacity { orders.reserveCapacity(max(orders.count + order.count, 2 * orders.capacity)) }
        for item in order { orders.append(Int32(truncatingIfNeeded: item)) }
        if doc.structure.lists[list].ordered { renumber(list: list, order: order) }
    }

    /// Sinks the lists held because of the lines around them (``heldLists``) once lists around them
    /// have moved, as the next pass over the output would: that pass reads the same lines in their new
    /// order, so each round here reads the output order of the rounds before it, and moves what it
    /// finds movable all at once, as one more pass would. Rounds stop, and the next pass goes on,
    /// where a round cannot tell what that pass would see: a held list whose lines would be written
    /// shifted, or options that rewrite markers or indentation after sinking (then nothing moves
    /// here), or after `rounds` rounds that moved lists (the passes the formatter allows). Returns
    /// ``lineOrder(parts:)`` when it was computed last (nil when not), and how many rounds moved lists.
    private mutating func sinkHeldLists(rounds: Int, parts: Int? = nil) -> (order: [Int32]?, rounds: Int) {
        guard rounds > 0, !orders.isEmpty, !heldLists.isEmpty, options.bullet.byte == nil, options.appliedIndentation == nil else {
            return (nil, 0)
        }
        var moved = 0
        while true {
            let output = OutputOrder(lineOrder(parts: parts))
            var moves: [(list: Int, order: [Int])] = []
            var stillHeld: [(list: Int, order: [Int])] = []
            for held in heldLists {
                switch canReorder(held.list, first: held.order[0], last: held.order[held.order.count - 1], in: output) {
                case .movable: moves.append(held)
                case .heldBySurroundings, .held: stillHeld.append(held)
                case .unknown: return (output.order, moved)
                }
            }
            if moves.isEmpty { return (output.order, moved) }
            for list in moves { move(list.list, to: list.order) }
            moved += 1
            heldLists = stillHeld
            if heldLists.isEmpty || moved == rounds { return (nil, moved) }
        }
    }

    /// Where each line stands in the output of the sinking decided so far.
    private struct OutputOrder {
        /// `order[p]`: the line at output position `p`.
        let order: [Int32]
        /// `position[line]`: the output position of `line`.
        let position: [Int32]

        init(_ order: [Int32]) {
            var position = [Int32](repeating: 0, count: order.count)
            for (p, line) in order.enumerated() { position[Int(line)] = Int32(truncatingIfNeeded: p) }
            self.order = order
            self.position = position
        }
    }

    /// Whether a list can take a new item order.
    private enum Reordering {
        /// Yes.
        case movable
        /// No, whatever moves around it.
        case held
        /// No, because of the lines before or after it: that may change when lists around it move.
        case heldBySurroundings
        /// Cannot tell: a line it reads would be written shifted.
        case unknown
    }

    /// Whether reordering a list leaves the blocks around it as they are: a different last item must
    /// not take in the line after the list (as a lazy continuation or a child), and an empty item
    /// cannot become first right after a paragraph (it could not interrupt it). With `output`, the
    /// lines before and after the list are those that stand there in that output order. `first`
    /// and `last`: the items that would come first and last.
    private func canReorder(_ list: Int, first newFirst: Int, last newLast: Int, in output: OutputOrder? = nil) -> Reordering {
        let s = doc.structure
        let items = self.items(of: list)
        let lines = doc.lines
        // In an output order, a line that would be written shifted reads differently in the next pass.
        func shifted(_ line: Int) -> Bool {
            output != nil && ((!renumberShift.isEmpty && renumberShift[line] != 0) || (!lineShifted.isEmpty && lineShifted[line]))
        }
        if output != nil && items.contains(where: { shifted(s.items[$0].startLine) }) { return .unknown }
        // Items whose markers stand in different columns relate differently to what comes before
        // the list and to each other (one could nest under another): such a list stays as it is.
        // The same walk over the items finds their smallest content column, whether one ends inside
        // a fenced code or HTML block still open, and whether blank lines stand between items.
        var markerColumn = -1
        var minContent = Int.max
        var endsOpen = false, blankBetween = false
        var previousLast = Int.max - 1
        for item in items {
            let it = s.items[item]
            let column = visualColumn(from: lines.starts[it.startLine], to: it.markerStart)
            if markerColumn < 0 {
                markerColumn = column
            } else if column != markerColumn {
                return .held
            }
            minContent = min(minContent, contentColumn(of: it, markerColumn: column))
            endsOpen = endsOpen || s.openRawLines[it.lastLine]
            blankBetween = blankBetween || it.startLine > previousLast + 1
            previousLast = it.lastLine
        }
        if items.isEmpty { minContent = 0 }
        // Blank lines after an item that ends inside an unclosed fence (or HTML block) are that
        // block's content; the blank lines between items stay in place, so in another order they
        // would join or leave such a block: its code would change, and the list turn tight or loose.
        if endsOpen && blankBetween { return .held }
        // A `%%` that an item's open HTML block or code hides could open a comment in another order.
        let mayHideObsidianMarkers = s.mayHaveObsidianComments && endsOutsideText(items)
        if mayHideObsidianMarkers && holdsUnreadObsidianMarker(list) { return .held }
        // Output positions: the input's lines in place, or where `output` puts them.
        func line(at position: Int) -> Int { output.map { Int($0.order[position]) } ?? position }
        func position(of line: Int) -> Int { output.map { Int($0.position[line]) } ?? line }
        if newLast != items.last {
            // The next non-blank line must not join the new last item. Right after the list, a line
            // stands apart from an item ending in paragraph text only because it starts a block
            // (paragraph text would have continued it); after any other item it may be text that a
            // new last item's paragraph would take in. After blank lines, a line indented to an
            // item's content column would become that item's child.
            let depth = quoteDepth(items[0])
            let next = position(of: s.lastLine(ofList: list)) + 1
            var follower = next
            while follower < lines.count && isBlank(line(at: follower), quoteDepth: depth) { follower += 1 }
            // A `%%` there opens a comment or not depending on whether the last item left an HTML
            // block or code open (the comment would hide the tasks below it, or show hidden ones).
            if mayHideObsidianMarkers && follower < lines.count && opensOrClosesObsidianComment(line(at: follower)) {
                return .held
            }
            // The blank lines right after the list belong to the last item's unclosed fence, if it has one.
            if follower > next && (s.openRawLines[s.items[newLast].lastLine] || s.openRawLines[s.items[items[items.count - 1]].lastLine]) {
                return .heldBySurroundings
            }
            if follower < lines.count, let (column, quotes) = lineStart(line(at: follower), quoteDepth: depth) {
                if shifted(line(at: follower)) { return .unknown }
                if follower == next && !s.paragraphLines[s.items[items[items.count - 1]].lastLine] {
                    return .heldBySurroundings
                }
                if quotes == depth && column >= minContent { return .heldBySurroundings }
            }
        }
        if newFirst != items.first {
            let first = s.items[newFirst]
            let before = position(of: s.startLine(ofList: list)) - 1
            if first.contentStart >= lines.contentEnds[first.startLine] && before >= 0
                && !isBlank(line(at: before), quoteDepth: quoteDepth(items[0])) {
                return .heldBySurroundings
            }
        }
        return .movable
    }

    /// Whether a line of the list has an odd number of `%%` and is still no comment line: the scan
    /// may have read it inside an HTML block that an item above left open (docs/FORMAT.md, "Obsidian
    /// comments"). In another order of the items, that `%%` could open a comment that hides the items
    /// below it, so such a list keeps its order.
    private func holdsUnreadObsidianMarker(_ list: Int) -> Bool {
        let s = doc.structure
        let first = s.startLine(ofList: list), last = s.lastLine(ofList: list)
        let span = UnsafeBufferPointer(rebasing: buf[doc.lines.start(first)..<doc.lines.contentEnd(last)])
        guard ObsidianComment.occurs(in: span) else { return false }
        for line in first...last where opensOrClosesObsidianComment(line) { return true }
        return false
    }

    /// Whether an item ends in something other than paragraph text (an HTML block or code may be
    /// open at its end).
    private func endsOutsideText(_ items: BorrowedListItems) -> Bool {
        let s = doc.structure
        return items.contains { !s.paragraphLines[s.items[$0].lastLine] }
    }

    /// Whether `line` has an odd number of `%%`: as a comment line it opens or closes a comment.
    private func opensOrClosesObsidianComment(_ line: Int) -> Bool {
        ObsidianComment.markerCount(buf, from: doc.lines.start(line), to: doc.lines.contentEnd(line)) % 2 == 1
    }

    /// How many `>` stand before an item's marker.
    private func quoteDepth(_ item: Int) -> Int {
        let it = doc.structure.items[item]
        var count = 0
        for i in doc.lines.start(it.startLine)..<it.markerStart where buf[i] == UInt8(ascii: ">") { count += 1 }
        return count
    }

    /// The smallest content column of the items (0 for none).
    private func minimumContentColumn(_ items: BorrowedListItems) -> Int {
        var minimum = Int.max
        for item in items { minimum = min(minimum, contentColumn(item)) }
        return items.isEmpty ? 0 : minimum
    }

    /// The column where an item's content starts.
    private func contentColumn(_ item: Int) -> Int {
        let it = doc.structure.items[item]
        return contentColumn(of: it, markerColumn: visualColumn(from: doc.lines.starts[it.startLine], to: it.markerStart))
    }

    /// The column where item `it`'s content starts, its marker standing at `markerColumn`: where the
    /// content starts, or one past the marker for an empty item.
    private func contentColumn(of it: BlockStructure.Item, markerColumn: Int) -> Int {
        let contentEnd = doc.lines.contentEnds[it.startLine]
        let end = it.contentStart < contentEnd ? it.contentStart : it.markerEnd + 1
        return visualColumn(from: it.markerStart, to: min(end, contentEnd), startingAt: markerColumn) + (end > contentEnd ? 1 : 0)
    }

    /// The visual column after the bytes `[start, end)` when the first of them stands at `column`.
    private func visualColumn(from start: Int, to end: Int, startingAt column: Int = 0) -> Int {
        TabStop.column(after: UnsafeBufferPointer(rebasing: buf[start..<end]), from: column)
    }

    /// The column of a line's first character after at most `quoteDepth` block-quote markers, and
    /// how many markers it has; nil for a blank line.
    private func lineStart(_ line: Int, quoteDepth: Int) -> (column: Int, quotes: Int)? {
        let start = doc.lines.starts[line]
        let end = doc.lines.contentEnds[line]
        var i = start
        var quotes = 0
        while i < end {
            if buf[i].isSpaceOrTab { i += 1; continue }
            if buf[i] == UInt8(ascii: ">") && quotes < quoteDepth { quotes += 1; i += 1; continue }
            break
        }
        guard i < end else { return nil }
        return (visualColumn(from: start, to: i), quotes)
    }

    private func isBlank(_ line: Int, quoteDepth: Int) -> Bool {
        lineStart(line, quoteDepth: quoteDepth) == nil
    }

    /// Whether `list` of `doc` without the items `removed` (taken out by `🏁 delete`) leaves the
    /// blocks around it as they are, as sinking asks of a list whose first or last item changes
    /// (``canReorder(_:first:last:in:)``): a new first item right after a non-blank line must be
    /// able to interrupt a paragraph (not empty, and numbered 1 when ordered: the list is not
    /// renumbered), and a new last item must not take in the line after the list. False when no
    /// item would be left.
    static func keepsSurroundings(_ doc: ParsedDocument, list: Int, without removed: Set<Int>, options: FormatOptions) -> Bool {
        let s = doc.structure
        let items = s.items(ofList: list)
        guard let first = items.first(where: { !removed.contains($0) }),
              let last = items.last(where: { !removed.contains($0) }) else { return false }
        if first == items.first && last == items.last { return true }
        return with(doc, options: options) { form in
            if first != items.first && s.lists[list].ordered && s.items[first].number != 1 {
                let before = s.startLine(ofList: list) - 1
                if before >= 0 && !form.isBlank(before, quoteDepth: form.quoteDepth(items[0])) { return false }
            }
            return form.canReorder(list, first: first, last: last) == .movable
        }
    }

    /// A list that starts on its parent item's first line cannot move: that line carries the parent.
    private func isPinned(_ list: Int) -> Bool {
        CanonicalForm.isPinned(list, doc.structure)
    }

    /// Whether `list` of `structure` starts on its parent item's first line (so it cannot move).
    static func isPinned(_ list: Int, _ structure: BlockStructure) -> Bool {
        let parent = structure.lists[list].parentItem
        return parent >= 0 && structure.items[parent].startLine == structure.startLine(ofList: list)
    }

    /// The numbers the items of `list` take in a new order: `first + step * position`, as the scope
    /// gives them (``Scope/numbering``) or as ``numbering(ofList:in:)`` finds them.
    private func numbering(of list: Int) -> (first: Int, step: Int) {
        givenNumbering[list] ?? Self.numbering(ofList: list, in: doc.structure)
    }

    /// How ordered list `list` of `structure` is numbered: from its first item's number, one up
    /// each item, or all the same number when its items all have one (step 0).
    static func numbering(ofList list: Int, in structure: BlockStructure) -> (first: Int, step: Int) {
        let items = structure.items(ofList: list)
        let first = structure.items[items[items.startIndex]].number
        let allSame = items.count > 1 && items.allSatisfy { structure.items[$0].number == first }
        return (first, allSame ? 0 : 1)
    }

    /// How a renumbered item's new marker, `markerWidth` columns wide, fits before its content: the
    /// spaces to write after it, 0 for the white space as written (the content keeps its column where
    /// the white space can absorb the change: as written when it ends there after the new marker,
    /// a tab say, else as spaces counted in columns), and how many columns the content, and so the
    /// item's later lines, must move right (0 when none).
    @inline(__always) // a call from the mutating renumber(list:order:) copied self (448 bytes) per item
    private func markerFit(_ it: BlockStructure.Item, markerWidth: Int) -> (spaces: Int, shift: Int) {
        let lineStart = doc.lines.starts[it.startLine]
        let contentColumn = visualColumn(from: lineStart, to: it.contentStart)
        let markerEndColumn = visualColumn(from: lineStart, to: it.markerStart) + markerWidth
        if visualColumn(from: it.markerEnd, to: it.contentStart, startingAt: markerEndColumn) == contentColumn { return (0, 0) }
        let wanted = contentColumn - markerEndColumn
        return wanted >= 1 ? (min(wanted, 4), 0) : (1, markerEndColumn + 1 - contentColumn)
    }

    /// How many digits the numbers of `list` are written with at least: those of its first item when
    /// written with leading zeros (`01.` numbers on `02.`, … `10.`), else 0.
    private func numberPadding(of list: Int) -> Int {
        let first = doc.structure.items[items(of: list)[0]]
        let digits = first.markerEnd - 1 - first.markerStart
        return digits > decimalWidth(first.number) ? digits : 0
    }

    /// Appends `number` with at least `padding` digits (leading zeros).
    private static func appendNumber(_ number: Int, padding: Int, into out: inout ByteWriter) {
        var zeros = padding - 1
        var rest = number / 10
        while rest > 0 {
            zeros -= 1
            rest /= 10
        }
        while zeros > 0 {
            out.append(UInt8(ascii: "0"))
            zeros -= 1
        }
        out.appendDecimal(number)
    }

    /// Whether giving `list` the item order `order` would have to renumber an item past 999,999,999
    /// (an ordered list's marker has at most nine digits: the item would stop being one), or indent
    /// a line whose indentation holds a tab (``renumberingShiftsATab(_:to:)``).
    private func cannotRenumber(_ list: Int, to order: some Collection<Int>) -> Bool {
        guard doc.structure.lists[list].ordered else { return false }
        let (first, step) = numbering(of: list)
        return first + step * max(order.count - 1, 0) > 999_999_999 || renumberingShiftsATab(list, to: order)
    }

    /// Whether giving `list` the item order `order` would renumber an item to a number too wide for
    /// the spaces after its marker (so its later lines are indented to follow, ``shiftContinuation(of:by:)``)
    /// while one of those lines has a tab in its indentation. A tab's width depends on the column it
    /// starts at, so the indentation is rewritten as spaces; in a code block, white space beyond the
    /// block's own indentation is code, and a tab there would become spaces.
    private func renumberingShiftsATab(_ list: Int, to order: some Collection<Int>) -> Bool {
        let s = doc.structure
        guard s.lists[list].ordered else { return false }
        let (first, step) = numbering(of: list)
        let padding = numberPadding(of: list)
        for (position, item) in order.enumerated() {
            let it = s.items[item]
            let width = max(decimalWidth(first + step * position), padding)
            // Only a wider number can need more than the spaces after the marker.
            guard it.lastLine > it.startLine, width > it.markerEnd - 1 - it.markerStart, it.contentStart < doc.lines.contentEnd(it.startLine),
                  markerFit(it, markerWidth: width + 1).shift > 0 else { continue }
            let depth = quoteDepth(item)
            for line in (it.startLine + 1)...it.lastLine {
                let from = quotedStart(depth: depth, on: line)?.whiteSpace ?? doc.lines.start(line)
                let end = SpacesAndTabs.skip(buf, from: from, to: doc.lines.contentEnd(line))
                // Blank lines are not indented (``flushShifts()``).
                if end < doc.lines.contentEnd(line) && buf[from..<end].contains(0x09) { return true }
            }
        }
        return false
    }

    /// How many digits `number` (not negative) is written with.
    private func decimalWidth(_ number: Int) -> Int {
        var width = 1
        var rest = number / 10
        while rest > 0 { width += 1; rest /= 10 }
        return width
    }

    /// Gives the items of a moved ordered list the numbers of their new positions.
    private mutating func renumber(list: Int, order: some Collection<Int>) {
        let structure = doc.structure
        let (first, step) = numbering(of: list)
        let padding = numberPadding(of: list)
        for (position, item) in order.enumerated() {
            let number = first + step * position
            let it = structure.items[item]
            guard number != it.number else { continue }
            let markerWidth = max(decimalWidth(number), padding) + 1
            let line = it.startLine
            let blankItem = it.contentStart >= doc.lines.contentEnds[line]
            let (spaces, shift) = blankItem ? (0, 0) : markerFit(it, markerWidth: markerWidth)
            if markerAtLine.isEmpty {
                markerAtLine = [Int32](repeating: -1, count: doc.lines.count)
                // Room for this list's markers at once (growing by doubling held both arrays).
                markers.reserveCapacity(order.count)
            }
            if markerAtLine[line] < 0 {
                markerAtLine[line] = Int32(truncatingIfNeeded: markers.count)
                markers.append(RenumberedMarker(item: item, number: number, spaces: spaces))
                markerBytes += markerWidth + spaces
            } else {
                let from = arena.count
                CanonicalForm.appendNumber(number, padding: padding, into: &arena)
                arena.append(buf[it.markerEnd - 1])
                for _ in 0..<spaces { arena.append(0x20) }
                addEdit(line: line, start: it.markerStart, end: spaces == 0 ? it.markerEnd : it.contentStart, arenaFrom: from)
            }
            if shift > 0 { shiftContinuation(of: item, by: shift) }
        }
    }

    /// Columns added by renumbering to the white space after the first `depth` block-quote markers
    /// of a line (its leading white space for depth 0).
    private struct LineShift {
        var line: Int
        var depth: Int
        var columns: Int
        /// The shift applies when the line's first character stands at least this many columns
        /// after the markers: for a lazy continuation line, the renumbered item's content column
        /// (a lazy line that reaches it is indented as the item's content is and must move with
        /// it, or a `>` there could start a block quote in the item; one short of it stays where it
        /// is, as lazy as before); 0 for other lines.
        var fromColumn: Int
    }

    /// Indents the item's later lines by `shift` more columns so they stay inside the item: their
    /// leading white space, or in a block quote the white space after as many `>` as stand before
    /// the item's marker. Lines of plain indentation are recorded per line (thousands of items may
    /// be renumbered), the others in ``lineShifts``.
    private mutating func shiftContinuation(of item: Int, by shift: Int) {
        let it = doc.structure.items[item]
        guard it.lastLine > it.startLine else { return }
        let depth = quoteDepth(item)
        let lazy = doc.structure.lazyLines
        // The item's content column within its quote, for lazy lines (``LineShift/fromColumn``).
        var quotedContentColumn: Int?
        for line in (it.startLine + 1)...it.lastLine {
            if depth == 0 && !lazy[line] {
                // Recorded per line and written by `flushShifts()`, so that a line shifted for two
                // reasons (nested renumbered items, the indentation option) gets one edit.
                if renumberShift.isEmpty { renumberShift = [Int32](repeating: 0, count: doc.lines.count) }
                renumberShift[line] += Int32(shift)
                continue
            }
            var fromColumn = 0
            if lazy[line] {
                if quotedContentColumn == nil, let first = quotedStart(depth: depth, on: it.startLine) {
                    quotedContentColumn = contentColumn(item) - first.column
                }
                fromColumn = quotedContentColumn ?? 0
            }
            lineShifts.append(LineShift(line: line, depth: depth, columns: shift, fromColumn: fromColumn))
            if lineShifted.isEmpty { lineShifted = [Bool](repeating: false, count: doc.lines.count) }
            lineShifted[line] = true
        }
    }

    /// Turns the recorded shifts into edits of the lines' leading white space (counted in columns,
    /// so tabs there become spaces), those of ``lineShifts`` first. The indentation option leaves
    /// lazy continuation lines as they are; blank lines are shifted only by it (inside a code block
    /// their white space beyond the item's content column is code).
    private mutating func flushShifts() {
        flushLineShifts()
        guard !renumberShift.isEmpty || !indentShift.isEmpty else { return }
        var indent = 0
        for line in 0..<doc.lines.count {
            if !indentShift.isEmpty { indent += Int(indentShift[line]) }
            let renumber = renumberShift.isEmpty ? 0 : Int(renumberShift[line])
            guard renumber != 0 || indent != 0, !doc.structure.lazyLines[line] else { continue }
            let start = doc.lines.start(line)
            let end = doc.lines.contentEnd(line)
            let j = SpacesAndTabs.skip(buf, from: start, to: end)
            let column = visualColumn(from: start, to: j)
            let wanted: Int
            if j == end {
                // A blank line's white space beyond the new content column stays; one space is kept so
                // that the line does not become empty (after a lone CR, an empty line ending in LF
                // would join it into one CRLF).
                guard indent != 0, column > 0 else { continue }
                wanted = max(1, column + indent)
                if wanted == column && j - start == column { continue }
            } else {
                wanted = column + renumber + indent
            }
            addEdit(line: line, start: start, end: j, bytes: [UInt8](repeating: 0x20, count: wanted))
        }
        renumberShift = []
        indentShift = []
    }

    /// Turns ``lineShifts`` into edits of the white space after the lines' block-quote markers,
    /// counted in columns (it holds no tab: ``renumberingShiftsATab(_:to:)``). Blank lines are left
    /// as they are, as in ``flushShifts()``.
    private mutating func flushLineShifts() {
        guard !lineShifts.isEmpty else { return }
        // One edit per line and depth: nested renumbered items add up.
        lineShifts.sort { ($0.line, $0.depth) < ($1.line, $1.depth) }
        var index = 0
        while index < lineShifts.count {
            let (line, depth) = (lineShifts[index].line, lineShifts[index].depth)
            let start = quotedStart(depth: depth, on: line)
            var columns = 0
            while index < lineShifts.count && lineShifts[index].line == line && lineShifts[index].depth == depth {
                if let start, start.firstColumn - start.column >= lineShifts[index].fromColumn { columns += lineShifts[index].columns }
                index += 1
            }
            guard let start, columns > 0 else { continue }
            addEdit(line: line, start: start.whiteSpace, end: start.first,
                    bytes: [UInt8](repeating: 0x20, count: start.firstColumn + columns - start.whiteSpaceColumn))
        }
        lineShifts = []
        lineShifted = []
    }

    /// Where the content of `line` starts after its first `depth` block-quote markers (white space
    /// may stand before and between them): the white space after the last marker (`whiteSpace`, at
    /// `whiteSpaceColumn`), the first other character (`first`, at `firstColumn`) and the column
    /// where the quote's content starts (after the marker and the one column of white space that
    /// belongs to it; 0 for depth 0). Nil when the line has fewer markers or nothing after them (a
    /// blank line of the quote).
    private func quotedStart(depth: Int, on line: Int) -> (whiteSpace: Int, whiteSpaceColumn: Int, first: Int, firstColumn: Int, column: Int)? {
        let lineStart = doc.lines.start(line)
        let end = doc.lines.contentEnd(line)
        var i = lineStart
        for _ in 0..<depth {
            i = SpacesAndTabs.skip(buf, from: i, to: end)
            guard i < end, buf[i] == UInt8(ascii: ">") else { return nil }
            i += 1
        }
        let first = SpacesAndTabs.skip(buf, from: i, to: end)
        guard first < end else { return nil }
        let whiteSpaceColumn = visualColumn(from: lineStart, to: i)
        let column = depth == 0 ? 0 : whiteSpaceColumn + (i < first ? 1 : 0)
        return (i, whiteSpaceColumn, first, visualColumn(from: lineStart, to: first), column)
    }

    // MARK: - Bullets and indentation (options)

    /// Applies the bullet and indentation options, then writes all recorded indentation shifts.
    private mutating func applyMarkerOptions() {
        if let bullet = options.bullet.byte { rewriteBullets(to: bullet) }
        if let width = options.appliedIndentation { reindent(width: width) }
        flushShifts()
    }

    /// Gives every item of each bullet list that holds a task the marker `bullet`, except where
    /// that would change the document's structure: such a list keeps its markers.
    private mutating func rewriteBullets(to bullet: UInt8) {
        let s = doc.structure
        var rewrite = [Bool](repeating: false, count: s.lists.count)
        var any = false
        for (index, list) in s.lists.enumerated() where !list.ordered && list.delimiter != bullet {
            let items = self.items(of: index)
            guard items.contains(where: { s.items[$0].task >= 0 }) else { continue }
            // Frozen lines stay byte for byte.
            guard !items.contains(where: { doc.directives.isFrozen(s.items[$0].startLine) }) else { continue }
            rewrite[index] = true
            any = true
        }
        guard any else { return }
        // The bullet list right before each list in the same container, when only blank lines
        // separate them: with equal markers the two would be one list. Also when the earlier list
        // ends in a bare checkbox (`- [ ] ` and white space): renderers that do not take it as a
        // task (cmark-gfm in block quotes) give that item a paragraph, and the item goes on.
        var previous = [Int](repeating: -1, count: s.lists.count)
        var lastInContainer: [Int: Int] = [:]
        for (index, list) in s.lists.enumerated() {
            if let before = lastInContainer[list.container], !s.lists[before].ordered, !list.ordered {
                let lastItem = s.items[s.lastItem(ofList: before)]
                if onlyBlankLines(after: s.lastLine(ofList: before), before: s.startLine(ofList: index))
                    || (lastItem.task >= 0 && !s.paragraphLines[lastItem.startLine]) {
                    previous[index] = before
                }
            }
            lastInContainer[list.container] = index
        }
        // Markers on one line may make it a thematic break (`- * *` → `* * *`); lines are checked
        // with every marker that would change on them.
        var markerLines: [Int] = []
        for index in s.lists.indices where rewrite[index] {
            for item in items(of: index) { markerLines.append(s.items[item].startLine) }
        }
        markerLines = Array(Set(markerLines)).sorted()
        var firstItemAt: [Int: Int] = [:]
        for (index, item) in s.items.enumerated() where firstItemAt[item.startLine] == nil { firstItemAt[item.startLine] = index }
        var changed = true
        while changed {
            changed = false
            for index in s.lists.indices where previous[index] >= 0 {
                let before = previous[index]
                let a = rewrite[before] ? bullet : s.lists[before].delimiter
                let b = rewrite[index] ? bullet : s.lists[index].delimiter
                // Lists that were apart stay apart; lists some renderer joins stay alike.
                let sameBefore = s.lists[before].delimiter == s.lists[index].delimiter
                if (a == b) != sameBefore && (rewrite[before] || rewrite[index]) {
                    rewrite[before] = false
                    rewrite[index] = false
                    changed = true
                }
            }
            for line in markerLines {
                guard let first = firstItemAt[line] else { continue }
                var items: [Int] = []
                var item = first
                while item < s.items.count && s.items[item].startLine == line {
                    items.append(item)
                    item += 1
                }
                guard items.contains(where: { rewrite[s.items[$0].list] }) else { continue }
                let breaks = items.contains { candidate in
                    ThematicBreak.scan(from: s.items[candidate].markerStart, to: doc.lines.contentEnd(line)) { offset in
                        if let at = items.first(where: { s.items[$0].markerStart == offset }), rewrite[s.items[at].list] { return bullet }
                        return buf[offset]
                    } == .thematicBreak
                }
                if breaks {
                    for item in items where rewrite[s.items[item].list] {
                        rewrite[s.items[item].list] = false
                        changed = true
                    }
                }
            }
        }
        for index in s.lists.indices where rewrite[index] {
            for item in items(of: index) {
                let it = s.items[item]
                addEdit(line: it.startLine, start: it.markerStart, end: it.markerEnd, bytes: [bullet])
            }
        }
    }

    /// Whether every line strictly between `first` and `last` holds only white space and `>`.
    private func onlyBlankLines(after first: Int, before last: Int) -> Bool {
        var line = first + 1
        while line < last {
            var i = doc.lines.start(line)
            let end = doc.lines.contentEnd(line)
            while i < end && (buf[i].isSpaceOrTab || buf[i] == UInt8(ascii: ">")) { i += 1 }
            if i < end { return false }
            line += 1
        }
        return true
    }

    /// Indents each bullet list nested in a bullet item so that its markers sit `width` columns right
    /// of the parent's marker, moving the list's lines by the same number of columns. A list keeps
    /// its indentation (and moves only with its parent) when it would leave the parent's content,
    /// tabs are involved, its items start in different columns, lines there are frozen, or the line
    /// after it would change blocks.
    private mutating func reindent(width: Int) {
        let s = doc.structure
        let lines = doc.lines
        // Lines that stop a list from moving, counted to test a range at once: a tab among the leading
        // white space, block-quote and list markers (it stands for a number of columns that depends on
        // where it is), or an indented lazy continuation line (it stays where it is, and its column
        // relative to the moved containers could make it start a block).
        var tabsBefore = [Int32](repeating: 0, count: lines.count + 1)
        for line in 0..<lines.count {
            var i = lines.start(line)
            let end = lines.contentEnd(line)
            var tab = doc.structure.lazyLines[line] && i < end && buf[i].isSpaceOrTab
            while !tab && i < end {
                let c = buf[i]
                if c == 0x09 {
                    tab = true
                    break
                }
                guard c == 0x20 || c == UInt8(ascii: ">") || c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: ".") || c == UInt8(ascii: ")") || c.isASCIIDigit else { break }
                i += 1
            }
            tabsBefore[line + 1] = tabsBefore[line] + (tab ? 1 : 0)
        }
        // A list waits for the line after it to stand apart from it, and that line may start the
        // next list, which moves too (sibling lists of alternating bullets, one line each): the lists
        // are looked at again, until a round changes nothing (each round's moves then rest on what
        // the lines after them do). A list takes the moves of its parent, its sibling before it and
        // the list after it from the same round where that round has looked at them already, else
        // from the round before; rounds go through the lists from the top and from the bottom in
        // turn, so that moves pass down to nested lists and up a run of siblings alike. When the
        // rounds do not settle, the first round's moves stand: they assume the lines after the lists
        // stay, and the passes that follow move the rest.
        var shifted = [Int](repeating: 0, count: s.lists.count)
        var looked = [Bool](repeating: false, count: s.lists.count)
        var difference = [Int32](repeating: 0, count: lines.count + 1)
        var any = false
        var firstRound: (shifted: [Int], difference: [Int32], any: Bool)?
        var lastRound: [Int]?
        for round in 0..<CanonicalForm.reindentRounds {
            if round > 0 {
                lastRound = shifted
                for i in shifted.indices { shifted[i] = 0 }
                for i in looked.indices { looked[i] = false }
                for i in difference.indices { difference[i] = 0 }
                any = false
            }
            var waited = false
            func known(_ list: Int) -> Int? { looked[list] ? shifted[list] : lastRound?[list] }
            let upward = round % 2 == 1
            for step in s.lists.indices {
                let index = upward ? s.lists.count - 1 - step : step
                let parent = s.lists[index].parentItem
                looked[index] = true
                guard parent >= 0 else { continue }
                shifted[index] = known(s.items[parent].list) ?? 0
                let (delta, waits) = reindentDelta(of: index, width: width, known: known, tabsBefore: tabsBefore)
                waited = waited || waits
                guard delta != 0 else { continue }
                shifted[index] += delta
                difference[s.startLine(ofList: index)] += Int32(delta)
                difference[s.lastLine(ofList: index) + 1] -= Int32(delta)
                any = true
            }
            if firstRound == nil { firstRound = (shifted, difference, any) }
            // Settled: no list waited for a line that moved, or this round moved what the last did.
            if !waited || shifted == lastRound { break }
            if round == CanonicalForm.reindentRounds - 1, let first = firstRound { (shifted, difference, any) = first }
        }
        if any { indentShift = difference }
    }

    /// How far ``reindent(width:)`` moves list `index` (0: it stays), given the moves of other lists
    /// as far as `known` (nil: not known; its parent's list, its sibling before it, the list that
    /// starts on the line after it). `waits`: the list stays because of the line after it, which
    /// starts a list (that may move, and free it, in the next round).
    private func reindentDelta(of index: Int, width: Int, known: (Int) -> Int?, tabsBefore: [Int32]) -> (delta: Int, waits: Bool) {
        let s = doc.structure
        let lines = doc.lines
        let list = s.lists[index]
        let parent = list.parentItem
        let parentList = s.items[parent].list
        let inherited = known(parentList) ?? 0
        guard !list.ordered, !s.lists[parentList].ordered, list.container == parent else { return (0, false) }
        let first = s.startLine(ofList: index), last = s.lastLine(ofList: index)
        let p = s.items[parent]
        guard first > p.startLine, !doc.directives.freezesAny(from: first, through: last),
              tabsBefore[last + 1] == tabsBefore[first],
              let parentMarker = plainIndentColumn(line: p.startLine, upTo: p.markerStart) else { return (0, false) }
        var markerColumn = -1
        for item in items(of: index) {
            let it = s.items[item]
            guard let column = plainIndentColumn(line: it.startLine, upTo: it.markerStart), markerColumn < 0 || column == markerColumn else {
                return (0, false)
            }
            markerColumn = column
        }
        let parentContent = contentColumn(parent) + inherited
        let target = parentMarker + inherited + width
        guard target >= parentContent && target <= parentContent + 3 else { return (0, false) }
        let delta = target - (markerColumn + inherited)
        guard delta != 0 else { return (0, false) }
        // A list of the same parent right before this one (only blank lines between) goes on
        // through those lines: at or right of its last item's content column, this list would
        // become part of that item.
        var sibling = p.firstChildList, before = -1
        while sibling >= 0 && sibling != index {
            before = sibling
            sibling = s.lists[sibling].nextSibling
        }
        if before >= 0 && onlyBlankLines(after: s.lastLine(ofList: before), before: first) {
            if target >= contentColumn(s.lastItem(ofList: before)) + (known(before) ?? 0) { return (0, false) }
        }
        // After the move, the next non-blank line must still stand apart from the list: indented
        // to an item's content, it would become part of that item.
        let minContent = minimumContentColumn(items(of: index)) + inherited + delta
        var follower = last + 1
        while follower < lines.count && isBlank(follower, quoteDepth: 0) { follower += 1 }
        if follower < lines.count, let (column, _) = lineStart(follower, quoteDepth: 0) {
            var followerShift = 0
            var item = parent
            while item >= 0 {
                if follower <= s.items[item].lastLine {
                    followerShift = known(s.items[item].list) ?? 0
                    break
                }
                item = s.lists[s.items[item].list].parentItem
            }
            // A list starting on that line moves as far as known.
            let next = listStarting(on: follower)
            if let next, let move = known(next) { followerShift = move }
            if column + followerShift >= minContent { return (0, next != nil) }
        }
        return (delta, false)
    }

    /// How many rounds ``reindent(width:)`` looks at the lists for, at most.
    static let reindentRounds = 16

    /// The outermost list that starts on `line`, if one does.
    private func listStarting(on line: Int) -> Int? {
        let items = doc.structure.items
        let first = BinarySearch.partitionPoint(in: items.indices) { items[$0].startLine < line }
        guard first < items.count, items[first].startLine == line else { return nil }
        let list = items[first].list
        return doc.structure.firstItem(ofList: list) == first ? list : nil
    }

    /// The column of `offset` on `line` when only spaces stand before it (nil for tabs, `>` or text).
    private func plainIndentColumn(line: Int, upTo offset: Int) -> Int? {
        let start = doc.lines.start(line)
        for i in start..<offset where buf[i] != 0x20 { return nil }
        return offset - start
    }

    // MARK: - Output

    private enum Frame {
        case range(cursor: Int, end: Int, nextList: Int)
        case list(list: Int, position: Int)
    }

    /// The output line order: each list's items in their new order, blank lines between items in place.
    /// A large document's order is walked in `parts` at the same time (by default one per processor
    /// when it has enough lines; tests choose): a top-level list keeps its lines in place as a whole,
    /// so the parts are cut between the top-level lists that change and each fills its own lines.
    func lineOrder(parts: Int? = nil) -> [Int32] {
        let structure = doc.structure
        let lineCount = doc.lines.count
        guard !orders.isEmpty else { return (0..<lineCount).map { Int32(truncatingIfNeeded: $0) } }
        // Lists that moved or hold one that moved, anywhere below them. Any other list stays as it is,
        // lines in place, and is copied as one range. A nested list comes after its parent's list, so
        // one pass from the last list back reaches every ancestor.
        var reordered = [Bool](repeating: false, count: structure.lists.count)
        for list in structure.lists.indices.reversed() {
            if moved(list) { reordered[list] = true }
            let parent = structure.lists[list].parentItem
            if reordered[list] && parent >= 0 { reordered[structure.items[parent].list] = true }
        }
        // Each list's first and last line (`bounds[2 * list]`, `bounds[2 * list + 1]`), read once: the
        // walk below reached them through the list's items at every step. (Not an array of pairs: its
        // type's metadata would cost every small file's run.)
        var bounds = [Int32](repeating: 0, count: 2 * structure.lists.count)
        for list in structure.lists.indices {
            bounds[2 * list] = Int32(truncatingIfNeeded: structure.startLine(ofList: list))
            bounds[2 * list + 1] = Int32(truncatingIfNeeded: structure.lastLine(ofList: list))
        }
        // The parts' first lines (and the end), each outside every reordered top-level list, and the
        // first top-level list at or after each.
        let wanted = parts ?? Parallel.parts(lineCount, minimumPerPart: CanonicalForm.orderLinesPerPart)
        var cuts = [0], firstLists = [structure.firstTopList]
        var top = structure.firstTopList
        // Lines before `passed` belong to earlier parts (a cut moved past a reordered list passes it).
        var passed = 0
        for part in 1..<max(wanted, 1) {
            var cut = max(lineCount * part / wanted, passed)
            while top >= 0 && Int(bounds[2 * top + 1]) < cut { top = structure.lists[top].nextSibling }
            if top >= 0 && Int(bounds[2 * top]) < cut && reordered[top] {
                cut = Int(bounds[2 * top + 1]) + 1
                top = structure.lists[top].nextSibling
            }
            passed = cut
            guard cut > cuts[cuts.count - 1] && cut < lineCount else { continue }
            cuts.append(cut)
            firstLists.append(top)
        }
        cuts.append(lineCount)
        let partCount = cuts.count - 1
        // Written straight into the array: appending ranges one line at a time through `append(contentsOf:)`
        // cost more than the walk.
        let listItems = self.listItems
        return [Int32](unsafeUninitializedCapacity: lineCount) { order, count in
            structure.items.withUnsafeBufferPointer { items in
                structure.lists.withUnsafeBufferPointer { lists in
                    reordered.withUnsafeBufferPointer { reordered in
                        bounds.withUnsafeBufferPointer { bounds in
                            newOrderIndex.withUnsafeBufferPointer { newOrderIndex in
                                orders.withUnsafeBufferPointer { orders in
                                    // Each part writes only its own lines' positions.
                                    nonisolated(unsafe) let walk = OrderWalk(items: items, lists: lists, listItems: listItems, reordered: reordered,
                                                                             bounds: bounds, newOrderIndex: newOrderIndex, orders: orders, order: order)
                                    let (cuts, firstLists) = (cuts, firstLists)
                                    Parallel.run(partCount) { part in
                                        walk.fill(cuts[part]..<cuts[part + 1], firstList: firstLists[part])
                                    }
                                }
                            }
                        }
                    }
                }
            }
            count = lineCount
        }
    }

    /// Parts of ``lineOrder(parts:)`` have at least this many lines.
    static let orderLinesPerPart = 16_384

    /// The walk of ``lineOrder(parts:)`` over one run of lines that no reordered top-level list
    /// crosses: the lines of that run in their output order, written at the same positions.
    private struct OrderWalk {
        let items: UnsafeBufferPointer<BlockStructure.Item>
        let lists: UnsafeBufferPointer<BlockStructure.List>
        let listItems: UnsafeBufferPointer<Int32>
        let reordered: UnsafeBufferPointer<Bool>
        let bounds: UnsafeBufferPointer<Int32>
        let newOrderIndex: UnsafeBufferPointer<Int32>
        let orders: UnsafeBufferPointer<Int32>
        let order: UnsafeMutableBufferPointer<Int32>

        /// Fills `order[run]`; `firstList`: the first top-level list at or after the run's start.
        func fill(_ run: Range<Int>, firstList: Int) {
            var stack: [Frame] = [.range(cursor: run.lowerBound, end: run.upperBound - 1, nextList: firstList)]
            stack.reserveCapacity(64)
            var written = run.lowerBound
            func append(_ from: Int, upTo end: Int) {
                precondition(end - from <= run.upperBound - written, "the line order is not a permutation of the lines")
                var line = from
                while line < end {
                    order[written] = Int32(truncatingIfNeeded: line)
                    written += 1
                    line += 1
                }
            }
            while let frame = stack.popLast() {
                switch frame {
                case .range(let cursor, let end, var list):
                    while list >= 0 && !reordered[list] { list = lists[list].nextSibling }
                    if list >= 0 && Int(bounds[2 * list]) <= end {
                        append(cursor, upTo: Int(bounds[2 * list]))
                        stack.append(.range(cursor: Int(bounds[2 * list + 1]) + 1, end: end, nextList: lists[list].nextSibling))
                        stack.append(.list(list: list, position: 0))
                    } else {
                        append(cursor, upTo: end + 1)
                    }
                case .list(let list, let position):
                    let original = lists[list].itemRange
                    guard position < original.count else { continue }
                    let at = original.lowerBound + position
                    if position > 0 {
                        // The gap between two items stays at its position.
                        append(items[Int(listItems[at - 1])].lastLine + 1, upTo: items[Int(listItems[at])].startLine)
                    }
                    let newOrder = newOrderIndex.isEmpty ? -1 : Int(newOrderIndex[list])
                    let item = items[newOrder >= 0 ? Int(orders[newOrder + position]) : Int(listItems[at])]
                    stack.append(.list(list: list, position: position + 1))
                    stack.append(.range(cursor: item.startLine, end: item.lastLine, nextList: item.firstChildList))
                }
            }
            precondition(written == run.upperBound, "the line order is not a permutation of the lines")
        }
    }

    /// Writes the output: the lines in `order`, edits applied, task lines rewritten. When `records`,
    /// stores in `facts` each rewritten task's verifier key (unless known) and whether its line was
    /// canonical already, from the same reading of the task.
    private func emit(_ order: [Int32], facts: inout TaskFacts, records: Bool, parts: Int? = nil) -> [UInt8] {
        let taskLines = rewritesTasks ? taskLineCount() : 0
        let work = order.count + CanonicalForm.taskLineWeight * taskLines
        let cuts = runCuts(order, parts: parts ?? Parallel.parts(work, minimumPerPart: CanonicalForm.emitLinesPerPart),
                           taskLines: taskLines)
        if let bytes = emit(order, facts: &facts, records: records, extraCapacity: 0, cuts: cuts) { return bytes }
        // A task whose rules or relative dates are written longer than the bound: the exact growth.
        guard let bytes = emit(order, facts: &facts, records: records, extraCapacity: tailGrowth(), cuts: cuts) else {
            preconditionFailure("output larger than its bound")
        }
        return bytes
    }

    /// How many bytes the rewritten task lines grow in all, each counted when it grows.
    private func tailGrowth() -> Int {
        var growth = 0
        var text = TaskText()
        var tail = ByteWriter()
        for (index, task) in doc.structure.tasks.enumerated() where rewritesTasks && taskAtLine[task.line] == Int32(index) {
            doc.read(task: index, into: &text, buf)
            tail.truncate(to: 0)
            CanonicalForm.appendCanonicalTail(text, ofTask: index, doc, buf, options: options, into: &tail)
            growth += max(0, tail.count - (doc.lines.contentEnd(task.line) - task.checkbox))
        }
        return growth
    }

    /// How many lines' worth of work each part has at least when the output of a large document is
    /// written in parts at the same time (a line copied is one, a task line rewritten
    /// ``taskLineWeight`` more): a document of 64k lines copied as they are is written in two parts.
    static let emitLinesPerPart = 32_768

    /// The smallest document whose output is written in huge pages when it is written in runs (a
    /// document written in one run always is): below it, the whole pages that runs hold beyond their
    /// bytes while they are written and moved are a large part of the memory formatting takes.
    static let hugePagesForRunsMinimumBytes = 8 << 20

    /// What rewriting a task line costs beside copying a line (reading it and writing its canonical
    /// text: about 16 times as long, measured on the generated 10 MB file).
    static let taskLineWeight = 16

    /// ``emit(_:facts:records:parts:)`` into a buffer of the usual bound plus `extraCapacity` bytes; nil when
    /// the output does not fit. With more than one run of output positions (``runCuts(_:parts:taskLines:)``),
    /// the runs are written at the same time, each from the start of its own bounded stretch of the
    /// buffer, and then moved down to follow the one before it.
    private func emit(_ order: [Int32], facts: inout TaskFacts, records: Bool, extraCapacity: Int, cuts: [Int]) -> [UInt8]? {
        let parts = cuts.count - 1
        let bom = doc.hasBOM ? 3 : 0
        let bounds = runStarts(order, cuts: cuts, bom: bom, extraCapacity: extraCapacity)
        // Huge pages save page faults, but the last one a run writes in, and each one its move down
        // fills, is held whole (2 MB) until the move ends: the runs of a document smaller than
        // `hugePagesForRunsMinimumBytes` are written in pages of 4 KB.
        let huge = parts == 1 || buf.count >= CanonicalForm.hugePagesForRunsMinimumBytes
        // A run after the first starts on a page of its own (a huge page in a large buffer): writing
        // it makes none of the stretch reserved before it resident.
        let alignment = HugePages.pageSize(ofBufferOf: huge ? bounds[parts] : 0)
        let capacity = bounds[parts] + (parts - 1) * alignment
        var overflowed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { storage, written in
            if huge { HugePages.advise(UnsafeMutableRawBufferPointer(storage)) }
            let base = storage.baseAddress!
            var starts = bounds
            for part in 1..<max(parts, 1) {
                let start = Int(bitPattern: base + starts[part - 1] + (bounds[part] - bounds[part - 1]))
                starts[part] = ((start + alignment - 1) & ~(alignment - 1)) - Int(bitPattern: base)
            }
            starts[parts] = capacity
            if bom > 0 {
                base.initialize(repeating: 0xEF, count: 1)
                (base + 1).initialize(repeating: 0xBB, count: 1)
                (base + 2).initialize(repeating: 0xBF, count: 1)
            }
            var runsWritten = [WrittenRun](repeating: WrittenRun(), count: parts)
            facts.keys.withUnsafeMutableBufferPointer { keys in
                facts.states.withUnsafeMutableBufferPointer { states in
                    runsWritten.withUnsafeMutableBufferPointer { results in
                        withUnsafePointer(to: self) { form in
                            // Each run writes its own stretch of the buffer and the facts of its own tasks (a
                            // task line stands at one position); nothing reads them before all have ended.
                            nonisolated(unsafe) let (form, keys, states, results, base) = (form, keys, states, results, base)
                            let starts = starts
                            Parallel.run(parts) { part in
                                let positions = cuts[part]..<cuts[part + 1]
                                results[part] = form.pointee.write(order, positions, into: base, from: starts[part], limit: starts[part + 1],
                                                                   keys: keys, states: states, records: records)
                            }
                        }
                    }
                }
            }
            overflowed = runsWritten.contains { $0.overflowed }
            if runsWritten.contains(where: { $0.completesTasksNow }) { facts.completesTasksNow = true }
            // The runs move down, in order, to follow one another.
            var end = runsWritten[0].end
            for part in 1..<parts where !overflowed {
                let count = runsWritten[part].end - starts[part]
                DownwardMove.move(count, from: base + starts[part], to: base + end)
                end += count
            }
            written = overflowed ? 0 : end
            HugePages.release(UnsafeMutableRawBufferPointer(storage), after: written)
        }
        return overflowed ? nil : bytes
    }

    /// Where in the output buffer each of `parts` runs of positions of `order` starts (the first
    /// after the byte-order mark, if any), and at the end, the buffer's size. Every output byte is an
    /// input byte or an edit's byte, except that a task's canonical text may be longer than its
    /// original by at most its fields (7 of at most 25 bytes and a space) and two spaces, and that a
    /// lone CR may gain a LF: this bounds the size of a run. Recurrence rules and relative dates can
    /// be written longer than that; an output that does not fit is written again with the exact
    /// growth as `extraCapacity`.
    private func runStarts(_ order: [Int32], cuts: [Int], bom: Int, extraCapacity: Int) -> [Int] {
        let parts = cuts.count - 1
        let lines = doc.lines
        var starts = [bom]
        for part in 0..<parts {
            let positions = cuts[part]..<cuts[part + 1]
            var bound = arena.count + markerBytes + positions.count + extraCapacity
            if parts == 1 {
                bound += buf.count + (rewritesTasks ? doc.structure.tasks.count * 192 : 0)
            } else {
                for position in positions {
                    let line = Int(order[position])
                    bound += lines.contentEnd(line) - lines.start(line) + lines.end(position) - lines.contentEnd(position)
                        + (rewritesTasks && taskAtLine[line] >= 0 ? 192 : 0)
                }
            }
            starts.append(starts[part] + bound)
        }
        return starts
    }

    /// What writing one run of output positions came to.
    private struct WrittenRun {
        /// Where its bytes end in the buffer.
        var end = 0
        /// Its bytes did not fit.
        var overflowed = false
        /// It read a task that the completion pass completes now (``TaskFacts/completesTasksNow``).
        var completesTasksNow = false
    }

    /// Where `parts` runs of the output positions of `order` begin, and at the end `order.count`: each
    /// run with about as much of the work as the others, a position copied counting one and each of
    /// the `taskLines` task lines to rewrite ``taskLineWeight`` more (an edit in the middle of a
    /// canonical file leaves the work of copying lines on either side of it; a file rewritten
    /// throughout has most of its work where its tasks are), or as many positions when there is no
    /// task line to rewrite.
    private func runCuts(_ order: [Int32], parts: Int, taskLines total: Int) -> [Int] {
        guard parts > 1, total > 0 else { return (0...parts).map { order.count * $0 / parts } }
        let weight = CanonicalForm.taskLineWeight
        let work = order.count + weight * total
        var cuts = [0]
        var done = 0
        for (position, line) in order.enumerated() {
            done += taskAtLine[Int(line)] >= 0 ? 1 + weight : 1
            // The run ends at the position that completes its share.
            while cuts.count < parts && done * parts >= work * cuts.count { cuts.append(position + 1) }
        }
        while cuts.count <= parts { cuts.append(order.count) }
        cuts[parts] = order.count
        return cuts
    }

    /// How many lines have a task to rewrite.
    private func taskLineCount() -> Int {
        var count = 0
        for task in taskAtLine where task >= 0 { count += 1 }
        return count
    }

    /// Writes the output positions `positions` of `order` into `base[from..<limit]` (see
    /// ``emit(_:facts:records:parts:)``); when `records`, stores the facts of the tasks it reads in `keys`
    /// and `states`.
    private func write(_ order: [Int32], _ positions: Range<Int>, into base: UnsafeMutablePointer<UInt8>, from: Int, limit: Int,
                       keys: UnsafeMutableBufferPointer<UInt64>, states: UnsafeMutableBufferPointer<TaskFacts.State>,
                       records: Bool) -> WrittenRun {
        let lines = doc.lines
        let tasks = doc.structure.tasks
        let limit = base + limit
        var overflowed = false
        var completesTasksNow = false
        let lineFeed: StaticString = "\n"
        var text = TaskText()
        var tail = ByteWriter()
        var scratch = ByteWriter()
        var markerText = ByteWriter(capacity: 16)
        var out = base + from
        @inline(__always) func copy(_ from: UnsafePointer<UInt8>, _ count: Int) {
            // Edits of one line never overlap; if they did, stop here as a slice of a reversed range would.
            precondition(count >= 0, "overlapping edits")
            guard count <= limit - out else {
                overflowed = true
                return
            }
            if count > 0 {
                out.initialize(from: from, count: count)
                out += count
            }
        }
        let source = buf.baseAddress ?? UnsafePointer(out)
        // Whether the position before ended in a lone CR (line endings belong to positions).
        @inline(__always) func endsWithLoneCR(_ position: Int) -> Bool {
            lines.end(position) - lines.contentEnd(position) == 1 && source[lines.contentEnd(position)] == 0x0D
        }
        var lineEdits: [Edit] = []
        arena.withBytes { arena in
            let edited = arena.baseAddress ?? source
            @inline(__always) func isPlain(_ line: Int) -> Bool {
                (firstEdit.isEmpty || firstEdit[line] < 0) && (markerAtLine.isEmpty || markerAtLine[line] < 0)
                    && (!rewritesTasks || taskAtLine[line] < 0)
            }
            var position = positions.lowerBound
            var endedWithLoneCR = position > 0 && endsWithLoneCR(position - 1)
            while position < positions.upperBound {
                let line = Int(order[position])
                let start = lines.start(line)
                if line == position && isPlain(line) && !(endedWithLoneCR && start == lines.contentEnd(line)) {
                    // A run of lines that stay where they are, untouched: their bytes, endings included, in one copy.
                    var last = position
                    while last + 1 < positions.upperBound && Int(order[last + 1]) == last + 1 && isPlain(last + 1) { last += 1 }
                    copy(source + lines.start(position), lines.end(last) - lines.start(position))
                    endedWithLoneCR = endsWithLoneCR(last)
                    position = last + 1
                    continue
                }
                // A task line is written up to its checkbox (edits there are before it), then rewritten.
                let task = rewritesTasks ? Int(taskAtLine[line]) : -1
                let end = task >= 0 ? tasks[task].checkbox : lines.contentEnd(line)
                let e = firstEdit.isEmpty ? -1 : Int(firstEdit[line])
                // A lone CR ending followed by an empty line ending in LF would read as one CRLF and lose a
                // line; that CR becomes CRLF so that the lines stay apart.
                if endedWithLoneCR && start == lines.contentEnd(line) && e < 0
                    && lines.end(position) > lines.contentEnd(position) && source[lines.contentEnd(position)] == 0x0A {
                    copy(lineFeed.utf8Start, 1)
                }
                let m = markerAtLine.isEmpty ? -1 : Int(markerAtLine[line])
                if e < 0 && m < 0 {
                    copy(source + start, end - start)
                } else if m < 0 && edits[e].next < 0 {
                    let edit = edits[e]
                    copy(source + start, edit.start - start)
                    copy(edited + edit.bytes.lowerBound, edit.bytes.count)
                    copy(source + edit.end, end - edit.end)
                } else {
                    lineEdits.removeAll(keepingCapacity: true)
                    var e = e
                    while e >= 0 {
                        lineEdits.append(edits[e])
                        e = edits[e].next
                    }
                    lineEdits.sort { $0.start < $1.start }
                    // The renumbered marker goes in among the edits, in its place on the line.
                    var marker: (start: Int, end: Int)?
                    if m >= 0 {
                        let it = doc.structure.items[markers[m].item]
                        marker = (it.markerStart, markers[m].spaces == 0 ? it.markerEnd : it.contentStart)
                        markerText.truncate(to: 0)
                        CanonicalForm.appendNumber(markers[m].number, padding: numberPadding(of: it.list), into: &markerText)
                        markerText.append(source[it.markerEnd - 1])
                        for _ in 0..<markers[m].spaces { markerText.append(0x20) }
                    }
                    var cursor = start
                    // Writes the marker when it comes before an edit from `position` (an edit that only
                    // inserts there, such as indentation, goes first), or, with nil, before the end.
                    func writeMarker(before position: Int?, inserting: Bool = false) {
                        guard let (markerStart, markerEnd) = marker else { return }
                        if let position, markerStart > position || (markerStart == position && inserting) { return }
                        copy(source + cursor, markerStart - cursor)
                        markerText.withBytes { copy($0.baseAddress!, $0.count) }
                        cursor = markerEnd
                        marker = nil
                    }
                    for edit in lineEdits {
                        writeMarker(before: edit.start, inserting: edit.start == edit.end)
                        copy(source + cursor, edit.start - cursor)
                        copy(edited + edit.bytes.lowerBound, edit.bytes.count)
                        cursor = edit.end
                    }
                    writeMarker(before: nil)
                    copy(source + cursor, end - cursor)
                }
                if task >= 0 {
                    doc.read(task: task, into: &text, buf)
                    let status = doc.status(ofTask: task, buf).0
                    tail.truncate(to: 0)
                    let title = CanonicalForm.appendCanonicalTail(text, ofTask: task, status: status, doc, buf, options: options, into: &tail)
                    if records {
                        // The key as the survey takes it: from the title in the tail when there is one.
                        if states[task] == .unknown {
                            if let title {
                                let completed = status.isCompleted
                                keys[task] = tail.withBytes { TaskKey.of(completed: completed, text, buf, title: $0, title.lowerBound, title.upperBound) }
                            } else {
                                keys[task] = TaskKey.of(doc, task, text, buf, scratch: &scratch)
                            }
                        }
                        states[task] = tail.suffix(from: 0, equals: buf, tasks[task].checkbox, lines.contentEnd(line)) ? .canonical : .keyed
                        // Lines that directives freeze are not rewritten, and the completion pass leaves them too.
                        if !completesTasksNow && CompletionPass.completesNow(status, text, options: options) {
                            completesTasksNow = true
                        }
                    }
                    tail.withBytes { copy($0.baseAddress!, $0.count) }
                }
                // Line endings belong to positions, so a missing final newline stays at the end.
                let endingLength = lines.end(position) - lines.contentEnd(position)
                copy(source + lines.contentEnd(position), endingLength)
                endedWithLoneCR = endsWithLoneCR(position)
                position += 1
            }
        }
        return WrittenRun(end: out - base, overflowed: overflowed, completesTasksNow: completesTasksNow)
    }
}
