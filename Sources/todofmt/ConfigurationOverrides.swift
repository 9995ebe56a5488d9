import TodoKit

/// Which configuration a run uses (`.todofmt.json` files, `--config FILE` or `--no-config`) and
/// what the command line overrides in it.
struct ConfigurationOverrides: Equatable {
    /// Where the configuration comes from.
    enum Source: Equatable {
        /// The nearest `.todofmt.json` above each file.
        case discover
        /// `--config FILE`: this file for every input.
        case file(String)
        /// `--no-config`: the defaults for every input.
        case none
    }

    var source = Source.discover
    /// `--field-style`.
    var fieldStyle: FieldStyle?
    /// `--no-stamp` sets false.
    var stampDates: Bool?
    /// `--no-sink` sets false.
    var sinkCompleted: Bool?
    /// `--bullet`.
    var bullet: BulletStyle?
    /// `--indentation`: `.some(nil)` is `keep`.
    var indentation: Int??
    /// `--rule`: rules to run even where the configuration turns them off.
    var extraRules: [LintRule] = []
    /// `--stdin-filename`: the path standard input stands for.
    var standardInputPath: String?
    /// `--force-exclude`: files named on the command line are skipped when their configuration
    /// excludes them (pre-commit hooks name every staged file).
    var forceExclude = false

    /// A resolver for the source; reads `--config FILE` now, so a bad file is reported before
    /// any input is processed.
    func resolver() throws(ConfigurationError) -> ConfigurationResolver {
        switch source {
        case .discover: ConfigurationResolver()
        case .file(let path): ConfigurationResolver(fixed: try Configuration(contentsOf: path))
        case .none: ConfigurationResolver(fixed: .default)
        }
    }

    /// `configuration` with the command line's options put in.
    func applied(to configuration: Configuration) -> Configuration {
        var result = configuration
        if let fieldStyle { result.fieldStyle = fieldStyle }
        if let stampDates { result.stampDates = stampDates }
        if let sinkCompleted { result.sinkCompleted = sinkCompleted }
        if let bullet { result.bullet = bullet }
        if let indentation { result.indentation = indentation }
        for rule in extraRules where result.level(of: rule) == .off {
            result.setLevel(RuleLevel(rule.severity), of: rule)
        }
        return result
    }

    /// The path whose configuration applies to an input: standard input stands for
    /// `--stdin-filename`, or for a file in the current directory.
    func configurationPath(of input: InputList.Input) -> String {
        input.isStandardInput ? standardInputPath ?? "." : input.path
    }

    /// The name reports use for an input: standard input is reported as `--stdin-filename`.
    func name(of input: InputList.Input) -> String {
        input.isStandardInput ? standardInputPath ?? input.name : input.name
    }
}
