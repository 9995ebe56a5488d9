/// Which character the formatter writes as the marker of bullet lists that hold tasks. The raw
/// value is how `.todofmt.json` and `--bullet` spell it: `keep`, `-`, `*` or `+`.
public enum BulletStyle: String, CaseIterable, Sendable {
    /// Markers stay as written (the default).
    case keep
    /// `-`
    case dash = "-"
    /// `*`
    case asterisk = "*"
    /// `+`
    case plus = "+"

    /// The style used when nothing else is configured: markers as written.
    public static let `default` = BulletStyle.keep

    /// The marker character, nil for ``keep``.
    public var marker: Character? {
        switch self {
        case .keep: nil
        case .dash: "-"
        case .asterisk: "*"
        case .plus: "+"
        }
    }

    /// The marker byte, nil for ``keep``.
    var byte: UInt8? {
        marker?.asciiValue
    }
}
