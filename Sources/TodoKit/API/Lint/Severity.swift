/// How serious a lint finding is. Only errors make `todofmt lint` exit 1.
public enum Severity: String, Comparable, CaseIterable, Sendable {
    /// Something is wrong: a date that is lost, impossible or contradicts another.
    case error
    /// Something is probably not what the author meant.
    case warning
    /// Worth knowing, often deliberate.
    case info

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    /// Errors sort before warnings, warnings before infos.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}
