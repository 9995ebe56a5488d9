/// What a configuration file asks of one lint rule: a severity for its findings, or off.
public enum RuleLevel: String, CaseIterable, Hashable, Sendable {
    /// On; findings are errors (`todofmt lint` exits 1).
    case error
    /// On; findings are warnings.
    case warning
    /// On; findings are infos.
    case info
    /// The rule does not run.
    case off

    /// The severity of the findings, or `nil` for ``off``.
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .info: .info
        case .off: nil
        }
    }

    /// The level that runs a rule with `severity`.
    /// - Parameter severity: The severity the rule's findings get.
    public init(_ severity: Severity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .info: self = .info
        }
    }
}
