/// Where ``TodoStore/add(_:due:scheduled:start:priority:placement:)`` puts a new todo.
public enum TodoPlacement: Hashable, Sendable {
    /// At the end of the open items of the first list with tasks (under `section`, when given).
    case end(section: String? = nil)
    /// At a position among the open items of that list (0 is the top).
    case position(Int, section: String? = nil)
    /// As the last open subtask of a todo.
    case subtask(of: TodoID)
}
