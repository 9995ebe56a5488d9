/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday 7.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name, capitalised: "Monday".
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// The three-letter abbreviation: "Mon".
    public var abbreviation: String { String(name.prefix(3)) }

    /// Whether the day is Monday to Friday.
    public var isBusinessDay: Bool { self != .saturday && self != .sunday }

    /// The weekday named by a word; `nil` for any other word.
    /// - Parameter word: An English weekday name or its three-letter abbreviation, in any case.
    public init?(named word: some StringProtocol) {
        let lower = word.lowercased()
        guard let match = Weekday.allCases.first(where: {
            let name = $0.name.lowercased()
            return lower == name || lower == String(name.prefix(3))
        }) else { return nil }
        self = match
    }
}
