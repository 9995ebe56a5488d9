import Foundation
@testable import TodoKit

/// Recognises the field spellings of FORMAT-RULES.md in rendered text.
///
/// Only valid fields are taken: real dates, known keys and levels, whole whitespace-delimited tokens
/// (Dataview forms: preceded by whitespace). Anything else stays, so a moved or lost invalid field
/// still shows as a difference.
enum RenderedFieldScanner {
    private static let dateKeys: Set<String> = ["created", "start", "scheduled", "due", "done", "cancelled"]
    private static let levels: Set<String> = ["highest", "high", "medium", "low", "lowest"]
    private static let dataviewKeys: [String: String] = [
        "created": "created", "start": "start", "scheduled": "scheduled", "due": "due",
        "completion": "done", "cancelled": "cancelled", "priority": "priority",
        "repeat": "recurrence", "onCompletion": "onCompletion", "id": "id", "dependsOn": "dependsOn",
    ]
    private static let plainOtherKeys: [String: String] = [
        "rec": "recurrence", "onCompletion": "onCompletion", "id": "id", "dependsOn": "dependsOn",
    ]
    private static let emojiDateKeys: [Unicode.Scalar: String] = [
        "\u{2795}": "created", "\u{1F6EB}": "start", "\u{23F3}": "scheduled", "\u{231B}": "scheduled",
        "\u{1F4C5}": "due", "\u{1F4C6}": "due", "\u{1F5D3}": "due", "\u{2705}": "done", "\u{274C}": "cancelled",
    ]
    private static let emojiWordKeys: [Unicode.Scalar: String] = [
        "\u{1F3C1}": "onCompletion", "\u{1F194}": "id", "\u{26D4}": "dependsOn",
    ]
    private static let emojiPriorities: [Unicode.Scalar: String] = [
        "\u{1F53A}": "highest", "\u{23EB}": "high", "\u{1F53C}": "medium", "\u{1F53D}": "low", "\u{23EC}": "lowest",
    ]

    /// The valid fields in `text`, each with the range of scalars it covers.
    ///
    /// `gluedLeft`/`gluedRight`: the text touches inline markup on that side without whitespace,
    /// so its first/last word is not whitespace-delimited there.
    static func fields(in text: String, gluedLeft: Bool, gluedRight: Bool) -> [(field: RenderedField, range: Range<Int>, emoji: Bool)] {
        let s = Array(text.unicodeScalars)
        var found: [(RenderedField, Range<Int>, Bool)] = []
        var i = 0
        while i < s.count {
            if HTMLNormalizer.isWhitespace(s[i]) {
                i += 1
                continue
            }
            var end = i
            while end < s.count, !HTMLNormalizer.isWhitespace(s[end]) { end += 1 }
            let leftDelimited = i > 0 || !gluedLeft
            let rightDelimited = end < s.count || !gluedRight
            if leftDelimited {
                if let (field, after) = dataview(s, at: i) {
                    found.append((field, i..<after, false))
                    i = after
                    continue
                }
                if rightDelimited, let field = plain(String(String.UnicodeScalarView(s[i..<end]))) {
                    found.append((field, i..<end, false))
                    i = end
                    continue
                }
                if let (field, after) = emoji(s, word: i..<end, gluedRight: gluedRight) {
                    found.append((field, i..<after, true))
                    i = after
                    continue
                }
            }
            i = end
        }
        return found
    }

    /// `text` with the scalars of `ranges` (sorted, disjoint) each replaced by one space.
    static func removing(_ ranges: [Range<Int>], from text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        for range in ranges {
            out.append(contentsOf: s[i..<range.lowerBound])
            out.append(" ")
            i = range.upperBound
        }
        out.append(contentsOf: s[i...])
        return String(out)
    }

    /// `key:value` as one word.
    private static func plain(_ word: String) -> RenderedField? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let key = String(word[..<colon])
        let value = String(word[word.index(after: colon)...])
        if dateKeys.contains(key), isDate(value) { return RenderedField(key: key, value: value) }
        if key == "priority", levels.contains(value) { return RenderedField(key: key, value: value) }
        if let other = plainOtherKeys[key], let field = otherField(other, value) { return field }
        return nil
    }

    /// An emoji field whose emoji is the word `word`; a date emoji takes the next word, after spaces,
    /// or the rest of its own word (`📅2026-12-01`, as Obsidian Tasks reads it).
    private static func emoji(_ s: [Unicode.Scalar], word: Range<Int>, gluedRight: Bool) -> (RenderedField, Int)? {
        let scalars = s[word]
        guard let first = scalars.first else { return nil }
        if let key = emojiDateKeys[first] {
            var k = word.lowerBound + 1
            if k < word.upperBound, s[k] == "\u{FE0F}" { k += 1 }
            if k < word.upperBound {
                let date = String(String.UnicodeScalarView(s[k..<word.upperBound]))
                guard word.upperBound < s.count || !gluedRight, Day(date) != nil else { return nil }
                return (RenderedField(key: key, value: date), word.upperBound)
            }
        }
        guard scalars.count == 1 || (scalars.count == 2 && scalars.last == "\u{FE0F}") else { return nil }
        if let level = emojiPriorities[first] {
            guard word.upperBound < s.count || !gluedRight else { return nil }
            return (RenderedField(key: "priority", value: level), word.upperBound)
        }
        if let key = emojiWordKeys[first] {
            var j = word.upperBound
            while j < s.count, s[j] == " " { j += 1 }
            guard j > word.upperBound, j < s.count else { return nil }
            let valueStart = j
            while j < s.count, !HTMLNormalizer.isWhitespace(s[j]) { j += 1 }
            guard j < s.count || !gluedRight, let field = otherField(key, String(String.UnicodeScalarView(s[valueStart..<j]))) else { return nil }
            return (field, j)
        }
        guard let key = emojiDateKeys[first] else { return nil }
        var j = word.upperBound
        while j < s.count, s[j] == " " { j += 1 }
        guard j > word.upperBound, j < s.count else { return nil }
        let dateStart = j
        while j < s.count, !HTMLNormalizer.isWhitespace(s[j]) { j += 1 }
        guard j < s.count || !gluedRight else { return nil }
        let date = String(String.UnicodeScalarView(s[dateStart..<j]))
        guard Day(date) != nil else { return nil }
        return (RenderedField(key: key, value: date), j)
    }

    /// `[key:: value]` or `(key:: value)` starting at `start`.
    private static func dataview(_ s: [Unicode.Scalar], at start: Int) -> (RenderedField, Int)? {
        let closer: Unicode.Scalar
        switch s[start] {
        case "[": closer = "]"
        case "(": closer = ")"
        default: return nil
        }
        var j = start + 1
        let keyStart = j
        while j < s.count, ("a"..."z").contains(s[j]) { j += 1 }
        guard j + 1 < s.count, s[j] == ":", s[j + 1] == ":",
              let key = dataviewKeys[String(String.UnicodeScalarView(s[keyStart..<j]))] else { return nil }
        j += 2
        guard let close = s[j...].firstIndex(of: closer) else { return nil }
        let value = trimmingSpaces(s[j..<close])
        if key == "priority" {
            guard levels.contains(value) else { return nil }
        } else if dateKeys.contains(key) {
            guard isDate(value) else { return nil }
        } else {
            guard let field = otherField(key, value) else { return nil }
            return (field, close + 1)
        }
        // A comma may follow, after spaces (`[due:: 2026-12-01] ,`): part of the field, as Obsidian Tasks reads it.
        var end = close + 1
        var k = end
        while k < s.count, s[k] == " " { k += 1 }
        if k < s.count, s[k] == ",", k + 1 == s.count || HTMLNormalizer.isWhitespace(s[k + 1]) { end = k + 1 }
        return (RenderedField(key: key, value: value), end)
    }

    /// A date, or a phrase relative to today (the summary resolves it).
    private static func isDate(_ value: String) -> Bool {
        Day(value) != nil || DatePhrase.isRelative(value)
    }

    /// A field of the rarer keys, its value normalised as the formatter writes it in every spelling.
    private static func otherField(_ key: String, _ value: String) -> RenderedField? {
        let idCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        switch key {
        case "recurrence": return RecurrenceRule(value).map { RenderedField(key: key, value: $0.phrase) }
        case "onCompletion": return value == "keep" || value == "delete" ? RenderedField(key: key, value: value) : nil
        case "id": return !value.isEmpty && value.allSatisfy(idCharacters.contains) ? RenderedField(key: key, value: value) : nil
        case "dependsOn":
            let ids = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return ids.allSatisfy { !$0.isEmpty && $0.allSatisfy(idCharacters.contains) } ? RenderedField(key: key, value: ids.joined(separator: ",")) : nil
        default: return nil
        }
    }

    /// The scalars as a string without leading and trailing spaces and tabs.
    private static func trimmingSpaces(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var slice = scalars
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(String.UnicodeScalarView(slice))
    }
}
