import TodoKit

/// What `todofmt add` adds, and where.
struct AddRequest: Equatable {
    /// The title, tags appended.
    var title: String
    var due: Day?
    var scheduled: Day?
    var start: Day?
    var priority: Priority?
    /// `--file`, or nil for the nearest todo file.
    var file: String?
    /// `--section`.
    var section: String?
    /// `--under PATH:LINE`.
    var under: TaskReference?
    /// The day stamped as `created:`.
    var today: Day
    /// Which configuration applies (`--config`, `--no-config`): the field style of the new task's fields.
    var configuration = ConfigurationOverrides()
}
