/// One change to a todo list, addressed by identity so that it can be applied again to a file
/// that someone else changed in the meantime.
enum TodoOperation: Sendable {
    case add(id: TodoID, title: String, fields: [FieldKey: Field.Value], placement: TodoPlacement)
    case edit(TodoID, TaskLineEditor.Change)
    /// Several todos get one status, their lists sink once.
    case setStatus([TodoID], TaskStatus)
    case toggle([TodoID])
    case move(TodoID, toOpenIndex: Int)
    case indent(TodoID)
    case outdent(TodoID)
    case remove([TodoID])
    case removeAll
    case clearCompleted

    /// Whether the operation changes a completion that should make its list sink.
    var togglesCompletion: Bool {
        switch self {
        case .toggle, .setStatus: true
        case .edit(_, let change): change.status != nil
        default: false
        }
    }
}
