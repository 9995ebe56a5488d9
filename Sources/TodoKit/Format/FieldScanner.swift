/// Finds metadata fields in a task's text: plain `due:2026-12-01`, emoji `📅 2026-12-01`, and
/// Dataview `[due:: 2026-12-01]`. A field is a whole token (white space or the line's ends around
/// it) and never inside a backtick code span; anything that does not fully match is text.
enum FieldScanner {
    private struct Emoji {
        let bytes: [UInt8]
        let key: FieldKey
        let priority: Priority?
    }

    private static let plainKeys: [([UInt8], FieldKey)] = FieldKey.allCases.map { (Array("\($0.rawValue):".utf8), $0) }

    private static let dataviewKeys: [([UInt8], FieldKey)] = ([
        ("created", .created), ("start", .start), ("scheduled", .scheduled), ("due", .due),
        ("completion", .done), ("cancelled", .cancelled), ("priority", .priority),
    ] as [(String, FieldKey)]).map { (Array($0.0.utf8), $0.1) }

    private static let emojis: [Emoji] = {
        var list: [Emoji] = [
            ("➕", FieldKey.created), ("🛫", .start), ("⏳", .scheduled), ("⌛", .scheduled),
            ("📅", .due), ("📆", .due), ("🗓", .due), ("✅", .done), ("❌", .cancelled),
        ].map { Emoji(bytes: Array($0.0.unicodeScalars.first!.utf8), key: $0.1, priority: nil) }
        for p in Priority.allCases {
            list.append(Emoji(bytes: Array(p.emoji.unicodeScalars.first!.utf8), key: .priority, priority: p))
        }
        return list
    }()

    private static let variationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]
    /// Longest first, so that `lowest` is not read as `low`.
    private static let priorityWords: [([UInt8], Priority)] = Priority.allCases
        .map { (Array($0.rawValue.utf8), $0) }
        .sorted { $0.0.count > $1.0.count }

    /// Every valid field token in `[from, to)`, in order.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> [TaskText.Occurrence] {
        var found: [TaskText.Occurrence] = []
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
            i += 1
        }
        return found
    }

    /// The maximal backtick runs of a text, grouped by length. Closing runs are looked up from
    /// positions that only grow, so each length keeps a cursor and the whole scan stays linear
    /// (searching the rest of the line for each opening run took time quadratic in the line's
    /// length when the runs had many different lengths).
    private struct BacktickRuns {
        private var starts: [Int: [Int]] = [:]
        private var cursors: [Int: Int] = [:]

        init(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) {
            var i = from
            while i < end {
                guard buf[i] == UInt8(ascii: "`") else {
                    i += 1
                    continue
                }
                var j = i
                while j < end && buf[j] == UInt8(ascii: "`") { j += 1 }
                starts[j - i, default: []].append(i)
                i = j
            }
        }

        /// The index just past the first run of exactly `length` starting at or after `from`, if any.
        mutating func closingRun(length: Int, from: Int) -> Int? {
            guard let list = starts[length] else { return nil }
            var k = cursors[length] ?? 0
            while k < list.count && list[k] < from { k += 1 }
            cursors[length] = k
            return k < list.count ? list[k] + length : nil
        }
    }

    private static func field(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let c = buf[i]
        if c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") {
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
        for (prefix, key) in plainKeys where hasPrefix(buf, at: i, end: end, prefix) {
            let v = i + prefix.count
            if key == .priority {
                for (word, p) in priorityWords where hasPrefix(buf, at: v, end: end, word) && isBoundary(buf, v + word.count, end) {
                    return TaskText.Occurrence(range: i..<(v + word.count), field: Field(key: key, value: .priority(p), style: .plain))
                }
                return nil
            }
            if let day = day(buf, at: v, end: end), isBoundary(buf, v + 10, end) {
                return TaskText.Occurrence(range: i..<(v + 10), field: Field(key: key, value: .day(day), style: .plain))
            }
            return nil
        }
        return nil
    }

    private static func dataview(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let close = buf[i] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        var j = skipSpaces(buf, i + 1, end)
        for (name, key) in dataviewKeys where hasPrefix(buf, at: j, end: end, name + [0x3A, 0x3A]) {
            j = skipSpaces(buf, j + name.count + 2, end)
            let value: Field.Value
            if key == .priority {
                // The longest word that matches: `low` is a prefix of `lowest`.
                guard let (p, after) = priorityWords.compactMap({ (word, p) -> (Priority, Int)? in
                    hasPrefix(buf, at: j, end: end, word) ? (p, j + word.count) : nil
                }).max(by: { $0.1 < $1.1 }) else { return nil }
                value = .priority(p)
                j = after
            } else {
                guard let day = day(buf, at: j, end: end) else { return nil }
                value = .day(day)
                j += 10
            }
            j = skipSpaces(buf, j, end)
            guard j < end, buf[j] == close, isBoundary(buf, j + 1, end) else { return nil }
            return TaskText.Occurrence(range: i..<(j + 1), field: Field(key: key, value: value, style: .dataview))
        }
        return nil
    }

    private static func emoji(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        for e in emojis where hasPrefix(buf, at: i, end: end, e.bytes) {
            var j = i + e.bytes.count
            if hasPrefix(buf, at: j, end: end, variationSelector) { j += variationSelector.count }
            if let p = e.priority {
                guard isBoundary(buf, j, end) else { return nil }
                return TaskText.Occurrence(range: i..<j, field: Field(key: .priority, value: .priority(p), style: .emoji))
            }
            let spacesStart = j
            while j < end && buf[j] == 0x20 { j += 1 }
            guard j > spacesStart, let day = day(buf, at: j, end: end), isBoundary(buf, j + 10, end) else { return nil }
            return TaskText.Occurrence(range: i..<(j + 10), field: Field(key: e.key, value: .day(day), style: .emoji))
        }
        return nil
    }

    private static func day(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Day? {
        guard i + 10 <= end else { return nil }
        return Day(isoBytes: UnsafeBufferPointer(rebasing: buf[i..<(i + 10)]))
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
}
