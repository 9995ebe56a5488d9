import TodoKit

/// What `todofmt done|cancel|reopen|start|edit|rm` changes.
struct TaskChangeRequest: Equatable {
    /// The change made to every task named.
    enum Change: Equatable {
        /// A new status (done, cancel, reopen, start).
        case status(TaskStatus)
        /// `edit`: the values given (a double optional: `.some(nil)` clears).
        case edit(title: String?, due: Day??, scheduled: Day??, start: Day??, priority: Priority??)
        /// `rm`.
        case remove
    }

    /// The command's name, for the journal and messages.
    var command: String
    var change: Change
    /// The tasks named by `path:line`.
    var references: [TaskReference]
    /// `--match TEXT`.
    var match: String?
    /// The day stamped on completed tasks.
    var today: Day
    /// Which configuration applies (field style of new fields, what `--match` searches).
    var configuration: ConfigurationOverrides
}
