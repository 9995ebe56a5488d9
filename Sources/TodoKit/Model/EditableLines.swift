/// A document as an array of lines, each with its own ending and the todo it holds, for the
/// few structural edits the model makes (insert, remove, move, replace). Lines that an edit does
/// not touch keep every byte, their endings included.
struct EditableLines {
    var contents: [[UInt8]]
    var endings: [[UInt8]]
    var ids: [TodoID?]
    let hasBOM: Bool

    init(_ doc: ParsedDocument, ids: [TodoID?]) {
        let lines = doc.lines
        var contents: [[UInt8]] = []
        var endings: [[UInt8]] = []
        contents.reserveCapacity(lines.count)
        endings.reserveCapacity(lines.count)
        for i in 0..<lines.count {
            contents.append(Array(doc.bytes[lines.starts[i]..<lines.contentEnds[i]]))
            endings.append(Array(doc.bytes[lines.contentEnds[i]..<lines.ends[i]]))
        }
        self.contents = contents
        self.endings = endings
        self.ids = ids
        hasBOM = doc.hasBOM
    }

    var count: Int { contents.count }

    /// The ending new lines get: the first one the file uses, else LF.
    var preferredEnding: [UInt8] {
        endings.first { !$0.isEmpty } ?? [0x0A]
    }

    /// Inserts lines before position `at` (`count` appends).
    mutating func insert(_ lines: [[UInt8]], ids newIDs: [TodoID?], at position: Int) {
        guard !lines.isEmpty else { return }
        let ending = preferredEnding
        var newEndings = [[UInt8]](repeating: ending, count: lines.count)
        if position == count, let last = endings.indices.last, endings[last].isEmpty {
            // Appending after a last line without a newline: it gets one, the new last line none.
            endings[last] = ending
            newEndings[newEndings.count - 1] = []
        }
        contents.insert(contentsOf: lines, at: position)
        endings.insert(contentsOf: newEndings, at: position)
        ids.insert(contentsOf: newIDs, at: position)
    }

    /// Inserts each line before its position of the current numbering (`count` appends), all in one
    /// pass: lines for the same position keep their order. Linear in the lines, however many are inserted.
    mutating func insert(_ insertions: [(position: Int, content: [UInt8], id: TodoID?)]) {
        guard !insertions.isEmpty else { return }
        let sorted = insertions.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        let ending = preferredEnding
        let finalEndingMissing = endings.last?.isEmpty ?? false
        var newContents: [[UInt8]] = [], newEndings: [[UInt8]] = [], newIDs: [TodoID?] = []
        newContents.reserveCapacity(count + sorted.count)
        newEndings.reserveCapacity(count + sorted.count)
        newIDs.reserveCapacity(count + sorted.count)
        var next = 0
        for line in 0...count {
            while next < sorted.count && sorted[next].position == line {
                newContents.append(sorted[next].content)
                newEndings.append(ending)
                newIDs.append(sorted[next].id)
                next += 1
            }
            if line < count {
                newContents.append(contents[line])
                newEndings.append(endings[line].isEmpty ? ending : endings[line])
                newIDs.append(ids[line])
            }
        }
        // The file keeps its final-newline state.
        if finalEndingMissing { newEndings[newEndings.count - 1] = [] }
        contents = newContents
        endings = newEndings
        ids = newIDs
    }

    /// Removes the lines in `range`.
    mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let removesLast = range.upperBound == count
        let finalEnding = endings[count - 1]
        contents.removeSubrange(range)
        endings.removeSubrange(range)
        ids.removeSubrange(range)
        if removesLast, let last = endings.indices.last {
            // The file keeps its final-newline state.
            endings[last] = finalEnding
        }
    }

    /// Removes every line whose flag is set.
    mutating func remove(where flags: [Bool]) {
        let finalEnding = endings.last
        var kept = 0
        for i in 0..<count where !flags[i] {
            contents[kept] = contents[i]
            endings[kept] = endings[i]
            ids[kept] = ids[i]
            kept += 1
        }
        contents.removeSubrange(kept...)
        endings.removeSubrange(kept...)
        ids.removeSubrange(kept...)
        if let finalEnding, flags.last == true, let last = endings.indices.last { endings[last] = finalEnding }
    }

    /// Moves the lines in `range` so that they stand before line `target` of the current numbering.
    mutating func move(_ range: Range<Int>, before target: Int) {
        guard target < range.lowerBound || target > range.upperBound else { return }
        let movedContents = Array(contents[range])
        let movedIDs = Array(ids[range])
        // Endings stay with positions, as when the formatter moves lines.
        let allEndings = endings
        contents.removeSubrange(range)
        ids.removeSubrange(range)
        let at = target > range.upperBound ? target - range.count : target
        contents.insert(contentsOf: movedContents, at: at)
        ids.insert(contentsOf: movedIDs, at: at)
        endings = allEndings
    }

    /// The bytes of the document.
    var bytes: [UInt8] {
        var out: [UInt8] = hasBOM ? [0xEF, 0xBB, 0xBF] : []
        for i in 0..<count {
            out.append(contentsOf: contents[i])
            out.append(contentsOf: endings[i])
        }
        return out
    }
}
