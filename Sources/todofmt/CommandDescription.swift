/// One of `todofmt`'s commands as `--help`, the man page, the shell completions and the parser see it.
///
/// Commands are compared by their names. A class: options list the commands that accept them, and
/// a reference is all such a list needs to hold (building the description at every start copied
/// every field of a command into each list that named it).
final class CommandDescription: Equatable, Sendable {
    /// The name; the word that selects the command unless it ``isDefault``.
    let name: String
    /// Whether this is the command that runs when no command word is given (formatting). It has
    /// no word of its own: `todofmt format` formats a file named `format`, and is refused as an
    /// unknown command when there is none.
    let isDefault: Bool
    /// The operands in the synopsis, e.g. `PATH...` or `[PATH...]`; empty when there are none.
    let operands: String
    /// What a shell completes for the operands.
    let operandCompletion: ValueCompletion
    /// Checks the options and operands given to the command and makes the ``Invocation``.
    let invocation: @Sendable (ParsedArguments) throws(UsageError) -> Invocation
    /// One line: what the command does.
    let summary: String
    /// The full explanation, paragraph by paragraph.
    let paragraphs: [String]

    /// A command.
    init(name: String, isDefault: Bool, operands: String, operandCompletion: ValueCompletion,
         invocation: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Invocation, summary: String,
         paragraphs: [String]) {
        self.name = name
        self.isDefault = isDefault
        self.operands = operands
        self.operandCompletion = operandCompletion
        self.invocation = invocation
        self.summary = summary
        self.paragraphs = paragraphs
    }

    /// The word typed to select the command, nil for the default command.
    var word: String? { isDefault ? nil : name }

    static func == (lhs: CommandDescription, rhs: CommandDescription) -> Bool { lhs.name == rhs.name }
}
