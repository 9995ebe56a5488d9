/// The lines of an archive file, for finding the task blocks under one of its headings (what
/// ``TaskArchiver`` counts, and takes out again for the undo journal).
struct ArchiveLines {
    /// Each line without its line feed (a carriage return before it is kept).
    private(set) var lines: [[UInt8]]
    private let endsWithNewline: Bool
    /// The top-level headings of ``lines``.
    private var headings: [Heading] = []

    /// The lines of bytes that are UTF-8 text (``TodoDocument/validate(_:)``).
    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        endsWithNewline = bytes.last == 0x0A
        if endsWithNewline { lines.removeLast() }
        headings = Self.headings(ParsedDocument(validated: bytes))
    }

    var bytes: [UInt8] {
        Array(lines.joined(separator: [0x0A])) + (endsWithNewline && !lines.isEmpty ? [0x0A] : [])
    }

    /// A heading of the document itself, not one in a list item or a block quote (nor a line that
    /// only looks like one, in a code block): ATX (`## Title`, `## Title ##`) or setext (a line
    /// underlined with `=` or `-`).
    struct Heading {
        /// The line of its text.
        let line: Int
        /// Its last line: the underline of a setext heading, else ``line``.
        let lastLine: Int
        let level: Int
        /// Its text, without the `#` marks and the spaces around it, lowercased.
        let title: String
    }

    /// The top-level headings of a parsed document, in line order.
    static func headings(_ doc: ParsedDocument) -> [Heading] {
        let s = doc.structure
        var itemLines: [Range<Int>] = []
        var list = s.firstTopList
        while list >= 0 {
            for item in s.items(ofList: list) where s.lists[list].container == -1 {
                itemLines.append(s.items[item].startLine..<(s.items[item].lastLine + 1))
            }
            list = s.lists[list].nextSibling
        }
        var headings: [Heading] = []
        var nextItem = 0
        for heading in s.headings {
            while nextItem < itemLines.count && itemLines[nextItem].upperBound <= heading.line { nextItem += 1 }
            if nextItem < itemLines.count && itemLines[nextItem].contains(heading.line) { continue }
            let start = doc.lines.starts[heading.line]
            let end = doc.lines.contentEnds[heading.line]
            let indent = doc.bytes[start..<end].prefix { $0 == 0x20 }.count
            // Anything else before the text (`>`, a list marker) puts the heading in a container.
            let first = start + indent
            let atx = first < end && doc.bytes[first] == UInt8(ascii: "#")
            guard indent <= 3, atx || first == heading.text.lowerBound else { continue }
            var lastLine = heading.line
            if !atx {
                // A setext heading's text on one line, its underline on the next.
                lastLine += 1
                guard lastLine < doc.lines.count, isUnderline(doc.bytes[doc.lines.starts[lastLine]..<doc.lines.contentEnds[lastLine]])
                else { continue }
            }
            headings.append(Heading(line: heading.line, lastLine: lastLine, level: heading.level,
                                    title: String(decoding: doc.bytes[heading.text], as: UTF8.self).lowercased()))
        }
        return headings
    }

    /// Whether a line is a setext heading's underline: only `=` or only `-`, between spaces.
    private static func isUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        var text = line
        while let c = text.first, c.isSpaceOrTab { text = text.dropFirst() }
        while let c = text.last, c.isSpaceOrTab || c == 0x0D { text = text.dropLast() }
        guard let c = text.first, c == UInt8(ascii: "=") || c == UInt8(ascii: "-") else { return false }
        return text.allSatisfy { $0 == c }
    }

    /// The lines under the first top-level heading titled `title` (compared ignoring case), up to
    /// the next one of the same or a higher level; nil when there is no such heading.
    func section(under title: String) -> Range<Int>? {
        headingAndSection(title)?.section
    }

    private func headingAndSection(_ title: String) -> (heading: Heading, section: Range<Int>)? {
        let wanted = title.lowercased()
        guard let index = headings.firstIndex(where: { $0.title == wanted }) else { return nil }
        let heading = headings[index]
        let end = headings[(index + 1)...].first { $0.level <= heading.level }?.line ?? lines.count
        return (heading, (heading.lastLine + 1)..<end)
    }

    /// Where the block's lines (each ending in a line feed) stand under the heading `title`,
    /// first to last, as whole tasks: the line after them is not indented text (a subtask or
    /// continuation line of a longer task). Line endings are compared without carriage returns.
    func occurrences(of block: [UInt8], under title: String) -> [Int] {
        guard let section = section(under: title) else { return [] }
        let wanted = block.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) }
        guard !wanted.isEmpty else { return [] }
        func content(_ line: Int) -> ArraySlice<UInt8> { lines[line].last == 0x0D ? lines[line].dropLast() : lines[line][...] }
        var found: [Int] = []
        var start = section.lowerBound
        while start + wanted.count <= section.upperBound {
            let end = start + wanted.count
            let matches = wanted.indices.allSatisfy { content(start + $0).elementsEqual(wanted[$0]) }
            let whole = end == section.upperBound || content(end).first.map { !$0.isSpaceOrTab } ?? true
                || content(end).allSatisfy(\.isSpaceOrTab)
            if matches && whole {
                found.append(start)
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// Takes out the first `count` whole occurrences of the block under the heading `title`; a
    /// heading left with nothing under it goes too, with the blank lines around it that
    /// ``TaskArchiver`` added with it.
    mutating func remove(_ count: Int, of block: [UInt8], under title: String) {
        let length = block.count(where: { $0 == 0x0A })
        let starts = occurrences(of: block, under: title).prefix(count)
        guard !starts.isEmpty else { return }
        for start in starts.reversed() {
            lines.removeSubrange(start..<(start + length))
        }
        headings = Self.headings(ParsedDocument(validated: bytes))
        func isBlank(_ line: [UInt8]) -> Bool { line.allSatisfy { $0.isSpaceOrTab || $0 == 0x0D } }
        if let (heading, section) = headingAndSection(title), lines[section].allSatisfy(isBlank) {
            var start = heading.line
            if start > 0, isBlank(lines[start - 1]) { start -= 1 }
            lines.removeSubrange(start..<section.upperBound)
            headings = Self.headings(ParsedDocument(validated: bytes))
        }
    }
}
