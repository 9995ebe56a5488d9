/// The days from ``start`` to ``end``, both included; a single day when they are equal.
public struct DayRange: Hashable, Sendable, CustomStringConvertible {
    /// The first day.
    public let start: Day
    /// The last day.
    public let end: Day

    /// A range of days; the two days are put in order.
    /// - Parameters:
    ///   - start: One end of the range, included.
    ///   - end: The other end, included.
    public init(_ start: Day, _ end: Day) {
        self.start = min(start, end)
        self.end = max(start, end)
    }

    /// A range of one day.
    /// - Parameter day: The day.
    public init(_ day: Day) {
        self.init(day, day)
    }

    /// Whether a day lies in the range.
    /// - Parameter day: The day.
    /// - Returns: `true` when it is on or after ``start`` and on or before ``end``.
    public func contains(_ day: Day) -> Bool { start <= day && day <= end }

    /// `YYYY-MM-DD`, or `YYYY-MM-DD YYYY-MM-DD` for a longer range.
    public var description: String { start == end ? "\(start)" : "\(start) \(end)" }
}
