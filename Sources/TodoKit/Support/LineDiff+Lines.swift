extension LineDiff {
    /// Compares two sequences of lines (as ``LineKey``s or any other hashable value): each line
    /// is numbered, equal lines with equal ids, and the ids are compared.
    init<Line: Hashable>(oldLines: [Line], newLines: [Line], costLimit: Int = 4096) {
        var ids: [Line: Int32] = [:]
        func id(_ line: Line) -> Int32 {
            if let known = ids[line] { return known }
            let fresh = Int32(ids.count)
            ids[line] = fresh
            return fresh
        }
        self.init(old: oldLines.map(id), new: newLines.map(id), costLimit: costLimit)
    }

    /// The changes as hunks: a range of old lines replaced by a range of new lines.
    func hunks() -> [(old: Range<Int>, new: Range<Int>)] {
        var result: [(old: Range<Int>, new: Range<Int>)] = []
        var i = 0, j = 0
        while i < deleted.count || j < inserted.count {
            if (i < deleted.count && deleted[i]) || (j < inserted.count && inserted[j]) {
                let i0 = i, j0 = j
                while i < deleted.count && deleted[i] { i += 1 }
                while j < inserted.count && inserted[j] { j += 1 }
                result.append((i0..<i, j0..<j))
            } else {
                i += 1
                j += 1
            }
        }
        return result
    }
}
