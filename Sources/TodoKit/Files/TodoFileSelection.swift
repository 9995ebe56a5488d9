/// Which files a directory walk by ``TodoFileFinder`` takes and which directories it enters.
///
/// Paths are given twice: as the walk built them (the walked directory, `/`, the path below it)
/// and relative to the walked directory.
public protocol TodoFileSelection {
    /// Whether the walk takes the regular file at `path`.
    func includesFile(at path: String, relativePath: String) -> Bool
    /// Whether the walk enters the directory at `path`.
    func entersDirectory(at path: String, relativePath: String) -> Bool
}

/// The selection without configuration: files named `todo.md`, `todos.md` or `*.todo.md` in any
/// case, in every directory.
public struct DefaultTodoFileSelection: TodoFileSelection, Sendable {
    /// Creates the selection.
    public init() {}

    /// Whether a file called `name` is a todo file by default.
    public static func isTodoFileName(_ name: some StringProtocol) -> Bool {
        // ASCII lowercasing: the names to match are ASCII, and other letters must not fold into them.
        let lower = String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        return lower == "todo.md" || lower == "todos.md" || lower.hasSuffix(".todo.md")
    }

    /// Whether the file's name is a todo file name.
    public func includesFile(at path: String, relativePath: String) -> Bool {
        Self.isTodoFileName(relativePath.split(separator: "/").last ?? "")
    }

    /// Always.
    public func entersDirectory(at path: String, relativePath: String) -> Bool { true }
}
