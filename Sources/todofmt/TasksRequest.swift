import TodoKit

/// What `todofmt tasks` was asked to list, and how.
struct TasksRequest: Equatable {
    /// How the tasks are printed.
    enum Format: String, Equatable, OptionChoice {
        case text, json, tsv

        /// What the listing looks like.
        var help: String {
            switch self {
            case .text: "one line per task, then a count; the default"
            case .json: "one JSON document (docs/TASKS.md has the schema)"
            case .tsv: "tasks only: tab-separated values with a header line"
            }
        }
    }

    /// Files and directories; `.` when none was given.
    var paths: [String]
    /// The `-q` instructions, in order.
    var instructions: [String]
    /// `--query-file`.
    var queryFile: String?
    var format: Format
    /// `--watch`.
    var watch: Bool
    /// The day relative dates count from.
    var today: Day
    /// Whether `--today` or `TODOFMT_TODAY` fixed the day (else `--watch` moves it at midnight).
    var todayIsPinned: Bool
    /// Which configuration files decide what a directory walk finds.
    var configuration: ConfigurationOverrides
    /// Whether overdue tasks and file names are coloured.
    var color = ColorChoice.auto
}
