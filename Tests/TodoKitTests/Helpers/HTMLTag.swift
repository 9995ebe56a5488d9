/// One start, end or self-closing tag as written in the HTML.
struct HTMLTag: Hashable, Sendable {
    /// The tag as written, `<` to `>`, without a `data-sourcepos` attribute.
    let raw: String
    /// The element name, lowercased.
    let name: String
    /// `</name>`.
    let isClosing: Bool
    /// Where the element starts in the Markdown source (1-based line and byte column), when the
    /// renderer was asked for source positions.
    var source: (line: Int, column: Int)? {
        guard let sourceLine, let sourceColumn else { return nil }
        return (sourceLine, sourceColumn)
    }
    private var sourceLine: Int?
    private var sourceColumn: Int?

    /// A tag from its text; a `data-sourcepos="l:c-l:c"` attribute is taken out of `raw` and kept
    /// as ``source``, so that positions, which move when lines move, are never compared.
    init(raw: String, name: String, isClosing: Bool) {
        self.name = name
        self.isClosing = isClosing
        let marker = " data-sourcepos=\""
        guard let start = raw.range(of: marker),
              let end = raw[start.upperBound...].firstIndex(of: "\"") else {
            self.raw = raw
            return
        }
        let numbers = raw[start.upperBound..<end].split(whereSeparator: { $0 == ":" || $0 == "-" }).map { Int($0) }
        if numbers.count == 4, let line = numbers[0], let column = numbers[1] {
            sourceLine = line
            sourceColumn = column
        }
        self.raw = String(raw[..<start.lowerBound]) + String(raw[raw.index(after: end)...])
    }

    /// Elements whose surrounding whitespace a browser does not render, and which end a line of text.
    static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "col", "colgroup",
        "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "meta", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "pre", "section", "source", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// Whether this is a block-level element (or `<br>`).
    var isBlock: Bool { HTMLTag.blockNames.contains(name) }

    /// Whether this opens (not closes) an element called `name`.
    func opens(_ name: String) -> Bool { !isClosing && self.name == name }

    /// Whether this closes an element called `name`.
    func closes(_ name: String) -> Bool { isClosing && self.name == name }
}
