import TodoKit

/// The option values of the shell commands (tasks, add, done, …) as given, checked and turned
/// into an ``Invocation`` once the command is known.
struct ShellArguments {
    var instructions: [String] = []
    var queryFile: String?
    var watch = false
    var due: String?
    var scheduled: String?
    var start: String?
    var priority: String?
    var tags: [String] = []
    var file: String?
    var section: String?
    var under: String?
    var title: String?
    var match: String?
    var olderThan: String?
    var archiveTo: String?

    func invocation(_ command: CommandDescription, operands: [String], today pinned: Day?, formatWord: String?,
                    configuration: ConfigurationOverrides) throws(UsageError) -> Invocation {
        let today = pinned ?? .today()
        if operands.contains(FormatRequest.standardInput) && command != .add {
            throw UsageError(message: "\(command.name) cannot read standard input ('-')")
        }
        switch command {
        case .tasks:
            var format = TasksRequest.Format.text
            if let formatWord {
                guard let chosen = TasksRequest.Format(rawValue: formatWord) else {
                    throw UsageError(message: "invalid format '\(formatWord)' for --format (expected text, json or tsv)")
                }
                format = chosen
            }
            return .tasks(TasksRequest(paths: operands.isEmpty ? ["."] : operands, instructions: instructions,
                                       queryFile: queryFile, format: format, watch: watch, today: today,
                                       todayIsPinned: pinned != nil, configuration: configuration))
        case .add:
            let words = operands.joined(separator: " ")
            guard !words.allSatisfy(\.isWhitespace) else { throw UsageError(message: "add needs a TITLE (see 'todofmt help add')") }
            var title = words
            for tag in tags {
                let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                    throw UsageError(message: "invalid tag '\(tag)' for --tag (one word)")
                }
                title += " #" + name
            }
            var under: TaskReference?
            if let text = self.under {
                guard let reference = TaskReference(text) else {
                    throw UsageError(message: "invalid task '\(text)' for --under (expected PATH:LINE)")
                }
                under = reference
            }
            if under != nil, file != nil || section != nil {
                throw .conflict("--under", file != nil ? "--file" : "--section")
            }
            return .add(AddRequest(
                title: title, due: try day(due, "--due", today, clearable: false) ?? nil,
                scheduled: try day(scheduled, "--scheduled", today, clearable: false) ?? nil,
                start: try day(start, "--start", today, clearable: false) ?? nil,
                priority: try level(priority, clearable: false) ?? nil,
                file: file, section: section, under: under, today: today))
        case .done, .cancel, .reopen, .start, .edit, .rm:
            var references: [TaskReference] = []
            for operand in operands {
                guard let reference = TaskReference(operand) else {
                    throw UsageError(message: "invalid task '\(operand)' (expected PATH:LINE as 'todofmt tasks' prints it, or --match TEXT)")
                }
                references.append(reference)
            }
            if match != nil, !references.isEmpty { throw UsageError(message: "give PATH:LINE or --match, not both") }
            if match == nil, references.isEmpty {
                throw UsageError(message: "\(command.name) needs a PATH:LINE or --match TEXT (see 'todofmt help \(command.name)')")
            }
            if match?.isEmpty == true { throw UsageError(message: "option '--match' needs a TEXT, not an empty string") }
            let change: TaskChangeRequest.Change
            switch command {
            case .done: change = .status(.done)
            case .cancel: change = .status(.cancelled)
            case .reopen: change = .status(.open)
            case .start: change = .status(.inProgress)
            case .rm: change = .remove
            default:
                if references.count > 1 { throw UsageError(message: "edit changes one task, got \(references.count)") }
                if title == nil, due == nil, scheduled == nil, start == nil, priority == nil {
                    throw UsageError(message: "edit needs --title, --due, --scheduled, --start or --priority")
                }
                if let title, title.allSatisfy(\.isWhitespace) { throw UsageError(message: "option '--title' needs a TITLE") }
                change = .edit(title: title, due: try day(due, "--due", today, clearable: true),
                               scheduled: try day(scheduled, "--scheduled", today, clearable: true),
                               start: try day(start, "--start", today, clearable: true),
                               priority: try level(priority, clearable: true))
            }
            return .change(TaskChangeRequest(command: command.name, change: change, references: references, match: match,
                                             today: today, configuration: configuration))
        case .undo, .redo:
            if let operand = operands.first { throw UsageError(message: "\(command.name) takes no operand, got '\(operand)'") }
            return .undo(command == .undo)
        case .archive:
            var days: Int?
            if let olderThan {
                guard let number = Int(olderThan), number >= 0 else {
                    throw UsageError(message: "invalid number of days '\(olderThan)' for --older-than")
                }
                days = number
            }
            if archiveTo != nil, section != nil { throw .conflict("--to", "--section") }
            return .archive(ArchiveRequest(paths: operands.isEmpty ? ["."] : operands, olderThanDays: days,
                                           archiveFile: archiveTo, section: section, today: today,
                                           configuration: configuration))
        default:
            fatalError("\(command.name) is not a shell command")
        }
    }

    /// A DATE option's value: nil when not given, `.some(nil)` for `none` (where allowed).
    private func day(_ text: String?, _ option: String, _ today: Day, clearable: Bool) throws(UsageError) -> Day?? {
        guard let text else { return nil }
        if clearable, text.lowercased() == "none" { return .some(nil) }
        guard let day = DatePhrase.resolve(text, today: today) else {
            throw UsageError(message: "invalid date '\(text)' for \(option) (expected YYYY-MM-DD, today, tomorrow, a weekday, "
                             + "next week, in 3 days, ...)")
        }
        return .some(day)
    }

    private func level(_ text: String?, clearable: Bool) throws(UsageError) -> Priority?? {
        guard let text else { return nil }
        if clearable, text == "none" { return .some(nil) }
        guard let priority = Priority(rawValue: text) else {
            throw .invalidChoice(text, "priority", .priority)
        }
        return .some(priority)
    }
}
