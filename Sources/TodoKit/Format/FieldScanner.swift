/// Finds metadata fields in a task's text: plain `due:2026-12-01`, emoji `📅 2026-12-01`, and
/// Dataview `[due:: 2026-12-01]`. A field is a whole token (white space or the line's ends around
/// it) and never inside a backtick code span; anything that does not fully match is text.
enum FieldScanner {
    private static let variationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]
    private static let priorityLongestFirst: [Priority] = [.highest, .lowest, .medium, .high, .low]

    /// Every valid field token in `[from, to)`, in order.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> [TaskText.Occurrence] {
        var found: [TaskText.Occurrence] = []
        scan(buf, from: from, to: end, into: &found)
        return found
    }

    /// Appends every valid field token in `[from, to)` to `found`, in order.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, into found: inout [TaskText.Occurrence]) {
        if scanWithoutEscapesOrCode(buf, from: from, to: end, into: &found) { return }
        var i = from
        var atTokenStart = true
        // The text's backtick runs, read once when the first backtick is met.
        var runs: BacktickRuns?
        while i < end {
            let c = buf[i]
            if isSpaceOrTab(c) {
                atTokenStart = true
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                // CommonMark escapes only ASCII punctuation.
                atTokenStart = false
                i += (i + 1 < end && isASCIIPunctuation(buf[i + 1])) ? 2 : 1
                continue
            }
            if c == UInt8(ascii: "`") {
                var j = i
                while j < end && buf[j] == c { j += 1 }
                if runs == nil { runs = BacktickRuns(buf, from: i, to: end) }
                // A code span runs to the next run of the same length; without one the run is text.
                i = runs?.closingRun(length: j - i, from: j) ?? j
                atTokenStart = false
                continue
            }
            if atTokenStart, let match = field(buf, at: i, end: end) {
                found.append(match)
                i = match.range.upperBound
                atTokenStart = false
                continue
            }
            atTokenStart = false
            i = skipToken(buf, from: i + 1, to: end)
        }
    }

    /// ``scan(_:from:to:into:)`` for text without backslashes and backticks, the usual case: then a
    /// field can only start where a token does, and only at a token holding `:` (plain fields),
    /// starting with `[`, `(` (Dataview) or a non-ASCII byte (emoji), so the text is searched
    /// eight bytes at a time for those bytes instead of token by token. Returns false, having
    /// added nothing, when the text has a backslash or a backtick.
    private static func scanWithoutEscapesOrCode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int,
                                                 into found: inout [TaskText.Occurrence]) -> Bool {
        let initial = found.count
        let raw = UnsafeRawPointer(buf.baseAddress!)
        var i = from
        // Token starts before this index lie inside an earlier field.
        var resume = from
        // The last token start tried without success (a token may hold several candidate bytes).
        var failed = -1
        while true {
            // The next `:`, `[`, `(`, backslash, backtick or non-ASCII byte.
            while i + 8 <= end {
                let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let flags = zeroBytes(w ^ 0x3A3A_3A3A_3A3A_3A3A) | zeroBytes(w ^ 0x5B5B_5B5B_5B5B_5B5B)
                    | zeroBytes(w ^ 0x2828_2828_2828_2828) | zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
                    | zeroBytes(w ^ 0x6060_6060_6060_6060) | (w & 0x8080_8080_8080_8080)
                if flags != 0 {
                    i += flags.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            while i < end {
                let c = buf[i]
                if c == 0x3A || c == 0x5B || c == 0x28 || c == 0x5C || c == 0x60 || c >= 0x80 { break }
                i += 1
            }
            guard i < end else { return true }
            let c = buf[i]
            if c == UInt8(ascii: "\\") || c == UInt8(ascii: "`") {
                found.removeSubrange(initial...)
                return false
            }
            var start = i
            if c == UInt8(ascii: ":") {
                while start > from && !isSpaceOrTab(buf[start - 1]) { start -= 1 }
            } else if start > from && !isSpaceOrTab(buf[start - 1]) {
                i += 1
                continue
            }
            if start >= resume && start != failed {
                if let match = field(buf, at: start, end: end) {
                    found.append(match)
                    resume = match.range.upperBound
                    i = resume
                    continue
                }
                failed = start
            }
            i += 1
        }
    }

    /// The rest of an ordinary token: the index of the next space, tab, backslash or backtick
    /// at or after `from`, or `end`. Eight bytes at a time.
    @inline(__always) private static func skipToken(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(buf.baseAddress!)
        while i + 8 <= end {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // The lowest flagged byte of each test is exact (false flags only sit above a true one).
            let found = zeroBytes(w ^ 0x2020_2020_2020_2020) | zeroBytes(w ^ 0x0909_0909_0909_0909)
                | zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C) | zeroBytes(w ^ 0x6060_6060_6060_6060)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let d = buf[i]
            if d == 0x20 || d == 0x09 || d == UInt8(ascii: "\\") || d == UInt8(ascii: "`") { break }
            i += 1
        }
        return i
    }

    /// The high bit of each byte of `x` that is zero (and possibly of bytes above one that is).
    @inline(__always) private static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The maximal backtick runs of a text, sorted by length and then by start, one word each
    /// (`length << 32 | start`). A closing run is found by binary search, so the whole scan stays
    /// n log n however many different lengths the runs have (searching the rest of the line for
    /// each opening run was quadratic), with one array and no dictionaries.
    private struct BacktickRuns {
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

    private static func field(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let c = buf[i]
        if c == UInt8(ascii: "d") || c == UInt8(ascii: "s") || c == UInt8(ascii: "c") || c == UInt8(ascii: "p") {
            return plain(buf, at: i, end: end)
        }
        if c == UInt8(ascii: "[") || c == UInt8(ascii: "(") {
            return dataview(buf, at: i, end: end)
        }
        if c >= 0xE2 {
            return emoji(buf, at: i, end: end)
        }
        return nil
    }

    private static func plain(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        // Most words fail on their first or second byte; at most one key can match.
        let key: FieldKey
        let v: Int
        switch buf[i] {
        case UInt8(ascii: "d"):
            if hasPrefix(buf, at: i, end: end, "due:") {
                (key, v) = (.due, i + 4)
            } else if hasPrefix(buf, at: i, end: end, "done:") {
                (key, v) = (.done, i + 5)
            } else {
                return nil
            }
        case UInt8(ascii: "s"):
            if hasPrefix(buf, at: i, end: end, "start:") {
                (key, v) = (.start, i + 6)
            } else if hasPrefix(buf, at: i, end: end, "scheduled:") {
                (key, v) = (.scheduled, i + 10)
            } else {
                return nil
            }
        case UInt8(ascii: "c"):
            if hasPrefix(buf, at: i, end: end, "created:") {
                (key, v) = (.created, i + 8)
            } else if hasPrefix(buf, at: i, end: end, "cancelled:") {
                (key, v) = (.cancelled, i + 10)
            } else {
                return nil
            }
        case UInt8(ascii: "p"):
            guard hasPrefix(buf, at: i, end: end, "priority:") else { return nil }
            (key, v) = (.priority, i + 9)
        default:
            return nil
        }
        if key == .priority {
            for p in Priority.allCases where hasPrefix(buf, at: v, end: end, p.word) && isBoundary(buf, v + p.word.utf8CodeUnitCount, end) {
                return TaskText.Occurrence(range: i..<(v + p.word.utf8CodeUnitCount), field: Field(key: key, value: .priority(p), style: .plain))
            }
            return nil
        }
        if let day = day(buf, at: v, end: end), isBoundary(buf, v + 10, end) {
            return TaskText.Occurrence(range: i..<(v + 10), field: Field(key: key, value: .day(day), style: .plain))
        }
        return nil
    }

    private static func dataview(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let close = buf[i] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        var j = skipSpaces(buf, i + 1, end)
        guard j < end else { return nil }
        // As with plain keys, at most one name matches.
        let name: StaticString
        let key: FieldKey
        switch buf[j] {
        case UInt8(ascii: "c"):
            if hasPrefix(buf, at: j, end: end, "created::") {
                (name, key) = ("created::", .created)
            } else if hasPrefix(buf, at: j, end: end, "completion::") {
                (name, key) = ("completion::", .done)
            } else {
                (name, key) = ("cancelled::", .cancelled)
            }
        case UInt8(ascii: "s"):
            (name, key) = hasPrefix(buf, at: j, end: end, "start::") ? ("start::", .start) : ("scheduled::", .scheduled)
        case UInt8(ascii: "d"):
            (name, key) = ("due::", .due)
        case UInt8(ascii: "p"):
            (name, key) = ("priority::", .priority)
        default:
            return nil
        }
        guard hasPrefix(buf, at: j, end: end, name) else { return nil }
        j = skipSpaces(buf, j + name.utf8CodeUnitCount, end)
        let value: Field.Value
        if key == .priority {
            // The longest word that matches: `low` is a prefix of `lowest`.
            guard let p = priorityLongestFirst.first(where: { hasPrefix(buf, at: j, end: end, $0.word) }) else { return nil }
            value = .priority(p)
            j += p.word.utf8CodeUnitCount
        } else {
            guard let day = day(buf, at: j, end: end) else { return nil }
            value = .day(day)
            j += 10
        }
        j = skipSpaces(buf, j, end)
        guard j < end, buf[j] == close else { return nil }
        j += 1
        // A comma may follow, with spaces before it (`[due:: 2026-12-01], [priority:: high] ,`): Obsidian
        // Tasks documents commas between Dataview fields and reads the comma as part of the field.
        var k = j
        while k < end && buf[k] == 0x20 { k += 1 }
        if k < end && buf[k] == UInt8(ascii: ",") && isBoundary(buf, k + 1, end) { j = k + 1 }
        guard isBoundary(buf, j, end) else { return nil }
        return TaskText.Occurrence(range: i..<j, field: Field(key: key, value: value, style: .dataview))
    }

    private static func emoji(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let width = UTF8Scalar.width(leadingByte: buf[i])
        guard width >= 3, i + width <= end else { return nil }
        let key: FieldKey
        var priority: Priority?
        switch UTF8Scalar.decode(buf, at: i, width: width) {
        case "➕": key = .created
        case "🛫": key = .start
        case "⏳", "⌛": key = .scheduled
        case "📅", "📆", "🗓": key = .due
        case "✅": key = .done
        case "❌": key = .cancelled
        case "🔺": (key, priority) = (.priority, .highest)
        case "⏫": (key, priority) = (.priority, .high)
        case "🔼": (key, priority) = (.priority, .medium)
        case "🔽": (key, priority) = (.priority, .low)
        case "⏬": (key, priority) = (.priority, .lowest)
        default: return nil
        }
        var j = i + width
        if hasPrefix(buf, at: j, end: end, variationSelector) { j += variationSelector.count }
        if let p = priority {
            guard isBoundary(buf, j, end) else { return nil }
            return TaskText.Occurrence(range: i..<j, field: Field(key: .priority, value: .priority(p), style: .emoji))
        }
        // Obsidian Tasks reads the date with or without spaces after the emoji (`📅2026-12-01`).
        while j < end && buf[j] == 0x20 { j += 1 }
        guard let day = day(buf, at: j, end: end), isBoundary(buf, j + 10, end) else { return nil }
        return TaskText.Occurrence(range: i..<(j + 10), field: Field(key: key, value: .day(day), style: .emoji))
    }

    private static func day(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Day? {
        guard i + 10 <= end else { return nil }
        return Day(isoBytes: buf, at: i)
    }

    @inline(__always) private static func isASCIIPunctuation(_ c: UInt8) -> Bool {
        (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
    }

    @inline(__always) private static func isBoundary(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        i >= end || isSpaceOrTab(buf[i])
    }

    @inline(__always) private static func skipSpaces(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var j = i
        while j < end && isSpaceOrTab(buf[j]) { j += 1 }
        return j
    }

    @inline(__always) private static func hasPrefix(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, _ prefix: [UInt8]) -> Bool {
        guard end - i >= prefix.count else { return false }
        var k = 0
        while k < prefix.count {
            if buf[i + k] != prefix[k] { return false }
            k += 1
        }
        return true
    }

    @inline(__always) private static func hasPrefix(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard end - i >= n else { return false }
        let p = prefix.utf8Start
        var k = 0
        while k < n {
            if buf[i + k] != p[k] { return false }
            k += 1
        }
        return true
    }
}
