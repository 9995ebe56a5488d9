/// Why a regular expression was refused.
public struct TextPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One lowercase line.
    public let description: String

    init(_ description: String) { self.description = description }
}
