import TodoKit

/// What `todofmt watch` was asked to do: which files and directories, which options.
struct WatchRequest: Equatable {
    /// Files and directories in command-line order.
    var paths: [String]
    /// The day the command line was read, or the one `--today` or `TODOFMT_TODAY` gave.
    var today: Day
    /// Whether `--today` or `TODOFMT_TODAY` fixed the date. If not, each save is stamped with the
    /// date of that save, so a watch left running past midnight stamps the new day.
    var todayIsPinned: Bool
    /// Which configuration applies, and the formatting options the command line gives.
    var configuration = ConfigurationOverrides()

    /// The options for formatting a save of `path` made now. The configuration is looked up
    /// again for each save, so an edit to a `.todofmt.json` applies from the next save on.
    func currentOptions(for path: String) throws(ConfigurationError) -> FormatOptions {
        let found = try configuration.resolver().configuration(for: path)
        return configuration.applied(to: found).formatOptions(today: todayIsPinned ? today : .today())
    }
}
