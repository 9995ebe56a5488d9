/// How a date filter compares a task's date with the query's day or range.
public enum TaskDateRelation: String, Hashable, Sendable {
    /// Before the first day of the range.
    case before
    /// After the last day of the range.
    case after
    /// In the range (`on`, `in`, or no word).
    case on
    /// Before its last day or in it.
    case onOrBefore = "on or before"
    /// In it or after its first day.
    case onOrAfter = "on or after"

    /// Whether `day` stands in this relation to `range`.
    func holds(_ day: Day, _ range: DayRange) -> Bool {
        switch self {
        case .before: day < range.start
        case .after: day > range.end
        case .on: range.contains(day)
        case .onOrBefore: day <= range.end
        case .onOrAfter: day >= range.start
        }
    }
}
