/// One command-line option as `--help`, the man page, the shell completions and the parser see it.
///
/// Options are compared by their names, so a parsed option can be matched with `case .today:`.
struct OptionDescription: Equatable, Sendable {
    /// The value an option takes, e.g. `--today YYYY-MM-DD`.
    struct Value: Sendable {
        /// The placeholder shown in help and man page, e.g. `YYYY-MM-DD`.
        let name: String
        /// What a shell may offer for it.
        let completion: ValueCompletion
    }

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

    /// The longest spelling, used in messages.
    var name: String { names.last ?? "" }

    /// Whether `command` accepts the option.
    func isAccepted(by command: CommandDescription) -> Bool { commands.contains(command) }

    static func == (lhs: OptionDescription, rhs: OptionDescription) -> Bool { lhs.names == rhs.names }
}

extension OptionDescription {
    /// The names and the value as help shows them: `-h, --help`, `--today YYYY-MM-DD`.
    var synopsis: String {
        names.joined(separator: ", ") + (value.map { " " + $0.name } ?? "")
    }

    /// ``help`` followed by the choices and what each means, when the value is one of a few words.
    var fullHelp: String {
        guard case .choices(let choices)? = value?.completion, !choices.isEmpty else { return help }
        return help + ": " + TextWrapper.list(choices.map { "\($0.word) (\($0.help))" })
    }
}
