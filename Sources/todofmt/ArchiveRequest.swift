import TodoKit

/// What `todofmt archive` moves, and where to.
struct ArchiveRequest: Equatable {
    /// Files and directories; `.` when none was given.
    var paths: [String]
    /// `--older-than DAYS`, else the configuration's, else 0.
    var olderThanDays: Int?
    /// `--to FILE`.
    var archiveFile: String?
    /// `--section HEADING`.
    var section: String?
    var today: Day
    var configuration: ConfigurationOverrides
}
