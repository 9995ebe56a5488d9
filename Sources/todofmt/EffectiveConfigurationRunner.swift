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
            let taken = try isDirectory ? resolver.walkEnters(path) : resolver.walkIncludes(path)
            switch (taken ? Self.skip(path, isDirectory: isDirectory) : nil, isDirectory) {
            case (nil, true): walk = taken ? "enters it" : "does not enter it"
            case (nil, false): walk = taken ? "includes it" : "does not include it"
            case (.skippedDirectory(let name)?, _): walk = "does not \(isDirectory ? "enter" : "include") it (no walk enters \(name))"
            case (.ignoredByGit?, _): walk = "does not \(isDirectory ? "enter" : "include") it (Git ignores it)"
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

    /// Why a walk of the current directory (of `path`'s own directory, when `path` is outside it)
    /// passes over `path` whatever the configuration says: a directory no walk enters, or Git's
    /// ignore files.
    private static func skip(_ path: String, isDirectory: Bool) -> TodoFileFinder.Skip? {
        guard let current = realPath("."), let absolute = realPath(path) else { return nil }
        let prefix = current == "/" ? "/" : current + "/"
        if absolute.hasPrefix(prefix) {
            return TodoFileFinder.skip(String(absolute.dropFirst(prefix.count)), isDirectory: isDirectory, walking: ".")
        }
        let slash = absolute.lastIndex(of: "/")!
        return TodoFileFinder.skip(String(absolute[absolute.index(after: slash)...]), isDirectory: isDirectory,
                                   walking: slash == absolute.startIndex ? "/" : String(absolute[..<slash]))
    }

    /// `path` with its links and `.`/`..` resolved as far as it exists, the parts that do not exist
    /// (yet) appended as written.
    private static func realPath(_ path: String) -> String? {
        var missing: [Substring] = []
        var existing = path.isEmpty ? "." : path
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return missing.reversed().reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
            }
            guard existing != "." else { return nil }
            guard let slash = existing.lastIndex(of: "/") else {
                missing.append(Substring(existing))
                existing = "."
                continue
            }
            missing.append(existing[existing.index(after: slash)...])
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }
}
