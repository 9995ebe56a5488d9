#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the todo files under a directory.
///
/// The walk never enters `.git`, `.build` or `node_modules` and skips what Git ignores: the
/// `.gitignore` files of the walked directory and below, and, inside a repository, those of the
/// directories above it up to the repository's top and its `.git/info/exclude` (a deeper file
/// decides before a higher one, as in Git). It asks a ``TodoFileSelection`` about every other file
/// and directory. It does not follow symbolic links to directories (so it cannot loop); a symbolic
/// link to a regular file is taken like the file. Names that are not valid UTF-8 are skipped.
public struct TodoFileFinder {
    /// Directories never entered.
    public static let skippedDirectories: Set<String> = [".git", ".build", "node_modules"]

    /// What one walk found.
    public struct Result: Sendable {
        /// Paths of todo files, the walked directory + `/` + the path below it (just the path
        /// below it when the directory is `.`), sorted by their bytes.
        public var files: [String] = []
        /// One line per directory below the top that could not be read, naming it.
        public var problems: [String] = []
    }

    /// Ignore patterns and where they apply.
    struct IgnoreScope {
        var file: IgnoreFile
        /// The directory holding the file, relative to the walked directory (`""` for the walked
        /// directory itself and for every file above it).
        var directory: String
        /// For a file above the walked directory: the path from its directory down to the walked
        /// one, with a final `/`; else `""`.
        var prefix: String

        /// `relativePath` (below the walked directory) as the file's patterns see it.
        func path(_ relativePath: String) -> String {
            prefix + (directory.isEmpty ? relativePath : String(relativePath.dropFirst(directory.count + 1)))
        }
    }

    /// Decides which files and directories the walk takes.
    public var selection: any TodoFileSelection

    /// Creates a finder.
    /// - Parameter selection: Decides which files the walk takes and which directories it enters.
    public init(selection: any TodoFileSelection) {
        self.selection = selection
    }

    /// Walks a directory.
    /// - Parameter directory: The directory to walk, absolute or relative.
    /// - Returns: The files taken, sorted by their bytes, and one problem line per directory below
    ///   it that could not be read.
    /// - Throws: ``FileError`` only when `directory` itself cannot be read.
    public func find(in directory: String) throws(FileError) -> Result {
        var result = Result()
        var scopes = Self.scopesAbove(directory)
        if let top = Self.ignoreFile(in: directory) { scopes.append(IgnoreScope(file: top, directory: "", prefix: "")) }
        var pending = [(path: directory, relative: "", scopes: scopes)]
        var isTop = true
        while let (path, relative, scopes) = pending.popLast() {
            try walk(path, relative: relative, scopes: scopes, pending: &pending, into: &result, isTop: isTop)
            isTop = false
        }
        result.files.sort(by: Self.precedesByBytes)
        return result
    }

    /// `a.utf8.lexicographicallyPrecedes(b.utf8)` with `memcmp` (the generic comparison cost a
    /// walk of 100,000 files more than reading them).
    static func precedesByBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let order = memcmp(p, q, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
    }

    /// Why a walk passes over a path whatever the configuration says.
    public enum Skip: Hashable, Sendable {
        /// The path is in (or is) a directory no walk enters: one of ``skippedDirectories``.
        case skippedDirectory(String)
        /// Git ignores the path or a directory above it.
        case ignoredByGit
    }

    /// Why a walk of `root` passes over the path `relativePath` below it, whatever the
    /// configuration says, or nil when it would come to it.
    /// - Parameters:
    ///   - relativePath: A path below `root`, its parts separated by `/`.
    ///   - isDirectory: Whether the path is a directory (asked: whether the walk enters it).
    ///   - root: The walked directory.
    public static func skip(_ relativePath: String, isDirectory: Bool, walking root: String) -> Skip? {
        var scopes = scopesAbove(root)
        if let top = ignoreFile(in: root) { scopes.append(IgnoreScope(file: top, directory: "", prefix: "")) }
        let parts = relativePath.split(separator: "/").map(String.init)
        var relative = ""
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            relative = relative.isEmpty ? part : relative + "/" + part
            let directory = !isLast || isDirectory
            if directory && skippedDirectories.contains(part) { return .skippedDirectory(part) }
            if ignores(relative, isDirectory: directory, in: scopes) { return .ignoredByGit }
            if !isLast, let file = ignoreFile(in: join(root, relative)) {
                scopes.append(IgnoreScope(file: file, directory: relative, prefix: ""))
            }
        }
        return nil
    }

    /// Whether Git would ignore `relativePath`: the deepest file with a matching pattern decides.
    static func ignores(_ relativePath: String, isDirectory: Bool, in scopes: [IgnoreScope]) -> Bool {
        for scope in scopes.reversed() {
            if let decision = scope.file.decision(for: scope.path(relativePath), isDirectory: isDirectory) {
                return decision
            }
        }
        return false
    }

    /// The ignore files that apply from above `directory`, when it is inside a Git repository:
    /// the repository's `.git/info/exclude`, then each `.gitignore` from the top down to the
    /// directory's parent.
    static func scopesAbove(_ directory: String) -> [IgnoreScope] {
        guard let resolved = realpath(directory, nil) else { return [] }
        let absolute = String(cString: resolved)
        free(resolved)
        var parts = absolute.split(separator: "/").map(String.init)
        var above: [String] = []
        var info = stat()
        // Climb to the repository's top: the nearest directory holding `.git`.
        while lstat("/" + parts.joined(separator: "/") + "/.git", &info) != 0 {
            guard let last = parts.popLast() else { return [] }
            above.insert(last, at: 0)
        }
        var scopes: [IgnoreScope] = []
        let top = "/" + parts.joined(separator: "/")
        if info.st_mode & S_IFMT == S_IFDIR,
           let bytes = try? AtomicFile.read(join(top, ".git/info/exclude")) {
            scopes.append(IgnoreScope(file: IgnoreFile(contents: bytes), directory: "",
                                      prefix: above.isEmpty ? "" : above.joined(separator: "/") + "/"))
        }
        var current = top
        for (index, part) in above.enumerated() {
            if let file = ignoreFile(in: current) {
                scopes.append(IgnoreScope(file: file, directory: "", prefix: above[index...].joined(separator: "/") + "/"))
            }
            current = join(current, part)
        }
        return scopes
    }

    static func ignoreFile(in directory: String) -> IgnoreFile? {
        (try? AtomicFile.read(join(directory, IgnoreFile.fileName))).map(IgnoreFile.init(contents:))
    }

    private func walk(_ directory: String, relative: String, scopes: [IgnoreScope],
                      pending: inout [(path: String, relative: String, scopes: [IgnoreScope])],
                      into result: inout Result, isTop: Bool) throws(FileError) {
        guard let stream = opendir(directory) else {
            let error = FileError(errno: errno)
            if isTop { throw error }
            result.problems.append("cannot read \(directory): \(error)")
            return
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(validatingCString: $0)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            let path = directory == "." ? name : Self.join(directory, name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            // The directory entry's type says what lstat would (most file systems fill it in): a
            // walk of many files then makes no system call for each regular file.
            let type: mode_t
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): type = S_IFREG
            case Int32(DT_DIR): type = S_IFDIR
            default:
                guard lstat(path, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT
            }
            switch type {
            case S_IFDIR:
                guard !Self.skippedDirectories.contains(name),
                      !Self.ignores(relativePath, isDirectory: true, in: scopes),
                      selection.entersDirectory(at: path, relativePath: relativePath) else { continue }
                var inner = scopes
                if let file = Self.ignoreFile(in: path) {
                    inner.append(IgnoreScope(file: file, directory: relativePath, prefix: ""))
                }
                pending.append((path, relativePath, inner))
            case S_IFREG:
                if takes(path, relativePath, scopes) { result.files.append(path) }
            case S_IFLNK:
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, takes(path, relativePath, scopes) {
                    result.files.append(path)
                }
            default:
                break
            }
        }
    }

    private func takes(_ path: String, _ relativePath: String, _ scopes: [IgnoreScope]) -> Bool {
        !Self.ignores(relativePath, isDirectory: false, in: scopes)
            && selection.includesFile(at: path, relativePath: relativePath)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
