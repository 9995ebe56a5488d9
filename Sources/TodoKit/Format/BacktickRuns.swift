/// The maximal backtick runs of a line of text (where its code spans open and close), sorted by
/// length and then by start, one word each (`length << 32 | start`). A closing run is found by
/// binary search, so a scan stays n log n however many different lengths the runs have (searching
/// the rest of the line for each opening run was quadratic), with one array and no dictionaries.
/// The field scanner, ``ObsidianComment`` and the linter's field tokens all skip code spans with it.
struct BacktickRuns {
    private var runs: [UInt64] = []

    init(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) {
        // Most lines have a code span or two: one allocation instead of growing from empty.
        runs.reserveCapacity(8)
        var i = from
        while i < end {
            guard buf[i] == UInt8(ascii: "`") else {
                i += 1
                continue
            }
            var j = i
            while j < end && buf[j] == UInt8(ascii: "`") { j += 1 }
            runs.append(UInt64(j - i) << 32 | UInt64(i))
            i = j
        }
        runs.sort()
    }

    /// Where the text after the backtick run at `start` goes on: past the code span it opens (up to
    /// the next run of the same length), or past the run itself when none closes it (it is text).
    /// `runs` holds the line's runs, read on first use (from `start`: no run before it matters).
    /// - Parameters:
    ///   - buf: The text.
    ///   - start: The offset of a backtick.
    ///   - end: The end of the line's content.
    ///   - runs: The line's runs, `nil` until the first backtick of the line.
    /// - Returns: The offset just past the code span, or past the run.
    @inline(__always)
    static func skipCodeSpan(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, runs: inout BacktickRuns?) -> Int {
        var j = start
        while j < end && buf[j] == UInt8(ascii: "`") { j += 1 }
        if runs == nil { runs = BacktickRuns(buf, from: start, to: end) }
        return runs?.closingRun(length: j - start, from: j) ?? j
    }

    /// The index just past the first run of exactly `length` starting at or after `from`, if any.
    func closingRun(length: Int, from: Int) -> Int? {
        let wanted = UInt64(length) << 32 | UInt64(from)
        let low = BinarySearch.partitionPoint(in: runs.indices) { runs[$0] < wanted }
        guard low < runs.count, runs[low] >> 32 == UInt64(length) else { return nil }
        return Int(runs[low] & 0xFFFF_FFFF) + length
    }
}
