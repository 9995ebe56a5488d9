import TodoKit

/// Turns `todofmt`'s arguments into an ``Invocation``.
///
/// Which options exist, which take a value and which commands accept them comes from
/// ``CommandLineDescription/todofmt``; this type checks the values and builds the requests.
/// Options may stand before or after the paths; `--` ends them. Options with a value accept
/// both `--today 2026-11-21` and `--today=2026-11-21`. The first word that is not an option
/// selects a command if it is a command's word (`todofmt watch todos.md`); every other word is a
/// path (`todofmt -- watch` formats a file named `watch`).
struct ArgumentParser {
    /// The command line being parsed.
    var description = CommandLineDescription.todofmt
    /// The value of `TODOFMT_TODAY`, used when `--today` is not given.
    var environmentToday: String?
    /// Whether `GITHUB_ACTIONS` is `true`: lint then reports as workflow commands by default.
    var inGitHubActions = false

    /// Parses the arguments after the program name.
    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var mode = FormatRequest.Mode.inPlace
        var diff = false
        var paths: [String] = []
        var today: Day?
        var configuration = ConfigurationOverrides()
        var command: CommandDescription?
        /// Every option given, as spelled, in order (to check that the command accepts it).
        var given: [(option: OptionDescription, spelled: String)] = []
        var fix = false
        var outputFormat: ReportFormat?
        var formatWord: String?
        var shell = ShellArguments()

        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == FormatRequest.standardInput || !argument.hasPrefix("-") {
                if paths.isEmpty, !optionsEnded, command == nil, let selected = description.command(word: argument) {
                    command = selected
                    continue
                }
                paths.append(argument)
                continue
            }
            if argument == OptionDescription.endOfOptions.name {
                optionsEnded = true
                continue
            }

            // `--name=value` carries its value inline.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = description.option(named: name), option != .endOfOptions else {
                throw .unknownOption(name)
            }
            var text = ""
            if option.value != nil {
                if let inlineValue {
                    text = inlineValue
                } else {
                    guard index < arguments.count else { throw .missingValue(name) }
                    text = arguments[index]
                    index += 1
                }
            } else if inlineValue != nil {
                throw .unexpectedValue(name)
            }
            given.append((option, name))

            switch option {
            case .help:
                return .help(command)
            case .version:
                return .version
            case .generate:
                guard let kind = GeneratedFile(rawValue: text) else { throw .invalidChoice(text, "kind", option) }
                return .generate(kind)
            case .check:
                mode = .check
            case .diff:
                diff = true
            case .noStamp:
                configuration.stampDates = false
            case .noSink:
                configuration.sinkCompleted = false
            case .today:
                guard let day = Day(text) else {
                    throw UsageError(message: "invalid date '\(text)' for \(name) (expected \(option.value?.name ?? ""))")
                }
                today = day
            case .fieldStyle:
                guard let style = FieldStyle(rawValue: text) else { throw .invalidChoice(text, "field style", option) }
                configuration.fieldStyle = style
            case .bullet:
                // Written as on the command line and in .todofmt.json: keep, or the marker itself.
                guard let bullet = BulletStyle(rawValue: text) else {
                    throw .invalidChoice(text, "bullet style", option)
                }
                configuration.bullet = bullet
            case .indentation:
                if text == "keep" {
                    configuration.indentation = .some(nil)
                } else if let columns = Int(text), option.value?.completion.words.contains(text) == true {
                    configuration.indentation = columns
                } else {
                    throw .invalidChoice(text, "indentation", option)
                }
            case .config:
                if configuration.source == .none { throw .conflict("--config", "--no-config") }
                configuration.source = .file(text)
            case .noConfig:
                if case .file = configuration.source { throw .conflict("--config", "--no-config") }
                configuration.source = .none
            case .stdinFilename:
                guard !text.isEmpty else { throw UsageError(message: "option '\(name)' needs a PATH, not an empty string") }
                configuration.standardInputPath = text
            case .effective:
                // What config prints; the word says so, and `todofmt config PATH` means the same.
                break
            case .forceExclude:
                configuration.forceExclude = true
            case .fix:
                fix = true
            case .format:
                formatWord = text
                if let format = ReportFormat(rawValue: text) { outputFormat = format }
            case .query: shell.instructions.append(text)
            case .queryFile: shell.queryFile = text
            case .watchResults: shell.watch = true
            case .due: shell.due = text
            case .scheduled: shell.scheduled = text
            case .start: shell.start = text
            case .priority: shell.priority = text
            case .tag: shell.tags.append(text)
            case .file: shell.file = text
            case .section: shell.section = text
            case .under: shell.under = text
            case .title: shell.title = text
            case .match: shell.match = text
            case .olderThan: shell.olderThan = text
            case .archiveTo: shell.archiveTo = text
            case .rule:
                guard let rule = LintRule.named(text) else {
                    throw UsageError(message: "unknown rule '\(text)' for \(name) (see 'todofmt rules')")
                }
                configuration.extraRules.append(rule)
            default:
                // Described but not parsed: a mistake in this file, not in the command line.
                fatalError("option \(option.name) has no case in ArgumentParser")
            }
        }

        let selected = command ?? .format
        for (option, spelled) in given where !option.isAccepted(by: selected) {
            throw rejection(of: spelled, option, by: selected)
        }
        if selected == .help {
            guard paths.count <= 1 else { throw UsageError(message: "help takes one COMMAND, got '\(paths[1])'") }
            guard let name = paths.first else { return .help(nil) }
            guard let topic = description.command(named: name) else {
                throw UsageError(message: "unknown command '\(name)' (see 'todofmt --help')")
            }
            return .help(topic)
        }
        if selected == .rules {
            if let path = paths.first { throw UsageError(message: "rules takes no PATH, got '\(path)'") }
            return .rules
        }
        if selected == .config {
            guard paths.count == 1, paths[0] != FormatRequest.standardInput else {
                throw UsageError(message: "config --effective needs one PATH (see 'todofmt help config')")
            }
            return .effectiveConfiguration(EffectiveConfigurationRequest(path: paths[0], configuration: configuration))
        }
        // Standard input stands for --stdin-filename's PATH: with no PATH, it is the input.
        if configuration.standardInputPath != nil {
            if paths.isEmpty { paths = [FormatRequest.standardInput] }
            guard paths.contains(FormatRequest.standardInput) else {
                throw UsageError(message: "option '--stdin-filename' needs standard input ('-') as an input")
            }
        }

        if today == nil, let text = environmentToday, !text.isEmpty {
            guard let day = Day(text) else {
                throw UsageError(message: "invalid date '\(text)' in TODOFMT_TODAY (expected YYYY-MM-DD)")
            }
            today = day
        }
        if CommandLineDescription.shellCommands.contains(selected) {
            return try shell.invocation(selected, operands: paths, today: today, formatWord: formatWord,
                                        configuration: configuration)
        }
        if let formatWord, outputFormat == nil {
            // The choices of lint, --check and --diff (tsv is for tasks).
            let expected = TextWrapper.list(ReportFormat.allCases.map(\.rawValue))
            throw UsageError(message: "invalid format '\(formatWord)' for --format (expected \(expected))")
        }
        if selected == .lsp {
            if let path = paths.first { throw UsageError(message: "lsp takes no PATH, got '\(path)'") }
            return .languageServer(today: today)
        }
        if outputFormat != nil, selected == .format, mode != .check, !diff {
            throw UsageError(message: "option '--format' can only be used with lint, --check or --diff")
        }
        let reportFormat = outputFormat ?? (inGitHubActions ? .github : .text)
        if selected == .lint {
            if paths.isEmpty { throw UsageError(message: "lint needs a PATH (see 'todofmt --help')") }
            if paths.filter({ $0 == FormatRequest.standardInput }).count > 1 {
                throw UsageError(message: "standard input ('-') given more than once")
            }
            if fix && paths.contains(FormatRequest.standardInput) {
                throw UsageError(message: "lint --fix cannot fix standard input ('-')")
            }
            return .lint(LintRequest(paths: paths, today: today ?? .today(), configuration: configuration, fix: fix,
                                     format: reportFormat))
        }
        if selected == .watch {
            if paths.isEmpty { throw UsageError(message: "watch needs a PATH (see 'todofmt --help')") }
            if paths.contains(FormatRequest.standardInput) {
                throw UsageError(message: "watch cannot watch standard input ('-')")
            }
            return .watch(WatchRequest(paths: paths, today: today ?? .today(), todayIsPinned: today != nil,
                                       configuration: configuration))
        }

        if paths.isEmpty { paths = [FormatRequest.standardInput] }
        if paths.filter({ $0 == FormatRequest.standardInput }).count > 1 {
            throw UsageError(message: "standard input ('-') given more than once")
        }
        // --diff already changes nothing and exits 1 on changes, so with --check it wins.
        if diff { mode = .diff }
        return .format(FormatRequest(mode: mode, paths: paths, today: today ?? .today(), configuration: configuration,
                                     format: mode == .inPlace ? .text : reportFormat))
    }

    /// The error for an option `command` does not accept: which commands it belongs to when that is
    /// one command or the default command was used (`option '--fix' can only be used with lint`),
    /// else that this command does not take it (`option '--check' cannot be used with lint`).
    private func rejection(of spelled: String, _ option: OptionDescription,
                           by command: CommandDescription) -> UsageError {
        let named = option.commands.filter { !$0.isDefault }.map(\.name)
        if command.isDefault || (option.commands.count == 1 && named.count == 1) {
            return UsageError(message: "option '\(spelled)' can only be used with \(TextWrapper.list(named))")
        }
        return UsageError(message: "option '\(spelled)' cannot be used with \(command.name)")
    }
}
