/// The list structure of a document as the block scanner found it: lists, their items and the
/// task checkboxes, all as line ranges and byte offsets into the source.
///
/// Container blocks in CommonMark always cover a contiguous run of lines, so an item is a line range
/// and a list is the run from its first item to the end of its last one.
struct BlockStructure: Sendable, Equatable {
    /// One list item in 32 bytes: 32-bit numbers (half the memory of a large file's structure;
    /// ``ParsedDocument`` refuses inputs of 1 GiB and more), the marker's length and the task in one.
    struct Item: Sendable, Equatable {
        private var _startLine, _lastLine, _markerStart, _contentStart, _number: Int32
        fileprivate var _list: Int32
        /// The task + 1 (0 for none) in the low 28 bits (a task takes a line of 5 bytes or more, so
        /// fewer than 2^28 fit in 1 GiB), the marker's length (1 to 10 bytes) in the high 4.
        private var _taskAndMarkerLength: UInt32
        fileprivate var _firstChildList: Int32 = -1

        private static let taskMask: UInt32 = 1 << 28 - 1

        init(startLine: Int, lastLine: Int, list: Int, markerStart: Int, markerEnd: Int, contentStart: Int, number: Int) {
            precondition(markerEnd - markerStart >= 0 && markerEnd - markerStart < 16, "a list marker is 1 to 10 bytes")
            _startLine = Int32(startLine)
            _lastLine = Int32(lastLine)
            _list = Int32(list)
            _markerStart = Int32(markerStart)
            _taskAndMarkerLength = UInt32(markerEnd - markerStart) << 28
            _contentStart = Int32(contentStart)
            _number = Int32(number)
        }

        /// Line of the item's marker.
        var startLine: Int { get { Int(_startLine) } set { _startLine = Int32(newValue) } }
        /// Last line that is not blank at the level of the item's list.
        var lastLine: Int { get { Int(_lastLine) } set { _lastLine = Int32(newValue) } }
        /// The list the item belongs to.
        var list: Int { get { Int(_list) } set { _list = Int32(newValue) } }
        /// Byte offset of the marker in the source.
        var markerStart: Int { Int(_markerStart) }
        /// Byte offset just past the marker (`-`, `12.`).
        var markerEnd: Int { Int(_markerStart) + Int(_taskAndMarkerLength >> 28) }
        /// Byte offset where the content starts (after the spaces), or the line's content end.
        var contentStart: Int { get { Int(_contentStart) } set { _contentStart = Int32(newValue) } }
        /// The number of an ordered item; -1 for bullets.
        var number: Int { get { Int(_number) } set { _number = Int32(newValue) } }
        /// The task on the item's first line, if any (index into `tasks`), else -1.
        var task: Int {
            get { Int(_taskAndMarkerLength & Item.taskMask) - 1 }
            set {
                precondition(newValue >= -1 && newValue < Int(Item.taskMask), "task index out of range")
                _taskAndMarkerLength = _taskAndMarkerLength & ~Item.taskMask | UInt32(newValue + 1)
            }
        }
        /// First list nested in this item (index into `lists`), -1 if none.
        var firstChildList: Int { get { Int(_firstChildList) } set { _firstChildList = Int32(newValue) } }

        /// Moves the marker and the content by `delta` bytes (the text before them grew or shrank).
        fileprivate mutating func move(by delta: Int32) {
            _markerStart &+= delta
            _contentStart &+= delta
        }

        /// Numbers the item's list, task and first child list on by `lists` and `tasks`, and moves it
        /// by `lines` lines and `bytes` bytes (``BlockStructure/splicing(lines:_:with:lineShift:byteShift:)``).
        fileprivate mutating func renumber(lists: Int32, tasks: Int32, lines: Int32, bytes: Int32) {
            _list &+= lists
            if _taskAndMarkerLength & Item.taskMask != 0 { _taskAndMarkerLength &+= UInt32(bitPattern: tasks) }
            if _firstChildList >= 0 { _firstChildList &+= lists }
            _startLine &+= lines
            _lastLine &+= lines
            move(by: bytes)
        }
    }

    /// One list: consecutive items of the same kind (32-bit numbers, like ``Item``). Its items are
    /// a stretch of ``BlockStructure/listItems``: a list holds no reference, so copying one, or
    /// reading thousands of lists on several threads at once, counts no references.
    struct List: Sendable, Equatable {
        private var _parentItem: Int32
        private var _nextSibling: Int32 = -1
        private var _container: Int32 = -1
        fileprivate var _itemsStart: Int32 = 0, _itemCount: Int32 = 0
        /// Whether the items are numbered.
        var ordered: Bool
        /// The bullet character or the `.`/`)` delimiter.
        var delimiter: UInt8

        init(parentItem: Int, ordered: Bool, delimiter: UInt8) {
            _parentItem = Int32(parentItem)
            self.ordered = ordered
            self.delimiter = delimiter
        }

        /// The item this list is nested in, -1 at top level (block quotes do not count).
        var parentItem: Int { get { Int(_parentItem) } set { _parentItem = Int32(newValue) } }
        /// Next list with the same parent, -1 if none.
        var nextSibling: Int { get { Int(_nextSibling) } set { _nextSibling = Int32(newValue) } }
        /// The container block the list stands in: an item's index, -1 for the document, or a
        /// block quote's number (-2, -3, …).
        var container: Int { get { Int(_container) } set { _container = Int32(newValue) } }
        /// How many items the list has.
        var itemCount: Int { Int(_itemCount) }
        /// Where its items stand in ``BlockStructure/listItems``.
        var itemRange: Range<Int> { Int(_itemsStart)..<(Int(_itemsStart) + Int(_itemCount)) }
    }

    /// An HTML comment that is a whole HTML block on one line: `<!-- text -->`, nothing after it.
    struct Comment: Sendable, Equatable {
        /// The line of the comment.
        var line: Int
        /// Byte offset of its `<`.
        var start: Int
        /// The bytes between `<!--` and `-->`.
        var text: Range<Int>
        /// The container block it stands in, numbered as ``List/container``.
        var container: Int

        /// The comment moved by `lines` lines and `bytes` bytes, its container item numbered on by `items`.
        fileprivate func moved(lines: Int, bytes: Int, items: Int = 0) -> Comment {
            Comment(line: line + lines, start: start + bytes, text: (text.lowerBound + bytes)..<(text.upperBound + bytes),
                    container: container >= 0 ? container + items : container)
        }
    }

    /// One checkbox on an item's first line (32-bit numbers, like ``Item``; 16 bytes a task).
    struct Task: Sendable, Equatable {
        fileprivate var _line, _checkbox, _item: Int32
        /// `[`, the mark (one scalar: 1 to 4 bytes) and `]`: 3 to 6 bytes.
        private var _checkboxLength: UInt8
        /// Bit 0: ``paragraphContinues``; bit 1: ``holdsHTMLComment`` (one byte for both: a task
        /// stays 16 bytes).
        private var _flags: UInt8 = 0
        /// Where a code span or HTML comment that a later line closes opens on the line, past the
        /// checkbox's end (``ContinuedSpan``); 0 for none. Clamped: a farther one counts from there.
        private var _continuedSpan: UInt16 = 0

        init(line: Int, item: Int, checkbox: Int, checkboxEnd: Int) {
            _line = Int32(line)
            _item = Int32(item)
            _checkbox = Int32(checkbox)
            _checkboxLength = UInt8(checkboxEnd - checkbox)
        }

        /// The line of the task.
        var line: Int { get { Int(_line) } set { _line = Int32(newValue) } }
        /// The item the checkbox belongs to.
        var item: Int { get { Int(_item) } set { _item = Int32(newValue) } }
        /// Byte offset of the `[`.
        var checkbox: Int { Int(_checkbox) }
        /// Byte offset just past the `]`.
        var checkboxEnd: Int { Int(_checkbox) + Int(_checkboxLength) }
        /// Whether the next line continues the task's paragraph (so a hard line break matters).
        var paragraphContinues: Bool {
            get { _flags & 1 != 0 }
            set { _flags = newValue ? _flags | 1 : _flags & ~1 }
        }
        /// Whether a `<!--` starts on the task's line past the checkbox's end (its fields are then
        /// read token by token); set by ``BlockStructure/setHTMLCommentStarts(_:lines:clearingMarks:)``.
        var holdsHTMLComment: Bool {
            get { _flags & 2 != 0 }
            set { _flags = newValue ? _flags | 2 : _flags & ~2 }
        }
        /// Where a code span or an HTML comment opens on the task's line that only a later line of its
        /// paragraph closes (the line ends inside it: ``ContinuedSpan``), nil if none.
        var continuedSpan: Int? {
            get { _continuedSpan == 0 ? nil : checkboxEnd + Int(_continuedSpan) }
            set { _continuedSpan = newValue.map { UInt16(clamping: max(1, $0 - checkboxEnd)) } ?? 0 }
        }
    }

    /// One heading (ATX or setext) with the byte range of its text on its first line.
    struct Heading: Sendable, Equatable {
        var line: Int
        var level: Int
        var text: Range<Int>

        /// The heading moved by `lines` lines and `bytes` bytes.
        fileprivate func moved(lines: Int, bytes: Int) -> Heading {
            Heading(line: line + lines, level: level, text: (text.lowerBound + bytes)..<(text.upperBound + bytes))
        }
    }

    var items: [Item] = []
    var lists: [List] = []
    /// Every list's items (indices into ``items``), one list after another, each list's in source
    /// order (``List/itemRange``): one array for them all, however many lists there are.
    var listItems: [Int32] = []
    var headings: [Heading] = []
    var tasks: [Task] = []
    /// One-line HTML comment blocks, in line order (where inline directives are found).
    var comments: [Comment] = []
    /// Lines inside Obsidian comments `%% … %%`, in order: no list, item or task holds them.
    var obsidianCommentLines: [Int] = []
    /// Whether `%%` occurs anywhere in the document (inside a comment or not).
    var mayHaveObsidianComments = false
    /// Where `<!--` occurs in the document (byte offsets, in order; few).
    private(set) var htmlCommentStarts: [Int32] = []

    /// Sets ``htmlCommentStarts`` to `starts` and marks the tasks whose line holds one of them past
    /// the checkbox (``Task/holdsHTMLComment``: read for every task, where a search would cost each read).
    /// `clearingMarks`: whether tasks may carry a mark already (taken over from another parse);
    /// a scanner's own tasks carry none.
    mutating func setHTMLCommentStarts(_ starts: [Int32], lines: LineTable, clearingMarks: Bool) {
        htmlCommentStarts = starts
        if clearingMarks {
            for index in tasks.indices where tasks[index].holdsHTMLComment { tasks[index].holdsHTMLComment = false }
        }
        for start in starts.lazy.map(Int.init) {
            // The last task whose text begins at or before the start, if its line goes on past it.
            let task = BinarySearch.partitionPoint(in: tasks.indices) { tasks[$0].checkboxEnd <= start } - 1
            if task >= 0 && start < lines.contentEnd(tasks[task].line) { tasks[task].holdsHTMLComment = true }
        }
    }

    /// Whether a `<!--` starts in `[from, to)`.
    func holdsHTMLComment(from: Int, to end: Int) -> Bool {
        guard !htmlCommentStarts.isEmpty else { return false }
        let first = BinarySearch.partitionPoint(in: htmlCommentStarts.indices) { Int(htmlCommentStarts[$0]) < from }
        return first < htmlCommentStarts.count && Int(htmlCommentStarts[first]) < end
    }
    /// Whether the document ends in a blank line after which a top-level ATX heading would close
    /// every block still open (none is a code block, an HTML block or an Obsidian comment): lines
    /// that follow from such a heading are scanned as a document of their own would be.
    var endsFresh = false
    /// First top-level list (not nested in an item), -1 if none; siblings via `nextSibling`.
    var firstTopList: Int = -1
    var lastTopList: Int = -1
    /// Lines that were lazy paragraph continuations (they do not carry their containers' indentation).
    var lazyLines: [Bool] = []
    /// Lines that are paragraph text (a task's first line included).
    var paragraphLines: [Bool] = []
    /// Lines after which a fenced code block, or an HTML block that only its own end condition
    /// closes (types 1–5: `<!--`, `<pre`, …), is still open: blank lines right after such a line
    /// belong to that block (they are its content, and they do not make a list loose).
    var openRawLines: [Bool] = []

    /// No lists, items or tasks (a scanner fills it in).
    init() {}

    /// The structures of consecutive stretches of a document's lines, each scanned apart from a
    /// line where no block of the stretches before it was open (with `quotes` block quotes of its
    /// own), as one structure: items, lists, tasks and block quotes numbered on, top-level lists
    /// linked, every list's items filled in (the stretches at the same time).
    /// The first structure's arrays become the whole's: its scanner reserved room for every line.
    /// `copyParts`: in how many parts (1 or 2) each following structure is copied in (by default
    /// two for a large one; tests choose).
    init(joining parts: [(structure: BlockStructure, quotes: Int)], copyParts: Int? = nil) {
        var segments = consume parts
        self = segments[0].structure
        // The whole's arrays are then referenced once, and grow in place.
        segments[0].structure = BlockStructure()
        var listRanges = [0..<lists.count], itemRanges = [0..<items.count]
        var quotes = segments[0].quotes
        for segment in 1..<segments.count {
            let (firstList, firstItem) = (lists.count, items.count)
            append(segments[segment].structure, quotesBefore: quotes, parts: copyParts)
            segments[segment].structure = BlockStructure()
            quotes += segments[segment].quotes
            listRanges.append(firstList..<lists.count)
            itemRanges.append(firstItem..<items.count)
        }
        fillListItems(lists: listRanges, items: itemRanges)
    }

    /// Appends the structure of the lines that follow this structure's (scanned apart, from a
    /// line where no block of this one was open): its items, lists, tasks and block quotes
    /// (`quotesBefore` of them here) are numbered after these, its top-level lists follow these.
    /// Its lists' items are still to be filled in.
    private mutating func append(_ next: BlockStructure, quotesBefore quotes: Int, parts: Int?) {
        let itemOffset = Int32(items.count), listOffset = Int32(lists.count), taskOffset = Int32(tasks.count)
        // The items are copied and renumbered beside the lists and the tasks (two parts, at the
        // same time for a large document: each part has arrays of its own).
        var (items, lists, tasks) = (self.items, self.lists, self.tasks)
        (self.items, self.lists, self.tasks) = ([], [], [])
        let parts = min(parts ?? Parallel.parts(next.items.count + next.lists.count + next.tasks.count,
                                                minimumPerPart: BlockStructure.joinedPerPart), 2)
        withUnsafeMutablePointer(to: &items) { items in
            withUnsafeMutablePointer(to: &lists) { lists in
                withUnsafeMutablePointer(to: &tasks) { tasks in
                    // Each part touches only its own arrays.
                    nonisolated(unsafe) let (items, lists, tasks) = (items, lists, tasks)
                    let run = { @Sendable (part: Int) in
                        if part == 0 || parts == 1 {
                            BlockStructure.append(next.items, to: &items.pointee, itemOffset: itemOffset, listOffset: listOffset,
                                                  taskOffset: taskOffset)
                        }
                        if part == 1 || parts == 1 {
                            BlockStructure.append(next.lists, to: &lists.pointee, itemOffset: itemOffset, listOffset: listOffset,
                                                  quotes: quotes)
                            BlockStructure.append(next.tasks, to: &tasks.pointee, itemOffset: itemOffset)
                        }
                    }
                    Parallel.run(parts, run)
                }
            }
        }
        // Moved, not copied: the arrays stay referenced once, and the sibling link below changes in place.
        (self.items, self.lists, self.tasks) = (consume items, consume lists, consume tasks)
        headings += next.headings
        for var comment in next.comments {
            comment.container = BlockStructure.container(comment.container, itemOffset: itemOffset, quotes: quotes)
            comments.append(comment)
        }
        obsidianCommentLines += next.obsidianCommentLines
        if next.firstTopList >= 0 {
            if lastTopList >= 0 {
                self.lists[lastTopList].nextSibling = next.firstTopList + Int(listOffset)
            } else {
                firstTopList = next.firstTopList + Int(listOffset)
            }
            lastTopList = next.lastTopList + Int(listOffset)
        }
    }

    /// A joined structure's segments are copied in two parts at the same time from this many items,
    /// lists and tasks on.
    static let joinedPerPart = 16_384

    /// A container numbered on: an item `itemOffset` further, a block quote `quotes` further.
    @inline(__always) private static func container(_ c: Int, itemOffset: Int32, quotes: Int) -> Int {
        c >= 0 ? c + Int(itemOffset) : (c <= -2 ? c - quotes : c)
    }

    /// Appends a following segment's items to `items`, numbered on.
    private static func append(_ next: [Item], to items: inout [Item], itemOffset: Int32, listOffset: Int32, taskOffset: Int32) {
        let firstItem = items.count
        items.append(contentsOf: next)
        items.withUnsafeMutableBufferPointer { items in
            for index in firstItem..<items.count {
                items[index]._list &+= listOffset
                if items[index].task >= 0 { items[index].task += Int(taskOffset) }
                if items[index]._firstChildList >= 0 { items[index]._firstChildList &+= listOffset }
            }
        }
    }

    /// Appends a following segment's lists to `lists`, numbered on.
    private static func append(_ next: [List], to lists: inout [List], itemOffset: Int32, listOffset: Int32, quotes: Int) {
        let firstList = lists.count
        // Exact room: a list is large, and growing the array by doubling copies it.
        lists.reserveCapacity(lists.count + next.count)
        lists.append(contentsOf: next)
        lists.withUnsafeMutableBufferPointer { lists in
            for index in firstList..<lists.count {
                if lists[index].parentItem >= 0 { lists[index].parentItem += Int(itemOffset) }
                if lists[index].nextSibling >= 0 { lists[index].nextSibling += Int(listOffset) }
                lists[index].container = container(lists[index].container, itemOffset: itemOffset, quotes: quotes)
            }
        }
    }

    /// Appends a following segment's tasks to `tasks`, numbered on.
    private static func append(_ next: [Task], to tasks: inout [Task], itemOffset: Int32) {
        let firstTask = tasks.count
        tasks.append(contentsOf: next)
        tasks.withUnsafeMutableBufferPointer { tasks in
            for index in firstTask..<tasks.count { tasks[index]._item &+= itemOffset }
        }
    }

    /// Fills each list's `items` (of a structure scanned in one piece).
    mutating func fillListItems() {
        fillListItems(lists: [0..<lists.count], items: [0..<items.count])
    }

    /// Fills each list's `items` from the items' `list`, in source order, all in one array (the
    /// scanner records items only; appending per item would regrow thousands of small arrays): a
    /// counting sort of each segment's items (`items`) by list (the segment's `lists` hold only its
    /// own items), the segments at the same time; then one range of the array per list.
    private mutating func fillListItems(lists listRanges: [Range<Int>], items itemRanges: [Range<Int>]) {
        // `first[list]`: where the list's items start in `grouped`; the last entry is the end.
        var first = [Int32](repeating: Int32(truncatingIfNeeded: items.count), count: lists.count + 1)
        let grouped = items.withUnsafeBufferPointer { items in
            first.withUnsafeMutableBufferPointer { first in
                // Each segment writes only its own lists' entries and its own items' places.
                nonisolated(unsafe) let (items, first) = (items, first)
                return [Int32](unsafeUninitializedCapacity: items.count) { grouped, count in
                    nonisolated(unsafe) let grouped = grouped
                    Parallel.run(listRanges.count) { segment in
                        let lists = listRanges[segment], range = itemRanges[segment]
                        var next = [Int](repeating: 0, count: lists.count + 1)
                        for index in range { next[items[index].list - lists.lowerBound + 1] += 1 }
                        next[0] = range.lowerBound
                        for list in 0..<lists.count { next[list + 1] += next[list] }
                        for list in 0..<lists.count { first[lists.lowerBound + list] = Int32(truncatingIfNeeded: next[list]) }
                        for index in range {
                            let list = items[index].list - lists.lowerBound
                            grouped[next[list]] = Int32(truncatingIfNeeded: index)
                            next[list] += 1
                        }
                    }
                    count = items.count
                }
            }
        }
        for list in lists.indices {
            lists[list]._itemsStart = first[list]
            lists[list]._itemCount = first[list + 1] - first[list]
        }
        listItems = grouped
    }

    /// The items of a list, in source order.
    func items(ofList list: Int) -> ListItems {
        ListItems(listItems, lists[list].itemRange)
    }

    /// The first item of a list.
    func firstItem(ofList list: Int) -> Int {
        Int(listItems[Int(lists[list]._itemsStart)])
    }

    /// The last item of a list.
    func lastItem(ofList list: Int) -> Int {
        Int(listItems[Int(lists[list]._itemsStart) + Int(lists[list]._itemCount) - 1])
    }

    /// First line of a list.
    func startLine(ofList list: Int) -> Int {
        items[firstItem(ofList: list)].startLine
    }

    /// Last line of a list.
    func lastLine(ofList list: Int) -> Int {
        items[lastItem(ofList: list)].lastLine
    }
}

extension BlockStructure {
    /// This structure after the content of some task lines grew or shrank, read the same way
    /// otherwise (``ParsedDocument/replacingTaskLines(_:)`` makes sure): what stands on a
    /// later line moves by the bytes the lines before it gained, and each changed task takes its
    /// new checkbox length. `changes`: one per line, in line order.
    func resizing(lines changes: [(task: Int, line: Int, delta: Int, checkboxLength: Int)]) -> BlockStructure {
        var s = self
        s.items.withUnsafeMutableBufferPointer { items in
            for (run, shift) in BlockStructure.runs(items, line: \.startLine, changes) {
                for item in run { items[item].move(by: shift) }
            }
        }
        s.tasks.withUnsafeMutableBufferPointer { tasks in
            for (run, shift) in BlockStructure.runs(tasks, line: \.line, changes) {
                for task in run { tasks[task]._checkbox &+= shift }
            }
        }
        // Headings and comments are few: each finds its own shift.
        var shifts = [0]
        for change in changes { shifts.append(shifts[shifts.count - 1] + change.delta) }
        func shift(_ line: Int) -> Int {
            shifts[BinarySearch.partitionPoint(in: changes.indices) { changes[$0].line < line }]
        }
        for change in changes {
            let old = s.tasks[change.task]
            var task = Task(line: old.line, item: old.item, checkbox: old.checkbox, checkboxEnd: old.checkbox + change.checkboxLength)
            task.paragraphContinues = old.paragraphContinues
            s.tasks[change.task] = task
        }
        s.headings = s.headings.map { $0.moved(lines: 0, bytes: shift($0.line)) }
        s.comments = s.comments.map { $0.moved(lines: 0, bytes: shift($0.line)) }
        return s
    }

    /// The runs of `elements` (in line order) that move, and by how much: from the first one past a
    /// changed line to the first one past the next, by what the changed lines so far gained.
    private static func runs<Element>(_ elements: UnsafeMutableBufferPointer<Element>, line lineOf: KeyPath<Element, Int>,
                                      _ changes: [(task: Int, line: Int, delta: Int, checkboxLength: Int)]) -> [(Range<Int>, Int32)] {
        func firstPast(_ line: Int) -> Int {
            BinarySearch.partitionPoint(in: elements.indices) { elements[$0][keyPath: lineOf] <= line }
        }
        var runs: [(Range<Int>, Int32)] = []
        var shift: Int32 = 0
        for (index, change) in changes.enumerated() {
            shift &+= Int32(truncatingIfNeeded: change.delta)
            let end = index + 1 < changes.count ? firstPast(changes[index + 1].line) : elements.count
            if shift != 0 { runs.append((firstPast(change.line)..<end, shift)) }
        }
        return runs
    }
}

extension BlockStructure {
    /// `old[prefix]`, then `region`, then `old[suffix]`, each copied as one block of memory
    /// (appending an array slice copies element by element).
    private static func spliced<Element: BitwiseCopyable>(_ old: [Element], _ prefix: Range<Int>, _ region: [Element],
                                                          _ suffix: Range<Int>) -> [Element] {
        var array: [Element] = []
        array.reserveCapacity(prefix.count + region.count + suffix.count)
        old.withUnsafeBufferPointer { old in
            array.append(contentsOf: UnsafeBufferPointer(rebasing: old[prefix]))
            array += region
            array.append(contentsOf: UnsafeBufferPointer(rebasing: old[suffix]))
        }
        return array
    }

    /// Whether a list or an HTML comment stands in a block quote: their containers name block quotes
    /// by number, counted from the top of the document.
    var refersToBlockQuotes: Bool {
        lists.contains { $0.container <= -2 } || comments.contains { $0.container <= -2 }
    }

    /// The first item, list and task that start on `line` or later (items, lists and tasks are in
    /// the order of their first lines).
    private func firstIndices(from line: Int) -> (item: Int, list: Int, task: Int) {
        (BinarySearch.partitionPoint(in: items.indices) { items[$0].startLine < line },
         BinarySearch.partitionPoint(in: lists.indices) { startLine(ofList: $0) < line },
         BinarySearch.partitionPoint(in: tasks.indices) { tasks[$0].line < line })
    }

    /// This structure with its lines `start..<end` replaced by `region`'s: `region` is the structure
    /// of the new lines in their place, scanned alone from `start` (items, lists and tasks numbered
    /// from 0, lines and offsets the new text's), and whatever stood from `end` on moves by
    /// `lineShift` lines and `byteShift` bytes. No block may be open at `start` or at `end` (nor at
    /// the end of `region`), and no list or comment may stand in a block quote (they are numbered
    /// from the top). Copies each array once, renumbering only what follows `start`.
    func splicing(lines start: Int, _ end: Int, with region: BlockStructure, lineShift: Int, byteShift: Int) -> BlockStructure {
        let (i0, l0, t0) = firstIndices(from: start)
        let (i1, l1, t1) = firstIndices(from: end)
        // How far the region's and the rest's items, lists and tasks are numbered on.
        let (ri, rl, rt) = (Int32(i0), Int32(l0), Int32(t0))
        let (di, dl, dt) = (Int32(i0 + region.items.count - i1), Int32(l0 + region.lists.count - l1), Int32(t0 + region.tasks.count - t1))
        let (lines, bytes) = (Int32(truncatingIfNeeded: lineShift), Int32(truncatingIfNeeded: byteShift))
        var s = BlockStructure()

        s.items = BlockStructure.spliced(items, 0..<i0, region.items, i1..<items.count)
        s.items.withUnsafeMutableBufferPointer { items in
            let regionEnd = i0 + region.items.count
            for index in i0..<regionEnd { items[index].renumber(lists: rl, tasks: rt, lines: 0, bytes: 0) }
            for index in regionEnd..<items.count { items[index].renumber(lists: dl, tasks: dt, lines: lines, bytes: bytes) }
        }

        // Each list's items are a stretch of `listItems`, lists one after another in order.
        let (x, y) = (l0 < lists.count ? Int(lists[l0]._itemsStart) : listItems.count,
                      l1 < lists.count ? Int(lists[l1]._itemsStart) : listItems.count)
        s.listItems = BlockStructure.spliced(listItems, 0..<x, region.listItems, y..<listItems.count)
        s.listItems.withUnsafeMutableBufferPointer { entries in
            for index in x..<(x + region.listItems.count) { entries[index] &+= ri }
            for index in (x + region.listItems.count)..<entries.count { entries[index] &+= di }
        }
        let (rs, ds) = (Int32(x), Int32(x + region.listItems.count - y))
        s.lists = BlockStructure.spliced(lists, 0..<l0, region.lists, l1..<lists.count)
        s.lists.withUnsafeMutableBufferPointer { lists in
            func renumber(_ range: Range<Int>, items d: Int32, lists dl: Int32, itemsStart: Int32) {
                for index in range {
                    if lists[index].parentItem >= 0 { lists[index].parentItem += Int(d) }
                    if lists[index].nextSibling >= 0 { lists[index].nextSibling += Int(dl) }
                    if lists[index].container >= 0 { lists[index].container += Int(d) }
                    lists[index]._itemsStart &+= itemsStart
                }
            }
            let regionEnd = l0 + region.lists.count
            renumber(l0..<regionEnd, items: ri, lists: rl, itemsStart: rs)
            renumber(regionEnd..<lists.count, items: di, lists: dl, itemsStart: ds)
            // The top-level lists, linked in order (the links into and out of the region change).
            var last = -1
            for index in lists.indices where lists[index].parentItem < 0 {
                if last >= 0 { lists[last].nextSibling = index } else { s.firstTopList = index }
                last = index
            }
            if last >= 0 { lists[last].nextSibling = -1 }
            s.lastTopList = last
        }

        s.tasks = BlockStructure.spliced(tasks, 0..<t0, region.tasks, t1..<tasks.count)
        s.tasks.withUnsafeMutableBufferPointer { tasks in
            let regionEnd = t0 + region.tasks.count
            for index in t0..<regionEnd { tasks[index]._item &+= ri }
            for index in regionEnd..<tasks.count {
                tasks[index]._item &+= di
                tasks[index]._line &+= lines
                tasks[index]._checkbox &+= bytes
            }
        }

        s.headings = headings.filter { $0.line < start } + region.headings
            + headings.filter { $0.line >= end }.map { $0.moved(lines: lineShift, bytes: byteShift) }
        s.comments = comments.filter { $0.line < start } + region.comments.map { $0.moved(lines: 0, bytes: 0, items: Int(ri)) }
            + comments.filter { $0.line >= end }.map { $0.moved(lines: lineShift, bytes: byteShift, items: Int(di)) }
        s.obsidianCommentLines = obsidianCommentLines.filter { $0 < start } + region.obsidianCommentLines
            + obsidianCommentLines.filter { $0 >= end }.map { $0 + lineShift }
        return s
    }
}

extension BlockStructure {
    /// Obsidian Tasks' global filter: keeps as tasks only the checklist items whose text after the
    /// checkbox contains `filter` (as Obsidian Tasks tests a line's description); the others stay
    /// list items, read and moved like any item without a checkbox.
    mutating func keepTasks(containing filter: [UInt8], _ buf: UnsafeBufferPointer<UInt8>, lines: LineTable) {
        var kept: [Task] = []
        kept.reserveCapacity(tasks.count)
        for task in tasks {
            let item = task.item
            if BlockStructure.contains(filter, buf, from: task.checkboxEnd, to: lines.contentEnd(task.line)) {
                items[item].task = kept.count
                kept.append(task)
            } else {
                items[item].task = -1
            }
        }
        tasks = kept
    }

    /// Whether `buf[start..<end]` contains `needle` (a task's text, the global filter).
    static func contains(_ needle: [UInt8], _ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard let first = needle.first, end - start >= needle.count else { return false }
        var i = start
        while i + needle.count <= end {
            if buf[i] == first {
                var k = 1
                while k < needle.count && buf[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
