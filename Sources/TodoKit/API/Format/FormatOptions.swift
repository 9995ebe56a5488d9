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
    /// The marker of bullet lists that hold tasks (``BulletStyle/keep`` leaves markers as written).
    public var bullet: BulletStyle
    /// How many columns right of its parent item's marker a nested bullet list's markers sit
    /// (2, 3 or 4); nil, or any other value, leaves indentation as written.
    public var indentation: Int?
    /// Where a recurring task's next occurrence goes when the task is done.
    public var nextOccurrence: OccurrencePlacement
    /// Custom checkbox marks and the kind of status each stands for.
    public var statuses: StatusMap
    /// Obsidian Tasks' global filter (`#task`, say): when set, only checklist items whose text
    /// contains it are tasks; the others are list items (not stamped, not sunk). Nil: every one.
    public var globalFilter: String?

    /// The indentation widths the formatter applies.
    public static let indentationWidths: ClosedRange<Int> = 2...4

    /// Creates options; every argument has the default behaviour.
    /// - Parameters:
    ///   - fieldStyle: How fields are spelled when written.
    ///   - stampDates: Whether completed tasks are stamped and reopened ones lose their end date.
    ///   - sinkCompleted: Whether completed tasks sink below the other items of their list.
    ///   - today: The day stamps and relative dates count from.
    ///   - bullet: The marker of bullet lists that hold tasks.
    ///   - indentation: The indentation of nested lists in columns, or `nil` to keep it as written.
    ///   - nextOccurrence: Where a recurring task's next occurrence goes when the task is done.
    ///   - statuses: Custom checkbox marks and the kind of status each stands for.
    ///   - globalFilter: Obsidian Tasks' global filter: only checklist items containing it are
    ///     tasks; `nil` or empty makes every checklist item one.
    public init(fieldStyle: FieldStyle = .default, stampDates: Bool = true, sinkCompleted: Bool = true, today: Day = .today(),
                bullet: BulletStyle = .default, indentation: Int? = nil, nextOccurrence: OccurrencePlacement = .default,
                statuses: StatusMap = .standard, globalFilter: String? = nil) {
        self.fieldStyle = fieldStyle
        self.stampDates = stampDates
        self.sinkCompleted = sinkCompleted
        self.today = today
        self.bullet = bullet
        self.indentation = indentation
        self.nextOccurrence = nextOccurrence
        self.statuses = statuses
        self.globalFilter = globalFilter
    }

    /// The defaults, with today's local date.
    public static var `default`: FormatOptions { FormatOptions() }

    /// The indentation width to apply, nil when indentation is kept.
    var appliedIndentation: Int? {
        guard let indentation, FormatOptions.indentationWidths.contains(indentation) else { return nil }
        return indentation
    }
}
