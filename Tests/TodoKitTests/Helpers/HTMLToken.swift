/// A piece of HTML: text, a tag, something opaque, or a note the judge adds.
enum HTMLToken: Hashable, Sendable {
    /// Character data as written (entities left encoded).
    case text(String)
    /// A start, end or self-closing tag.
    case tag(HTMLTag)
    /// A comment, declaration, processing instruction or CDATA section, compared verbatim.
    case opaque(String)
    /// A note the normaliser adds (a task's field summary); never produced by the tokenizer.
    case note(String)

    /// The text, if this is text.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The tag, if this is a tag.
    var tag: HTMLTag? {
        if case .tag(let tag) = self { return tag }
        return nil
    }

    /// Whether this is text made only of whitespace.
    var isBlankText: Bool {
        guard let text else { return false }
        return text.unicodeScalars.allSatisfy(HTMLNormalizer.isWhitespace)
    }
}
