#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// A command line split into options (applied) and operands, before the command checks them: each
/// ``CommandDescription`` has one of the methods here as its ``CommandDescription/invocation``,
/// which validates what its options and operands mean together and builds the ``Invocation``.
struct ParsedArguments {
    /// The command line being parsed (its commands are what `help COMMAND` may name).
    var commandLine: CommandLineDescription
    /// What the options set.
    var options: ParsedOptions
    /// The words that are not options: paths, REFs, a TITLE, a COMMAND.
    var operands: [String]
    /// The value of `TODOFMT_TODAY`, used when `--today` is not given.
    var environmentToday: String?
    /// Whether `GITHUB_ACTIONS` is `true`: findings are then reported as workflow commands by default.
    var inGitHubActions = false
    /// Whether the first operand stood where a command word may (no command word before it, and
    /// not after `--`).
    var firstOperandMayBeCommand = false

    // MARK: - Steps shared by several commands

    /// The day `--today` or `TODOFMT_TODAY` pins, or nil for the local date.
    private func pinnedToday() throws(UsageError) -> Day? {
        if let today = options.today { return today }
        guard let text = environmentToday, !text.isEmpty else { return nil }
        guard let day = Day(text) else {
            throw UsageError(message: "invalid date '\(text)' in TODOFMT_TODAY (expected YYYY-MM-DD)")
        }
        return day
    }

    /// The operands with `--stdin-filename` taken into account: standard input stands for its PATH,
    /// so with no PATH it is the input.
    private func operandsReadingStandardInput() throws(UsageError) -> [String] {
        guard options.configuration.standardInputPath != nil else { return operands }
        if operands.isEmpty { return [FormatRequest.standardInput] }
        guard operands.contains(FormatRequest.standardInput) else {
            throw UsageError(message: "option '--stdin-filename' needs standard input ('-') as an input")
        }
        return operands
    }

    /// How findings are reported: `--format` when it is one of ``ReportFormat``'s words, else
    /// GitHub workflow commands in GitHub Actions, else text.
    private func reportFormat() throws(UsageError) -> ReportFormat {
        guard let word = options.formatWord else { return inGitHubActions ? .github : .text }
        guard let format = ReportFormat(word: word) else {
            // The choices of lint, --check and --diff (tsv is for tasks).
            throw .invalidChoice(word, "format", "--format", expected: ReportFormat.words)
        }
        return format
    }

    /// Refuses standard input named twice.
    private static func checkStandardInputOnce(_ paths: [String]) throws(UsageError) {
        if paths.filter({ $0 == FormatRequest.standardInput }).count > 1 {
            throw UsageError(message: "standard input ('-') given more than once")
        }
    }

    /// Refuses a first operand that looks like a command word (an ASCII letter, then letters, digits
    /// and hyphens, in any case: `Check`, `done2`) but
    /// is neither a command nor an existing file, before any file is touched: the default command
    /// would format every other path in place, which is not what `todofmt check todos.md` or
    /// `todofmt lnit .` asked for, and formatting in place cannot be undone. `todofmt -- check`
    /// still names a file.
    private func refuseMistypedCommand() throws(UsageError) {
        guard firstOperandMayBeCommand, let word = operands.first, let first = word.utf8.first, first.isASCIILetter,
              word.utf8.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "-") })
        else { return }
        var info = stat()
        guard lstat(word, &info) != 0 else { return }
        let message = "unknown command '\(word)'"
        guard let defaultCommand = commandLine.commands.first(where: \.isDefault) else { return }
        // The default command's flags, as words: `todofmt check` most likely meant `--check`.
        // (`--` itself, the end of options, is no flag to suggest.)
        let flags = commandLine.options(of: defaultCommand).filter { $0.value == nil }
            .flatMap(\.names).filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0.dropFirst(2)) }
        let lower = word.lowercased()
        if flags.contains(lower) { throw UsageError(message: message + " (did you mean --\(lower)?)") }
        if lower == defaultCommand.name {
            throw UsageError(message: message + " (todofmt formats the PATHs it is given, with no command word)")
        }
        if let near = EditDistance.closest(to: word, among: commandLine.commandWords) {
            throw UsageError(message: message + " (did you mean '\(near)'?)")
        }
        if let near = EditDistance.closest(to: word, among: flags) {
            throw UsageError(message: message + " (did you mean --\(near)?)")
        }
        throw UsageError(message: message + ", and no file of that name (see 'todofmt --help')")
    }

    // MARK: - Commands

    /// `todofmt [options] [PATH...]`.
    func format() throws(UsageError) -> Invocation {
        try refuseMistypedCommand()
        var paths = try operandsReadingStandardInput()
        let today = try pinnedToday() ?? .today()
        let format = try reportFormat()
        if options.formatWord != nil, !options.check, !options.diff {
            throw UsageError(message: "option '--format' can only be used with lint, tasks, --check or --diff")
        }
        if paths.isEmpty { paths = [FormatRequest.standardInput] }
        try Self.checkStandardInputOnce(paths)
        // --diff already changes nothing and exits 1 on changes, so with --check it wins.
        let mode: FormatRequest.Mode = options.diff ? .diff : options.check ? .check : .inPlace
        return .format(FormatRequest(mode: mode, paths: paths, today: today, configuration: options.configuration,
                                     format: mode == .inPlace ? .text : format, color: options.color))
    }

    /// `todofmt watch PATH...`.
    func watch() throws(UsageError) -> Invocation {
        let today = try pinnedToday()
        if operands.isEmpty { throw UsageError(message: "watch needs a PATH (see 'todofmt --help')") }
        if operands.contains(FormatRequest.standardInput) {
            throw UsageError(message: "watch cannot watch standard input ('-')")
        }
        return .watch(WatchRequest(paths: operands, today: today ?? .today(), todayIsPinned: today != nil,
                                   configuration: options.configuration))
    }

    /// `todofmt lint PATH...`.
    func lint() throws(UsageError) -> Invocation {
        let paths = try operandsReadingStandardInput()
        let today = try pinnedToday() ?? .today()
        let format = try reportFormat()
        if paths.isEmpty { throw UsageError(message: "lint needs a PATH (see 'todofmt --help')") }
        try Self.checkStandardInputOnce(paths)
        if options.fix && paths.contains(FormatRequest.standardInput) {
            throw UsageError(message: "lint --fix cannot fix standard input ('-')")
        }
        return .lint(LintRequest(paths: paths, today: today, configuration: options.configuration, fix: options.fix,
                                 format: format, color: options.color))
    }

    /// `todofmt rules`.
    func rules() throws(UsageError) -> Invocation {
        if let path = operands.first { throw UsageError(message: "rules takes no PATH, got '\(path)'") }
        return .rules
    }

    /// `todofmt config [--effective] PATH`.
    func config() throws(UsageError) -> Invocation {
        if operands.contains(FormatRequest.standardInput) {
            throw UsageError(message: "config cannot read standard input ('-')")
        }
        guard operands.count == 1 else {
            throw UsageError(message: "config --effective needs one PATH (see 'todofmt help config')")
        }
        return .effectiveConfiguration(EffectiveConfigurationRequest(path: operands[0],
                                                                     configuration: options.configuration))
    }

    /// `todofmt lsp`.
    func languageServer() throws(UsageError) -> Invocation {
        let today = try pinnedToday()
        if let path = operands.first { throw UsageError(message: "lsp takes no PATH, got '\(path)'") }
        return .languageServer(today: today)
    }

    /// `todofmt help [COMMAND]`.
    func help() throws(UsageError) -> Invocation {
        guard operands.count <= 1 else { throw UsageError(message: "help takes one COMMAND, got '\(operands[1])'") }
        guard let name = operands.first else { return .help(nil) }
        guard let topic = commandLine.command(named: name) else {
            throw UsageError(message: "unknown command '\(name)' (see 'todofmt --help')")
        }
        return .help(topic)
    }

    // MARK: - Shell commands

    /// The operands of a shell command, which cannot read standard input, and its day.
    /// - Parameters:
    ///   - command: The command's name.
    ///   - usesDate: Whether the command uses the day: one that does not (undo, redo, rm) has the
    ///     local date, and an invalid `TODOFMT_TODAY` cannot stop it.
    private func shellOperands(of command: String, usesDate: Bool = true) throws(UsageError)
        -> (operands: [String], today: Day, pinned: Bool) {
        let pinned = usesDate ? try pinnedToday() : nil
        if operands.contains(FormatRequest.standardInput) {
            throw UsageError(message: "\(command) cannot read standard input ('-')")
        }
        return (operands, pinned ?? .today(), pinned != nil)
    }

    /// `todofmt tasks [PATH...]`.
    func tasks() throws(UsageError) -> Invocation {
        let (operands, today, pinned) = try shellOperands(of: "tasks")
        var format = TasksRequest.Format.text
        if let word = options.formatWord {
            guard let chosen = TasksRequest.Format(word: word) else {
                throw .invalidChoice(word, "format", "--format", expected: TasksRequest.Format.words)
            }
            format = chosen
        }
        let shell = options.shell
        return .tasks(TasksRequest(paths: operands.isEmpty ? ["."] : operands, instructions: shell.instructions,
                                   queryFile: shell.queryFile, format: format, watch: shell.watch, today: today,
                                   todayIsPinned: pinned, configuration: options.configuration, color: options.color))
    }

    /// `todofmt add TITLE...`, which may read a title word `-`.
    func add() throws(UsageError) -> Invocation {
        let today = try pinnedToday() ?? .today()
        let shell = options.shell
        let words = operands.joined(separator: " ")
        guard !words.allSatisfy(\.isWhitespace) else { throw UsageError(message: "add needs a TITLE (see 'todofmt help add')") }
        var title = words
        for tag in shell.tags {
            let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
            guard !name.isEmpty else { throw UsageError(message: "invalid tag '\(tag)' for --tag (empty tag)") }
            guard !name.contains(where: \.isWhitespace) else {
                throw UsageError(message: "invalid tag '\(tag)' for --tag (one word)")
            }
            title += " #" + name
        }
        var under: TaskReference?
        if let text = shell.under {
            guard let reference = TaskReference(text) else {
                throw UsageError(message: "invalid task '\(text)' for --under (expected PATH:LINE)")
            }
            under = reference
        }
        if under != nil, shell.file != nil || shell.section != nil {
            throw .conflict("--under", shell.file != nil ? "--file" : "--section")
        }
        let due = try shell.day(shell.due, "--due", today, clearable: false) ?? nil
        let scheduled = try shell.day(shell.scheduled, "--scheduled", today, clearable: false) ?? nil
        let start = try shell.day(shell.start, "--start", today, clearable: false) ?? nil
        // `none` clears a priority, which a new task does not have: only the levels are expected.
        if shell.priority == .cleared {
            throw .invalidChoice("none", "priority", "--priority", expected: Priority.allCases.map(\.rawValue))
        }
        return .add(AddRequest(title: title, due: due, scheduled: scheduled, start: start, priority: shell.priority?.priority,
                               file: shell.file, section: shell.section, under: under, today: today,
                               configuration: options.configuration))
    }

    /// `todofmt done|cancel|reopen|start|rm REF...`: the same change to every task named.
    /// - Parameters:
    ///   - command: The command's name.
    ///   - change: What happens to each task.
    func change(_ command: String, _ change: TaskChangeRequest.Change) throws(UsageError) -> Invocation {
        // Removing a task stamps nothing.
        let usesDate = if case .remove = change { false } else { true }
        let (references, today) = try taskReferences(of: command, usesDate: usesDate)
        return .change(TaskChangeRequest(command: command, change: change, references: references,
                                         match: options.shell.match, today: today, configuration: options.configuration))
    }

    /// `todofmt edit REF --title|--due|--scheduled|--start|--priority …`.
    func edit() throws(UsageError) -> Invocation {
        let (references, today) = try taskReferences(of: "edit")
        let shell = options.shell
        if references.count > 1 { throw UsageError(message: "edit changes one task, got \(references.count)") }
        if shell.title == nil, shell.due == nil, shell.scheduled == nil, shell.start == nil, shell.priority == nil {
            throw UsageError(message: "edit needs --title, --due, --scheduled, --start or --priority")
        }
        if let title = shell.title, title.allSatisfy(\.isWhitespace) {
            throw UsageError(message: "option '--title' needs a TITLE")
        }
        let change = TaskChangeRequest.Change.edit(
            title: shell.title, due: try shell.day(shell.due, "--due", today, clearable: true),
            scheduled: try shell.day(shell.scheduled, "--scheduled", today, clearable: true),
            start: try shell.day(shell.start, "--start", today, clearable: true),
            priority: shell.priority.map(\.priority))
        return .change(TaskChangeRequest(command: "edit", change: change, references: references, match: shell.match,
                                         today: today, configuration: options.configuration))
    }

    /// The tasks a change command names by `path:line`, or none with `--match`, and the day
    /// (`usesDate`: as for ``shellOperands(of:usesDate:)``).
    private func taskReferences(of command: String, usesDate: Bool = true) throws(UsageError) -> ([TaskReference], Day) {
        let (operands, today, _) = try shellOperands(of: command, usesDate: usesDate)
        var references: [TaskReference] = []
        for operand in operands {
            guard let reference = TaskReference(operand) else {
                throw UsageError(message: "invalid task '\(operand)' (expected PATH:LINE as 'todofmt tasks' prints it, or --match TEXT)")
            }
            references.append(reference)
        }
        let match = options.shell.match
        if match != nil, !references.isEmpty { throw UsageError(message: "give PATH:LINE or --match, not both") }
        if match == nil, references.isEmpty {
            throw UsageError(message: "\(command) needs a PATH:LINE or --match TEXT (see 'todofmt help \(command)')")
        }
        if match?.isEmpty == true { throw UsageError(message: "option '--match' needs a TEXT, not an empty string") }
        return (references, today)
    }

    /// `todofmt undo` (true) or `todofmt redo` (false).
    /// - Parameter undo: Whether it is undo.
    func undo(_ undo: Bool) throws(UsageError) -> Invocation {
        let (operands, _, _) = try shellOperands(of: undo ? "undo" : "redo", usesDate: false)
        if let operand = operands.first { throw UsageError(message: "\(undo ? "undo" : "redo") takes no operand, got '\(operand)'") }
        return .undo(undo)
    }

    /// `todofmt archive [PATH...]`.
    func archive() throws(UsageError) -> Invocation {
        let (operands, today, _) = try shellOperands(of: "archive")
        let shell = options.shell
        var days: Int?
        if let olderThan = shell.olderThan {
            guard let number = Int(olderThan), number >= 0 else {
                throw UsageError(message: "invalid number of days '\(olderThan)' for --older-than")
            }
            days = number
        }
        if shell.archiveTo != nil, shell.section != nil { throw .conflict("--to", "--section") }
        return .archive(ArchiveRequest(paths: operands.isEmpty ? ["."] : operands, olderThanDays: days,
                                       archiveFile: shell.archiveTo, section: shell.section, today: today,
                                       configuration: options.configuration))
    }
}
