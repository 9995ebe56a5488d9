#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Runs `todofmt config --effective PATH`: the configuration that applies to PATH, with the
/// command line's options in it, as JSON on standard output; on standard error, one line naming
/// where it came from and whether a directory walk includes PATH (enters it, for a directory).
struct EffectiveConfigurationRunner {
    let request: EffectiveConfigurationRequest
    let console: Console

    /// Prints the configuration; `.failure` when the configuration file that applies cannot be used.
    func run() -> ExitStatus {
        let path = request.path
        let configuration: Configuration
        let walk: String
        var info = stat()
        let isDirectory = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        do {
            let resolver = try request.configuration.resolver()
            configuration = try resolver.configuration(for: path)
            if isDirectory {
                walk = try resolver.walkEnters(path) ? "enters it" : "does not enter it"
            } else {
                walk = try resolver.walkIncludes(path) ? "includes it" : "does not include it"
            }
        } catch {
            console.report(Diagnostic(nil, .configuration(error)))
            return .failure
        }
        let source: String
        switch request.configuration.source {
        case .none: source = "defaults (--no-config)"
        case .file(let file): source = "configuration from \(file) (--config)"
        case .discover:
            source = configuration.file.map { "configuration from \($0)" } ?? "defaults (no \(Configuration.fileName) found)"
        }
        if let error = console.output(Array(request.configuration.applied(to: configuration).json.utf8), of: nil) {
            console.report(error)
            return .failure
        }
        console.error("\(path): \(source); a directory walk \(walk)")
        return .ok
    }
}
