#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A code span or an HTML comment that a task's first line opens and only a later line of its
/// paragraph closes (`- [x] run `make` / `  test` first`): the line ends inside it, so nothing may be
/// appended to the line, and no field is read from it (docs/FORMAT.md, section 2).
enum ContinuedSpan {
    /// Where such a span opens in `line` (the task's text after its checkbox), given `rest` (the
    /// paragraph's later lines, their container prefixes included: those hold no backtick and no
    /// `-->`); nil when the line ends outside every code span and comment. As CommonMark reads a
    /// paragraph, left to right: a backtick run closed by the next run of its length, a `<!--` by
    /// the next `-->` (any `<!--`: reading one that is no comment as one only keeps a line as
    /// written), a backslash escaping the punctuation after it. Linear: each closer is searched for
    /// on the line once per kind, the rest read once at most.
    static func start(_ buf: UnsafeBufferPointer<UInt8>, line: Range<Int>, rest: Range<Int>) -> Int? {
        guard mayOpen(buf, line) else { return nil }
        let end = line.upperBound
        var runs: BacktickRuns?
        var restRuns: Set<Int>?
        var restClosesComment: Bool?
        // Whether no `-->` follows on the line (then none after a later `<!--` either).
        var lineHasNoCommentEnd = false
        var i = line.lowerBound
        while i < end {
            let c = buf[i]
            if c == UInt8(ascii: "\\") {
                i += i + 1 < end && buf[i + 1].isASCIIPunctuation ? 2 : 1
                continue
            }
            if c == UInt8(ascii: "`") {
                var j = i
                while j < end && buf[j] == UInt8(ascii: "`") { j += 1 }
                if runs == nil { runs = BacktickRuns(buf, from: i, to: end) }
                if let close = runs?.closingRun(length: j - i, from: j) {
                    i = close
                    continue
                }
                if restRuns == nil { restRuns = backtickRunLengths(buf, rest) }
                if restRuns?.contains(j - i) == true { return i }
                i = j
                continue
            }
            if c == UInt8(ascii: "<") && startsComment(buf, at: i, end: end) {
                if !lineHasNoCommentEnd, let close = commentEnd(buf, from: i + 4, to: end) {
                    i = close
                    continue
                }
                lineHasNoCommentEnd = true
                if restClosesComment == nil { restClosesComment = commentEnd(buf, from: rest.lowerBound, to: rest.upperBound) != nil }
                if restClosesComment == true { return i }
                i += 4
                continue
            }
            i += 1
        }
        return nil
    }

    /// Whether `line` holds a backtick or a `<` (without either it opens no span). Eight bytes at a time.
    static func mayOpen(_ buf: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        let raw = UnsafeRawPointer(buf.baseAddress!)
        var i = line.lowerBound
        while i + 8 <= line.upperBound {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if ByteLanes.zeroBytes(w ^ 0x6060_6060_6060_6060) | ByteLanes.zeroBytes(w ^ 0x3C3C_3C3C_3C3C_3C3C) != 0 { return true }
            i += 8
        }
        while i < line.upperBound {
            if buf[i] == UInt8(ascii: "`") || buf[i] == UInt8(ascii: "<") { return true }
            i += 1
        }
        return false
    }

    /// Where `<!--` occurs in `buf`, in order.
    static func commentStarts(in buf: UnsafeBufferPointer<UInt8>) -> [Int32] {
        guard let base = buf.baseAddress else { return [] }
        var starts: [Int32] = []
        var i = 0
        while i < buf.count {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "<")), buf.count - i) else { break }
            let at = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if startsComment(buf, at: at, end: buf.count) { starts.append(Int32(truncatingIfNeeded: at)) }
            i = at + 1
        }
        return starts
    }

    /// Whether `<!--` stands at `i`.
    @inline(__always) static func startsComment(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        i + 4 <= end && buf[i + 1] == UInt8(ascii: "!") && buf[i + 2] == UInt8(ascii: "-") && buf[i + 3] == UInt8(ascii: "-")
    }

    /// Just past the first `-->` in `[from, to)`, if any.
    static func commentEnd(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        while i + 3 <= end {
            if buf[i + 2] != UInt8(ascii: ">") {
                // The `>` decides most positions; a byte that is not `-` or `>` there skips three.
                i += buf[i + 2] == UInt8(ascii: "-") ? 1 : 3
                continue
            }
            if buf[i] == UInt8(ascii: "-") && buf[i + 1] == UInt8(ascii: "-") { return i + 3 }
            i += 1
        }
        return nil
    }

    /// The lengths of the backtick runs in `range`.
    private static func backtickRunLengths(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Set<Int> {
        var lengths: Set<Int> = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard buf[i] == UInt8(ascii: "`") else {
                i += 1
                continue
            }
            var j = i
            while j < range.upperBound && buf[j] == UInt8(ascii: "`") { j += 1 }
            lengths.insert(j - i)
            i = j
        }
        return lengths
    }
}
