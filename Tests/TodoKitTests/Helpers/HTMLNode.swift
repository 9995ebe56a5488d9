/// HTML with its lists made explicit, so that list items can be compared as units.
indirect enum HTMLNode: Sendable {
    /// Anything outside list structure.
    case token(HTMLToken)
    /// A `<ul>` or `<ol>` whose children are exactly its `<li>` items.
    case list(open: HTMLTag, items: [HTMLListItem], close: HTMLTag)
}
