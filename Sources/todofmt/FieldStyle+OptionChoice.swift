import TodoKit

/// `--field-style STYLE`.
extension FieldStyle: OptionChoice {
    /// How the style writes a due date.
    var help: String {
        switch self {
        case .plain: "due:2026-12-01, the default"
        case .emoji: "📅 2026-12-01"
        case .dataview: "[due:: 2026-12-01]"
        }
    }
}
