import TodoKit

/// The configuration of each input, resolved (one directory walk up per directory, cached) before
/// the inputs are processed in parallel.
///
/// An input under a configuration file that cannot be used has none: it is an error and is not
/// processed. The error line is kept once per configuration file, not once per input.
struct ConfiguredInputs {
    /// Each input's configuration with the command line's options in it; nil when it failed.
    var configurations: [Configuration?] = []
    /// One line per configuration file that could not be used, in the order first met.
    var errors: [String] = []

    init(_ inputs: [InputList.Input], overrides: ConfigurationOverrides, resolver: ConfigurationResolver) {
        var reported: Set<ConfigurationError> = []
        for input in inputs {
            do {
                let configuration = try resolver.configuration(for: overrides.configurationPath(of: input))
                configurations.append(overrides.applied(to: configuration))
            } catch {
                configurations.append(nil)
                if reported.insert(error).inserted { errors.append(error.description) }
            }
        }
    }
}
