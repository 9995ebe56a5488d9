/// A shortest edit script between two sequences of line ids, by Myers' O(ND) algorithm in its
/// linear-space form (divide and conquer on the middle snake).
///
/// Memory is O(N + M) whatever the edit distance. Time is O((N + M) · D); when a middle-snake
/// search grows beyond `costLimit` edits, the best split found so far is taken instead (as GNU
/// diff does), which keeps huge unrelated inputs fast at the price of a possibly longer script.
struct LineDiff {
    /// `deleted[i]`: line `i` of the old sequence is not in the new one.
    private(set) var deleted: [Bool]
    /// `inserted[j]`: line `j` of the new sequence is not in the old one.
    private(set) var inserted: [Bool]

    /// The lines of each side that also occur on the other, which the search works on.
    private let a: [Int32]
    private let b: [Int32]
    /// Furthest forward / backward x per diagonal `k = x - y`, stored at `k + diagonalOffset`.
    private var forward: [Int]
    private var backward: [Int]
    private let diagonalOffset: Int
    private let costLimit: Int

    /// Compares `old` with `new`, lines being equal when their ids are (ids are small
    /// non-negative numbers, as handed out by interning).
    init(old: [Int32], new: [Int32], costLimit: Int = 4096) {
        // A line with no equal on the other side is changed in every shortest script, so only
        // the lines found on both sides go through the search. When most changed lines are new
        // text (stamped tasks, say), this leaves the search little to do.
        let idCount = Int(max(old.max() ?? -1, new.max() ?? -1)) + 1
        var inOld = [Bool](repeating: false, count: idCount)
        var inNew = inOld
        for id in old { inOld[Int(id)] = true }
        for id in new { inNew[Int(id)] = true }
        let keptOld = old.indices.filter { inNew[Int(old[$0])] }
        let keptNew = new.indices.filter { inOld[Int(new[$0])] }

        a = keptOld.map { old[$0] }
        b = keptNew.map { new[$0] }
        deleted = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
        diagonalOffset = b.count + 1
        forward = Array(repeating: 0, count: a.count + b.count + 3)
        backward = forward
        self.costLimit = max(costLimit, 1)
        run()

        var allDeleted = Array(repeating: true, count: old.count)
        for (k, i) in keptOld.enumerated() { allDeleted[i] = deleted[k] }
        var allInserted = Array(repeating: true, count: new.count)
        for (k, j) in keptNew.enumerated() { allInserted[j] = inserted[k] }
        LineDiff.slide(&allDeleted, ids: old, other: allInserted)
        LineDiff.slide(&allInserted, ids: new, other: allDeleted)
        deleted = allDeleted
        inserted = allInserted
        forward = []
        backward = []
    }

    private mutating func run() {
        // An explicit stack of sub-problems (old range, new range) instead of recursion.
        var pending = [(0, a.count, 0, b.count)]
        while let (xLow, xHigh, yLow, yHigh) = pending.popLast() {
            var xoff = xLow, xlim = xHigh, yoff = yLow, ylim = yHigh
            while xoff < xlim, yoff < ylim, a[xoff] == b[yoff] { xoff += 1; yoff += 1 }
            while xoff < xlim, yoff < ylim, a[xlim - 1] == b[ylim - 1] { xlim -= 1; ylim -= 1 }
            if xoff == xlim {
                for j in yoff..<ylim { inserted[j] = true }
            } else if yoff == ylim {
                for i in xoff..<xlim { deleted[i] = true }
            } else {
                let (x, y) = split(xoff, xlim, yoff, ylim)
                if (x == xoff && y == yoff) || (x == xlim && y == ylim) {
                    // Cannot happen after trimming; guards against looping forever if it did.
                    for i in xoff..<xlim { deleted[i] = true }
                    for j in yoff..<ylim { inserted[j] = true }
                } else {
                    pending.append((x, xlim, y, ylim))
                    pending.append((xoff, x, yoff, y))
                }
            }
        }
    }

    /// A point on an optimal (or, past the cost limit, a good) edit path through the box, strictly
    /// between its corners. Both ranges are non-empty and differ in their first and last lines.
    private mutating func split(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
        let (o, costLimit) = (diagonalOffset, self.costLimit)
        // On the arrays' storage: the searches' inner loops, bounds-checked, were most of a large diff.
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        LineDiff.split(a, b, forward, backward, diagonalOffset: o, costLimit: costLimit, xoff, xlim, yoff, ylim)
                    }
                }
            }
        }
    }

    private static func split(_ a: UnsafeBufferPointer<Int32>, _ b: UnsafeBufferPointer<Int32>,
                              _ forward: UnsafeMutableBufferPointer<Int>, _ backward: UnsafeMutableBufferPointer<Int>,
                              diagonalOffset o: Int, costLimit: Int,
                              _ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
        let dmin = xoff - ylim, dmax = xlim - yoff
        let fmid = xoff - yoff, bmid = xlim - ylim
        var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
        let odd = (fmid - bmid) & 1 != 0
        forward[fmid + o] = xoff
        backward[bmid + o] = xlim

        var cost = 1
        while true {
            // Extend the forward search by one edit, diagonals from fmax down to fmin.
            if fmin > dmin { fmin -= 1; forward[fmin - 1 + o] = -1 } else { fmin += 1 }
            if fmax < dmax { fmax += 1; forward[fmax + 1 + o] = -1 } else { fmax -= 1 }
            // (While loops: `stride` was not inlined here, and its iterator took an eighth of a large diff.)
            var d = fmax
            while d >= fmin {
                let below = forward[d - 1 + o], above = forward[d + 1 + o]
                var x = below >= above ? below + 1 : above
                var y = x - d
                while x < xlim, y < ylim, a[x] == b[y] { x += 1; y += 1 }
                forward[d + o] = x
                if odd, bmin <= d, d <= bmax, backward[d + o] <= x { return (x, y) }
                d -= 2
            }
            // Extend the backward search by one edit.
            if bmin > dmin { bmin -= 1; backward[bmin - 1 + o] = Int.max } else { bmin += 1 }
            if bmax < dmax { bmax += 1; backward[bmax + 1 + o] = Int.max } else { bmax -= 1 }
            d = bmax
            while d >= bmin {
                let below = backward[d - 1 + o], above = backward[d + 1 + o]
                var x = below < above ? below : above - 1
                var y = x - d
                while xoff < x, yoff < y, a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                backward[d + o] = x
                if !odd, fmin <= d, d <= fmax, x <= forward[d + o] { return (x, y) }
                d -= 2
            }

            if cost >= costLimit {
                return bestPartialSplit(forward, backward, diagonalOffset: o, xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax)
            }
            cost += 1
        }
    }

    /// Past the cost limit: the furthest point either search has reached, measured from its own
    /// corner.
    private static func bestPartialSplit(_ forward: UnsafeMutableBufferPointer<Int>, _ backward: UnsafeMutableBufferPointer<Int>,
                                         diagonalOffset o: Int, _ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int,
                                         _ fmin: Int, _ fmax: Int, _ bmin: Int, _ bmax: Int) -> (Int, Int) {
        var forwardBest = (progress: -1, x: 0, y: 0)
        for d in stride(from: fmax, through: fmin, by: -2) {
            let x = min(forward[d + o], xlim)
            let y = x - d
            guard y <= ylim, y >= yoff else { continue }
            let progress = (x - xoff) + (y - yoff)
            if progress > forwardBest.progress { forwardBest = (progress, x, y) }
        }
        var backwardBest = (progress: -1, x: 0, y: 0)
        for d in stride(from: bmax, through: bmin, by: -2) {
            let x = max(xoff, backward[d + o])
            let y = x - d
            guard y >= yoff, y <= ylim else { continue }
            let progress = (xlim - x) + (ylim - y)
            if progress > backwardBest.progress { backwardBest = (progress, x, y) }
        }
        let best = forwardBest.progress >= backwardBest.progress ? forwardBest : backwardBest
        return (best.x, best.y)
    }

    /// Moves each run of changed lines to where a reader expects it, as GNU diff and Git do: a
    /// run may slide over lines equal to its own ends (which never changes the number of
    /// edits). It slides up and down as far as it can, merging with neighbouring runs, then
    /// comes back up to end beside a change in the other file if it passed one; otherwise it
    /// stays as low as possible. So an added blank line shows after the text above it, and a
    /// change meets its counterpart in the other file.
    ///
    /// `j` follows the other file: the line matched with line `i` of this one.
    static func slide(_ changed: inout [Bool], ids: [Int32], other: [Bool]) {
        let n = changed.count, m = other.count
        var i = 0, j = 0
        while true {
            while i < n, !changed[i] {
                while j < m, other[j] { j += 1 }
                j += 1
                i += 1
            }
            if i == n { return }
            var start = i
            while i < n, changed[i] { i += 1 }
            while j < m, other[j] { j += 1 }

            var length = 0
            var corresponding = n
            repeat {
                length = i - start
                // Up, as long as the line above the run equals its last line.
                while start > 0, ids[start - 1] == ids[i - 1] {
                    start -= 1; changed[start] = true
                    i -= 1; changed[i] = false
                    while start > 0, changed[start - 1] { start -= 1 }
                    j -= 1
                    while j > 0, other[j] { j -= 1 }
                }
                // `n` means the run's end meets no change in the other file.
                corresponding = j > 0 && other[j - 1] ? i : n
                // Down, as long as the line below the run equals its first line.
                while i < n, ids[start] == ids[i] {
                    changed[start] = false; start += 1
                    changed[i] = true; i += 1
                    while i < n, changed[i] { i += 1 }
                    j += 1
                    while j < m, other[j] { j += 1; corresponding = i }
                }
            } while length != i - start

            while corresponding < i {
                start -= 1; changed[start] = true
                i -= 1; changed[i] = false
                j -= 1
                while j > 0, other[j] { j -= 1 }
            }
        }
    }
}
