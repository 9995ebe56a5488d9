/// `--color WHEN`: whether what goes to standard output is coloured.
enum ColorChoice: String, OptionChoice {
    /// On a terminal that shows colour, unless `NO_COLOR` is set.
    case auto
    /// Always, even into a pipe (`todofmt --diff --color always | less -R`).
    case always
    /// Never.
    case never

    /// What the choice does.
    var help: String {
        switch self {
        case .auto: "on a terminal, unless NO_COLOR is set or TERM is dumb; the default"
        case .always: "also into a pipe or a file"
        case .never: "never"
        }
    }
}
