/// Why a configuration file cannot be used: one line naming the file, the place and the key,
/// e.g. `.todofmt.json:3:17: unknown key 'feildStyle' (did you mean 'fieldStyle'?)`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file, as it was named when it was read.
    public let path: String
    /// Where in the file the problem is; `nil` when the file as a whole is the problem (it
    /// cannot be read).
    public let location: SourceLocation?
    /// A lowercase message without the path.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - path: The configuration file, as it was named when it was read.
    ///   - location: Where in the file the problem is, or `nil` when the whole file is.
    ///   - message: A lowercase message without the path.
    public init(path: String, location: SourceLocation?, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    /// `path:line:column: message`, or `path: message` without a location.
    public var description: String {
        guard let location else { return "\(path): \(message)" }
        return "\(path):\(location.line):\(location.column): \(message)"
    }
}
