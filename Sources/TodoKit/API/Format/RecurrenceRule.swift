/// When a recurring task comes back: Obsidian Tasks' `every …` rules and todo.txt's `rec:`.
///
/// A rule is read from a phrase (`every 2 weeks on Monday, Friday`, `every month on the last
/// Friday`, `every January on the 15th`, each optionally followed by `when done`; words may be
/// separated by hyphens, as plain fields write them) or from todo.txt's short form (`1w`: one week
/// after completion, `+1w`: one week after the due date; units `d w m y b`). docs/FORMAT.md lists the
/// grammar. A rule is a plain value (no references), so fields holding it stay cheap to copy.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// What the interval counts.
    public enum Unit: UInt8, Hashable, Sendable {
        /// Calendar days.
        case day
        /// Monday to Friday (todo.txt's `b`).
        case businessDay
        /// Weeks of seven days.
        case week
        /// Months, clamped to the month's end.
        case month
        /// Years (February 29th becomes the 28th).
        case year

        var letter: UInt8 {
            switch self {
            case .day: UInt8(ascii: "d")
            case .businessDay: UInt8(ascii: "b")
            case .week: UInt8(ascii: "w")
            case .month: UInt8(ascii: "m")
            case .year: UInt8(ascii: "y")
            }
        }
    }

    // Stored in 24 bytes (largest first), so that a field holding a rule is no larger than one
    // holding a day.
    /// Monthly and yearly rules: days of the month; bit `d - 1` for the `d`th, bit `32 + k - 1` for
    /// the `k`th last (`k` = 1: the last day).
    private var monthDays: UInt64 = 0
    /// Monthly and yearly rules: the `n`th weekday of the month; bit `(n - 1) * 7 + w - 1` for the
    /// 1st…5th, bit `35 + (k - 1) * 7 + w - 1` for the `k`th last (1...4), `w` the weekday number.
    private var nthWeekdays: UInt64 = 0
    private var storedInterval: UInt16
    /// Yearly rules: the months (bit `m - 1`); 0 means the reference date's month.
    private var months: UInt16 = 0
    /// What the interval counts.
    public private(set) var unit: Unit
    /// Weekly rules: the weekdays (bit `weekday.rawValue - 1`); 0 means the reference date's weekday.
    private var weekdays: UInt8 = 0
    /// Whether the next occurrence counts from the day the task is done rather than from its date.
    public private(set) var whenDone: Bool

    /// How many units lie between occurrences (1...999).
    public var interval: Int { Int(storedInterval) }

    /// The largest interval a rule may have.
    static let maximumInterval = 999

    /// The longest text read as a rule. Every rule's canonical phrase is shorter (the longest, every
    /// weekday of the month in every position, is about 1,300 bytes), so what the formatter writes is
    /// always read back.
    static let maximumLength = 2000

    /// Whether the rule is just an interval (`every 2 weeks`), which todo.txt's `rec:` can hold.
    public var isSimple: Bool { weekdays == 0 && monthDays == 0 && nthWeekdays == 0 && months == 0 }

    /// A rule of a number of units; `nil` for an interval outside 1...999.
    /// - Parameters:
    ///   - interval: How many units lie between occurrences.
    ///   - unit: The unit.
    ///   - whenDone: Whether the next occurrence counts from completion rather than from the
    ///     reference date.
    public init?(every interval: Int, _ unit: Unit, whenDone: Bool = false) {
        guard (1...RecurrenceRule.maximumInterval).contains(interval) else { return nil }
        storedInterval = UInt16(interval)
        self.unit = unit
        self.whenDone = whenDone
    }

    // MARK: - Reading

    /// Reads todo.txt's short form; `nil` for anything else.
    /// - Parameter text: `[+]N` and one of `d w m y b` (in either case), e.g. `+2w`; `+` makes the rule strict
    ///   (from the due date), without it the rule counts from completion, as `when done` does.
    public init?(todoTxt text: some StringProtocol) {
        var bytes = Substring(text).utf8[...]
        var strict = false
        if bytes.first == UInt8(ascii: "+") {
            strict = true
            bytes = bytes.dropFirst()
        }
        guard let letter = bytes.last, bytes.count >= 2, bytes.count <= 4 else { return nil }
        var n = 0
        for c in bytes.dropLast() {
            guard c.isASCIIDigit else { return nil }
            n = n * 10 + Int(c - UInt8(ascii: "0"))
        }
        let unit: Unit
        // The unit's letter in either case, as relative dates read it (`due:+1W`).
        switch letter | 0x20 {
        case UInt8(ascii: "d"): unit = .day
        case UInt8(ascii: "b"): unit = .businessDay
        case UInt8(ascii: "w"): unit = .week
        case UInt8(ascii: "m"): unit = .month
        case UInt8(ascii: "y"): unit = .year
        default: return nil
        }
        self.init(every: n, unit, whenDone: !strict)
    }

    /// Reads a phrase: `every …` as in Obsidian Tasks; `nil` for anything it does not understand.
    /// - Parameter text: The phrase, case-insensitive, words separated by spaces, tabs or hyphens,
    ///   list items by commas or `and`; at most 2,000 bytes.
    public init?(phrase text: some StringProtocol) {
        guard text.utf8.count <= RecurrenceRule.maximumLength,
              let words = PhraseWords.split(Substring(text.lowercased()), commas: true) else { return nil }
        var reader = PhraseReader(words: words)
        guard let rule = reader.rule() else { return nil }
        self = rule
    }

    /// Reads either spelling; `nil` when neither is understood.
    /// - Parameter text: todo.txt's short form (``init(todoTxt:)``) or a phrase
    ///   (``init(phrase:)``).
    public init?(_ text: some StringProtocol) {
        if let rule = RecurrenceRule(todoTxt: text) {
            self = rule
        } else if let rule = RecurrenceRule(phrase: text) {
            self = rule
        } else {
            return nil
        }
    }

    /// Reads the words of a phrase, one rule.
    private struct PhraseReader {
        var words: [Substring]
        var position = 0

        var next: Substring? { position < words.count ? words[position] : nil }

        mutating func take(_ word: String) -> Bool {
            guard next.map({ $0 == word }) == true else { return false }
            position += 1
            return true
        }

        mutating func rule() -> RecurrenceRule? {
            guard take("every") else { return nil }
            var rule: RecurrenceRule
            if let weekday = next.flatMap({ Weekday(named: $0) }) {
                // `every Monday, Thursday`
                rule = RecurrenceRule(every: 1, .week)!
                guard let days = weekdayList(first: weekday) else { return nil }
                rule.weekdays = days
            } else if let month = next.flatMap({ RecurrenceRule.monthNumber($0) }) {
                // `every January[, July] [on the 15th]`
                rule = RecurrenceRule(every: 1, .year)!
                position += 1
                rule.months = 1 << (month - 1)
                while take(",") || take("and") {
                    guard let other = next.flatMap({ RecurrenceRule.monthNumber($0) }) else { return nil }
                    position += 1
                    rule.months |= 1 << (other - 1)
                }
                if take("on") {
                    guard monthDayList(into: &rule) else { return nil }
                }
            } else {
                var n = 1
                if let word = next, let number = Int(word), word.utf8.allSatisfy({ $0.isASCIIDigit }) {
                    guard (1...RecurrenceRule.maximumInterval).contains(number) else { return nil }
                    n = number
                    position += 1
                }
                guard let word = next else { return nil }
                position += 1
                let plural = n != 1
                switch word {
                case "day" where !plural, "days" where plural:
                    rule = RecurrenceRule(every: n, .day)!
                case "weekday" where !plural:
                    rule = RecurrenceRule(every: 1, .businessDay)!
                case "business" where plural:
                    guard take("days") else { return nil }
                    rule = RecurrenceRule(every: n, .businessDay)!
                case "week" where !plural, "weeks" where plural:
                    rule = RecurrenceRule(every: n, .week)!
                    if take("on") {
                        guard let first = next.flatMap({ Weekday(named: $0) }), let days = weekdayList(first: first) else { return nil }
                        rule.weekdays = days
                    }
                case "month" where !plural, "months" where plural:
                    rule = RecurrenceRule(every: n, .month)!
                    if take("on") {
                        guard monthDayList(into: &rule) else { return nil }
                    }
                case "year" where !plural, "years" where plural:
                    rule = RecurrenceRule(every: n, .year)!
                default:
                    return nil
                }
            }
            if take("when") {
                guard take("done") else { return nil }
                rule.whenDone = true
            }
            return position == words.count ? rule : nil
        }

        /// `Monday[, Friday][ and Sunday]`, the first already recognised.
        mutating func weekdayList(first: Weekday) -> UInt8? {
            position += 1
            var days: UInt8 = 1 << (first.rawValue - 1)
            while take(",") || take("and") {
                guard let day = next.flatMap({ Weekday(named: $0) }) else { return nil }
                position += 1
                days |= 1 << (day.rawValue - 1)
            }
            return days
        }

        /// `the 1st, 15th`, `the last`, `the 2nd last`, `the 2nd Wednesday`, `the last Friday`,
        /// `the 2nd last Friday`: days of the month or weekdays of it, not both.
        mutating func monthDayList(into rule: inout RecurrenceRule) -> Bool {
            repeat {
                _ = take("the")
                var k: Int
                var fromEnd = false
                if take("last") {
                    k = 1
                    fromEnd = true
                } else {
                    guard let word = next, let n = RecurrenceRule.ordinal(word) else { return false }
                    position += 1
                    k = n
                    if take("last") { fromEnd = true }
                }
                if let weekday = next.flatMap({ Weekday(named: $0) }) {
                    position += 1
                    guard rule.monthDays == 0, fromEnd ? k <= 4 : k <= 5 else { return false }
                    let bit = (fromEnd ? 35 : 0) + (k - 1) * 7 + weekday.rawValue - 1
                    rule.nthWeekdays |= 1 << UInt64(bit)
                } else {
                    _ = take("day")
                    guard rule.nthWeekdays == 0, k <= 31 else { return false }
                    rule.monthDays |= 1 << UInt64((fromEnd ? 32 : 0) + k - 1)
                }
            } while take(",") || take("and")
            return true
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … `31st` (with the right suffix).
    static func ordinal(_ word: Substring) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2, digits.first != "0", let n = Int(digits), n <= 31 else { return nil }
        return word.dropFirst(digits.count) == ordinalSuffix(n) ? n : nil
    }

    private static func ordinalSuffix(_ n: Int) -> Substring {
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"]

    static func monthNumber(_ word: Substring) -> Int? {
        monthNames.firstIndex { $0 == word }.map { $0 + 1 }
    }

    // MARK: - Writing

    /// The rule as a phrase, the spelling emoji and Dataview fields write: `every week on Monday,
    /// Friday`, `every month on the last Friday when done`.
    public var phrase: String {
        var out = "every"
        let n = interval
        switch unit {
        case .day: out += n == 1 ? " day" : " \(n) days"
        case .businessDay: out += n == 1 ? " weekday" : " \(n) business days"
        case .week:
            out += n == 1 ? " week" : " \(n) weeks"
            if weekdays != 0 {
                out += " on " + Weekday.allCases.filter { weekdays & (1 << ($0.rawValue - 1)) != 0 }.map(\.name).joined(separator: ", ")
            }
        case .month:
            out += n == 1 ? " month" : " \(n) months"
        case .year:
            if months != 0 {
                out = "every " + (1...12).filter { months & (1 << ($0 - 1)) != 0 }
                    .map { RecurrenceRule.monthNames[$0 - 1].prefix(1).uppercased() + RecurrenceRule.monthNames[$0 - 1].dropFirst() }
                    .joined(separator: ", ")
            } else {
                out += n == 1 ? " year" : " \(n) years"
            }
        }
        if monthDays != 0 || nthWeekdays != 0 {
            var items: [String] = []
            for d in 1...31 where monthDays & (1 << UInt64(d - 1)) != 0 {
                items.append("\(d)\(RecurrenceRule.ordinalSuffix(d))")
            }
            for k in 1...31 where monthDays & (1 << UInt64(32 + k - 1)) != 0 {
                items.append(k == 1 ? "last" : "\(k)\(RecurrenceRule.ordinalSuffix(k)) last")
            }
            for bit in 0..<63 where nthWeekdays & (1 << UInt64(bit)) != 0 {
                let fromEnd = bit >= 35
                let k = (fromEnd ? bit - 35 : bit) / 7 + 1
                let weekday = Weekday(rawValue: (fromEnd ? bit - 35 : bit) % 7 + 1)!.name
                let position = fromEnd ? (k == 1 ? "last" : "\(k)\(RecurrenceRule.ordinalSuffix(k)) last") : "\(k)\(RecurrenceRule.ordinalSuffix(k))"
                items.append(position + " " + weekday)
            }
            out += " on the " + items.joined(separator: ", ")
        }
        if whenDone { out += " when done" }
        return out
    }

    /// The value of a plain `rec:` field: todo.txt's short form for a simple rule (`+1w`, `3d`),
    /// otherwise the phrase in lower case with hyphens for spaces and no space after a comma
    /// (`every-month-on-the-last-friday`).
    public var plainValue: String {
        if isSimple {
            return (whenDone ? "" : "+") + "\(interval)" + String(UnicodeScalar(unit.letter))
        }
        var out = ""
        var previousComma = false
        for c in phrase.lowercased() {
            if c == " " {
                if !previousComma { out.append("-") }
            } else {
                out.append(c)
            }
            previousComma = c == ","
        }
        return out
    }

    /// The rule as a phrase (``phrase``).
    public var description: String { phrase }

    // MARK: - Arithmetic

    /// The first day of the rule after a reference day. Months and years without a day named clamp
    /// to the month's end (Obsidian Tasks: January 31st + 1 month is February 28th); a named day
    /// that a month lacks skips that month (`every month on the 31st`).
    /// - Parameter reference: The reference date's occurrence, or the day the task was done for
    ///   `when done`.
    /// - Returns: The day, or `nil` when no such day exists before year 10000.
    public func next(after reference: Day) -> Day? {
        switch unit {
        case .day:
            return reference.adding(days: interval)
        case .businessDay:
            return reference.adding(businessDays: interval)
        case .week:
            guard weekdays != 0 else { return reference.adding(weeks: interval) }
            // Weeks run Monday to Sunday and count from the reference date's week (RFC 5545, WKST=MO).
            let start = reference.startOfWeek
            var day = reference
            for _ in 0..<(7 * interval + 7) {
                guard let following = day.adding(days: 1) else { return nil }
                day = following
                let week = start.days(until: day.startOfWeek) / 7
                if week % interval == 0 && weekdays & (1 << (day.weekday.rawValue - 1)) != 0 { return day }
            }
            return nil
        case .month:
            guard monthDays != 0 || nthWeekdays != 0 else { return reference.adding(months: interval) }
            var step = 0
            while step <= 12 * 400 {
                guard let first = reference.startOfMonth.adding(months: step) else { return nil }
                if let day = firstDay(in: first.year, first.month, after: reference, defaultDay: reference.day) { return day }
                step += interval
            }
            return nil
        case .year:
            guard months != 0 || monthDays != 0 || nthWeekdays != 0 else { return reference.adding(years: interval) }
            var year = reference.year
            while year <= 9999 && year - reference.year <= 400 * interval {
                for month in 1...12 where (months == 0 ? month == reference.month : months & (1 << (month - 1)) != 0) {
                    if let day = firstDay(in: year, month, after: reference, defaultDay: reference.day) { return day }
                }
                year += interval
            }
            return nil
        }
    }

    /// The earliest day of the rule's days in a month that comes after `reference`.
    private func firstDay(in year: Int, _ month: Int, after reference: Day, defaultDay: Int) -> Day? {
        let length = Day.daysIn(month: month, year: year)
        var best: Int?
        func consider(_ d: Int) {
            guard d >= 1, d <= length, let day = Day(year: year, month: month, day: d), day > reference else { return }
            if best.map({ d < $0 }) ?? true { best = d }
        }
        if monthDays == 0 && nthWeekdays == 0 {
            consider(defaultDay)
        }
        if monthDays != 0 {
            for d in 1...31 where monthDays & (1 << UInt64(d - 1)) != 0 { consider(d) }
            for k in 1...31 where monthDays & (1 << UInt64(32 + k - 1)) != 0 { consider(length - k + 1) }
        }
        if nthWeekdays != 0, let first = Day(year: year, month: month, day: 1) {
            let firstWeekday = first.weekday.rawValue
            for bit in 0..<63 where nthWeekdays & (1 << UInt64(bit)) != 0 {
                let fromEnd = bit >= 35
                let k = (fromEnd ? bit - 35 : bit) / 7 + 1
                let weekday = (fromEnd ? bit - 35 : bit) % 7 + 1
                let firstOccurrence = 1 + (weekday - firstWeekday + 7) % 7
                if fromEnd {
                    let last = firstOccurrence + (length - firstOccurrence) / 7 * 7
                    consider(last - (k - 1) * 7)
                } else {
                    consider(firstOccurrence + (k - 1) * 7)
                }
            }
        }
        return best.flatMap { Day(year: year, month: month, day: $0) }
    }
}
