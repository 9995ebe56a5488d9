/// `--indentation N`: how many columns right of its parent's marker a nested bullet list sits.
enum IndentationChoice: String, OptionChoice {
    /// As written.
    case keep
    /// Two columns.
    case two = "2"
    /// Three columns.
    case three = "3"
    /// Four columns.
    case four = "4"

    /// The columns, nil for ``keep``.
    var columns: Int? { Int(rawValue) }

    /// What the choice does.
    var help: String {
        switch self {
        case .keep: "as written, the default"
        case .two: "nested list markers two columns right of their parent's"
        case .three: "three columns"
        case .four: "four columns"
        }
    }
}
