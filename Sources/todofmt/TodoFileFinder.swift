#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Finds the todo files under a directory: `todo.md`, `todos.md` and `*.todo.md`, in any case.
///
/// The walk does not enter `.git`, `.build` or `node_modules`, nor follows symbolic links to
/// directories (so it cannot loop); a symbolic link named like a todo file that points to a
/// regular file is found. Names that are not valid UTF-8 are skipped.
struct TodoFileFinder {
    /// Directories never entered.
    static let skippedDirectories: Set<String> = [".git", ".build", "node_modules"]

    /// What one walk found.
    struct Result {
        /// Paths of todo files, `directory` + `/` + the path below it (just the path below it
        /// when `directory` is `.`), sorted.
        var files: [String] = []
        /// One line per directory below the top that could not be read, naming it.
        var problems: [String] = []
    }

    /// Whether a file called `name` is a todo file.
    static func isTodoFileName(_ name: String) -> Bool {
        // ASCII lowercasing: the names to match are ASCII, and other letters must not fold into them.
        let lower = String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        return lower == "todo.md" || lower == "todos.md" || lower.hasSuffix(".todo.md")
    }

    /// Walks `directory`. Throws only when `directory` itself cannot be read.
    func find(in directory: String) throws(FileError) -> Result {
        var result = Result()
        try walk(directory, into: &result, isTop: true)
        result.files.sort()
        return result
    }

    private func walk(_ directory: String, into result: inout Result, isTop: Bool) throws(FileError) {
        guard let stream = opendir(directory) else {
            let error = FileError(errno: errno)
            if isTop { throw error }
            result.problems.append("cannot read \(directory): \(error)")
            return
        }
        defer { closedir(stream) }
        var subdirectories: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(validatingCString: $0)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            let path = directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if !Self.skippedDirectories.contains(name) { subdirectories.append(path) }
            case S_IFREG:
                if Self.isTodoFileName(name) { result.files.append(path) }
            case S_IFLNK:
                if Self.isTodoFileName(name), stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                    result.files.append(path)
                }
            default:
                break
            }
        }
        for subdirectory in subdirectories {
            try walk(subdirectory, into: &result, isTop: false)
        }
    }
}
