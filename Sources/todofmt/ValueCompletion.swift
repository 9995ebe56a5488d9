/// What a shell may complete for an option's value or a command's operands.
enum ValueCompletion: Sendable {
    /// One word a value may be (``CommandLineDescription/Entry/term``), with what it means
    /// (``CommandLineDescription/Entry/text``, a few words for help text and completion menus).
    typealias Choice = CommandLineDescription.Entry

    /// The words a value may be, made when help, the man page or a completion script lists them:
    /// parsing a command line never needs them (making them at every start was about 45 k
    /// instructions of a small file's check).
    struct Choices: Sendable {
        /// Makes the list.
        private let make: @Sendable () -> [Choice]

        /// The choices `make` returns, made when asked.
        init(_ make: @escaping @Sendable () -> [Choice]) {
            self.make = make
        }

        /// Every choice, in the order they are listed.
        var all: [Choice] { make() }
    }

    /// Nothing can be guessed (a date, a number).
    case none
    /// One of a fixed set of words; help lists them after the option's text.
    case choices(Choices)
    /// A lint rule's code or name (from ``LintRule/all``).
    case rules
    /// Paths, preferring Markdown files and directories.
    case paths
    /// Directories only.
    case directories
    /// A command's name.
    case commands

    /// The words of ``choices(_:)``, empty for every other case.
    var words: [String] {
        if case .choices(let choices) = self { return choices.all.map(\.term) }
        return []
    }
}
