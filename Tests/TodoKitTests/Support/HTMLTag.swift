/// One start, end or self-closing tag as written in the HTML.
struct HTMLTag: Hashable, Sendable {
    /// The tag exactly as written, `<` to `>`.
    let raw: String
    /// The element name, lowercased.
    let name: String
    /// `</name>`.
    let isClosing: Bool

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
