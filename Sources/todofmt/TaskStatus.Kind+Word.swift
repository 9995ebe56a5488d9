import TodoKit

extension TaskStatus.Kind {
    /// The kind as messages and tables name it: `open`, `in progress`, `done`, `cancelled`.
    var word: String {
        switch self {
        case .open: "open"
        case .inProgress: "in progress"
        case .done: "done"
        case .cancelled: "cancelled"
        }
    }
}
