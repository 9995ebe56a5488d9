/// A document as a sequence of lines, each with its own ending and the todo it holds, for the
/// few structural edits the model makes (insert, remove, move, replace). Lines that an edit does
/// not touch keep every byte, their endings included.
///
/// A line the edit did not replace is a range of the original bytes, not a copy: making the lines
/// of a large file costs one small value per line, and ``bytes`` copies runs of untouched lines
/// with one `memcpy` each.
struct EditableLines {
    /// A line's content: a range of the original bytes, or bytes an edit put there.
    private enum Content {
        case original(start: Int, end: Int)
        case replaced([UInt8])
    }

    /// A line ending: none (the last line of a file without a final newline), LF, CR or CRLF.
    private enum Ending: UInt8 {
        case none, lf, cr, crlf

        init(_ bytes: ArraySlice<UInt8>) {
            switch bytes.count {
            case 0: self = .none
            case 1: self = bytes.first == 0x0A ? .lf : .cr
            default: self = .crlf
            }
        }

        /// How many bytes the ending takes.
        var length: Int {
            switch self {
            case .none: 0
            case .lf, .cr: 1
            case .crlf: 2
            }
        }

        var bytes: [UInt8] {
            switch self {
            case .none: []
            case .lf: [0x0A]
            case .cr: [0x0D]
            case .crlf: [0x0D, 0x0A]
            }
        }
    }

    /// The document's bytes after its byte-order mark, which ``Content/original(start:end:)`` points into.
    private let source: [UInt8]
    private var contents: [Content]
    private var endings: [Ending]
    var ids: [TodoID?]
    let hasBOM: Bool

    init(_ doc: ParsedDocument, ids: [TodoID?]) {
        let lines = doc.lines
        source = doc.bytes
        var contents: [Content] = []
        var endings: [Ending] = []
        contents.reserveCapacity(lines.count)
        endings.reserveCapacity(lines.count)
        for i in 0..<lines.count {
            let contentEnd = lines.contentEnd(i)
            contents.append(.original(start: lines.start(i), end: contentEnd))
            endings.append(Ending(doc.bytes[contentEnd..<lines.end(i)]))
        }
        self.contents = contents
        self.endings = endings
        self.ids = ids
        hasBOM = doc.hasBOM
    }

    var count: Int { contents.count }

    /// A line's content, without its ending.
    subscript(content line: Int) -> [UInt8] {
        get {
            switch contents[line] {
            case .original(let start, let end): Array(source[start..<end])
            case .replaced(let bytes): bytes
            }
        }
        set { contents[line] = .replaced(newValue) }
    }

    /// A line's content followed by its ending.
    func line(_ line: Int) -> [UInt8] {
        self[content: line] + endings[line].bytes
    }

    /// The ending new lines get: the first one the file uses, else LF.
    private var preferredEnding: Ending {
        endings.first { $0 != .none } ?? .lf
    }

    /// The ending of a line that stands right before line `next` of the current numbering: `ending`,
    /// except that a lone CR before an empty line that ends in LF would make one CRLF with it, and
    /// the two lines would read as one; that CR becomes CRLF, as the formatter writes it
    /// (``CanonicalForm``).
    private func ending(_ ending: Ending, before next: Int) -> Ending {
        guard ending == .cr, next < count, endings[next] == .lf else { return ending }
        return isEmpty(next) ? .crlf : ending
    }

    /// Inserts lines before position `at` (`count` appends).
    mutating func insert(_ lines: [[UInt8]], ids newIDs: [TodoID?], at position: Int) {
        guard !lines.isEmpty else { return }
        let ending = preferredEnding
        var newEndings = [Ending](repeating: ending, count: lines.count)
        newEndings[lines.count - 1] = self.ending(ending, before: position)
        if position == count, let last = endings.indices.last, endings[last] == .none {
            // Appending after a last line without a newline: it gets one, the new last line none.
            endings[last] = ending
            newEndings[newEndings.count - 1] = .none
        }
        contents.insert(contentsOf: lines.map { .replaced($0) }, at: position)
        endings.insert(contentsOf: newEndings, at: position)
        ids.insert(contentsOf: newIDs, at: position)
    }

    /// Inserts each line before its position of the current numbering (`count` appends), all in one
    /// pass: lines for the same position keep their order. Linear in the lines, however many are inserted.
    mutating func insert(_ insertions: [(position: Int, content: [UInt8], id: TodoID?)]) {
        guard !insertions.isEmpty else { return }
        let sorted = insertions.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        let ending = preferredEnding
        let finalEndingMissing = endings.last == Ending.none
        var newContents: [Content] = [], newEndings: [Ending] = [], newIDs: [TodoID?] = []
        newContents.reserveCapacity(count + sorted.count)
        newEndings.reserveCapacity(count + sorted.count)
        newIDs.reserveCapacity(count + sorted.count)
        var next = 0
        for line in 0...count {
            while next < sorted.count && sorted[next].position == line {
                newContents.append(.replaced(sorted[next].content))
                newEndings.append(self.ending(ending, before: line))
                newIDs.append(sorted[next].id)
                next += 1
            }
            if line < count {
                newContents.append(contents[line])
                newEndings.append(endings[line] == .none ? ending : endings[line])
                newIDs.append(ids[line])
            }
        }
        // The file keeps its final-newline state.
        if finalEndingMissing { newEndings[newEndings.count - 1] = .none }
        contents = newContents
        endings = newEndings
        ids = newIDs
    }

    /// Removes every line whose flag is set. The lines kept are copied a run at a time.
    mutating func remove(where flags: [Bool]) {
        let finalEnding = endings.last
        var keptContents: [Content] = [], keptEndings: [Ending] = [], keptIDs: [TodoID?] = []
        keptContents.reserveCapacity(count)
        keptEndings.reserveCapacity(count)
        keptIDs.reserveCapacity(count)
        var removedBefore = false
        var i = 0
        while i < count {
            guard !flags[i] else {
                removedBefore = true
                i += 1
                continue
            }
            let start = i, first = keptEndings.count
            while i < count && !flags[i] { i += 1 }
            keptContents += contents[start..<i]
            keptEndings += endings[start..<i]
            keptIDs += ids[start..<i]
            guard removedBefore else { continue }
            // A line that now stands right before line j must not end in a CR that its LF would join.
            for j in start..<i where first + j - start > 0 {
                let previous = first + j - start - 1
                if keptEndings[previous] == .cr { keptEndings[previous] = ending(.cr, before: j) }
            }
        }
        contents = keptContents
        endings = keptEndings
        ids = keptIDs
        // The new last line takes the file's final ending; but an empty line without one would be no
        // line at all, so it keeps its own (the file gains a final newline rather than lose a blank line).
        if let finalEnding, flags.last == true, let last = endings.indices.last, finalEnding != .none || !isEmpty(last) {
            endings[last] = finalEnding
            // Its new ending may be the LF that a lone CR before it would join.
            if last > 0 { endings[last - 1] = ending(endings[last - 1], before: last) }
        }
    }

    /// Whether line `line` has no content (only its ending).
    private func isEmpty(_ line: Int) -> Bool {
        switch contents[line] {
        case .original(let start, let end): start == end
        case .replaced(let bytes): bytes.isEmpty
        }
    }

    /// Moves the lines in `range` so that they stand before line `target` of the current numbering.
    mutating func move(_ range: Range<Int>, before target: Int) {
        guard target < range.lowerBound || target > range.upperBound else { return }
        let movedContents = Array(contents[range])
        let movedIDs = Array(ids[range])
        // Endings stay with positions, as when the formatter moves lines.
        contents.removeSubrange(range)
        ids.removeSubrange(range)
        let at = target > range.upperBound ? target - range.count : target
        contents.insert(contentsOf: movedContents, at: at)
        ids.insert(contentsOf: movedIDs, at: at)
    }

    /// The bytes of the document. Untouched lines that follow each other in the original are
    /// copied as one run.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.count + (hasBOM ? 3 : 0) + 256)
        if hasBOM { out += [0xEF, 0xBB, 0xBF] }
        source.withUnsafeBufferPointer { buf in
            // The run of original bytes not yet copied.
            var runStart = 0, runEnd = 0
            func flush() {
                if runEnd > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<runEnd])) }
                runStart = runEnd
            }
            for i in 0..<contents.count {
                switch contents[i] {
                case .original(let start, let end):
                    if start != runEnd {
                        flush()
                        runStart = start
                    }
                    runEnd = end
                case .replaced(let bytes):
                    flush()
                    out.append(contentsOf: bytes)
                }
                // The ending joins the run when the original has the same bytes right there.
                let ending = endings[i]
                if isOriginal(i) && originalEnding(at: runEnd, buf) == ending {
                    runEnd += ending.length
                } else {
                    flush()
                    out.append(contentsOf: ending.bytes)
                }
            }
            flush()
        }
        return out
    }

    private func isOriginal(_ line: Int) -> Bool {
        if case .original = contents[line] { return true }
        return false
    }

    /// The ending the original bytes have at `offset` (none at the end of the bytes or before other content).
    private func originalEnding(at offset: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Ending {
        guard offset < buf.count else { return .none }
        if buf[offset] == 0x0A { return .lf }
        guard buf[offset] == 0x0D else { return .none }
        return offset + 1 < buf.count && buf[offset + 1] == 0x0A ? .crlf : .cr
    }
}
