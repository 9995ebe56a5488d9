/// A query that cannot be run: the instruction and why, as one line.
public struct TaskQueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The instruction as written.
    public let instruction: String
    /// Why it was refused, lowercase.
    public let reason: String

    /// An error about an instruction.
    /// - Parameters:
    ///   - instruction: The instruction as written.
    ///   - reason: Why it was refused, lowercase.
    public init(_ instruction: String, _ reason: String) {
        self.instruction = instruction
        self.reason = reason
    }

    /// `query instruction 'explain': not supported`.
    public var description: String { "query instruction '\(instruction)': \(reason)" }
}
