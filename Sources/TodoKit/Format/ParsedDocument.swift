/// The internal form of a parsed todo file: its bytes, its lines, and its list structure.
struct ParsedDocument: Sendable {
    /// The file's bytes after an optional byte-order mark.
    private(set) var bytes: [UInt8]
    /// Whether the file began with a UTF-8 byte-order mark.
    let hasBOM: Bool
    /// The bytes as given, byte-order mark included (the same storage as `bytes` without one).
    private(set) var utf8: [UInt8]
    private(set) var lines: LineTable
    /// Lines of YAML front matter at the top (0 when there is none).
    let frontMatterLines: Int
    private(set) var structure: BlockStructure
    /// The inline `todofmt-` directives and the lines they freeze.
    private(set) var directives: Directives
    /// The custom checkbox marks that ``status(ofTask:_:)`` reads (none unless configured).
    private(set) var statuses: StatusMap
    /// Obsidian Tasks' global filter: when set, only checklist items whose text contains it are tasks.
    let globalFilter: String?

    /// Parses bytes that are known to be valid UTF-8 as `other` was parsed (its statuses and global filter).
    init(validated input: [UInt8], like other: ParsedDocument) {
        self.init(validated: input, statuses: other.statuses, globalFilter: other.globalFilter)
    }

    /// Checks and parses a file's bytes: ``TodoDocument/validatedLines(_:parts:)`` checks them and
    /// splits their lines in the same pass, then the parse goes on from those lines.
    /// - Throws: A ``TodoError`` for bytes that are not UTF-8 text, hold a NUL or are too many.
    init(utf8 input: [UInt8], statuses: StatusMap = .standard, globalFilter: String? = nil) throws(TodoError) {
        let lines = try TodoDocument.validatedLines(input)
        self.init(validated: input, lines: lines, statuses: statuses, globalFilter: globalFilter)
    }

    /// Parses bytes that are known to be valid UTF-8, reading checkbox marks with `statuses`;
    /// with a `globalFilter`, a checklist item whose text lacks it is a plain list item, not a task.
    /// `lines`: the lines of the bytes after any byte-order mark, when split already.
    init(validated input: [UInt8], lines knownLines: LineTable? = nil, statuses: StatusMap = .standard, globalFilter: String? = nil) {
        // The line table and the structure store offsets in 32 bits (the table's with two bits taken).
        precondition(input.count <= LineTable.maximumBytes, "files of 1 GiB and more are not supported")
        utf8 = input
        if input.withUnsafeBufferPointer(ParsedDocument.byteOrderMarkLength) > 0 {
            hasBOM = true
            bytes = Array(input[3...])
        } else {
            hasBOM = false
            bytes = input
        }
        (lines, frontMatterLines, structure, directives) = bytes.withUnsafeBufferPointer { buf in
            let lines = knownLines ?? LineTable(buf)
            let frontMatter = ParsedDocument.frontMatterLength(buf, lines)
            var structure = BlockScanner.scan(buf, lines: lines, skipLines: frontMatter)
            if let globalFilter, !globalFilter.isEmpty {
                structure.keepTasks(containing: Array(globalFilter.utf8), buf, lines: lines)
            }
            return (lines, frontMatter, structure, Directives(buf, lines: lines, structure: structure))
        }
        self.statuses = statuses
        self.globalFilter = globalFilter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// This document read with `statuses` and `globalFilter`: itself when it already is; the same
    /// parse with other marks when only the statuses differ; else its bytes parsed again.
    func reading(statuses: StatusMap, globalFilter: String?) -> ParsedDocument {
        let filter = globalFilter.flatMap { $0.isEmpty ? nil : $0 }
        if filter != self.globalFilter { return ParsedDocument(validated: utf8, statuses: statuses, globalFilter: filter) }
        var copy = self
        copy.statuses = statuses
        return copy
    }

    /// Parses bytes that are `old`'s with some lines changed, as `old` was parsed (its statuses and
    /// global filter): only the lines between the cuts around the change are scanned again, where
    /// ``reparsing(_:editing:)`` can, else all of them.
    init(validated input: [UInt8], editing old: ParsedDocument) {
        guard let reparsed = ParsedDocument.reparsing(input, editing: old) else {
            self.init(validated: input, like: old)
            return
        }
        // Debug builds (the tests) check every such parse against the parse of the whole.
        assert(reparsed.structure == ParsedDocument(validated: input, like: old).structure, "a part scanned again reads otherwise")
        self = reparsed
    }

    /// `input`, `old`'s bytes with some lines changed, parsed by scanning again only the lines from
    /// the last cut before the first changed line to the first cut after the last one, and reading
    /// the rest from `old`. A cut is a line where a parallel scan may start a part (``BlockScanner``):
    /// an ATX heading at the left margin after a blank line, which `old`'s scan read as a heading,
    /// so that no block was open there and every block before it is closed; or the first line after
    /// front matter. The lines after the second cut read as they did if the scan of the changed
    /// lines leaves nothing open there that the heading would not close (the parallel scan's test).
    ///
    /// Nil, for the whole to be parsed, where that does not hold or the parts could not be joined
    /// as they are: a document with `%%` (Obsidian comments), lists or comments in block quotes
    /// (numbered from the top), a change to the byte-order mark or front matter.
    static func reparsing(_ input: [UInt8], editing old: ParsedDocument) -> ParsedDocument? {
        guard !old.structure.mayHaveObsidianComments, !old.structure.refersToBlockQuotes,
              input.withUnsafeBufferPointer(ParsedDocument.byteOrderMarkLength) == (old.hasBOM ? 3 : 0) else { return nil }
        let bytes = old.hasBOM ? Array(input[3...]) : input
        return old.bytes.withUnsafeBufferPointer { oldBuf in
            bytes.withUnsafeBufferPointer { buf -> ParsedDocument? in
                let ends = CommonEnds(old: oldBuf, new: buf, lineFeedOnly: false)
                // Lines ..<first are the same in both, and so are the last ones from `oldEnd` of old.
                let first = ends.prefixLines
                let oldEnd = BinarySearch.partitionPoint(in: 0..<old.lines.count) { old.lines.start($0) < ends.oldEnd }
                guard first >= old.frontMatterLines else { return nil }
                let s = old.structure
                func isCut(_ line: Int) -> Bool {
                    line >= 1 && BlockScanner.isHeadingAfterBlankLine(oldBuf, lines: old.lines, line)
                }
                // The last cut before the first changed line (its blank line unchanged too), else the
                // top; the first cut after the last one, else the end.
                let before = s.headings.last { $0.line < first && $0.line > old.frontMatterLines && isCut($0.line) }?.line
                let after = s.headings.first { $0.line > oldEnd && isCut($0.line) }?.line
                let start = before ?? old.frontMatterLines

                let lines = old.lines.splicing(buf, keeping: first, old.lines.count - oldEnd)
                guard ParsedDocument.frontMatterLength(buf, lines) == old.frontMatterLines else { return nil }
                let lineShift = lines.count - old.lines.count
                let end = after.map { $0 + lineShift } ?? lines.count
                let regionBytes = lines.start(start)..<(end < lines.count ? lines.start(end) : buf.count)
                guard !ObsidianComment.occurs(in: UnsafeBufferPointer(rebasing: buf[regionBytes])) else { return nil }

                var lazy = [Bool](repeating: false, count: lines.count), paragraph = lazy, openRaw = lazy
                lazy.replaceSubrange(0..<start, with: s.lazyLines[0..<start])
                paragraph.replaceSubrange(0..<start, with: s.paragraphLines[0..<start])
                openRaw.replaceSubrange(0..<start, with: s.openRawLines[0..<start])
                if let after {
                    lazy.replaceSubrange(end..., with: s.lazyLines[after...])
                    paragraph.replaceSubrange(end..., with: s.paragraphLines[after...])
                    openRaw.replaceSubrange(end..., with: s.openRawLines[after...])
                }
                var (region, endsFresh) = lazy.withUnsafeMutableBufferPointer { lazy in
                    paragraph.withUnsafeMutableBufferPointer { paragraph in
                        openRaw.withUnsafeMutableBufferPointer { openRaw in
                            BlockScanner.scanPart(buf, lines: lines, range: start..<end, lazy: lazy, paragraph: paragraph,
                                                  openRaw: openRaw, mayHaveObsidianComments: false)
                        }
                    }
                }
                guard after == nil || endsFresh, !region.refersToBlockQuotes else { return nil }
                if let filter = old.globalFilter { region.keepTasks(containing: Array(filter.utf8), buf, lines: lines) }
                var structure = s.splicing(lines: start, after ?? old.lines.count, with: region, lineShift: lineShift,
                                           byteShift: buf.count - oldBuf.count)
                structure.endsFresh = after == nil ? endsFresh : s.endsFresh
                structure.lazyLines = lazy
                structure.paragraphLines = paragraph
                structure.openRawLines = openRaw
                structure.setHTMLCommentStarts(ContinuedSpan.commentStarts(in: buf), lines: lines, clearingMarks: true)
                var doc = old
                doc.utf8 = input
                doc.bytes = bytes
                doc.lines = lines
                doc.structure = structure
                doc.directives = Directives(buf, lines: lines, structure: structure)
                return doc
            }
        }
    }

    /// This document with the content of some task lines replaced (a todo ticked, retitled, its
    /// fields changed), read from this parse instead of from the bytes: what follows a changed line
    /// moves by the bytes it gained, and nothing else changes. That holds when a new line keeps the
    /// bytes before its checkbox, has a checkbox there followed by text as before (or by nothing as
    /// before: a checkbox followed by blanks opens no paragraph) and no `%%`: the scanner reads
    /// nothing else of a task's line, and the lines after it read as they did.
    ///
    /// Nil, for the new bytes to be parsed, where a line may read otherwise: a document with `%%`
    /// (Obsidian comments), the first line of a setext heading (the heading's text changes), a new
    /// line without the global filter, a line break in new content, two replacements of one task.
    /// - Parameter replacements: tasks and the new contents of their lines (without the endings).
    func replacingTaskLines(_ replacements: [(task: Int, content: [UInt8])]) -> ParsedDocument? {
        guard !structure.mayHaveObsidianComments else { return nil }
        let filter = globalFilter.map { Array($0.utf8) }
        let sorted = replacements.sorted { $0.task < $1.task }
        var changes: [(task: Int, line: Int, delta: Int, checkboxLength: Int)] = []
        for (task, content) in sorted {
            guard changes.last?.task != task else { return nil }
            let t = structure.tasks[task]
            guard !structure.headings.contains(where: { $0.line == t.line }) else { return nil }
            let start = lines.start(t.line), end = lines.contentEnd(t.line)
            let checkbox = t.checkbox - start
            let newEnd = bytes.withUnsafeBufferPointer { old in
                content.withUnsafeBufferPointer { new -> Int? in
                    guard new.count > checkbox, (0..<checkbox).allSatisfy({ new[$0] == old[start + $0] }),
                          !new.contains(where: \.isLineBreak), !ObsidianComment.occurs(in: new) else { return nil }
                    // A backtick or `<` may open a span that the paragraph's next lines close (``ContinuedSpan``).
                    guard !t.paragraphContinues || !new.contains(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "<") })
                        && t.continuedSpan == nil else { return nil }
                    // The document's `<!--` are where its fields are read token by token.
                    guard ContinuedSpan.commentStarts(in: new).isEmpty, !structure.holdsHTMLComment(from: start, to: end) else { return nil }
                    let newEnd = BlockScanner.checkboxEnd(new, at: checkbox, lineEnd: new.count)
                    guard newEnd >= 0 else { return nil }
                    let opened = t.checkboxEnd == end || !SpacesAndTabs.isBlank(old, from: t.checkboxEnd, to: end)
                    guard opened == (newEnd == new.count || !SpacesAndTabs.isBlank(new, from: newEnd, to: new.count)) else { return nil }
                    if let filter, !BlockStructure.contains(filter, new, from: newEnd, to: new.count) { return nil }
                    return newEnd
                }
            }
            guard let newEnd else { return nil }
            changes.append((task, t.line, content.count - (end - start), newEnd - checkbox))
        }
        // The new bytes: the old ones with each changed line's content in place.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(self.utf8.count + changes.reduce(0) { $0 + $1.delta })
        let offset = hasBOM ? 3 : 0
        var copied = 0
        for (change, replacement) in zip(changes, sorted) {
            utf8 += self.utf8[copied..<(offset + lines.start(change.line))]
            utf8 += replacement.content
            copied = offset + lines.contentEnd(change.line)
        }
        utf8 += self.utf8[copied...]
        var copy = self
        copy.utf8 = utf8
        copy.bytes = hasBOM ? Array(utf8[3...]) : utf8
        copy.lines = lines.resizing(lines: changes.map { ($0.line, $0.delta) })
        copy.structure = structure.resizing(lines: changes)
        copy.structure.setHTMLCommentStarts(copy.bytes.withUnsafeBufferPointer(ContinuedSpan.commentStarts(in:)), lines: copy.lines,
                                             clearingMarks: true)
        copy.directives = copy.bytes.withUnsafeBufferPointer { Directives($0, lines: copy.lines, structure: copy.structure) }
        // Debug builds (the tests) check every such parse against the parse of its bytes.
        assert(copy.structure == ParsedDocument(validated: utf8, like: self).structure, "an edited line reads otherwise")
        return copy
    }

    /// 3 when `buf` starts with the UTF-8 byte-order mark (the parse reads the bytes after it), else 0.
    static func byteOrderMarkLength(_ buf: UnsafeBufferPointer<UInt8>) -> Int {
        buf.count >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF ? 3 : 0
    }

    /// YAML front matter: `---` on the first line up to a closing `---` or `...` line.
    static func frontMatterLength(_ buf: UnsafeBufferPointer<UInt8>, _ lines: LineTable) -> Int {
        func lineIs(_ i: Int, _ text: StaticString) -> Bool {
            isFrontMatterFence(buf, lines.start(i)..<lines.contentEnd(i), text)
        }
        guard lines.count > 1, lineIs(0, "---") else { return 0 }
        var i = 1
        while i < lines.count {
            if lineIs(i, "---") || lineIs(i, "...") { return i + 1 }
            i += 1
        }
        return 0
    }

    /// Whether the line whose content is `content` is `fence` (`---` or `...`), trailing spaces and
    /// tabs aside: where front matter opens or closes.
    static func isFrontMatterFence(_ buf: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, _ fence: StaticString) -> Bool {
        var end = content.upperBound
        while end > content.lowerBound && buf[end - 1].isSpaceOrTab { end -= 1 }
        let n = fence.utf8CodeUnitCount
        guard end - content.lowerBound == n else { return false }
        for k in 0..<n where buf[content.lowerBound + k] != fence.utf8Start[k] { return false }
        return true
    }

    /// Whether `other` is the document printed back exactly (``utf8``), compared with `memcmp`.
    func isPrinted(as other: [UInt8]) -> Bool {
        SameBytes.equal(utf8, other)
    }

    /// The status of a task from its checkbox mark.
    func status(ofTask task: Int, _ buf: UnsafeBufferPointer<UInt8>) -> (TaskStatus, Unicode.Scalar) {
        let t = structure.tasks[task]
        let markStart = t.checkbox + 1
        let width = t.checkboxEnd - 1 - markStart
        let mark = UTF8Scalar.decode(buf, at: markStart, width: width)
        return (statuses.isEmpty ? TaskStatus(mark: mark) : TaskStatus(mark: mark, statuses: statuses), mark)
    }

    /// Whether an item is a completed task (it sinks).
    func isCompletedItem(_ item: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        let task = structure.items[item].task
        return task >= 0 && status(ofTask: task, buf).0.isCompleted
    }

    /// Whether an item is a completed task (it sinks).
    func isCompletedItem(_ item: Int) -> Bool {
        bytes.withUnsafeBufferPointer { isCompletedItem(item, $0) }
    }

    /// Reads a task's text after the checkbox.
    func text(ofTask task: Int, _ buf: UnsafeBufferPointer<UInt8>) -> TaskText {
        let t = structure.tasks[task]
        return TaskText(buf, start: t.checkboxEnd, end: lines.contentEnd(t.line), paragraphContinues: t.paragraphContinues,
                        obsidianComments: structure.mayHaveObsidianComments,
                        htmlComments: t.holdsHTMLComment,
                        continuedSpan: t.continuedSpan)
    }

    /// Reads a task's text into `text`, reusing its storage.
    func read(task: Int, into text: inout TaskText, _ buf: UnsafeBufferPointer<UInt8>) {
        let t = structure.tasks[task]
        text.read(buf, start: t.checkboxEnd, end: lines.contentEnd(t.line), paragraphContinues: t.paragraphContinues,
                  obsidianComments: structure.mayHaveObsidianComments,
                  htmlComments: t.holdsHTMLComment,
                  continuedSpan: t.continuedSpan)
    }
}
