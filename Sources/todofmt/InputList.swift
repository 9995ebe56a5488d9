#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// The inputs a command line names: standard input, files, and the todo files found under
/// directories, in command-line order (each directory's files sorted), each file once.
struct InputList {
    /// One input.
    struct Input: Equatable, Sendable {
        /// The path as given or found; `-` for standard input.
        var path: String
        /// Whether the input is standard input.
        var isStandardInput: Bool { path == FormatRequest.standardInput }
        /// The name reports use.
        var name: String { isStandardInput ? FormatRunner.standardInputName : path }
    }

    var inputs: [Input] = []
    /// Error lines: a directory that could not be walked, or one below it that could not be read.
    var errors: [String] = []
    /// Warning lines: a directory without todo files.
    var warnings: [String] = []

    /// Expands `paths`; a path that is not a directory is taken as it is (reading it reports
    /// any problem), so an explicit path is always processed.
    init(paths: [String], finder: TodoFileFinder = TodoFileFinder()) {
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { inputs.append(Input(path: path)) }
        }
        for path in paths {
            var info = stat()
            guard path != FormatRequest.standardInput, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                add(path)
                continue
            }
            do {
                let found = try finder.find(in: path)
                errors += found.problems
                if found.files.isEmpty && found.problems.isEmpty { warnings.append("\(path): no todo files found") }
                found.files.forEach(add)
            } catch {
                errors.append("\(path): \(error.description)")
            }
        }
    }
}
