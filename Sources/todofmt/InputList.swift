#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// The inputs a command line names: standard input, files, and the todo files found under
/// directories, in command-line order (each directory's files sorted), each file once.
///
/// "Once" is by real path, not by name: `todos.md`, `./todos.md` and a symbolic link to it are
/// one input (the first name met), because a rewrite through a link replaces its target, and two
/// names for one file processed in parallel would race to rewrite it. Hard links stay separate
/// inputs: a rewrite replaces only the name it is given.
struct InputList {
    /// One input.
    struct Input: Equatable, Sendable {
        /// The path as given or found; `-` for standard input.
        var path: String
        /// Whether the input is standard input.
        var isStandardInput: Bool { path == FormatRequest.standardInput }
        /// The name reports use.
        var name: String { isStandardInput ? FormatRunner.standardInputName : path }
        /// Its size when it was listed, for a regular file (nil for anything else): a large one is
        /// checked where the kernel keeps its bytes (``MappedFile``), without a look of its own.
        var regularFileSize: Int?

        init(path: String, status: stat? = nil) {
            self.path = path
            if let status, status.st_mode & S_IFMT == S_IFREG { regularFileSize = Int(status.st_size) }
        }
    }

    var inputs: [Input] = []
    /// The paths named that are directories, walked for their todo files.
    var directories: [String] = []
    /// A directory that could not be walked, or one below it that could not be read.
    var errors: [Diagnostic] = []
    /// A directory without todo files.
    var warnings: [Diagnostic] = []

    /// Expands `paths`; a path that is not a directory is taken as it is (reading it reports
    /// any problem), so an explicit path is processed unless `excluded` says it is excluded.
    init(paths: [String], finder: TodoFileFinder, excluded: ((String) -> Bool)? = nil) {
        // One path that is not a directory (a hook, an editor, a script checking one file): it is
        // its own input, and nothing needs the sets below, whose first use costs a process start-up
        // a good part of its time (the runtime builds their generic types).
        if paths.count == 1, let path = paths.first {
            var info = stat()
            let found = path != FormatRequest.standardInput && stat(path, &info) == 0
            if !found || info.st_mode & S_IFMT != S_IFDIR {
                if path == FormatRequest.standardInput || excluded?(path) != true {
                    inputs.append(Input(path: path, status: found ? info : nil))
                }
                return
            }
        }
        var seen: Set<String> = []
        // The names taken so far for each file. One `stat` per input; real paths are only worked
        // out when two names lead to one file, to tell a second name for it from a hard link.
        var names: [FileIdentity: [String]] = [:]
        func add(_ path: String) {
            guard seen.insert(path).inserted else { return }
            var info = stat()
            // A path that cannot be stat'ed is kept: reading it reports the problem.
            let found = path != FormatRequest.standardInput && stat(path, &info) == 0
            if found {
                let file = FileIdentity(info)
                if let taken = names[file], let real = Self.realPath(path),
                   taken.contains(where: { Self.realPath($0) == real }) {
                    return
                }
                names[file, default: []].append(path)
            }
            inputs.append(Input(path: path, status: found ? info : nil))
        }
        for path in paths {
            var info = stat()
            guard path != FormatRequest.standardInput, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                if path != FormatRequest.standardInput, excluded?(path) == true { continue }
                add(path)
                continue
            }
            directories.append(path)
            do {
                let found = try finder.find(in: path)
                // The finder's problems name their directories.
                errors += found.problems.map { Diagnostic(nil, .other($0)) }
                if found.files.isEmpty && found.problems.isEmpty { warnings.append(Diagnostic(path, .other("no todo files found"))) }
                found.files.forEach(add)
            } catch {
                errors.append(Diagnostic(path, .file(error)))
            }
        }
    }

    /// The absolute path with every link and `.`/`..` resolved, or `nil` if it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
