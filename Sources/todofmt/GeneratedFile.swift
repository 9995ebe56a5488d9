/// What `todofmt --generate KIND` prints, each made from the ``CommandLineDescription``.
enum GeneratedFile: String, OptionChoice {
    /// The roff man page `todofmt(1)`.
    case man
    /// A bash completion script.
    case completeBash = "complete-bash"
    /// A zsh completion script (`_todofmt`).
    case completeZsh = "complete-zsh"
    /// A fish completion script.
    case completeFish = "complete-fish"

    /// What the file is.
    var help: String {
        switch self {
        case .man: "this manual as a roff man page"
        case .completeBash: "bash completion script"
        case .completeZsh: "zsh completion script"
        case .completeFish: "fish completion script"
        }
    }

    /// The file's text for `description`.
    func render(_ description: CommandLineDescription) -> String {
        switch self {
        case .man: ManPage(description: description).render()
        case .completeBash: BashCompletion(description: description).render()
        case .completeZsh: ZshCompletion(description: description).render()
        case .completeFish: FishCompletion(description: description).render()
        }
    }
}
