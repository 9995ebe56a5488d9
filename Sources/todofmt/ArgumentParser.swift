import TodoKit

/// Turns `todofmt`'s arguments into an ``Invocation``.
///
/// Options may stand before or after the paths; `--` ends them. Options with a value accept
/// both `--today 2026-11-21` and `--today=2026-11-21`. The first word that is not an option
/// selects a subcommand if it is one of ``subcommands`` (`todofmt watch todos.md`); every other
/// word is a path (`todofmt -- watch` formats a file named `watch`).
struct ArgumentParser {
    /// A command selected by the first non-option word, e.g. `todofmt watch todos.md`.
    enum Subcommand {
        /// Keep files formatted while they are edited.
        case watch
        /// Report lint findings.
        case lint
        /// List the lint rules.
        case rules
    }

    /// The words that select a ``Subcommand``.
    static let subcommands: [String: Subcommand] = ["watch": .watch, "lint": .lint, "rules": .rules]

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
        var fieldStyle = FieldStyle.default
        var stampDates = true
        var sinkCompleted = true
        var subcommand: Subcommand?
        /// The first option given that only the format command understands.
        var formatOnlyOption: String?
        /// The first option given that only the lint command understands.
        var lintOnlyOption: String?
        var fix = false
        var outputFormat: ReportFormat?
        var extraRules: [LintRule] = []

        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == FormatRequest.standardInput || !argument.hasPrefix("-") {
                if paths.isEmpty, !optionsEnded, subcommand == nil, let selected = Self.subcommands[argument] {
                    subcommand = selected
                    continue
                }
                paths.append(argument)
                continue
            }
            if argument == "--" {
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
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw .missingValue(name) }
                index += 1
                return arguments[index - 1]
            }
            func flag() throws(UsageError) {
                if inlineValue != nil { throw .unexpectedValue(name) }
            }

            switch name {
            case "-h", "--help":
                try flag()
                return .help
            case "--version":
                try flag()
                return .version
            case "--check":
                try flag()
                mode = .check
                formatOnlyOption = formatOnlyOption ?? name
            case "--diff":
                try flag()
                diff = true
                formatOnlyOption = formatOnlyOption ?? name
            case "--no-stamp":
                try flag()
                stampDates = false
            case "--no-sink":
                try flag()
                sinkCompleted = false
            case "--today":
                let text = try value()
                guard let day = Day(text) else {
                    throw UsageError(message: "invalid date '\(text)' for --today (expected YYYY-MM-DD)")
                }
                today = day
            case "--field-style":
                let text = try value()
                guard let style = FieldStyle(rawValue: text) else {
                    throw UsageError(message: "invalid field style '\(text)' for --field-style (expected plain, emoji or dataview)")
                }
                fieldStyle = style
            case "--fix":
                try flag()
                fix = true
                lintOnlyOption = lintOnlyOption ?? name
            case "--format":
                let text = try value()
                guard let format = ReportFormat(rawValue: text) else {
                    throw UsageError(message: "invalid format '\(text)' for --format (expected text, json, github or sarif)")
                }
                outputFormat = format
            case "--rule":
                let text = try value()
                guard let rule = LintRule.named(text) else {
                    throw UsageError(message: "unknown rule '\(text)' for --rule (see 'todofmt rules')")
                }
                extraRules.append(rule)
                lintOnlyOption = lintOnlyOption ?? name
            default:
                throw .unknownOption(name)
            }
        }

        if today == nil, let text = environmentToday, !text.isEmpty {
            guard let day = Day(text) else {
                throw UsageError(message: "invalid date '\(text)' in TODOFMT_TODAY (expected YYYY-MM-DD)")
            }
            today = day
        }
        let options = FormatOptions(fieldStyle: fieldStyle, stampDates: stampDates, sinkCompleted: sinkCompleted,
                                    today: today ?? .today())
        if subcommand != .lint, let lintOnlyOption {
            throw UsageError(message: "option '\(lintOnlyOption)' can only be used with lint")
        }
        if outputFormat != nil, subcommand != .lint, mode != .check, !diff {
            throw UsageError(message: "option '--format' can only be used with lint, --check or --diff")
        }
        let reportFormat = outputFormat ?? (inGitHubActions ? .github : .text)
        if subcommand == .rules {
            if let formatOnlyOption { throw UsageError(message: "option '\(formatOnlyOption)' cannot be used with rules") }
            if let path = paths.first { throw UsageError(message: "rules takes no PATH, got '\(path)'") }
            return .rules
        }
        if subcommand == .lint {
            if let formatOnlyOption { throw UsageError(message: "option '\(formatOnlyOption)' cannot be used with lint") }
            if paths.isEmpty { throw UsageError(message: "lint needs a PATH (see 'todofmt --help')") }
            if paths.filter({ $0 == FormatRequest.standardInput }).count > 1 {
                throw UsageError(message: "standard input ('-') given more than once")
            }
            if fix && paths.contains(FormatRequest.standardInput) {
                throw UsageError(message: "lint --fix cannot fix standard input ('-')")
            }
            var rules = LintRule.all.filter(\.enabledByDefault)
            for rule in extraRules where !rules.contains(rule) { rules.append(rule) }
            return .lint(LintRequest(paths: paths, options: options, fix: fix,
                                     format: reportFormat, rules: rules))
        }
        if subcommand == .watch {
            if let formatOnlyOption { throw UsageError(message: "option '\(formatOnlyOption)' cannot be used with watch") }
            if paths.isEmpty { throw UsageError(message: "watch needs a PATH (see 'todofmt --help')") }
            if paths.contains(FormatRequest.standardInput) {
                throw UsageError(message: "watch cannot watch standard input ('-')")
            }
            return .watch(WatchRequest(paths: paths, options: options, todayIsPinned: today != nil))
        }

        if paths.isEmpty { paths = [FormatRequest.standardInput] }
        if paths.filter({ $0 == FormatRequest.standardInput }).count > 1 {
            throw UsageError(message: "standard input ('-') given more than once")
        }
        // --diff already changes nothing and exits 1 on changes, so with --check it wins.
        if diff { mode = .diff }
        return .format(FormatRequest(mode: mode, paths: paths, options: options, format: mode == .inPlace ? .text : reportFormat))
    }
}
