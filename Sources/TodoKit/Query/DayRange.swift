/// The days from ``start`` to ``end``, both included; a single day when they are equal.
public struct DayRange: Hashable, Sendable, CustomStringConvertible {
    /// The first day.
    public let start: Day
    /// The last day.
    public let end: Day

    /// A range; the two days are put in order.
    public init(_ start: Day, _ end: Day) {
        self.start = min(start, end)
        self.end = max(start, end)
    }

    /// One day.
    public init(_ day: Day) {
        self.init(day, day)
    }

    /// Whether `day` lies in the range.
    public func contains(_ day: Day) -> Bool { start <= day && day <= end }

    /// `YYYY-MM-DD`, or `YYYY-MM-DD YYYY-MM-DD` for a longer range.
    public var description: String { start == end ? "\(start)" : "\(start) \(end)" }
}
