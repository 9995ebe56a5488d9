/// What the formatter does beyond the fixed canonical rules.
public struct FormatOptions: Hashable, Sendable {
    /// How fields are spelled when written.
    public var fieldStyle: FieldStyle
    /// Stamp completed tasks with `today` and drop end dates from reopened tasks.
    public var stampDates: Bool
    /// Sink completed tasks below the other items of their list.
    public var sinkCompleted: Bool
    /// The day used for stamping.
    public var today: Day

    /// Creates options; every argument has the default behaviour.
    public init(fieldStyle: FieldStyle = .default, stampDates: Bool = true, sinkCompleted: Bool = true, today: Day = .today()) {
        self.fieldStyle = fieldStyle
        self.stampDates = stampDates
        self.sinkCompleted = sinkCompleted
        self.today = today
    }

    /// The defaults, with today's local date.
    public static var `default`: FormatOptions { FormatOptions() }
}
