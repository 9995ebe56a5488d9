extension LineDiff {
    /// Compares two sequences of lines (as ``LineKey``s or any other hashable value): each line
    /// is numbered, equal lines with equal ids, and the ids are compared. A lazy sequence
    /// (`ranges.lazy.map { LineKey(text[$0]) }`) makes no array of the lines.
    init<Old: Sequence, New: Sequence>(oldLines: Old, newLines: New, costLimit: Int = 4096)
    where Old.Element: Hashable, New.Element == Old.Element {
        var ids: [Old.Element: Int32] = [:]
        var old: [Int32] = []
        old.reserveCapacity(oldLines.underestimatedCount)
        for line in oldLines { old.append(Self.number(line, in: &ids)) }
        var new: [Int32] = []
        new.reserveCapacity(newLines.underestimatedCount)
        for line in newLines { new.append(Self.number(line, in: &ids)) }
        self.init(old: old, new: new, costLimit: costLimit)
    }

    /// The id of `line`: the one it got when first met, else the next free one (one hash lookup).
    @inline(__always)
    private static func number<Line: Hashable>(_ line: Line, in ids: inout [Line: Int32]) -> Int32 {
        let fresh = Int32(ids.count)
        // The default is stored when the line is new: reading through `inout` inserts it.
        return idStored(in: &ids[line, default: fresh])
    }

    @inline(__always)
    private static func idStored(in id: inout Int32) -> Int32 { id }

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
