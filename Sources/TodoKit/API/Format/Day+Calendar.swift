/// Calendar arithmetic on days: weekdays, months and years that clamp to the month's end, business days.
extension Day {
    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let offset = (daysSinceEpoch + 3) % 7
        return Weekday(rawValue: (offset < 0 ? offset + 7 : offset) + 1)!
    }

    /// The number of days from this day to another.
    /// - Parameter other: The other day.
    /// - Returns: Positive when `other` is later, negative when it is earlier, 0 for the same day.
    public func days(until other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The day some weeks later (earlier when negative).
    /// - Parameter n: The number of weeks.
    /// - Returns: The day `7 * n` days on; `nil` outside years 1...9999.
    public func adding(weeks n: Int) -> Day? {
        let (days, overflow) = n.multipliedReportingOverflow(by: 7)
        return overflow ? nil : adding(days: days)
    }

    /// The same day of the month some months later (earlier when negative), clamped to the end of a
    /// shorter month: January 31st plus one month is February 28th (29th in a leap year).
    /// - Parameter n: The number of months.
    /// - Returns: The day; `nil` outside years 1...9999.
    public func adding(months n: Int) -> Day? {
        guard abs(n) < 12 * 10_000 else { return nil }
        let index = year * 12 + (month - 1) + n
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return Day(year: newYear, month: newMonth, day: min(day, Day.daysIn(month: newMonth, year: newYear)))
    }

    /// The same day some years later (earlier when negative); February 29th becomes the 28th in a
    /// year without one.
    /// - Parameter n: The number of years.
    /// - Returns: The day; `nil` outside years 1...9999.
    public func adding(years n: Int) -> Day? {
        guard abs(n) < 10_000 else { return nil }
        return adding(months: n * 12)
    }

    /// The day some business days (Monday to Friday) later, or earlier when negative. Counting skips
    /// weekends: Friday plus one business day is Monday, and so is Saturday plus one.
    /// - Parameter n: The number of business days; 0 gives this day, even on a weekend.
    /// - Returns: The day; `nil` outside years 1...9999.
    public func adding(businessDays n: Int) -> Day? {
        guard n != 0 else { return self }
        guard abs(n) < 5 * 530_000 else { return nil }
        let step = n > 0 ? 1 : -1
        var remaining = abs(n)
        var current = self
        // Whole weeks first (five business days are seven days from a business day), then day by day.
        if remaining > 5, current.weekday.isBusinessDay {
            guard let jumped = current.adding(weeks: step * (remaining / 5 - 1)) else { return nil }
            current = jumped
            remaining -= (remaining / 5 - 1) * 5
        }
        while remaining > 0 {
            guard let next = current.adding(days: step) else { return nil }
            current = next
            if current.weekday.isBusinessDay { remaining -= 1 }
        }
        return current
    }

    /// The last day of this day's month.
    public var endOfMonth: Day {
        Day(year: year, month: month, day: Day.daysIn(month: month, year: year))!
    }

    /// The last day of this day's year.
    public var endOfYear: Day {
        Day(year: year, month: 12, day: 31)!
    }

    /// The Monday on or before this day (weeks run Monday to Sunday, as in ISO 8601).
    public var startOfWeek: Day {
        adding(days: 1 - weekday.rawValue) ?? self
    }

    /// The Sunday on or after this day.
    public var endOfWeek: Day {
        adding(days: 7 - weekday.rawValue) ?? self
    }

    /// The first day of this day's month.
    public var startOfMonth: Day {
        Day(year: year, month: month, day: 1)!
    }

    /// The next day after this one that falls on a weekday.
    /// - Parameter weekday: The weekday.
    /// - Returns: A day one to seven days later, never this day; `nil` when that is after
    ///   December 31st, 9999.
    public func next(_ weekday: Weekday) -> Day? {
        let ahead = (weekday.rawValue - self.weekday.rawValue + 7) % 7
        return adding(days: ahead == 0 ? 7 : ahead)
    }
}
