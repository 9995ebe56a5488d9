/// A todo's identity, stable for the life of a store: across edits, moves, saves and reloads
/// (as long as the task itself is still recognisable).
public struct TodoID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number behind the identity; unique within one store.
    public let rawValue: UInt64

    /// Wraps a raw value.
    ///
    /// - Parameter rawValue: the number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `#` followed by the number.
    public var description: String { "#\(rawValue)" }

    /// Orders identities by their numbers (the order they were handed out in).
    ///
    /// - Parameters:
    ///   - lhs: one identity.
    ///   - rhs: another.
    /// - Returns: whether `lhs` was handed out first.
    public static func < (lhs: TodoID, rhs: TodoID) -> Bool { lhs.rawValue < rhs.rawValue }
}
