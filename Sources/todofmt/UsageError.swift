/// A command line that cannot be run; `todofmt` prints the message and exits 2.
struct UsageError: Error, Equatable {
    /// One lowercase line without the `todofmt: ` prefix.
    let message: String

    /// An option that does not exist.
    static func unknownOption(_ option: String) -> UsageError {
        UsageError(message: "unknown option '\(option)' (see 'todofmt --help')")
    }

    /// An option that needs a value came last.
    static func missingValue(_ option: String) -> UsageError {
        UsageError(message: "option '\(option)' needs a value (see 'todofmt --help')")
    }

    /// A flag was given a value with `=`.
    static func unexpectedValue(_ option: String) -> UsageError {
        UsageError(message: "option '\(option)' takes no value")
    }

    /// Two options that exclude each other.
    static func conflict(_ first: String, _ second: String) -> UsageError {
        UsageError(message: "options '\(first)' and '\(second)' cannot be used together")
    }

    /// A value that is not one of the option's choices:
    /// `invalid format 'xml' for --format (expected text, json or github)`.
    /// - Parameters:
    ///   - value: The value given.
    ///   - noun: What the value is.
    ///   - option: The option's name.
    ///   - expected: The words it may be.
    /// - Returns: The error.
    static func invalidChoice(_ value: String, _ noun: String, _ option: String, expected: [String]) -> UsageError {
        UsageError(message: "invalid \(noun) '\(value)' for \(option) (expected \(TextWrapper.list(expected)))")
    }
}
