import TodoKit

/// Turns `todofmt`'s arguments into an ``Invocation``.
///
/// Which options exist, which take a value, what each does and which commands accept them comes
/// from ``CommandLineDescription/todofmt``; this type only walks the words.
/// Options may stand before or after the paths; `--` ends them. Options with a value accept
/// both `--today 2026-11-21` and `--today=2026-11-21`. The first word that is not an option
/// selects a command if it is a command's word (`todofmt watch todos.md`); every other word is a
/// path (`todofmt -- watch` formats a file named `watch`), though the default command refuses a
/// first one that looks like a mistyped command (``ParsedArguments/format()``).
struct ArgumentParser {
    /// The command line being parsed.
    var description = CommandLineDescription.todofmt
    /// The value of `TODOFMT_TODAY`, used when `--today` is not given.
    var environmentToday: String?
    /// Whether `GITHUB_ACTIONS` is `true`: lint then reports as workflow commands by default.
    var inGitHubActions = false

    /// Parses the arguments after the program name: each option applies itself
    /// (``OptionDescription/apply``), then the command checks what it was given
    /// (``CommandDescription/invocation``).
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: What to run.
    /// - Throws: A ``UsageError`` for a command line that cannot be run.
    func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var parsed = ParsedArguments(commandLine: description, options: ParsedOptions(), operands: [],
                                     environmentToday: environmentToday, inGitHubActions: inGitHubActions)
        var command: CommandDescription?
        // Every option given and how it was spelled, in order (to check that the command accepts
        // it). Two arrays rather than one of pairs: an array of a tuple type had every run
        // instantiate that type's metadata (9 k of a small file's 540 k instructions).
        var givenOptions: [OptionDescription] = []
        var givenSpellings: [String] = []

        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == FormatRequest.standardInput || !argument.hasPrefix("-") {
                if parsed.operands.isEmpty, !optionsEnded, command == nil {
                    if let selected = description.command(word: argument) {
                        command = selected
                        continue
                    }
                    parsed.firstOperandMayBeCommand = true
                }
                parsed.operands.append(argument)
                continue
            }
            if argument == OptionDescription.endOfOptions.name {
                optionsEnded = true
                continue
            }

            // `--name=value` carries its value inline.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.utf8.firstIndex(of: UInt8(ascii: "=")) {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.utf8.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.utf8.count > 2,
                      case let short = String(argument.prefix(2)), description.option(named: short)?.value != nil {
                // `-qdone`: a short option's value may follow it directly, as getopt reads it.
                name = short
                inlineValue = String(argument.dropFirst(2))
            }
            guard let option = description.option(named: name), option != .endOfOptions else {
                throw .unknownOption(name)
            }
            var value = ""
            if option.value != nil {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .missingValue(name) }
                    value = arguments[index]
                    index += 1
                }
            } else if inlineValue != nil {
                throw .unexpectedValue(name)
            }
            givenOptions.append(option)
            givenSpellings.append(name)
            try option.apply(&parsed.options, OptionDescription.Given(value: value, spelled: name))
            switch parsed.options.stop {
            case .help?:
                // `todofmt -h lint` asks about lint as `todofmt lint -h` does.
                let later = parsed.operands.isEmpty ? commandWord(after: arguments[index...]) : nil
                return .help(command ?? later)
            case .version?: return .version
            case .generate(let kind)?: return .generate(kind)
            case nil: break
            }
        }

        let selected = command ?? .format
        for (option, spelled) in zip(givenOptions, givenSpellings) where !option.isAccepted(by: selected) {
            throw rejection(of: spelled, option, by: selected)
        }
        return try selected.invocation(parsed)
    }

    /// The command a command word among `arguments` would select: the first word that is not an
    /// option or an option's value, when it is a command's word.
    private func commandWord(after arguments: ArraySlice<String>) -> CommandDescription? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != FormatRequest.standardInput else {
                return description.command(word: argument)
            }
            if argument == OptionDescription.endOfOptions.name { return nil }
            if !argument.contains("="), description.option(named: argument)?.value != nil { index += 1 }
        }
        return nil
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
