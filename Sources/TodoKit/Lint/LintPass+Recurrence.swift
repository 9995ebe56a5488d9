// Fields that todofmt reads since recurrence and relative dates came in, written so that they are
// not read: a rule it does not understand (TD018), a date word that is not a date (TD019), an emoji
// field that ordinary text follows (TD021); and dependencies on ids no task has (TD020).
extension LintPass {
    /// The priorities' emojis, as UTF-8.
    private static let priorityEmojis: [[UInt8]] = Priority.allCases.map { Array($0.emoji.utf8) }
    /// 🔁, as UTF-8.
    private static let recurrenceEmoji: [UInt8] = Array("🔁".utf8)
    /// `rec`, the plain recurrence field's key, as UTF-8.
    private static let recurrenceKey: [UInt8] = Array("rec".utf8)
    /// How many words a relative date that begins with the word takes (`next week`, `in 3 days`).
    private static let phraseLengths = ["next": 2, "this": 2, "last": 2, "in": 3, "end": 3]
    private static let phraseHint = "write yyyy-mm-dd or a relative date such as tomorrow, friday, next week, in 3 days, +2w, end of month"

    /// Checks the tokens (``tokens(_:from:to:into:)``) of one task's line, which ends at `end`, for
    /// the rarer fields that did not come out as fields.
    mutating func checkRecurrenceAndDateWords(line: Int, text: TaskText, tokens: [Range<Int>], end: Int) {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard !text.occurrences.contains(where: { $0.range.lowerBound == token.lowerBound }) else { continue }
            let first = buf[token.lowerBound]
            if first >= 0xE2 {
                // The token without one variation selector at its end.
                let emojiEnd = Self.isVariationSelector(buf, at: token.upperBound - 3, in: token) ? token.upperBound - 3 : token.upperBound
                let emoji = buf[token.lowerBound..<emojiEnd]
                if Self.recurrenceEmoji.elementsEqual(emoji) {
                    // The rule's words: letters, digits, `,` and `!`, and for the message hyphens too
                    // (`until 2026-06-01`, `every -2 weeks`), spaces apart.
                    var words: [String] = []
                    while index < tokens.count, isSpaces(tokens[index - 1].upperBound..<tokens[index].lowerBound),
                          buf[tokens[index]].allSatisfy({ Self.isRuleByte($0) || $0 == UInt8(ascii: "-") }) {
                        words.append(string(tokens[index]))
                        index += 1
                    }
                    let phrase = words.joined(separator: " ")
                    // Where only fields and tags follow, the words stand where a rule is read: they are
                    // the rule, one todofmt does not understand (`every week for 3 times`).
                    let endsText = index == tokens.count || buf[tokens[index].lowerBound] == UInt8(ascii: "#")
                        || text.occurrences.contains(where: { $0.range.lowerBound == tokens[index].lowerBound })
                    // A rule that ordinary words follow (`🔁 every week then more.`) is a field in the wrong place.
                    let valid = (1...max(words.count, 1)).reversed().first { RecurrenceRule(phrase: words.prefix($0).joined(separator: " ")) != nil }
                    if let valid, valid == words.count || !endsText {
                        reportNotAtEnd(line: line, offset: token.lowerBound, "🔁 " + words.prefix(valid).joined(separator: " "))
                    } else {
                        report(.unknownRecurrence, line: line, offset: token.lowerBound,
                               phrase.isEmpty ? "🔁 without a rule" : "recurrence rule '\(phrase)' is not understood")
                    }
                } else if Self.isOne(of: Self.priorityEmojis, emoji) {
                    reportNotAtEnd(line: line, offset: token.lowerBound, string(token.lowerBound..<emojiEnd))
                } else if Self.isOne(of: Self.dateEmojis, emoji), index < tokens.count {
                    let value = string(tokens[index])
                    let phrase = (index..<min(index + 3, tokens.count)).map { string(tokens[$0]) }
                    if let length = (1...phrase.count).reversed().first(where: { DatePhrase.resolve(phrase.prefix($0).joined(separator: " "), today: today) != nil }) {
                        reportNotAtEnd(line: line, offset: token.lowerBound, "\(string(token.lowerBound..<emojiEnd)) \(phrase.prefix(length).joined(separator: " "))")
                    } else if Self.isWord(value) && !Self.isDateShaped(value) {
                        // The words a phrase beginning so would take (`next friday`, `in 3 fortnights`).
                        let length = min(Self.phraseLengths[value.lowercased()] ?? 1, phrase.count)
                        report(.unknownDatePhrase, line: line, offset: tokens[index].lowerBound,
                               "'\(phrase.prefix(length).joined(separator: " "))' is not a date: \(Self.phraseHint)")
                    }
                }
            } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
                guard let (keyRange, close) = dataviewKey(at: token.lowerBound, end: end) else { continue }
                let isRepeat = buf[keyRange].elementsEqual("repeat".utf8)
                guard isRepeat || Self.isOne(of: Self.dataviewDateKeys, buf[keyRange]),
                      let value = dataviewValue(after: keyRange, close: close, end: end) else { continue }
                if isRepeat {
                    report(.unknownRecurrence, line: line, offset: token.lowerBound, "recurrence rule '\(value)' is not understood")
                } else if !value.isEmpty, !Self.isDateShaped(value) {
                    report(.unknownDatePhrase, line: line, offset: token.lowerBound, "'\(value)' is not a date: \(Self.phraseHint)")
                }
            } else if let colon = buf[token].firstIndex(of: UInt8(ascii: ":")), colon > token.lowerBound {
                let key = buf[token.lowerBound..<colon]
                let value = buf[(colon + 1)..<token.upperBound]
                if Self.recurrenceKey.elementsEqual(key) {
                    if !value.isEmpty {
                        report(.unknownRecurrence, line: line, offset: token.lowerBound, "recurrence rule '\(string(colon + 1..<token.upperBound))' is not understood")
                    }
                } else if Self.isWord(value), !Self.isDateShaped(value), Self.isOne(of: Self.plainDateKeys, key) {
                    report(.unknownDatePhrase, line: line, offset: token.lowerBound,
                           "'\(string(colon + 1..<token.upperBound))' is not a date: \(Self.phraseHint)")
                }
            }
        }
    }

    /// Reports unknown-dependency (TD020) for every `dependsOn` id that no task of the document has.
    mutating func checkDependencies(ids: Set<String>, references: [(id: String, line: Int, offset: Int)]) {
        for reference in references where !ids.contains(reference.id) {
            let before = findings.count
            report(.unknownDependency, line: reference.line, offset: reference.offset, "no task has the id '\(reference.id)'")
            if findings.count > before { amendLast(.unknownDependency) { $0.missingID = reference.id } }
        }
    }

    private mutating func reportNotAtEnd(line: Int, offset: Int, _ field: String) {
        report(.emojiFieldNotAtEnd, line: line, offset: offset,
               "'\(field)' is text here: emoji fields are read only at the end of the line, after the text")
    }

    /// The trimmed value of `[key:: value]` or `(key:: value)` whose key is at `key`, up to the
    /// bracket that closes it; nil when none does.
    private func dataviewValue(after key: Range<Int>, close: UInt8, end: Int) -> String? {
        let j = key.upperBound + 2
        var k = j
        while k < end && buf[k] != close { k += 1 }
        guard k < end else { return nil }
        return string(j..<k).trimmingSpacesAndTabs
    }

    /// Letters, digits, `+` and `-`: what someone typing a date word writes (not a URL or a sentence's end).
    private static func isWord(_ value: String) -> Bool {
        isWord(value.utf8)
    }

    /// ``isWord(_:)-(String)`` of UTF-8 bytes.
    private static func isWord<Bytes: Collection<UInt8>>(_ value: Bytes) -> Bool {
        !value.isEmpty && value.allSatisfy { c in
            c.isASCIIAlphanumeric
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        }
    }

    /// Whether the bytes in `range` are one or more spaces.
    private func isSpaces(_ range: Range<Int>) -> Bool {
        !range.isEmpty && buf[range].allSatisfy { $0 == 0x20 }
    }

    private static func isRuleByte(_ c: UInt8) -> Bool {
        c.isASCIIAlphanumeric
            || c == UInt8(ascii: ",") || c == UInt8(ascii: "!")
    }
}

private extension String {
    var trimmingSpacesAndTabs: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
