import TodoKit

/// The inputs of a format or lint run and the configuration of each, resolved (one directory walk
/// up per directory, cached) before the inputs are processed in parallel.
///
/// An input under a configuration file that cannot be used has none: it is an error and is not
/// processed. The error line is kept once per configuration file, not once per input.
struct ConfiguredInputs {
    /// The inputs the paths name, directories walked with the configurations' include and
    /// exclude patterns.
    let list: InputList
    /// Each input's configuration with the command line's options in it; nil when it failed.
    private(set) var configurations = Configurations()
    /// One per configuration file that could not be used, in the order first met.
    private(set) var errors: [Diagnostic] = []
    /// Whether standard input stands for a file (`--stdin-filename`) that `--force-exclude` skips:
    /// it is passed through unchanged and not checked, as the file would be skipped if named.
    private(set) var standardInputExcluded = false

    /// Expands `paths` and configures each input; prints the walk's warnings. Nil, with the error
    /// printed, when the configuration source itself (`--config FILE`) cannot be used.
    init?(paths: [String], overrides: ConfigurationOverrides, console: Console) {
        let resolver: ConfigurationResolver
        do {
            resolver = try overrides.resolver()
        } catch {
            console.report(Diagnostic(nil, .configuration(error)))
            return nil
        }
        list = InputList(paths: paths, finder: TodoFileFinder(selection: resolver),
                         excluded: overrides.forceExclude ? { (try? resolver.excludes($0)) == true } : nil)
        list.warnings.forEach(console.report)
        if overrides.forceExclude, let path = overrides.standardInputPath,
           list.inputs.contains(where: \.isStandardInput) {
            standardInputExcluded = (try? resolver.excludes(path)) == true
        }
        var reported: Set<ConfigurationError> = []
        // A walk under a configuration file that cannot be used takes the files with default names
        // only, which may be none: the error is reported even then, rather than "no todo files found"
        // and a run that did nothing with exit 0.
        for directory in list.directories {
            do {
                _ = try resolver.configuration(for: directory)
            } catch {
                if reported.insert(error).inserted { errors.append(Diagnostic(nil, .configuration(error))) }
            }
        }
        // Files of one directory share its configuration: a run of inputs in one directory (as
        // named; a walk lists its files directory by directory) looks it up once (each lookup
        // normalises the path, asks the file system whether it is a directory, and copies it).
        var lastDirectory: Substring?
        for input in list.inputs {
            let path = overrides.configurationPath(of: input)
            let directory = input.isStandardInput || list.inputs.count == 1 ? nil
                : path.utf8.lastIndex(of: UInt8(ascii: "/")).map { Substring(path.utf8[...$0]) } ?? ""
            if let directory, directory == lastDirectory {
                configurations.appendLast()
                continue
            }
            do {
                configurations.append(overrides.applied(to: try resolver.configuration(for: path)))
            } catch {
                configurations.appendFailure()
                if reported.insert(error).inserted { errors.append(Diagnostic(nil, .configuration(error))) }
            }
            lastDirectory = directory
        }
    }

    /// The inputs' configurations, by input index: each configuration is kept once however many
    /// inputs share it, and a failed one is nil.
    ///
    /// Not an array of optionals: that made every run instantiate the metadata of
    /// `Optional<Configuration>`, 28 k of a small file's 570 k instructions at start-up.
    struct Configurations: Sendable {
        /// The configurations, each once.
        private var distinct: [Configuration] = []
        /// Per input, its configuration's index in ``distinct``; -1 when it failed.
        private var indices: [Int] = []

        /// The configuration of input `index`; nil when its configuration file could not be used.
        subscript(index: Int) -> Configuration? {
            let at = indices[index]
            return at < 0 ? nil : distinct[at]
        }

        /// Adds an input with `configuration`.
        mutating func append(_ configuration: Configuration) {
            indices.append(distinct.count)
            distinct.append(configuration)
        }

        /// Adds an input whose configuration could not be used.
        mutating func appendFailure() {
            indices.append(-1)
        }

        /// Adds an input with the same configuration, or failure, as the input before it.
        mutating func appendLast() {
            indices.append(indices.last ?? -1)
        }
    }

    /// Prints the errors of the walk and of the configuration files; returns whether there were any.
    func printErrors(to console: Console) -> Bool {
        list.errors.forEach(console.report)
        errors.forEach(console.report)
        return !list.errors.isEmpty || !errors.isEmpty
    }
}
