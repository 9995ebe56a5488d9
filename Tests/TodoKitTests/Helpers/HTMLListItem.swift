/// One `<li>` element and everything inside it.
struct HTMLListItem: Sendable {
    /// The `<li>` tag.
    var open: HTMLTag
    /// The content, nested lists included.
    var children: [HTMLNode]
    /// The `</li>` tag.
    var close: HTMLTag
}
