/// The list structure of a document as the block scanner found it: lists, their items and the
/// task checkboxes, all as line ranges and byte offsets into the source.
///
/// Container blocks in CommonMark always cover a contiguous run of lines, so an item is a line range
/// and a list is the run from its first item to the end of its last one.
struct BlockStructure: Sendable {
    /// One list item.
    struct Item: Sendable {
        /// Line of the item's marker.
        var startLine: Int
        /// Last line that is not blank at the level of the item's list.
        var lastLine: Int
        /// The list the item belongs to.
        var list: Int
        /// Byte offset of the marker in the source.
        var markerStart: Int
        /// Byte offset just past the marker (`-`, `12.`).
        var markerEnd: Int
        /// Byte offset where the content starts (after the spaces), or the line's content end.
        var contentStart: Int
        /// The number of an ordered item; -1 for bullets.
        var number: Int
        /// The task on the item's first line, if any (index into `tasks`).
        var task: Int = -1
        /// First list nested in this item (index into `lists`), -1 if none.
        var firstChildList: Int = -1
        /// Last list nested in this item, for appending.
        var lastChildList: Int = -1
    }

    /// One list: consecutive items of the same kind.
    struct List: Sendable {
        /// The item this list is nested in, -1 at top level (block quotes do not count).
        var parentItem: Int
        /// Indices into `items`, in source order.
        var items: [Int] = []
        /// Whether the items are numbered.
        var ordered: Bool
        /// The bullet character or the `.`/`)` delimiter.
        var delimiter: UInt8
        /// Next list with the same parent, -1 if none.
        var nextSibling: Int = -1
    }

    /// One checkbox on an item's first line.
    struct Task: Sendable {
        /// The line of the task.
        var line: Int
        /// The item the checkbox belongs to.
        var item: Int
        /// Byte offset of the `[`.
        var checkbox: Int
        /// Byte offset just past the `]`.
        var checkboxEnd: Int
        /// Whether the next line continues the task's paragraph (so a hard line break matters).
        var paragraphContinues: Bool = false
    }

    /// One heading (ATX or setext) with the byte range of its text on its first line.
    struct Heading: Sendable {
        var line: Int
        var level: Int
        var text: Range<Int>
    }

    var items: [Item] = []
    var lists: [List] = []
    var headings: [Heading] = []
    var tasks: [Task] = []
    /// First top-level list (not nested in an item), -1 if none; siblings via `nextSibling`.
    var firstTopList: Int = -1
    var lastTopList: Int = -1
    /// Lines that were lazy paragraph continuations (they do not carry their containers' indentation).
    var lazyLines: [Bool] = []
    /// Lines that are paragraph text (a task's first line included).
    var paragraphLines: [Bool] = []

    /// Fills each list's `items` from the items' `list`, in source order, each array allocated once
    /// (the scanner records items only; appending per item would regrow thousands of small arrays).
    mutating func fillListItems() {
        var counts = [Int](repeating: 0, count: lists.count)
        for item in items { counts[item.list] += 1 }
        for list in lists.indices { lists[list].items.reserveCapacity(counts[list]) }
        for index in items.indices { lists[items[index].list].items.append(index) }
    }

    /// First line of a list.
    func startLine(ofList list: Int) -> Int {
        items[lists[list].items[0]].startLine
    }

    /// Last line of a list.
    func lastLine(ofList list: Int) -> Int {
        items[lists[list].items[lists[list].items.count - 1]].lastLine
    }
}
