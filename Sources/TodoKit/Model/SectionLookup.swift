/// The nearest heading above each line of a document, for lines asked in ascending order: each
/// heading's text is decoded once and shared by the todos under it.
struct SectionLookup {
    private let parsed: ParsedDocument
    private var texts: [String?]
    private var heading = -1

    init(_ parsed: ParsedDocument) {
        self.parsed = parsed
        texts = [String?](repeating: nil, count: parsed.structure.headings.count)
    }

    /// The text of the last heading before `line` (0-based), or nil; `line` never decreases between calls.
    mutating func heading(above line: Int) -> String? {
        let headings = parsed.structure.headings
        while heading + 1 < headings.count && headings[heading + 1].line < line { heading += 1 }
        guard heading >= 0 else { return nil }
        if let text = texts[heading] { return text }
        let text = String(decoding: parsed.bytes[headings[heading].text], as: UTF8.self)
        texts[heading] = text
        return text
    }
}
