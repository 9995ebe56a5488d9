/// Finds the list structure in a token stream.
///
/// Only a `<ul>`/`<ol>` that holds nothing but whitespace and complete `<li>…</li>` items becomes a list;
/// anything malformed (raw HTML can be) stays a flat run of tokens and is compared as written.
struct HTMLTreeBuilder {
    private let tokens: [HTMLToken]

    /// The tree of `tokens`.
    static func nodes(_ tokens: [HTMLToken]) -> [HTMLNode] {
        let builder = HTMLTreeBuilder(tokens: tokens)
        var index = 0
        return builder.nodes(from: &index, until: nil) ?? tokens.map(HTMLNode.token)
    }

    private init(tokens: [HTMLToken]) {
        self.tokens = tokens
    }

    /// Nodes from `index` up to a closing tag named `terminator` (left unconsumed), or to the end
    /// when `terminator` is nil. Returns nil when the terminator never comes.
    private func nodes(from index: inout Int, until terminator: String?) -> [HTMLNode]? {
        var result: [HTMLNode] = []
        while index < tokens.count {
            let token = tokens[index]
            if let tag = token.tag {
                if let terminator, tag.closes(terminator) { return result }
                if tag.opens("ul") || tag.opens("ol") {
                    var probe = index
                    if let list = list(from: &probe) {
                        result.append(list)
                        index = probe
                        continue
                    }
                }
            }
            result.append(.token(token))
            index += 1
        }
        return terminator == nil ? result : nil
    }

    /// The list opening at `index`, or nil when it is not a well-formed list.
    private func list(from index: inout Int) -> HTMLNode? {
        guard let open = tokens[index].tag else { return nil }
        var i = index + 1
        var items: [HTMLListItem] = []
        while i < tokens.count {
            let token = tokens[i]
            if token.isBlankText {
                i += 1
                continue
            }
            guard let tag = token.tag else { return nil }
            if tag.closes(open.name) {
                index = i + 1
                return .list(open: open, items: items, close: tag)
            }
            guard tag.opens("li") else { return nil }
            i += 1
            guard let children = nodes(from: &i, until: "li"), i < tokens.count, let close = tokens[i].tag else { return nil }
            items.append(HTMLListItem(open: tag, children: children, close: close))
            i += 1
        }
        return nil
    }
}
