/// The lines of an archive file, for finding the task blocks under one of its headings (what
/// ``TaskArchiver`` counts, and takes out again for the undo journal).
struct ArchiveLines {
    /// Each line without its line feed (a carriage return before it is kept).
    private(set) var lines: [[UInt8]]
    private let endsWithNewline: Bool

    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        endsWithNewline = bytes.last == 0x0A
        if endsWithNewline { lines.removeLast() }
    }

    var bytes: [UInt8] {
        Array(lines.joined(separator: [0x0A])) + (endsWithNewline && !lines.isEmpty ? [0x0A] : [])
    }

    /// The text of an ATX heading line (`## todos.md › Home`), lowercased; nil for any other line.
    static func headingText(_ line: [UInt8]) -> String? {
        var text = line[...]
        if text.last == 0x0D { text = text.dropLast() }
        let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(hashes), text.count > hashes, text[text.startIndex + hashes] == 0x20 else { return nil }
        return String(decoding: text.dropFirst(hashes + 1), as: UTF8.self).lowercased()
    }

    /// The lines under the first heading titled `title` (compared ignoring case), up to the next
    /// heading of the same or a higher level; nil when there is no such heading.
    func section(under title: String) -> Range<Int>? {
        let wanted = title.lowercased()
        guard let headingLine = lines.firstIndex(where: { Self.headingText($0) == wanted }) else { return nil }
        let level = lines[headingLine].prefix { $0 == UInt8(ascii: "#") }.count
        var end = headingLine + 1
        while end < lines.count {
            if Self.headingText(lines[end]) != nil, lines[end].prefix(while: { $0 == UInt8(ascii: "#") }).count <= level { break }
            end += 1
        }
        return (headingLine + 1)..<end
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
        func isBlank(_ line: [UInt8]) -> Bool { line.allSatisfy { $0.isSpaceOrTab || $0 == 0x0D } }
        if let section = section(under: title), lines[section].allSatisfy(isBlank) {
            var start = section.lowerBound - 1
            if start > 0, isBlank(lines[start - 1]) { start -= 1 }
            lines.removeSubrange(start..<section.upperBound)
        }
    }
}
