// Fields that todofmt reads since recurrence and relative dates came in, written so that they are
// not read: a rule it does not understand (TD018), a date word that is not a date (TD019), an emoji
// field that ordinary text follows (TD021); and dependencies on ids no task has (TD020).
extension LintPass {
    private static let dateEmojis: Set<String> = ["➕", "🛫", "⏳", "⌛", "📅", "📆", "🗓", "✅", "❌"]
    private static let priorityEmojis = Set(Priority.allCases.map(\.emoji))
    private static let plainDateKeys: Set<String> = Set(FieldKey.allCases.filter(\.isDate).map(\.plainName))
    private static let dataviewDateKeys: Set<String> = Set(FieldKey.allCases.filter(\.isDate).map(\.dataviewName))
    private static let phraseHint = "write yyyy-mm-dd or a relative date such as tomorrow, friday, next week, in 3 days, +2w, end of month"

    /// Checks the tokens of one task's text for the rarer fields that did not come out as fields.
    mutating func checkRecurrenceAndDateWords(line: Int, text: TaskText, from start: Int, to end: Int) {
        let tokens = Self.tokens(buf, from: start, to: end)
        var fieldStarts: Set<Int> = []
        for occurrence in text.occurrences { fieldStarts.insert(occurrence.range.lowerBound) }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard !fieldStarts.contains(token.lowerBound) else { continue }
            let first = buf[token.lowerBound]
            if first >= 0xE2 {
                var emoji = word(token)
                if emoji.unicodeScalars.last == "\u{FE0F}" { emoji.unicodeScalars.removeLast() }
                if emoji == "🔁" {
                    var words: [String] = []
                    while index < tokens.count, tokens[index].lowerBound == tokens[index - 1].upperBound + 1,
                          buf[tokens[index]].allSatisfy({ Self.isRuleByte($0) }) {
                        words.append(word(tokens[index]))
                        index += 1
                    }
                    let phrase = words.joined(separator: " ")
                    // A rule that ordinary words follow (`🔁 every week then more`) is a field in the wrong place.
                    if let valid = (1...max(words.count, 1)).reversed().first(where: { RecurrenceRule(phrase: words.prefix($0).joined(separator: " ")) != nil }) {
                        reportNotAtEnd(line: line, offset: token.lowerBound, "🔁 " + words.prefix(valid).joined(separator: " "))
                    } else {
                        report(.unknownRecurrence, line: line, offset: token.lowerBound,
                               phrase.isEmpty ? "🔁 without a rule" : "recurrence rule '\(phrase)' is not understood")
                    }
                } else if Self.priorityEmojis.contains(emoji) {
                    reportNotAtEnd(line: line, offset: token.lowerBound, emoji)
                } else if Self.dateEmojis.contains(emoji), index < tokens.count {
                    let value = word(tokens[index])
                    let phrase = (index..<min(index + 3, tokens.count)).map { word(tokens[$0]) }
                    let isPhrase = (1...phrase.count).contains { DatePhrase.resolve(phrase.prefix($0).joined(separator: " "), today: today) != nil }
                    if isPhrase {
                        reportNotAtEnd(line: line, offset: token.lowerBound, "\(emoji) \(value)")
                    } else if Self.isWord(value) && !Self.isDateShaped(value) {
                        report(.unknownDatePhrase, line: line, offset: tokens[index].lowerBound, "'\(value)' is not a date: \(Self.phraseHint)")
                    }
                }
            } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "(") {
                guard let (key, value) = dataview(at: token.lowerBound, end: end) else { continue }
                if key == "repeat" {
                    report(.unknownRecurrence, line: line, offset: token.lowerBound, "recurrence rule '\(value)' is not understood")
                } else if Self.dataviewDateKeys.contains(key), !value.isEmpty, !Self.isDateShaped(value) {
                    report(.unknownDatePhrase, line: line, offset: token.lowerBound, "'\(value)' is not a date: \(Self.phraseHint)")
                }
            } else if let colon = buf[token].firstIndex(of: UInt8(ascii: ":")), colon > token.lowerBound {
                let key = word(token.lowerBound..<colon)
                let value = word((colon + 1)..<token.upperBound)
                if key == "rec", !value.isEmpty {
                    report(.unknownRecurrence, line: line, offset: token.lowerBound, "recurrence rule '\(value)' is not understood")
                } else if Self.plainDateKeys.contains(key), Self.isWord(value), !Self.isDateShaped(value) {
                    report(.unknownDatePhrase, line: line, offset: token.lowerBound, "'\(value)' is not a date: \(Self.phraseHint)")
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

    /// `[key:: value]` or `(key:: value)` at `p`: key and trimmed value.
    private func dataview(at p: Int, end: Int) -> (String, String)? {
        guard let (keyRange, close) = dataviewKey(at: p, end: end) else { return nil }
        let key = word(keyRange)
        let j = keyRange.upperBound + 2
        var k = j
        while k < end && buf[k] != close { k += 1 }
        guard k < end else { return nil }
        return (key, word(j..<k).trimmingSpacesAndTabs)
    }

    private func word(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
    }

    /// Letters, digits, `+` and `-`: what someone typing a date word writes (not a URL or a sentence's end).
    private static func isWord(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { c in
            c.isASCIIAlphanumeric
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        }
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
