/// A place in a source file: 1-based line and 1-based UTF-8 byte column, as compilers print them.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The UTF-8 byte column, starting at 1.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - line: The line, starting at 1.
    ///   - column: The UTF-8 byte column, starting at 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Whether `lhs` comes before `rhs`: an earlier line, or the same line and an earlier column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
