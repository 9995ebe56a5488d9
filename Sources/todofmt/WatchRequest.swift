import TodoKit

/// What `todofmt watch` was asked to do: which files and directories, which options.
struct WatchRequest: Equatable {
    /// Files and directories in command-line order.
    var paths: [String]
    /// The formatting options; `today` is the day the command line was read.
    var options: FormatOptions
    /// Whether `--today` or `TODOFMT_TODAY` fixed the date. If not, each save is stamped with the
    /// date of that save, so a watch left running past midnight stamps the new day.
    var todayIsPinned: Bool

    /// The options for formatting a save made now.
    func currentOptions() -> FormatOptions {
        var current = options
        if !todayIsPinned { current.today = .today() }
        return current
    }
}
