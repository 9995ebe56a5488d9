/// What a shell may complete for an option's value or a command's operands.
enum ValueCompletion: Sendable {
    /// One word a value may be (``CommandLineDescription/Entry/term``), with what it means
    /// (``CommandLineDescription/Entry/text``, a few words for help text and completion menus).
    typealias Choice = CommandLineDescription.Entry

    /// The words a value may be, made when help, the man page or a completion script lists them:
    /// parsing a command line never needs them (making them at every start was about 45 k
    /// instructions of a small file's check). An option several commands share may accept other
    /// words in each (`--format`: `sarif` for lint, `tsv` for tasks).
    struct Choices: Sendable {
        /// Makes the list a command accepts.
        private let make: @Sendable (CommandDescription) -> [Choice]

        /// The same choices for every command, made when asked.
        init(_ make: @escaping @Sendable () -> [Choice]) {
            self.make = { _ in make() }
        }

        /// Choices that depend on the command, made when asked.
        init(byCommand make: @escaping @Sendable (CommandDescription) -> [Choice]) {
            self.make = make
        }

        /// The choices `command` accepts, in the order they are listed.
        func accepted(by command: CommandDescription) -> [Choice] { make(command) }

        /// The choices of `commands`, each word once, in the order they are listed: what help lists.
        func all(of commands: [CommandDescription]) -> [Choice] {
            var seen: Set<String> = []
            return commands.flatMap(make).filter { seen.insert($0.term).inserted }
        }

        /// `commands` in groups that accept the same words, in the order of their first command,
        /// with those words: one group when the choices do not depend on the command.
        func grouped(_ commands: [CommandDescription]) -> [(commands: [CommandDescription], choices: [Choice])] {
            var groups: [(commands: [CommandDescription], choices: [Choice])] = []
            for command in commands {
                let choices = make(command)
                let words = choices.map(\.term)
                if let index = groups.firstIndex(where: { $0.choices.map(\.term) == words }) {
                    groups[index].commands.append(command)
                } else {
                    groups.append((commands: [command], choices: choices))
                }
            }
            return groups
        }
    }

    /// Nothing can be guessed (a date, a number).
    case none
    /// One of a fixed set of words; help lists them after the option's text.
    case choices(Choices)
    /// A lint rule's code or name (from ``LintRule/all``).
    case rules
    /// Paths, preferring Markdown files and directories.
    case paths
    /// Files whose name ends in `suffix` (`.json`) and directories; any file and directories for nil.
    case files(suffix: String?)
    /// Directories only.
    case directories
    /// A command's name.
    case commands

}
