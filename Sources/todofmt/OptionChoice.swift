/// The values of an option that takes one of a few words: the cases are the choices `--help`, the
/// man page and the completions list, and the only words the parser accepts.
protocol OptionChoice: CaseIterable, Sendable {
    /// The word typed on the command line.
    var word: String { get }
    /// What it means, a few words (help text and completion menus).
    var help: String { get }
}

extension OptionChoice where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    var word: String { rawValue }
}

extension OptionChoice {
    /// Every case as a completion choice, in declaration order.
    static var choices: [ValueCompletion.Choice] {
        allCases.map { ValueCompletion.Choice($0.word, $0.help) }
    }

    /// Every case's word, in declaration order.
    static var words: [String] { allCases.map(\.word) }

    /// The case typed as `word`, or nil.
    /// - Parameter word: The value given on the command line.
    init?(word: String) {
        guard let found = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = found
    }
}
