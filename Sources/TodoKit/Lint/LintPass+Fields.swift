// Tokens that look like fields but are not read as fields: impossible dates (TD001) and misspelled
// keys (TD011). Tokens are whitespace-delimited and never inside a backtick code span.
extension LintPass {
    /// The date fields' keys, plain and Dataview, as UTF-8.
    static let plainDateKeys = FieldKey.allCases.filter(\.isDate).map { Array($0.plainName.utf8) }
    static let dataviewDateKeys = FieldKey.allCases.filter(\.isDate).map { Array($0.dataviewName.utf8) }
    /// Every field's plain key (`priority`, `rec`, the date keys…), as UTF-8.
    static let plainKeys = FieldKey.allCases.map { Array($0.plainName.utf8) }
    /// The date fields' emojis, as UTF-8 (each one scalar).
    static let dateEmojis: [[UInt8]] = ["➕", "🛫", "⏳", "⌛", "📅", "📆", "🗓", "✅", "❌"].map { Array($0.utf8) }

    /// The tokens (``tokens(_:from:to:into:)``) of one task's line, which ends at `end`.
    mutating func checkFieldLookalikes(line: Int, tokens: [Range<Int>], end: Int) {
        for (index, token) in tokens.enumerated() {
            let first = buf[token.lowerBound]
            if first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
                checkDataview(line: line, at: token.lowerBound, end: end)
            } else if first >= 0xE2 {
                let emojiEnd = token.lowerBound + UTF8Scalar.width(leadingByte: first)
                guard emojiEnd <= token.upperBound, Self.isOne(of: Self.dateEmojis, buf[token.lowerBound..<emojiEnd]) else { continue }
                // `📅2026-13-01`: the date written right after its emoji (a variation selector between).
                let glued = Self.isVariationSelector(buf, at: emojiEnd, in: token) ? emojiEnd + 3 : emojiEnd
                if glued < token.upperBound && Self.isDateShaped(buf[glued..<token.upperBound]) {
                    if let problem = dateProblem(glued..<token.upperBound) {
                        report(.invalidDate, line: line, offset: token.lowerBound, problem)
                    }
                    continue
                }
                // The emoji alone (a variation selector after it) is a field's, its date the next token.
                guard glued == token.upperBound, index + 1 < tokens.count else { continue }
                if let problem = dateProblem(tokens[index + 1]) {
                    report(.invalidDate, line: line, offset: token.lowerBound, problem)
                }
            } else if let colon = buf[token].firstIndex(of: UInt8(ascii: ":")), colon > token.lowerBound {
                // Both findings are of date-shaped values; a misspelled key, of a relative date too
                // (`deu:tomorrow`), which a known key reads as a field.
                let key = token.lowerBound..<colon, value = (colon + 1)..<token.upperBound
                guard Self.isDateShaped(buf[value])
                    || (!Self.isOne(of: Self.plainKeys, buf[key]) && isRelativeDate(value)) else { continue }
                if buf[key].elementsEqual("completion".utf8) {
                    report(.misspelledFieldKey, line: line, offset: token.lowerBound,
                           "unknown field key 'completion', did you mean 'done'?")
                    continue
                }
                check(key: key, value: value, known: Self.plainDateKeys, line: line, offset: token.lowerBound)
            }
        }
    }

    /// Whether the bytes of `value` are a relative date in a plain field's spelling (`tomorrow`,
    /// `+3d`, `next-week`): only a short value starting with a letter or `+` is read as a phrase.
    private func isRelativeDate(_ value: Range<Int>) -> Bool {
        guard value.count <= 32, let first = value.first.map({ buf[$0] }), first == UInt8(ascii: "+") || first.isASCIILetter
        else { return false }
        return DatePhrase.isRelative(string(value))
    }

    /// Whether `bytes` are one of `candidates` (keys, emojis), byte for byte.
    static func isOne(of candidates: [[UInt8]], _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        candidates.contains { $0.elementsEqual(bytes) }
    }

    /// Whether U+FE0F (the emoji presentation selector, EF B8 8F) is at `p`, within `token`.
    static func isVariationSelector(_ buf: UnsafeBufferPointer<UInt8>, at p: Int, in token: Range<Int>) -> Bool {
        p >= token.lowerBound && p + 3 <= token.upperBound && buf[p] == 0xEF && buf[p + 1] == 0xB8 && buf[p + 2] == 0x8F
    }

    /// The key of `[key:: value]` or `(key:: value)` starting at `p` (spaces before it skipped,
    /// `::` right after it) and the bracket that closes the field; `nil` without a key and `::`.
    func dataviewKey(at p: Int, end: Int) -> (key: Range<Int>, close: UInt8)? {
        let close = buf[p] == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        var j = p + 1
        while j < end && buf[j].isSpaceOrTab { j += 1 }
        let keyStart = j
        while j + 1 < end && !(buf[j] == UInt8(ascii: ":") && buf[j + 1] == UInt8(ascii: ":")) && !buf[j].isSpaceOrTab && buf[j] != close { j += 1 }
        guard j + 1 < end, buf[j] == UInt8(ascii: ":"), j > keyStart else { return nil }
        return (keyStart..<j, close)
    }

    /// `[key:: value]` or `(key:: value)` starting at `p`.
    private mutating func checkDataview(line: Int, at p: Int, end: Int) {
        guard let (keyRange, close) = dataviewKey(at: p, end: end) else { return }
        var j = keyRange.upperBound + 2
        while j < end && buf[j].isSpaceOrTab { j += 1 }
        let valueStart = j
        while j < end && buf[j] != close && !buf[j].isSpaceOrTab { j += 1 }
        let valueEnd = j
        while j < end && buf[j].isSpaceOrTab { j += 1 }
        // Both findings are of date-shaped values.
        guard j < end, buf[j] == close, Self.isDateShaped(buf[valueStart..<valueEnd]) else { return }
        if buf[keyRange].elementsEqual("done".utf8) {
            report(.misspelledFieldKey, line: line, offset: p, "unknown field key 'done', did you mean 'completion'?")
            return
        }
        check(key: keyRange, value: valueStart..<valueEnd, known: Self.dataviewDateKeys, line: line, offset: p)
    }

    /// The field `key` with a date-shaped `value` (ranges of the bytes): an impossible date of a
    /// `known` key, or a key close to one of them.
    private mutating func check(key keyRange: Range<Int>, value: Range<Int>, known: [[UInt8]], line: Int, offset: Int) {
        if Self.isOne(of: known, buf[keyRange]) {
            if let problem = dateProblem(value) { report(.invalidDate, line: line, offset: offset, problem) }
            return
        }
        let key = string(keyRange)
        guard key.unicodeScalars.allSatisfy({ $0.value >= 0x80 || ($0.properties.isAlphabetic && $0.isASCII) }) else { return }
        if let suggestion = EditDistance.closest(to: key, among: known.map { String(decoding: $0, as: UTF8.self) }) {
            report(.misspelledFieldKey, line: line, offset: offset, "unknown field key '\(key)', did you mean '\(suggestion)'?")
        }
    }

    /// `NNNN-N-N` with one or two digits for month and day.
    static func isDateShaped(_ value: String) -> Bool {
        isDateShaped(value.utf8)
    }

    /// ``isDateShaped(_:)-(String)`` of UTF-8 bytes.
    static func isDateShaped<Bytes: Sequence<UInt8>>(_ value: Bytes) -> Bool {
        // One pass over the bytes (every `key:value` word of every task comes here): digits, and
        // exactly two hyphens between runs of 4, 1-2 and 1-2 of them.
        var lengths = (0, 0, 0)
        var part = 0
        for byte in value {
            if byte == UInt8(ascii: "-") {
                part += 1
                guard part < 3 else { return false }
                continue
            }
            guard byte.isASCIIDigit else { return false }
            switch part {
            case 0: lengths.0 += 1
            case 1: lengths.1 += 1
            default: lengths.2 += 1
            }
        }
        return part == 2 && lengths.0 == 4 && (1...2).contains(lengths.1) && (1...2).contains(lengths.2)
    }

    /// What is wrong with the date-shaped bytes in `range` (``isDateShaped(_:)-(String)``), or nil
    /// when they are a valid day or not date-shaped.
    private func dateProblem(_ range: Range<Int>) -> String? {
        guard Self.isDateShaped(buf[range]) else { return nil }
        if range.count != 10 { return "date '\(string(range))' is not written yyyy-mm-dd" }
        return Day(isoBytes: buf, at: range.lowerBound) == nil ? "date '\(string(range))' does not exist" : nil
    }

    /// Whitespace-delimited tokens in `[start, end)`, leaving out every token that touches a code
    /// span, into `result` (emptied first, its storage kept).
    static func tokens(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into result: inout [Range<Int>]) {
        // The line's backtick runs, read at its first backtick (``BacktickRuns``).
        var runs: BacktickRuns?
        result.removeAll(keepingCapacity: true)
        var i = start
        var tokenStart = -1
        var tainted = false
        func finish(_ at: Int) {
            if tokenStart >= 0 && !tainted { result.append(tokenStart..<at) }
            tokenStart = -1
            tainted = false
        }
        while i < end {
            let c = buf[i]
            if c.isSpaceOrTab {
                finish(i)
                i += 1
                continue
            }
            if tokenStart < 0 { tokenStart = i }
            if c == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "`") {
                // Everything up to the closing run is code, white space included: the token is dropped.
                tainted = true
                i = BacktickRuns.skipCodeSpan(buf, at: i, end: end, runs: &runs)
                continue
            }
            i += 1
        }
        finish(min(i, end))
    }
}
