extension Configuration {
    /// Reads a configuration from the bytes of a `.todofmt.json` file.
    /// - Parameters:
    ///   - bytes: The file's content: one strictly valid JSON object.
    ///   - path: The file as errors name it; it becomes ``file``.
    /// - Throws: ``ConfigurationError`` with the line and column for JSON that is not strictly
    ///   valid, a duplicate or unknown key, a value of the wrong kind, an unknown rule, or a rule
    ///   named twice.
    public init(json bytes: [UInt8], path: String) throws(ConfigurationError) {
        self = try ConfigurationDecoder(bytes: bytes, path: path).decode()
    }

    /// Reads the configuration file at `path`.
    /// - Parameter path: The file; errors and ``file`` name it as given.
    /// - Throws: ``ConfigurationError`` without a location when the file cannot be read, else what
    ///   ``init(json:path:)`` throws.
    public init(contentsOf path: String) throws(ConfigurationError) {
        try self.init(contentsOf: path, named: path)
    }

    /// Reads the configuration file at `path`, naming it `name` in errors and in ``file``.
    init(contentsOf path: String, named name: String) throws(ConfigurationError) {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw ConfigurationError(path: name, location: nil, message: error.description)
        }
        try self.init(json: bytes, path: name)
    }
}
