/// A task named on the command line: `path:line`, as `tasks` prints it.
struct TaskReference: Equatable, Hashable {
    /// The file.
    var path: String
    /// The 1-based line.
    var line: Int

    /// `path:line`; nil when the text does not end in `:` and a positive number.
    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
              let line = Int(text[text.index(after: colon)...]), line > 0 else { return nil }
        path = String(text[..<colon])
        self.line = line
    }

    init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    var description: String { "\(path):\(line)" }
}
