// Tokens that look like fields but are not read as fields: impossible dates (TD001) and misspelled
// keys (TD011). Tokens are whitespace-delimited and never inside a backtick code span.
extension LintPass {
    private static let plainDateKeys = FieldKey.allCases.filter(\.isDate).map(\.rawValue)
    private static let dataviewDateKeys = FieldKey.allCases.filter(\.isDate).map(\.dataviewName)
    private static let dateEmojis: Set<String> = ["➕", "🛫", "⏳", "⌛", "📅", "📆", "🗓", "✅", "❌"]

    mutating func checkFieldLookalikes(line: Int, from start: Int, to end: Int) {
        let tokens = Self.tokens(buf, from: start, to: end)
        for (index, token) in tokens.enumerated() {
            let first = buf[token.lowerBound]
            if first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
                checkDataview(line: line, at: token.lowerBound, end: end)
            } else if first >= 0xE2 {
                var text = String(decoding: UnsafeBufferPointer(rebasing: buf[token]), as: UTF8.self)
                if let glued = Self.gluedEmojiDate(text) {
                    // `📅2026-13-01`: the date written right after its emoji.
                    if let problem = Self.dateProblem(glued) {
                        report(.invalidDate, line: line, offset: token.lowerBound, problem)
                    }
                    continue
                }
                if text.unicodeScalars.last == "\u{FE0F}" { text.unicodeScalars.removeLast() }
                guard Self.dateEmojis.contains(text), index + 1 < tokens.count else { continue }
                let value = bytes(tokens[index + 1])
                if let problem = Self.dateProblem(value) {
                    report(.invalidDate, line: line, offset: token.lowerBound, problem)
                }
            } else if let colon = buf[token].firstIndex(of: UInt8(ascii: ":")), colon > token.lowerBound {
                let key = bytes(token.lowerBound..<colon)
                let value = bytes((colon + 1)..<token.upperBound)
                if key == "completion" && Self.isDateShaped(value) {
                    report(.misspelledFieldKey, line: line, offset: token.lowerBound,
                           "unknown field key 'completion', did you mean 'done'?")
                    continue
                }
                check(key: key, value: value, known: Self.plainDateKeys, line: line, offset: token.lowerBound)
            }
        }
    }

    /// The date-shaped text glued to a date emoji (`📅2026-13-01` → `2026-13-01`), or nil.
    private static func gluedEmojiDate(_ token: String) -> String? {
        var scalars = Substring(token).unicodeScalars
        guard let first = scalars.first, dateEmojis.contains(String(first)) else { return nil }
        scalars = scalars.dropFirst()
        if scalars.first == "\u{FE0F}" { scalars = scalars.dropFirst() }
        let rest = String(scalars)
        return !rest.isEmpty && isDateShaped(rest) ? rest : nil
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
        let key = bytes(keyRange)
        var j = keyRange.upperBound + 2
        while j < end && buf[j].isSpaceOrTab { j += 1 }
        let valueStart = j
        while j < end && buf[j] != close && !buf[j].isSpaceOrTab { j += 1 }
        let value = bytes(valueStart..<j)
        while j < end && buf[j].isSpaceOrTab { j += 1 }
        guard j < end, buf[j] == close else { return }
        if key == "done" && Self.isDateShaped(value) {
            report(.misspelledFieldKey, line: line, offset: p, "unknown field key 'done', did you mean 'completion'?")
            return
        }
        check(key: key, value: value, known: Self.dataviewDateKeys, line: line, offset: p)
    }

    private mutating func check(key: String, value: String, known: [String], line: Int, offset: Int) {
        guard Self.isDateShaped(value) else { return }
        if known.contains(key) {
            if let problem = Self.dateProblem(value) { report(.invalidDate, line: line, offset: offset, problem) }
            return
        }
        guard key.unicodeScalars.allSatisfy({ $0.value >= 0x80 || ($0.properties.isAlphabetic && $0.isASCII) }) else { return }
        if let suggestion = EditDistance.closest(to: key, among: known) {
            report(.misspelledFieldKey, line: line, offset: offset, "unknown field key '\(key)', did you mean '\(suggestion)'?")
        }
    }

    private func bytes(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }

    /// `NNNN-N-N` with one or two digits for month and day.
    static func isDateShaped(_ value: String) -> Bool {
        // One pass over the bytes (every `key:value` word of every task comes here): digits, and
        // exactly two hyphens between runs of 4, 1-2 and 1-2 of them.
        var lengths = (0, 0, 0)
        var part = 0
        for byte in value.utf8 {
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

    /// What is wrong with a date-shaped value, or nil when it is a valid day.
    static func dateProblem(_ value: String) -> String? {
        guard isDateShaped(value) else { return nil }
        if value.utf8.count != 10 { return "date '\(value)' is not written yyyy-mm-dd" }
        return Day(value) == nil ? "date '\(value)' does not exist" : nil
    }

    /// Whitespace-delimited tokens in `[start, end)`, leaving out every token that touches a code span.
    static func tokens(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> [Range<Int>] {
        // The line's backtick runs, read at its first backtick (``BacktickRuns``).
        var runs: BacktickRuns?
        var result: [Range<Int>] = []
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
        return result
    }
}
