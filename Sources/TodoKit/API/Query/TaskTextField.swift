/// A text of a task a query can search.
public enum TaskTextField: String, CaseIterable, Hashable, Sendable {
    /// The title without fields, and without the global filter (as in Obsidian Tasks).
    case description
    /// The file's path as given or found.
    case path
    /// The file's name, with its extension.
    case filename
    /// The file's directory, with a final `/` (`./` for the current one).
    case folder
    /// The first directory of the file's path, with a final `/` (`./` for a file in the current one).
    case root
    /// The nearest heading above the task (no heading: empty).
    case heading
    /// The tags, each with `#`, each searched on its own.
    case tags

    /// The texts searched: one, or each tag with its `#` (none for a task without tags). A filter
    /// holds when it holds for one of them, as Obsidian Tasks reads its multi-valued fields.
    func texts(of task: QueriedTask) -> [String] {
        switch self {
        case .description: [task.description]
        case .path: [task.path]
        case .filename: [task.filename]
        case .folder: [task.folder]
        case .root: [task.root]
        case .heading: [task.todo.section ?? ""]
        case .tags: task.todo.tags.map { "#" + $0 }
        }
    }
}
