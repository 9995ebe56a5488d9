/// The outline of a todo file for an editor: its headings and its list items with the lines they
/// span, as the parser found them (code blocks, HTML blocks and front matter hold neither).
public struct DocumentOutline: Sendable {
    /// One ATX or setext heading.
    public struct Heading: Hashable, Sendable {
        /// The 0-based line of the heading's text (the first line of a setext heading).
        public var line: Int
        /// 1 to 6.
        public var level: Int
        /// The heading's text without its `#` marks.
        public var title: String
    }

    /// One list item.
    public struct Item: Hashable, Sendable {
        /// The 0-based line of the item's marker.
        public var line: Int
        /// The 0-based last line that belongs to the item (its subitems and paragraphs included).
        public var lastLine: Int
        /// The UTF-8 column (0-based, from the line's start) just past the marker (`-`, `12.`).
        public var markerEnd: Int
        /// The UTF-8 column (0-based) where the item's content starts, after the spaces.
        public var contentStart: Int
        /// The index in ``TodoDocument/tasks`` of the item's task, nil for an item without a checkbox.
        public var task: Int?
        /// The index in ``items`` of the item this one is nested in, nil at the top level.
        public var parent: Int?
    }

    /// The headings in line order.
    public let headings: [Heading]
    /// The list items in line order (a parent before its subitems).
    public let items: [Item]
    /// The number of lines (a final line break does not start another line).
    public let lineCount: Int

    /// The outline of a document.
    /// - Parameter document: The parsed document.
    public init(_ document: TodoDocument) {
        let doc = document.parsed
        let s = doc.structure
        headings = s.headings.map {
            Heading(line: $0.line, level: $0.level, title: String(decoding: doc.bytes[$0.text], as: UTF8.self))
        }
        items = s.items.map { item in
            let lineStart = doc.lines.start(item.startLine)
            let parent = s.lists[item.list].parentItem
            return Item(line: item.startLine, lastLine: item.lastLine, markerEnd: item.markerEnd - lineStart,
                        contentStart: item.contentStart - lineStart, task: item.task >= 0 ? item.task : nil,
                        parent: parent >= 0 ? parent : nil)
        }
        lineCount = doc.lines.count
    }
}
