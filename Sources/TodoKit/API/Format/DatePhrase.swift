/// A date as a person types it: `2026-12-01`, or a phrase relative to today such as `tomorrow`,
/// `friday`, `next week`, `in 3 days`, `+2w` or `end of month`.
///
/// Phrases are English and case-insensitive; their words may be separated by spaces or by hyphens
/// (`next-week`, `in-3-days`, `end-of-month`), since a plain `key:value` field cannot hold a space.
/// docs/FORMAT.md lists them:
///
/// | phrase | the day |
/// | --- | --- |
/// | `today`, `tomorrow`, `yesterday` | today, today + 1, today − 1 |
/// | `monday` … `sunday`, `mon` … `sun` | the next such day after today (one to seven days on, never today) |
/// | `next week`, `next month`, `next year` | today + 7 days, + 1 month, + 1 year |
/// | `in N days`, `in N weeks`, `in N months`, `in N years` (also singular) | today + N of them |
/// | `+Nd`, `+Nw`, `+Nm`, `+Ny`, `+Nb` (also `-N…` and `N…`) | today ± N days, weeks, months, years, business days |
/// | `end of week`, `end of month`, `end of year` | the coming Sunday (today on a Sunday), the month's or year's last day |
///
/// Months and years clamp to the end of a shorter month: January 31st + 1 month is February 28th.
public enum DatePhrase {
    /// The day that `text` names relative to `today`, or `nil` when it is neither `YYYY-MM-DD` nor
    /// one of the phrases above.
    ///
    /// - Parameters:
    ///   - text: what was typed, without surrounding white space.
    ///   - today: the day relative phrases count from.
    /// - Returns: the day, or `nil` for text that is not a date (or a phrase that leaves years 1...9999).
    public static func resolve(_ text: some StringProtocol, today: Day) -> Day? {
        if let day = Day(text) { return day }
        return RelativePhrase(text)?.day(from: today)
    }

    /// Whether `text` is a relative phrase that ``resolve(_:today:)`` understands.
    /// - Parameter text: A date field's value as written.
    /// - Returns: `true` for a phrase such as `tomorrow` or `in 3 days`; `false` for `YYYY-MM-DD`
    ///   and for anything not understood.
    public static func isRelative(_ text: some StringProtocol) -> Bool {
        Day(text) == nil && RelativePhrase(text) != nil
    }

    /// The spelling of a relative phrase that fits in a plain `key:value` field.
    /// - Parameter text: A relative phrase, e.g. `In 3 days`.
    /// - Returns: Its words in lower case joined by hyphens (`in-3-days`), or `nil` when `text` is
    ///   not a relative phrase.
    public static func plainSpelling(_ text: some StringProtocol) -> String? {
        RelativePhrase(text)?.words.joined(separator: "-")
    }
}

/// A relative date phrase, read into what it means.
struct RelativePhrase: Hashable, Sendable {
    /// The units a phrase counts in.
    enum Unit: Hashable, Sendable {
        case day, week, month, year, businessDay
    }

    /// What the phrase means.
    enum Meaning: Hashable, Sendable {
        /// Today plus `count` units (negative: before today).
        case offset(Int, Unit)
        /// The next such weekday after today.
        case weekday(Weekday)
        /// The last day of the current week, month or year.
        case endOf(Unit)
    }

    /// The meaning.
    let meaning: Meaning
    /// The words as typed, lower-cased, in order.
    let words: [String]

    /// Reads `text`; `nil` when it is not a phrase.
    init?(_ text: some StringProtocol) {
        let lower = text.lowercased()
        guard !lower.isEmpty, lower.utf8.count <= 40 else { return nil }
        if let offset = RelativePhrase.shortOffset(lower) {
            meaning = offset
            words = [lower]
            return
        }
        guard let words = PhraseWords.split(Substring(lower), commas: false)?.map(String.init),
              let meaning = RelativePhrase.meaning(of: words) else { return nil }
        self.meaning = meaning
        self.words = words
    }

    /// The day the phrase names, counted from `today`.
    func day(from today: Day) -> Day? {
        switch meaning {
        case .offset(let count, .day): today.adding(days: count)
        case .offset(let count, .week): today.adding(weeks: count)
        case .offset(let count, .month): today.adding(months: count)
        case .offset(let count, .year): today.adding(years: count)
        case .offset(let count, .businessDay): today.adding(businessDays: count)
        case .weekday(let weekday): today.next(weekday)
        // Not `endOfWeek`, which stays on the last day when the Sunday is after 9999-12-31.
        case .endOf(.week): today.adding(days: 7 - today.weekday.rawValue)
        case .endOf(.month): today.endOfMonth
        case .endOf(.year): today.endOfYear
        case .endOf: nil
        }
    }

    /// `+3d`, `-2w`, `10b`: an optional sign, digits, one unit letter.
    private static func shortOffset(_ text: String) -> Meaning? {
        // Read as bytes: the sign, the digits and the letter are ASCII, and a combining mark on any of
        // them leaves a byte that is none of them.
        var bytes = Substring(text).utf8
        var sign = 1
        if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "-") {
            sign = -1
            bytes = bytes.dropFirst()
        }
        guard let letter = bytes.last, let count = number(Substring(bytes.dropLast())) else { return nil }
        let unit: Unit
        switch letter {
        case UInt8(ascii: "d"): unit = .day
        case UInt8(ascii: "w"): unit = .week
        case UInt8(ascii: "m"): unit = .month
        case UInt8(ascii: "y"): unit = .year
        case UInt8(ascii: "b"): unit = .businessDay
        default: return nil
        }
        return .offset(sign * count, unit)
    }

    private static func meaning(of words: [String]) -> Meaning? {
        switch words.count {
        case 1:
            switch words[0] {
            case "today": return .offset(0, .day)
            case "tomorrow": return .offset(1, .day)
            case "yesterday": return .offset(-1, .day)
            default: return Weekday(named: words[0]).map { .weekday($0) }
            }
        case 2 where words[0] == "next":
            guard let unit = unit(words[1], plural: false), unit != .day else { return nil }
            return .offset(1, unit)
        case 3 where words[0] == "in":
            guard let count = number(Substring(words[1])), let unit = unit(words[2], plural: true) else { return nil }
            return .offset(count, unit)
        case 3 where words[0] == "end" && words[1] == "of":
            guard let unit = unit(words[2], plural: false), unit != .day else { return nil }
            return .endOf(unit)
        default:
            return nil
        }
    }

    private static func unit(_ word: String, plural: Bool) -> Unit? {
        switch word {
        case "day": .day
        case "week": .week
        case "month": .month
        case "year": .year
        case "days" where plural: .day
        case "weeks" where plural: .week
        case "months" where plural: .month
        case "years" where plural: .year
        default: nil
        }
    }

    /// One to six ASCII digits.
    private static func number(_ text: Substring) -> Int? {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }
}
