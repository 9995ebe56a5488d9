// TEMPORARY: the shared date API of /work/brief/DATES-API.md, as far as the shell commands use it,
// until the lead's version lands on main. Delete this file when merging main.

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name: `Monday`.
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }

    /// The three-letter abbreviation: `Mon`.
    public var abbreviation: String { String(name.prefix(3)) }
}

extension Day {
    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday(rawValue: index + 1)!
    }

    /// The same day `n` months later, clamped to the month's end.
    public func adding(months n: Int) -> Day? {
        let total = year * 12 + (month - 1) + n
        let y = total / 12, m = total % 12 + 1
        guard (1...9999).contains(y) else { return nil }
        return Day(year: y, month: m, day: Swift.min(day, Day.daysIn(month: m, year: y)))
    }

    /// The same day `n` years later (Feb 29 becomes Feb 28).
    public func adding(years n: Int) -> Day? { adding(months: 12 * n) }

    /// The day `n` weeks later.
    public func adding(weeks n: Int) -> Day? { adding(days: 7 * n) }

    /// `other` − `self` in days.
    public func days(until other: Day) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The last day of the month.
    public var endOfMonth: Day { Day(year: year, month: month, day: Day.daysIn(month: month, year: year))! }

    /// The coming Sunday (self when Sunday).
    public var endOfWeek: Day { adding(days: 7 - weekday.rawValue) ?? self }

    /// The Monday on or before self.
    public var startOfWeek: Day { adding(days: 1 - weekday.rawValue) ?? self }
}

/// A date as a person types it.
public enum DatePhrase {
    /// `YYYY-MM-DD` or a relative phrase; nil for anything else.
    public static func resolve(_ text: some StringProtocol, today: Day) -> Day? {
        if let day = Day(text) { return day }
        let words = text.lowercased().split { $0 == " " || $0 == "-" }.map(String.init)
        switch words {
        case ["today"]: return today
        case ["tomorrow"]: return today.adding(days: 1)
        case ["yesterday"]: return today.adding(days: -1)
        case ["next", "week"]: return today.adding(days: 7)
        case ["next", "month"]: return today.adding(months: 1)
        case ["next", "year"]: return today.adding(years: 1)
        case ["end", "of", "week"]: return today.endOfWeek
        case ["end", "of", "month"]: return today.endOfMonth
        default: break
        }
        if words.count == 1, let day = Weekday.allCases.first(where: {
            $0.name.lowercased() == words[0] || $0.abbreviation.lowercased() == words[0]
        }) {
            let ahead = (day.rawValue - today.weekday.rawValue + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        if words.count == 3, words[0] == "in", let n = Int(words[1]) {
            switch words[2] {
            case "day", "days": return today.adding(days: n)
            case "week", "weeks": return today.adding(weeks: n)
            case "month", "months": return today.adding(months: n)
            case "year", "years": return today.adding(years: n)
            default: return nil
            }
        }
        if words.count == 1, words[0].hasPrefix("+"), let unit = words[0].last, let n = Int(words[0].dropFirst().dropLast()) {
            switch unit {
            case "d": return today.adding(days: n)
            case "w": return today.adding(weeks: n)
            case "m": return today.adding(months: n)
            case "y": return today.adding(years: n)
            default: return nil
            }
        }
        return nil
    }

    /// True when `text` is a relative phrase.
    public static func isRelative(_ text: some StringProtocol) -> Bool {
        Day(text) == nil && resolve(text, today: Day(year: 2000, month: 1, day: 1)!) != nil
    }
}

/// How far a day is from today, for people.
public enum DayDistance {
    /// "today", "tomorrow", "yesterday", "in 8 days", "3 days ago".
    public static func describe(_ day: Day, today: Day) -> String {
        let n = today.days(until: day)
        switch n {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case let n where n > 1: return "in \(n) days"
        default: return "\(-n) days ago"
        }
    }
}
