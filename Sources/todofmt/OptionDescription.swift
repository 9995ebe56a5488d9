/// One command-line option as `--help`, the man page, the shell completions and the parser see it.
///
/// Options are compared by their names, so a parsed option can be matched with `case .today:`. A
/// class, like ``CommandDescription``: the groups and the parser pass options around by reference.
final class OptionDescription: Equatable, Sendable {
    /// The value an option takes, e.g. `--today YYYY-MM-DD`.
    struct Value: Sendable {
        /// The placeholder shown in help and man page, e.g. `YYYY-MM-DD`.
        let name: String
        /// What a shell may offer for it.
        let completion: ValueCompletion
    }

    /// An option as given on the command line.
    struct Given {
        /// The value; empty for a flag.
        let value: String
        /// The spelling used (`-q` or `--query`), for messages.
        let spelled: String
    }

    /// What the parser does with the option: check its value and set it in the options.
    typealias Apply = @Sendable (inout ParsedOptions, Given) throws(UsageError) -> Void

    /// Every spelling, short ones first: `["-h", "--help"]`.
    let names: [String]
    /// The value the option takes, nil for a flag.
    let value: Value?
    /// The commands that accept the option.
    let commands: [CommandDescription]
    /// Whether giving the option more than once adds up (`--rule A --rule B`).
    let repeatable: Bool
    /// A short line for completion menus.
    let summary: String
    /// The full explanation for `--help` and the man page.
    let help: String
    /// Checks the value and sets it in the options.
    let apply: Apply

    /// An option.
    /// - Parameters:
    ///   - names: Every spelling, short ones first.
    ///   - value: The value it takes, nil for a flag.
    ///   - commands: The commands that accept it.
    ///   - repeatable: Whether giving it more than once adds up.
    ///   - summary: A short line for completion menus.
    ///   - help: The full explanation.
    ///   - apply: Checks the value and sets it in the options.
    init(names: [String], value: Value?, commands: [CommandDescription], repeatable: Bool, summary: String,
         help: String, apply: @escaping Apply) {
        self.names = names
        self.value = value
        self.commands = commands
        self.repeatable = repeatable
        self.summary = summary
        self.help = help
        self.apply = apply
    }

    /// The longest spelling, used in messages.
    var name: String { names.last ?? "" }

    /// Whether `command` accepts the option.
    func isAccepted(by command: CommandDescription) -> Bool { commands.contains(command) }

    static func == (lhs: OptionDescription, rhs: OptionDescription) -> Bool { lhs.names == rhs.names }
}

extension OptionDescription {
    /// A flag, an option without a value.
    /// - Parameters:
    ///   - names: Every spelling, short ones first.
    ///   - commands: The commands that accept it.
    ///   - summary: A short line for completion menus.
    ///   - help: The full explanation.
    ///   - apply: Sets the flag in the options.
    convenience init(flag names: [String], commands: [CommandDescription], summary: String, help: String,
                     apply: @escaping @Sendable (inout ParsedOptions) -> Void) {
        self.init(names: names, value: nil, commands: commands, repeatable: false, summary: summary, help: help,
                  apply: { options, _ in apply(&options) })
    }

    /// An option whose value is one of `Choice`'s cases; any other word is refused as an invalid
    /// `noun` (`invalid field style 'x' for --field-style (expected plain, emoji or dataview)`).
    /// - Parameters:
    ///   - names: Every spelling, short ones first.
    ///   - choice: The enum whose cases are the values.
    ///   - placeholder: The value's name in help, e.g. `STYLE`.
    ///   - noun: What the value is, for the error.
    ///   - commands: The commands that accept it.
    ///   - summary: A short line for completion menus.
    ///   - help: The full explanation; the choices are listed after it.
    ///   - offered: What help and completions offer each command, when a command accepts fewer of the
    ///     cases than the parser reads (`add --priority` refuses `none`); nil: every case.
    ///   - apply: Sets the chosen case in the options.
    convenience init<Choice: OptionChoice>(names: [String], choosing choice: Choice.Type, placeholder: String,
                                           noun: String, commands: [CommandDescription], summary: String,
                                           help: String, offered: ValueCompletion.Choices? = nil,
                                           apply: @escaping @Sendable (inout ParsedOptions, Choice) -> Void) {
        let name = names.last ?? ""
        self.init(names: names, value: Value(name: placeholder, completion: .choices(offered ?? .init { Choice.choices })),
                  commands: commands, repeatable: false, summary: summary, help: help,
                  apply: { options, given throws(UsageError) in
                      guard let chosen = Choice(word: given.value) else {
                          throw .invalidChoice(given.value, noun, name, expected: Choice.words)
                      }
                      apply(&options, chosen)
                  })
    }

    /// The names and the value as help shows them: `-h, --help`, `--today YYYY-MM-DD`.
    var synopsis: String {
        names.joined(separator: ", ") + (value.map { " " + $0.name } ?? "")
    }

    /// The words a completion script names the function offering this option's choices to `command`
    /// after: `["field-style"]`, or `["tasks", "format"]` where commands accept different words (the
    /// first command of the group that `command` is in).
    func choiceGroupWords(for command: CommandDescription) -> [String] {
        guard case .choices(let list)? = value?.completion, case let groups = list.grouped(commands), groups.count > 1,
              let group = groups.first(where: { $0.commands.contains(command) }) else { return [name] }
        return [group.commands[0].name, name]
    }

    /// ``help`` followed by the choices and what each means, when the value is one of a few words.
    var fullHelp: String { fullHelp(for: commands) }

    /// ``help`` followed by the choices `commands` accept and what each means, when the value is one
    /// of a few words: a command's own help lists only its own.
    func fullHelp(for commands: [CommandDescription]) -> String {
        guard case .choices(let list)? = value?.completion, case let choices = list.all(of: commands),
              !choices.isEmpty else {
            return help
        }
        return help + ": " + TextWrapper.list(choices.map { "\($0.term) (\($0.text))" })
    }
}
