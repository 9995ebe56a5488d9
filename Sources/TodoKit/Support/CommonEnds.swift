#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole lines two different texts share at their start and at their end, found by comparing
/// bytes (not lines), so that ``ChangedLines`` and ``UnifiedDiff`` split and compare only the
/// lines between: work in proportion to what changed, not to the size of the texts.
///
/// The shared ends are cut back to line starts that are line starts in both texts (a carriage
/// return just before a cut might pair with a line feed in one text and not in the other), so the
/// lines of each end are the same lines, with the same endings, in both texts.
struct CommonEnds {
    /// Where the lines between start, in both texts: a line start in both.
    let start: Int
    /// Where the shared last lines start in the first text (its size when there are none).
    let oldEnd: Int
    /// Where the shared last lines start in the second text (its size when there are none).
    let newEnd: Int
    /// How many lines come before ``start``.
    let prefixLines: Int
    /// Whether only a line feed ends a line (as `diff` reads text); otherwise a CR LF or a lone
    /// CR does too.
    let lineFeedOnly: Bool

    /// Finds the shared ends of `old` and `new`.
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text.
    ///   - lineFeedOnly: Whether only a line feed ends a line.
    init(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>, lineFeedOnly: Bool) {
        self.lineFeedOnly = lineFeedOnly
        let shared = SameBytes.commonPrefixCount(old, new)
        var cut = shared
        // A CR just before the first difference may end its line alone in one text and pair with
        // the LF that follows in the other.
        if !lineFeedOnly, cut > 0, old[cut - 1] == 0x0D { cut -= 1 }
        var start = cut
        while start > 0, !Self.isEnding(old[start - 1], lineFeedOnly) { start -= 1 }
        self.start = start

        let tail = SameBytes.commonSuffixCount(old, new, limit: min(old.count, new.count) - start)
        var oldEnd = old.count - tail, newEnd = new.count - tail
        if tail > 0, !(LineEnding.isLineStart(in: old, at: oldEnd, lineFeedOnly: lineFeedOnly)
                       && LineEnding.isLineStart(in: new, at: newEnd, lineFeedOnly: lineFeedOnly)) {
            // The first line start inside the shared end; from there on both texts have the same
            // bytes, so the same line starts.
            var next = old.count
            var i = oldEnd
            while i < old.count {
                let byte = old[i]
                i += 1
                if byte == 0x0A || (!lineFeedOnly && byte == 0x0D && (i == old.count || old[i] != 0x0A)) {
                    next = i
                    break
                }
            }
            newEnd += next - oldEnd
            oldEnd = next
        }
        self.oldEnd = oldEnd
        self.newEnd = newEnd
        prefixLines = Self.lineEndingCount(old, 0..<start, lineFeedOnly: lineFeedOnly)
    }

    /// Whether `byte` ends a line (or, for a CR, the first byte of a CR LF that does).
    @inline(__always) private static func isEnding(_ byte: UInt8, _ lineFeedOnly: Bool) -> Bool {
        byte == 0x0A || (!lineFeedOnly && byte == 0x0D)
    }

    /// How many line endings `text[range]` holds (a CR LF is one); `range` starts at a line start
    /// and does not end between the CR and the LF of a pair. Without CRs, line feed by line feed
    /// with `memchr`; with them, eight bytes at a time, the endings of each byte lane summed in
    /// the lanes of one word (no population count, which the baseline x86-64 lacks).
    static func lineEndingCount(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineFeedOnly: Bool) -> Int {
        guard let base = text.baseAddress, !range.isEmpty else { return 0 }
        let carriageReturns = !lineFeedOnly && memchr(base + range.lowerBound, 0x0D, range.count) != nil
        var count = 0
        var i = range.lowerBound
        if !carriageReturns {
            // Lines of text are long enough for the C library's vector search to beat lanes.
            while let next = LineEnding.nextLineFeedStart(in: text, from: i, to: range.upperBound) {
                count += 1
                i = next
            }
            return count
        }
        let lineFeedLanes: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, carriageReturnLanes: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        var carriageReturnBefore = false
        var lanes: UInt64 = 0, words = 0
        while i + 8 <= range.upperBound {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            var endings = ByteLanes.exactZeroBytes(word ^ lineFeedLanes)
            let returns = ByteLanes.exactZeroBytes(word ^ carriageReturnLanes)
            // A CR LF counts once, at its CR (the pair may straddle two words).
            if carriageReturnBefore, endings & 0x80 != 0 { count -= 1 }
            endings = (endings & ~(returns << 8)) | returns
            carriageReturnBefore = returns >> 63 != 0
            lanes &+= endings >> 7
            words += 1
            if words == 255 {
                count += laneSum(lanes)
                lanes = 0
                words = 0
            }
            i += 8
        }
        count += laneSum(lanes)
        while i < range.upperBound {
            let byte = base[i]
            if byte == 0x0A {
                if !carriageReturnBefore { count += 1 }
            } else if byte == 0x0D {
                count += 1
            }
            carriageReturnBefore = byte == 0x0D
            i += 1
        }
        return count
    }

    /// The sum of the eight byte lanes of `x`.
    @inline(__always) private static func laneSum(_ x: UInt64) -> Int {
        let pairs = (x & 0x00FF_00FF_00FF_00FF) &+ ((x >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The byte ranges of up to `count` lines that end where `end` is (a line start), in order.
    static func lines(_ text: UnsafeBufferPointer<UInt8>, before end: Int, count: Int, lineFeedOnly: Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var upper = end
        while result.count < count, upper > 0 {
            var lower = upper - 1
            // Step over the line's own ending, then back to the previous ending.
            if !lineFeedOnly, text[lower] == 0x0A, lower > 0, text[lower - 1] == 0x0D { lower -= 1 }
            while lower > 0, !isEnding(text[lower - 1], lineFeedOnly) { lower -= 1 }
            result.append(lower..<upper)
            upper = lower
        }
        return result.reversed()
    }

    /// The byte ranges of up to `count` lines from `start` (a line start) on.
    static func lines(_ text: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, lineFeedOnly: Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var lower = start
        while result.count < count, lower < text.count {
            let next = lineFeedOnly ? LineEnding.nextLineFeedStart(in: text, from: lower, to: text.count)
                : LineEnding.nextLineStart(in: text, from: lower, to: text.count)
            let upper = next ?? text.count
            result.append(lower..<upper)
            lower = upper
        }
        return result
    }

    /// Whether the line diff of the whole texts (as ``LineDiff`` finds it, runs slid included)
    /// changes exactly the lines between the shared ends, so that they need no diff.
    ///
    /// It does when no line between in one text equals a line between in the other (the search
    /// then finds nothing to match there: a line kept because it equals one in a shared end
    /// cannot match across a cut, as it differs from the lines at the cuts), and no run can
    /// slide over a cut: the last line between on each side differs from the last shared line
    /// before, and no line between equals the first shared line after.
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text.
    ///   - oldMiddle: The lines of `old` between the shared ends.
    ///   - newMiddle: The lines of `new` between the shared ends.
    ///   - ends: The shared ends.
    /// - Returns: `true` when every line between changes and no other line does.
    static func onlyMiddleChanges<Lines: RandomAccessCollection<Range<Int>>>(old: [UInt8], new: [UInt8], oldMiddle: Lines,
                                                                           newMiddle: Lines, ends: CommonEnds) -> Bool {
        let (before, after) = old.withUnsafeBufferPointer { buf in
            (lines(buf, before: ends.start, count: 1, lineFeedOnly: ends.lineFeedOnly).first,
             lines(buf, from: ends.oldEnd, count: 1, lineFeedOnly: ends.lineFeedOnly).first)
        }
        for (text, middle) in [(new, newMiddle), (old, oldMiddle)] {
            if let before, let last = middle.last, SameBytes.equal(old[before], text[last]) { return false }
            if let after, middle.contains(where: { SameBytes.equal(old[after], text[$0]) }) { return false }
        }
        guard !oldMiddle.isEmpty, !newMiddle.isEmpty else { return true }
        let oldKeys = Set(oldMiddle.map { LineKey(old[$0]) })
        return !newMiddle.contains { oldKeys.contains(LineKey(new[$0])) }
    }
}
