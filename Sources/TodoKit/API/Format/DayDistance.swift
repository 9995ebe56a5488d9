/// How far a day is from today, in words for people.
public enum DayDistance {
    /// `today`, `tomorrow`, `yesterday`, `in 8 days` or `3 days ago`.
    ///
    /// - Parameters:
    ///   - day: the day to describe.
    ///   - today: the day to count from.
    /// - Returns: the distance in words.
    public static func describe(_ day: Day, today: Day) -> String {
        let distance = today.days(until: day)
        switch distance {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(distance) days"
        default: return "\(-distance) days ago"
        }
    }
}
