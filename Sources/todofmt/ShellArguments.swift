import TodoKit

/// The option values of the shell commands (tasks, add, done, …) as given; the command checks
/// them (``ParsedArguments``) once it is known.
struct ShellArguments {
    var instructions: [String] = []
    var queryFile: String?
    var watch = false
    var due: String?
    var scheduled: String?
    var start: String?
    var priority: PriorityChoice?
    var tags: [String] = []
    var file: String?
    var section: String?
    var under: String?
    var title: String?
    var match: String?
    var olderThan: String?
    var archiveTo: String?

    /// A DATE option's value: nil when not given, `.some(nil)` for `none` (where allowed).
    func day(_ text: String?, _ option: String, _ today: Day, clearable: Bool) throws(UsageError) -> Day?? {
        guard let text else { return nil }
        if clearable, text.lowercased() == "none" { return .some(nil) }
        guard let day = DatePhrase.resolve(text, today: today) else {
            throw UsageError(message: "invalid date '\(text)' for \(option) (expected YYYY-MM-DD, today, tomorrow, a weekday, "
                             + "next week, in 3 days, ...)")
        }
        return .some(day)
    }
}
