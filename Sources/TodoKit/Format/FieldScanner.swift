/// Finds metadata fields in a task's text: plain `due:2026-12-01`, emoji `📅 2026-12-01`, and
/// Dataview `[due:: 2026-12-01]` (and the rarer keys and values: `rec:+1w`, `🔁 every week`,
/// `due:tomorrow`, `🆔 abc`, …). A field is a whole token (white space or the line's ends around
/// it) and never inside a backtick code span or an HTML comment `<!-- … -->`; anything that does
/// not fully match is text.
enum FieldScanner {
    private static let variationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]
    private static let priorityLongestFirst: [Priority] = [.highest, .lowest, .medium, .high, .low]

    /// Every valid field token in `[from, to)`, in order.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> [TaskText.Occurrence] {
        var found: [TaskText.Occurrence] = []
        scan(buf, from: from, to: end, into: &found)
        return found
    }

    /// Appends every valid field token in `[from, to)` to `found`, in order, where `[from, to)` holds
    /// no `<!--` (``scanTokens(_:from:to:into:)`` reads any text).
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, into found: inout [TaskText.Occurrence]) {
        let rest = scanWithoutEscapesOrCode(buf, from: from, to: end, into: &found)
        if rest < end { scanTokens(buf, from: rest, to: end, into: &found) }
    }

    /// ``scan(_:from:to:into:)`` token by token, the general way (backslash escapes, code spans),
    /// from `from`, the text's start or the start of one of its tokens (after a space or a tab).
    static func scanTokens(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, into found: inout [TaskText.Occurrence]) {
        var i = from
        var atTokenStart = true
        // The text's backtick runs, read once when the first backtick is met.
        var runs: BacktickRuns?
        // Whether no `-->` follows: then none follows a later `<!--` either.
        var noCommentEnd = false
        while i < end {
            let c = buf[i]
            if c.isSpaceOrTab {
                atTokenStart = true
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\") {
                // CommonMark escapes only ASCII punctuation.
                atTokenStart = false
                i += (i + 1 < end && buf[i + 1].isASCIIPunctuation) ? 2 : 1
                continue
            }
            if c == UInt8(ascii: "`") {
                i = BacktickRuns.skipCodeSpan(buf, at: i, end: end, runs: &runs)
                atTokenStart = false
                continue
            }
            if c == UInt8(ascii: "<") && ContinuedSpan.startsComment(buf, at: i, end: end) {
                // A comment is text, fields and all (what it hides would show); unclosed, `<!--` is text.
                let close = noCommentEnd ? nil : ContinuedSpan.commentEnd(buf, from: i + 4, to: end)
                noCommentEnd = close == nil
                i = close ?? i + 4
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

    /// ``scan(_:from:to:into:)`` up to the first backslash or backtick, the usual case being a text
    /// with neither: there a field can only start where a token does, and only at a token holding
    /// `:` (plain fields), starting with `[`, `(` (Dataview) or a non-ASCII byte (emoji), so the
    /// text is searched eight bytes at a time for those bytes instead of token by token. Returns
    /// `end` when the text has no backslash or backtick outside the fields found, else the start of
    /// the token that holds the first one (``scanTokens(_:from:to:into:)`` goes on from there: the
    /// tokens before it hold neither, so they read the same either way).
    private static func scanWithoutEscapesOrCode(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int,
                                                 into found: inout [TaskText.Occurrence]) -> Int {
        let raw = UnsafeRawPointer(buf.baseAddress!)
        var i = from
        // Token starts before this index lie inside an earlier field.
        var resume = from
        // The last token start tried without success (a token may hold several candidate bytes).
        var failed = -1
        while true {
            // The next `:`, `[`, `(`, backslash, backtick or non-ASCII byte.
            while i + 8 <= end {
                let flags = candidateBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if flags != 0 {
                    i += flags.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            if i < end && i + 8 > end {
                if end >= 8 {
                    // The last bytes: the eight that end the text (all in `buf`), those before `i`
                    // shifted out (the zeros shifted in are no candidates).
                    let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
                    let flags = candidateBytes(w >> UInt64(8 * (i + 8 - end)))
                    i = flags == 0 ? end : i + flags.trailingZeroBitCount >> 3
                } else {
                    while i < end {
                        let c = buf[i]
                        if c == 0x3A || c == 0x5B || c == 0x28 || c == 0x5C || c == 0x60 || c >= 0x80 { break }
                        i += 1
                    }
                }
            }
            guard i < end else { return end }
            let c = buf[i]
            if c == UInt8(ascii: "\\") || c == UInt8(ascii: "`") {
                // Past the last field found, a boundary (a space or a tab) stands before its token.
                return tokenStart(buf, before: i, from: from)
            }
            var start = i
            if c == UInt8(ascii: ":") {
                start = tokenStart(buf, before: i, from: from)
            } else if start > from && !buf[start - 1].isSpaceOrTab {
                // Inside a token only a `:` matters: pass the rest of a run of non-ASCII bytes
                // (a word in another script) at once rather than a byte at a time.
                i += 1
                while i < end && buf[i] >= 0x80 { i += 1 }
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

    /// The rest of an ordinary token: the index of the next space, tab, backslash, backtick or `<`
    /// at or after `from`, or `end`. Eight bytes at a time.
    @inline(__always) private static func skipToken(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(buf.baseAddress!)
        while i + 8 <= end {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // The lowest flagged byte of each test is exact (false flags only sit above a true one).
            let found = ByteLanes.zeroBytes(w ^ 0x2020_2020_2020_2020) | ByteLanes.zeroBytes(w ^ 0x0909_0909_0909_0909)
                | ByteLanes.zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C) | ByteLanes.zeroBytes(w ^ 0x6060_6060_6060_6060)
                | ByteLanes.zeroBytes(w ^ 0x3C3C_3C3C_3C3C_3C3C)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let d = buf[i]
            if d.isSpaceOrTab || d == UInt8(ascii: "\\") || d == UInt8(ascii: "`") || d == UInt8(ascii: "<") { break }
            i += 1
        }
        return i
    }

    /// The start of the token that holds `i`: just past the last space or tab before it, or `from`.
    /// Eight bytes at a time, backwards (keys are up to 13 bytes long).
    @inline(__always) static func tokenStart(_ buf: UnsafeBufferPointer<UInt8>, before i: Int, from: Int) -> Int {
        let raw = UnsafeRawPointer(buf.baseAddress!)
        var start = i
        while start - from >= 8 {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start - 8, as: UInt64.self))
            let blanks = ByteLanes.exactZeroBytes(w ^ 0x2020_2020_2020_2020) | ByteLanes.exactZeroBytes(w ^ 0x0909_0909_0909_0909)
            if blanks != 0 { return start - 8 + (63 - blanks.leadingZeroBitCount) / 8 + 1 }
            start -= 8
        }
        while start > from && !buf[start - 1].isSpaceOrTab { start -= 1 }
        return start
    }

    /// The high bit of each byte of `w` that is `:`, `[`, `(`, a backslash, a backtick or not ASCII
    /// (and possibly of bytes above one that is: the lowest flagged byte is exact).
    @inline(__always) private static func candidateBytes(_ w: UInt64) -> UInt64 {
        ByteLanes.zeroBytes(w ^ 0x3A3A_3A3A_3A3A_3A3A) | ByteLanes.zeroBytes(w ^ 0x5B5B_5B5B_5B5B_5B5B)
            | ByteLanes.zeroBytes(w ^ 0x2828_2828_2828_2828) | ByteLanes.zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
            | ByteLanes.zeroBytes(w ^ 0x6060_6060_6060_6060) | (w & 0x8080_8080_8080_8080)
    }

    private static func field(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let c = buf[i]
        switch c {
        case UInt8(ascii: "d"), UInt8(ascii: "s"), UInt8(ascii: "c"), UInt8(ascii: "p"), UInt8(ascii: "r"), UInt8(ascii: "i"), UInt8(ascii: "o"):
            return plain(buf, at: i, end: end)
        case UInt8(ascii: "["), UInt8(ascii: "("):
            return dataview(buf, at: i, end: end)
        case 0xE2, 0xF0:
            // Every field emoji is U+2xxx (`E2`) or U+1Fxxx (`F0`): other scripts' letters are not decoded.
            return emoji(buf, at: i, end: end)
        default:
            return nil
        }
    }

    private static func plain(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let (head, tail) = sixteenBytes(buf, at: i)
        guard let (key, length) = plainKey(head, tail), end - i >= length else { return nil }
        let v = i + length
        if key == .priority {
            for p in Priority.allCases where hasPrefix(buf, at: v, end: end, p.word) && isBoundary(buf, v + p.word.utf8CodeUnitCount, end) {
                return TaskText.Occurrence(range: i..<(v + p.word.utf8CodeUnitCount), key: key, style: .plain, value: .priority(p))
            }
            return nil
        }
        if key.isDate, let day = day(buf, at: v, end: end), isBoundary(buf, v + 10, end) {
            return TaskText.Occurrence(range: i..<(v + 10), key: key, style: .plain, value: .day(day))
        }
        // The rarer values: the rest of the token.
        let e = tokenEnd(buf, from: v, to: end)
        guard e > v, let value = value(of: key, buf, v, e, style: .plain) else { return nil }
        return TaskText.Occurrence(range: i..<e, key: key, style: .plain, value: value)
    }

    /// The plain key (`due:` … `onCompletion:`, colon included) that the text starting with the
    /// sixteen bytes `head` (first eight) and `tail` (the next eight) starts with, and its length.
    /// Most words fail on their first or second byte; at most one key can match.
    @inline(__always) private static func plainKey(_ head: UInt64, _ tail: UInt64) -> (FieldKey, Int)? {
        // Each key's bytes as a little-endian word (`0x3A` is the colon).
        switch UInt8(truncatingIfNeeded: head) {
        case UInt8(ascii: "d"):
            if head & 0xFFFF_FFFF == 0x3A65_7564 { return (.due, 4) }
            if head & 0xFF_FFFF_FFFF == 0x3A_656E_6F64 { return (.done, 5) }
            if head == 0x4F73_646E_6570_6564 && tail & 0xFFFF == 0x3A6E { return (.dependsOn, 10) }
        case UInt8(ascii: "s"):
            if head & 0xFFFF_FFFF_FFFF == 0x3A74_7261_7473 { return (.start, 6) }
            if head == 0x656C_7564_6568_6373 && tail & 0xFFFF == 0x3A64 { return (.scheduled, 10) }
        case UInt8(ascii: "c"):
            if head == 0x3A64_6574_6165_7263 { return (.created, 8) }
            if head == 0x656C_6C65_636E_6163 && tail & 0xFFFF == 0x3A64 { return (.cancelled, 10) }
        case UInt8(ascii: "p"):
            if head == 0x7974_6972_6F69_7270 && tail & 0xFF == 0x3A { return (.priority, 9) }
        case UInt8(ascii: "r"):
            if head & 0xFFFF_FFFF == 0x3A63_6572 { return (.recurrence, 4) }
        case UInt8(ascii: "i"):
            if head & 0xFF_FFFF == 0x3A_6469 { return (.id, 3) }
        case UInt8(ascii: "o"):
            if head == 0x656C_706D_6F43_6E6F && tail & 0xFF_FFFF_FFFF == 0x3A_6E6F_6974 { return (.onCompletion, 13) }
        default:
            break
        }
        return nil
    }

    /// The sixteen bytes of `buf` from `i` as two little-endian words, zeros past the buffer's end
    /// (no key holds a zero byte).
    @inline(__always) private static func sixteenBytes(_ buf: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(buf.baseAddress!)
        if i + 16 <= buf.count {
            return (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)),
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
        }
        var words: (UInt64, UInt64) = (0, 0)
        var k = 0
        while k < 8 && i + k < buf.count {
            words.0 |= UInt64(buf[i + k]) << UInt64(8 * k)
            k += 1
        }
        while k < 16 && i + k < buf.count {
            words.1 |= UInt64(buf[i + k]) << UInt64(8 * (k - 8))
            k += 1
        }
        return words
    }

    /// A value other than `YYYY-MM-DD` and a priority, read from `[from, to)`: a relative date, a
    /// rule, an id or ids, keep/delete. `nil` when the text is not a value of the key.
    private static func value(of key: FieldKey, _ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, style: FieldStyle) -> TaskText.Occurrence.Value? {
        guard to - from <= (key == .recurrence ? RecurrenceRule.maximumLength : 200) else { return nil }
        switch key {
        case .id:
            return isIDList(buf, from, to, allowCommas: false) ? .text(from..<to) : nil
        case .dependsOn:
            return isIDList(buf, from, to, allowCommas: true) ? .ids(from..<to) : nil
        default:
            break
        }
        if key.isDate, to - from == 10, let day = Day(isoBytes: UnsafeBufferPointer(rebasing: buf[from..<to])) { return .day(day) }
        // A date key's other values are relative phrases, whose ASCII spellings hold only letters,
        // digits, blanks, `+` and `-`: other ASCII text (`2026-01-01,`) is refused without building
        // a string (text with non-ASCII bytes still goes the whole way: lower-casing may make ASCII).
        if key.isDate && !mayBeRelativePhrase(buf, from, to) { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[from..<to]), as: UTF8.self)
        switch key {
        case .priority:
            return Priority(rawValue: text).map { .priority($0) }
        case .recurrence:
            return RecurrenceRule(text).map { .recurrence($0) }
        case .onCompletion:
            // Obsidian Tasks reads the action in any case (`🏁 Delete`); it is written in lower case.
            return OnCompletion(rawValue: text.lowercased()).map { .onCompletion($0) }
        default:
            return DatePhrase.isRelative(text) ? .relative(from..<to) : nil
        }
    }

    /// False when `[from, to)` is ASCII and cannot be a relative phrase (``DatePhrase``): one holds
    /// a letter (its unit, its words) and nothing but letters, digits, spaces, tabs, `+` and `-`
    /// (`2026-01-01,` and the impossible `2026-02-30` are not).
    private static func mayBeRelativePhrase(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var nonASCII = false
        var other = false
        var letter = false
        for k in from..<to {
            let b = buf[k]
            if b >= 0x80 {
                nonASCII = true
            } else if b.isASCIIAlphanumeric {
                letter = letter || !b.isASCIIDigit
            } else if !(b.isSpaceOrTab || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")) {
                other = true
            }
        }
        return nonASCII || (letter && !other)
    }

    /// Obsidian Tasks' ids: letters, digits, `-` and `_`; with `allowCommas`, several joined by commas
    /// with spaces on either side (`ab , CD,EF`), as Obsidian Tasks reads a dependency list.
    private static func isIDList(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, allowCommas: Bool) -> Bool {
        guard allowCommas else {
            return from < to && (from..<to).allSatisfy { isIDByte(buf[$0]) }
        }
        return idListEnd(buf, from, to) == to
    }

    /// The end of the id list `id( *, *id)*` that starts at `from`, or `from` when no id starts there.
    private static func idListEnd(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var k = from
        while k < end && isIDByte(buf[k]) { k += 1 }
        guard k > from else { return from }
        var listEnd = k
        while true {
            var m = listEnd
            while m < end && buf[m] == 0x20 { m += 1 }
            guard m < end, buf[m] == UInt8(ascii: ",") else { return listEnd }
            m += 1
            while m < end && buf[m] == 0x20 { m += 1 }
            var n = m
            while n < end && isIDByte(buf[n]) { n += 1 }
            guard n > m else { return listEnd }
            listEnd = n
        }
    }

    @inline(__always) private static func isIDByte(_ c: UInt8) -> Bool {
        c.isASCIIAlphanumeric
            || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
    }

    /// The index of the next space or tab at or after `from`, or `to`.
    @inline(__always) private static func tokenEnd(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        while i < end && !buf[i].isSpaceOrTab { i += 1 }
        return i
    }

    private static func dataview(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        let close = buf[i] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        // Only spaces pad a Dataview field, as Obsidian Tasks reads it: a tab inside makes it text.
        var j = skipBlanks(buf, i + 1, end)
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
            (name, key) = hasPrefix(buf, at: j, end: end, "due::") ? ("due::", .due) : ("dependsOn::", .dependsOn)
        case UInt8(ascii: "p"):
            (name, key) = ("priority::", .priority)
        case UInt8(ascii: "r"):
            (name, key) = ("repeat::", .recurrence)
        case UInt8(ascii: "o"):
            (name, key) = ("onCompletion::", .onCompletion)
        case UInt8(ascii: "i"):
            (name, key) = ("id::", .id)
        default:
            return nil
        }
        guard hasPrefix(buf, at: j, end: end, name) else { return nil }
        j = skipBlanks(buf, j + name.utf8CodeUnitCount, end)
        let value: TaskText.Occurrence.Value
        var k: Int
        if key.isDate, let day = day(buf, at: j, end: end) {
            value = .day(day)
            k = j + 10
        } else {
            // The value runs to the closing bracket.
            k = j
            while k < end && buf[k] != close && buf[k] != UInt8(ascii: "[") && buf[k] != UInt8(ascii: "(") { k += 1 }
            var e = k
            while e > j && buf[e - 1] == 0x20 { e -= 1 }
            guard k < end, e > j, let read = FieldScanner.value(of: key, buf, j, e, style: .dataview) else { return nil }
            value = read
        }
        k = skipBlanks(buf, k, end)
        guard k < end, buf[k] == close else { return nil }
        k += 1
        // A comma may follow, with spaces before it (`[due:: 2026-12-01], [priority:: high] ,`): Obsidian
        // Tasks documents commas between Dataview fields and reads the comma as part of the field.
        var c = k
        while c < end && buf[c] == 0x20 { c += 1 }
        if c < end && buf[c] == UInt8(ascii: ",") && isBoundary(buf, c + 1, end) { k = c + 1 }
        guard isBoundary(buf, k, end) else { return nil }
        return TaskText.Occurrence(range: i..<k, key: key, style: .dataview, value: value)
    }

    /// The key of the field emoji starting at `buf[i]` (and the priority a priority emoji names), its
    /// width in bytes, or nil when none starts there.
    @inline(__always) static func emojiKey(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (key: FieldKey, priority: Priority?, width: Int)? {
        let width = UTF8Scalar.width(leadingByte: buf[i])
        guard width >= 3, i + width <= end else { return nil }
        switch UTF8Scalar.decode(buf, at: i, width: width) {
        case "➕": return (.created, nil, width)
        case "🛫": return (.start, nil, width)
        case "⏳", "⌛": return (.scheduled, nil, width)
        case "📅", "📆", "🗓": return (.due, nil, width)
        case "✅": return (.done, nil, width)
        case "❌": return (.cancelled, nil, width)
        case "🔁": return (.recurrence, nil, width)
        case "🏁": return (.onCompletion, nil, width)
        case "🆔": return (.id, nil, width)
        case "⛔": return (.dependsOn, nil, width)
        case "🔺": return (.priority, .highest, width)
        case "⏫": return (.priority, .high, width)
        case "🔼": return (.priority, .medium, width)
        case "🔽": return (.priority, .low, width)
        case "⏬": return (.priority, .lowest, width)
        default: return nil
        }
    }

    private static func emoji(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> TaskText.Occurrence? {
        guard let (key, priority, width) = emojiKey(buf, at: i, end: end) else { return nil }
        var j = i + width
        if hasPrefix(buf, at: j, end: end, variationSelector) { j += variationSelector.count }
        if let p = priority {
            guard isBoundary(buf, j, end) else { return nil }
            return TaskText.Occurrence(range: i..<j, key: .priority, style: .emoji, value: .priority(p))
        }
        // Obsidian Tasks reads the date with or without spaces after the emoji (`📅2026-12-01`).
        let spacesStart = j
        while j < end && buf[j] == 0x20 { j += 1 }
        if key.isDate, let day = day(buf, at: j, end: end), isBoundary(buf, j + 10, end) {
            return TaskText.Occurrence(range: i..<(j + 10), key: key, style: .emoji, value: .day(day))
        }
        // Any other value is words, which are apart from the emoji.
        guard j > spacesStart, j < end else { return nil }
        if key == .dependsOn {
            let listEnd = idListEnd(buf, j, end)
            guard listEnd > j, isBoundary(buf, listEnd, end) else { return nil }
            return TaskText.Occurrence(range: i..<listEnd, key: key, style: .emoji, value: .ids(j..<listEnd))
        }
        // The words the value may take: a relative date has up to three (`in 3 days`), a rule runs
        // over every word of letters, digits and commas (Obsidian Tasks' recurrence text).
        var wordEnds: [Int] = []
        var k = j
        while k < end {
            let e = tokenEnd(buf, from: k, to: end)
            if key == .recurrence {
                var plainWord = e > k
                for b in k..<e where !(isIDByte(buf[b]) || buf[b] == UInt8(ascii: ",") || buf[b] == UInt8(ascii: "!")) {
                    plainWord = false
                    break
                }
                guard plainWord else { break }
            }
            wordEnds.append(e)
            if key.isDate ? wordEnds.count == 3 : key != .recurrence && key != .dependsOn { break }
            if key == .dependsOn && buf[e - 1] != UInt8(ascii: ",") { break }
            // Words may stand more than one space apart (`🔁 every week  when done`), as Obsidian
            // Tasks reads them.
            let next = skipBlanks(buf, e, end)
            guard next > e, next < end else { break }
            k = next
        }
        var candidate = wordEnds.count
        while candidate > 0 {
            let e = wordEnds[candidate - 1]
            if let value = value(of: key, buf, j, e, style: .emoji) {
                return TaskText.Occurrence(range: i..<e, key: key, style: .emoji, value: value)
            }
            // Only a date's words may be fewer than all (the longest phrase that names a day).
            guard key.isDate else { return nil }
            candidate -= 1
        }
        return nil
    }

    /// The day `YYYY-MM-DD` at `i`, as ``Day/init(isoBytes:at:)`` reads it, with two 8-byte loads
    /// (`YYYY-MM-` and `YY-MM-DD`) in place of ten byte tests.
    private static func day(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Day? {
        guard i + 10 <= end else { return nil }
        let raw = UnsafeRawPointer(buf.baseAddress!)
        let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 2, as: UInt64.self))
        // The dashes: bytes 4 and 7 of the head.
        guard head & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000 else { return nil }
        // The digits, each turned into its value (0...9 exactly when it is a digit): bytes 0-3, 5 and 6
        // of the head, 6 and 7 of the tail.
        let headDigits = (head ^ 0x3030_3030_3030_3030) & 0x00FF_FF00_FFFF_FFFF
        let tailDigits = (tail ^ 0x3030_3030_3030_3030) & 0xFFFF_0000_0000_0000
        guard (headDigits | (headDigits &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 & 0x00FF_FF00_FFFF_FFFF == 0,
              (tailDigits | (tailDigits &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 & 0xFFFF_0000_0000_0000 == 0
        else { return nil }
        @inline(__always) func digit(_ w: UInt64, _ byte: Int) -> Int { Int(truncatingIfNeeded: (w >> UInt64(8 * byte)) & 0xFF) }
        return Day(year: digit(headDigits, 0) * 1000 + digit(headDigits, 1) * 100 + digit(headDigits, 2) * 10 + digit(headDigits, 3),
                   month: digit(headDigits, 5) * 10 + digit(headDigits, 6),
                   day: digit(tailDigits, 6) * 10 + digit(tailDigits, 7))
    }

    @inline(__always) private static func isBoundary(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        i >= end || buf[i].isSpaceOrTab
    }

    /// The index of the first byte at or after `i` that is not a space (tabs are not skipped).
    @inline(__always) private static func skipBlanks(_ buf: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var j = i
        while j < end && buf[j] == 0x20 { j += 1 }
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
