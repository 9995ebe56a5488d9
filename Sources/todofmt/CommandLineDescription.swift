/// Everything about `todofmt`'s command line, described once: commands, options, environment,
/// exit status, files and examples.
///
/// `--help`, the parser's knowledge of options, the man page and the shell completions are all
/// made from ``todofmt``; nothing else lists an option or says what it does.
struct CommandLineDescription: Sendable {
    /// Options shown together under one heading.
    struct OptionGroup: Sendable {
        /// The heading, lowercase: `lint options`.
        let title: String
        /// A remark shown after the heading, or nil.
        let note: String?
        /// The options in the order they are shown.
        let options: [OptionDescription]
    }

    /// A term and what it means: an environment variable, an exit status, a file, an example, or
    /// one of an option's values (``ValueCompletion/Choice``).
    struct Entry: Sendable {
        /// The variable, status or path.
        let term: String
        /// What it means.
        let text: String

        /// An entry.
        init(_ term: String, _ text: String) {
            self.term = term
            self.text = text
        }
    }

    /// The program's name.
    let program: String
    /// What `--version` prints.
    let version: String
    /// The date of the man page, YYYY-MM-DD.
    let date: String
    /// One line: what the program is, for the man page's NAME.
    let summary: String
    /// What the program does, paragraph by paragraph.
    let paragraphs: [String]
    /// Every command, the default one first.
    let commands: [CommandDescription]
    /// Every option, in groups.
    let optionGroups: [OptionGroup]
    /// The environment variables that are read.
    let environment: [Entry]
    /// The files that are read.
    let files: [Entry]
    /// What each exit status means.
    let exitStatus: [Entry]
    /// Command lines (term) and what they do (text).
    let examples: [Entry]
    /// Related manual pages or documents, e.g. `git(1)`.
    let seeAlso: [String]

    /// Every option, in the order of the groups.
    var options: [OptionDescription] { optionGroups.flatMap(\.options) }

    /// Every spelling of the options that take a value: a completion skips the word after one.
    var namesTakingValues: [String] { options.filter { $0.value != nil }.flatMap(\.names) }

    /// The words that select a command, in the order of ``commands``.
    var commandWords: [String] { commands.compactMap(\.word) }

    /// The option spelled `name` exactly (`--today`, `-h`).
    func option(named name: String) -> OptionDescription? {
        // Group by group: ``options`` would copy every option into a new array at each lookup.
        for group in optionGroups {
            if let option = group.options.first(where: { $0.names.contains(name) }) { return option }
        }
        return nil
    }

    /// The command a word selects; the default command has no word.
    func command(word: String) -> CommandDescription? {
        commands.first { $0.word == word }
    }

    /// The command called `name`, the default one included (`todofmt help format`).
    func command(named name: String) -> CommandDescription? {
        commands.first { $0.name == name }
    }

    /// The options `command` accepts, in the order of the groups.
    func options(of command: CommandDescription) -> [OptionDescription] {
        options.filter { $0.isAccepted(by: command) }
    }

    /// The options `command` accepts that no other command does.
    func ownOptions(of command: CommandDescription) -> [OptionDescription] {
        options.filter { $0.commands == [command] }
    }

    /// One word of a command's synopsis.
    enum SynopsisWord: Sendable {
        /// The command's word: `lint`.
        case command(String)
        /// An option only this command accepts: `[--rule CODE]...`.
        case option(OptionDescription)
        /// `[options]`: the options the command shares with others.
        case options
        /// The operands: `PATH...`.
        case operands(String)

        /// The word as plain text.
        var text: String {
            switch self {
            case .command(let word): word
            case .option(let option):
                "[\(option.value.map { "\(option.name) \($0.name)" } ?? option.name)]" + (option.repeatable ? "..." : "")
            case .options: "[options]"
            case .operands(let operands): operands
            }
        }
    }

    /// The synopsis of `command` after the program name: its word, the options only it accepts,
    /// `[options]` for options it shares with other commands but not with all, then its operands.
    /// The default command's options are the main ones, so it shows them as `[options]`.
    func synopsis(of command: CommandDescription) -> [SynopsisWord] {
        var words: [SynopsisWord] = []
        if let word = command.word { words.append(.command(word)) }
        if !command.isDefault {
            words += ownOptions(of: command).map { .option($0) }
        }
        let shared = options(of: command).contains { option in
            option.commands.count < commands.count && (command.isDefault || option.commands != [command])
        }
        if shared { words.append(.options) }
        if !command.operands.isEmpty { words.append(.operands(command.operands)) }
        return words
    }
}
