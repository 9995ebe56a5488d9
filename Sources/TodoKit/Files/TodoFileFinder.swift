#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the todo files under a directory.
///
/// The walk never enters `.git`, `.build` or `node_modules`, skips what the `.gitignore` in the
/// walked directory lists, and asks a ``TodoFileSelection`` about every other file and directory.
/// It does not follow symbolic links to directories (so it cannot loop); a symbolic link to a
/// regular file is taken like the file. Names that are not valid UTF-8 are skipped.
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

    /// Decides which files and directories the walk takes.
    public var selection: any TodoFileSelection

    /// Creates a finder; by default it takes the default todo file names.
    public init(selection: any TodoFileSelection = DefaultTodoFileSelection()) {
        self.selection = selection
    }

    /// Walks `directory`. Throws only when `directory` itself cannot be read.
    public func find(in directory: String) throws(FileError) -> Result {
        var result = Result()
        let ignore = (try? AtomicFile.read(Self.join(directory, IgnoreFile.fileName))).map(IgnoreFile.init(contents:))
        var pending = [(path: directory, relative: "")]
        var isTop = true
        while let (path, relative) = pending.popLast() {
            try walk(path, relative: relative, ignore: ignore, pending: &pending, into: &result, isTop: isTop)
            isTop = false
        }
        result.files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return result
    }

    private func walk(_ directory: String, relative: String, ignore: IgnoreFile?,
                      pending: inout [(path: String, relative: String)], into result: inout Result,
                      isTop: Bool) throws(FileError) {
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
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard !Self.skippedDirectories.contains(name),
                      ignore?.ignores(relativePath, isDirectory: true) != true,
                      selection.entersDirectory(at: path, relativePath: relativePath) else { continue }
                pending.append((path, relativePath))
            case S_IFREG:
                if takes(path, relativePath, ignore) { result.files.append(path) }
            case S_IFLNK:
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, takes(path, relativePath, ignore) {
                    result.files.append(path)
                }
            default:
                break
            }
        }
    }

    private func takes(_ path: String, _ relativePath: String, _ ignore: IgnoreFile?) -> Bool {
        ignore?.ignores(relativePath, isDirectory: false) != true
            && selection.includesFile(at: path, relativePath: relativePath)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
