import TodoKit

/// What the options of a command line set, collected while parsing: each ``OptionDescription``
/// applies its own value here, and the command checks the result (``ParsedArguments``).
struct ParsedOptions {
    /// An option that ends parsing at once and replaces the command.
    enum Stop: Equatable {
        /// `--help`: the help of the command selected so far.
        case help
        /// `--version`.
        case version
        /// `--generate KIND`.
        case generate(GeneratedFile)
    }

    /// Set by `--help`, `--version` and `--generate`.
    var stop: Stop?
    /// `--check`.
    var check = false
    /// `--diff`.
    var diff = false
    /// `--today`.
    var today: Day?
    /// The options that override the configuration.
    var configuration = ConfigurationOverrides()
    /// `lint --fix`.
    var fix = false
    /// `--format`, as given: which words are valid depends on the command.
    var formatWord: String?
    /// `--color`.
    var color = ColorChoice.auto
    /// The options of the shell commands (tasks, add, done, …).
    var shell = ShellArguments()
}
