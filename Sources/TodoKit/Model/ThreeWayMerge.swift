/// A line-based three-way merge (as `diff3`): the changes from `base` to `ours` and from `base`
/// to `theirs` are applied together; changes to the same lines clash unless they are identical.
enum ThreeWayMerge {
    /// The merge of three texts line by line (each line with its ending), or nil on a clash.
    static func merge(utf8 base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            var result: [ArraySlice<UInt8>] = []
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == 0x0A {
                result.append(bytes[start...index])
                start = index + 1
            }
            if start < bytes.count { result.append(bytes[start...]) }
            return result
        }
        guard let merged = merge(base: lines(base), ours: lines(ours), theirs: lines(theirs)) else { return nil }
        return Array(merged.joined())
    }

    /// The merged lines, or nil when the two sides changed the same lines differently.
    static func merge<Line: Hashable>(base: [Line], ours: [Line], theirs: [Line]) -> [Line]? {
        let mine = LineDiff(oldLines: base, newLines: ours).hunks().map { Change(base: $0.old, lines: Array(ours[$0.new])) }
        let other = LineDiff(oldLines: base, newLines: theirs).hunks().map { Change(base: $0.old, lines: Array(theirs[$0.new])) }
        var changes: [Change<Line>] = []
        var a = 0, b = 0
        while a < mine.count || b < other.count {
            guard a < mine.count else { changes.append(other[b]); b += 1; continue }
            guard b < other.count else { changes.append(mine[a]); a += 1; continue }
            let x = mine[a], y = other[b]
            if x.base == y.base && x.lines == y.lines {
                changes.append(x)
                a += 1
                b += 1
            } else if x.clashes(with: y) {
                return nil
            } else if x.base.lowerBound < y.base.lowerBound || (x.base.lowerBound == y.base.lowerBound && x.base.isEmpty) {
                changes.append(x)
                a += 1
            } else {
                changes.append(y)
                b += 1
            }
        }
        var result: [Line] = []
        result.reserveCapacity(max(ours.count, theirs.count))
        var cursor = 0
        for change in changes {
            result.append(contentsOf: base[cursor..<change.base.lowerBound])
            result.append(contentsOf: change.lines)
            cursor = change.base.upperBound
        }
        result.append(contentsOf: base[cursor...])
        return result
    }

    private struct Change<Line: Hashable> {
        var base: Range<Int>
        var lines: [Line]

        /// Two changes clash when they replace overlapping lines or insert at the same place.
        func clashes(with other: Change) -> Bool {
            if base.isEmpty && other.base.isEmpty { return base.lowerBound == other.base.lowerBound }
            if base.isEmpty { return other.base.lowerBound < base.lowerBound && base.lowerBound < other.base.upperBound }
            if other.base.isEmpty { return base.lowerBound < other.base.lowerBound && other.base.lowerBound < base.upperBound }
            return base.overlaps(other.base)
        }
    }
}
