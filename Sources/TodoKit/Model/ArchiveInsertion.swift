extension TaskArchiver {
    /// Inserts blocks right below the heading `title` (a heading of the document itself, of any
    /// level, compared ignoring case), or appends `## title` and the blocks. The new lines end as
    /// the file's first line does (CRLF or LF; in an empty file, CRLF when `crlfWhenEmpty`).
    ///
    /// The result is parsed again and must read as the input did, with the blocks as top-level
    /// list items of their own: every other line keeps its headings, list items, tasks and
    /// paragraphs (an item directly above a paragraph would take it in as a lazy continuation
    /// line, or above indented code as its own paragraph). Where right below the heading cannot
    /// be made so, the blocks go at the end of its section. Nil when no place keeps the document
    /// as it was (a code block never closed at its end).
    static func insert(_ blocks: [[UInt8]], under title: String, into bytes: [UInt8], crlfWhenEmpty: Bool = false) -> [UInt8]? {
        guard !blocks.isEmpty else { return bytes }
        let doc = ParsedDocument(validated: bytes)
        // Each line with its ending, as the parse split them (a lone CR ends a line too).
        var lines = (0..<doc.lines.count).map { Array(doc.bytes[doc.lines.starts[$0]..<doc.lines.ends[$0]]) }
        // A new (empty) archive ends its lines as the todo file does.
        let crlf = doc.lines.count > 0 ? doc.lines.ends[0] - doc.lines.contentEnds[0] == 2 : crlfWhenEmpty
        let newline: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        if let last = lines.indices.last, doc.lines.ends[last] == doc.lines.contentEnds[last] { lines[last] += newline }
        let endsWithNewline = lines.isEmpty || doc.lines.ends[lines.count - 1] != doc.lines.contentEnds[lines.count - 1]
        func ended(_ line: [UInt8]) -> [UInt8] { line + newline }
        func isBlank(_ line: Int) -> Bool { doc.bytes[doc.lines.starts[line]..<doc.lines.contentEnds[line]].allSatisfy(\.isSpaceOrTab) }
        let blockLines = blocks.map { $0.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { ended(Array($0)) } }
        let expected = ParsedDocument(validated: Array(blocks.joined())).structure

        /// The bytes with `before` lines, the blocks and `after` lines inserted at `line`, if they
        /// read as required.
        func attempt(at line: Int, before: [[UInt8]], after: [[UInt8]], heading: Int? = nil) -> [UInt8]? {
            var added = before
            var ranges: [Range<Int>] = []
            for block in blockLines {
                ranges.append((line + added.count)..<(line + added.count + block.count))
                added += block
            }
            added += after
            var out = lines
            // A file that does not end in a line feed keeps it so, unless the new lines go at its end.
            if !endsWithNewline && line < lines.count { out[lines.count - 1].removeLast(newline.count) }
            out.insert(contentsOf: added, at: line)
            let result = Array(bytes.prefix(doc.hasBOM ? 3 : 0)) + Array(out.joined())
            let inserted = line..<(line + added.count)
            guard readsAsBefore(doc, ParsedDocument(validated: result), inserted: inserted, blocks: ranges, expected: expected)
            else { return nil }
            if let heading {
                let found = ArchiveLines.headings(ParsedDocument(validated: result)).first { $0.title == title.lowercased() }
                guard found?.line == line + heading else { return nil }
            }
            return result
        }

        let headings = ArchiveLines.headings(doc)
        guard let index = headings.firstIndex(where: { $0.title == title.lowercased() }) else {
            var before: [[UInt8]] = []
            if let last = lines.indices.last, !isBlank(last) { before.append(ended([])) }
            before += [ended(Array("## \(title)".utf8)), ended([])]
            return attempt(at: lines.count, before: before, after: [], heading: before.count - 2)
        }
        let heading = headings[index]
        // Right below the heading, after the blank line there; a blank line separates the new
        // items from what follows unless a list of their kind continues there.
        var line = heading.lastLine + 1
        let blankBefore = !(line < lines.count && isBlank(line))
        if !blankBefore { line += 1 }
        let continues = line < lines.count && doc.structure.items.contains { item in
            item.startLine == line && doc.structure.lists[item.list].parentItem == -1
                && doc.structure.lists[item.list].container == -1 && sameKind(item, doc, as: expected)
        }
        let after = line < lines.count && !isBlank(line) && !continues ? [ended([])] : []
        if let result = attempt(at: line, before: blankBefore ? [ended([])] : [], after: after) { return result }
        // Else after the section's last line that is not blank.
        let end = headings[(index + 1)...].first { $0.level <= heading.level }?.line ?? lines.count
        var last = end - 1
        while last > heading.lastLine && isBlank(last) { last -= 1 }
        return attempt(at: last + 1, before: [ended([])], after: last + 1 < lines.count && !isBlank(last + 1) ? [ended([])] : [])
    }

    /// Whether `item` continues the list of the last of the blocks (`expected`): the same bullet
    /// or the same ordered delimiter.
    private static func sameKind(_ item: BlockStructure.Item, _ doc: ParsedDocument, as expected: BlockStructure) -> Bool {
        guard expected.lastTopList >= 0 else { return false }
        let ours = expected.lists[expected.lastTopList], theirs = doc.structure.lists[item.list]
        return ours.ordered == theirs.ordered && ours.delimiter == theirs.delimiter
    }

    /// Whether `after`, `before` with the lines `inserted` added, reads as `before` outside them
    /// (the same headings, list items, tasks, paragraph, lazy and open code lines, line for line), and each
    /// of `blocks` (line ranges within `inserted`) is one whole top-level list item, the inserted
    /// lines holding the items and tasks of `expected`, the blocks parsed on their own.
    static func readsAsBefore(_ before: ParsedDocument, _ after: ParsedDocument, inserted: Range<Int>, blocks: [Range<Int>],
                              expected: BlockStructure) -> Bool {
        let (a, b) = (before.structure, after.structure)
        func old(_ line: Int) -> Int { line < inserted.lowerBound ? line : line - inserted.count }
        func column(_ doc: ParsedDocument, _ line: Int, _ offset: Int) -> Int { offset - doc.lines.starts[line] }
        func headings(_ doc: ParsedDocument, mapped: Bool) -> [[Int]] {
            doc.structure.headings.filter { !mapped || !inserted.contains($0.line) }.map {
                [mapped ? old($0.line) : $0.line, $0.level] + doc.bytes[$0.text].map(Int.init)
            }
        }
        guard headings(before, mapped: false) == headings(after, mapped: true) else { return false }
        func items(_ doc: ParsedDocument, mapped: Bool) -> [[Int]] {
            doc.structure.items.filter { !mapped || !inserted.contains($0.startLine) }.map {
                [mapped ? old($0.startLine) : $0.startLine, mapped ? old($0.lastLine) : $0.lastLine,
                 column(doc, $0.startLine, $0.markerStart), column(doc, $0.startLine, $0.contentStart), $0.number]
            }
        }
        guard items(before, mapped: false) == items(after, mapped: true) else { return false }
        func tasks(_ doc: ParsedDocument, mapped: Bool) -> [[Int]] {
            doc.structure.tasks.filter { !mapped || !inserted.contains($0.line) }.map {
                [mapped ? old($0.line) : $0.line, column(doc, $0.line, $0.checkbox)]
            }
        }
        guard tasks(before, mapped: false) == tasks(after, mapped: true) else { return false }
        func flag(_ flags: [Bool], _ line: Int) -> Bool { line < flags.count && flags[line] }
        for line in 0..<after.lines.count where !inserted.contains(line) {
            guard flag(a.paragraphLines, old(line)) == flag(b.paragraphLines, line),
                  flag(a.lazyLines, old(line)) == flag(b.lazyLines, line),
                  flag(a.openRawLines, old(line)) == flag(b.openRawLines, line) else { return false }
        }
        guard a.obsidianCommentLines == b.obsidianCommentLines.filter({ !inserted.contains($0) }).map(old) else { return false }
        guard b.items.count(where: { inserted.contains($0.startLine) }) == expected.items.count,
              b.tasks.count(where: { inserted.contains($0.line) }) == expected.tasks.count else { return false }
        return blocks.allSatisfy { block in
            b.items.contains { item in
                item.startLine == block.lowerBound && item.lastLine == block.upperBound - 1
                    && b.lists[item.list].parentItem == -1 && b.lists[item.list].container == -1
            }
        }
    }
}
