/// The maximal backtick runs of a line of text (where its code spans open and close), sorted by
/// length and then by start, one word each (`length << 32 | start`). A closing run is found by
/// binary search, so a scan stays n log n however many different lengths the runs have (searching
/// the rest of the line for each opening run was quadratic), with one array and no dictionaries.
/// The field scanner and ``ObsidianComment`` both skip code spans with it.
struct BacktickRuns {
    private var runs: [UInt64] = []

    init(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) {
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

    /// The index just past the first run of exactly `length` starting at or after `from`, if any.
    func closingRun(length: Int, from: Int) -> Int? {
        let wanted = UInt64(length) << 32 | UInt64(from)
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, runs[low] >> 32 == UInt64(length) else { return nil }
        return Int(runs[low] & 0xFFFF_FFFF) + length
    }
}
