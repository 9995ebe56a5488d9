/// The store's undo and redo stacks. A step remembers the list before and after an operation;
/// steps made inside a group collapse into one.
struct UndoHistory {
    struct Step {
        var before: TodoList
        var after: TodoList

        /// The list that undoing (`before`) or redoing (`after`) the step brings back.
        func target(_ direction: Direction) -> TodoList { direction == .undo ? before : after }
        /// The list that undoing (`after`) or redoing (`before`) the step starts from.
        func source(_ direction: Direction) -> TodoList { direction == .undo ? after : before }
    }

    /// Which way a step is travelled; its description names the command ("undo", "redo").
    enum Direction: String, CustomStringConvertible {
        case undo, redo
        var description: String { rawValue }
    }

    private(set) var undoStack: [Step] = []
    private(set) var redoStack: [Step] = []
    private var groupDepth = 0
    private var groupStep: Step?
    /// The most steps kept.
    var limit = 100

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    mutating func record(before: TodoList, after: TodoList) {
        redoStack.removeAll()
        if groupDepth > 0 {
            groupStep = Step(before: groupStep?.before ?? before, after: after)
            return
        }
        undoStack.append(Step(before: before, after: after))
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
    }

    /// Folds a follow-up change (the deferred sink) into the last step.
    mutating func amendLast(after: TodoList) {
        if groupDepth > 0, groupStep != nil {
            groupStep!.after = after
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].after = after
        }
    }

    mutating func beginGroup() {
        groupDepth += 1
    }

    mutating func endGroup() {
        guard groupDepth > 0 else { return }
        groupDepth -= 1
        if groupDepth == 0, let step = groupStep {
            groupStep = nil
            undoStack.append(step)
        }
    }

    /// Takes the newest step off the stack that `direction` travels (undo: the undo stack).
    mutating func pop(_ direction: Direction) -> Step? {
        direction == .undo ? undoStack.popLast() : redoStack.popLast()
    }

    /// Puts a step that was travelled in `direction` on the other stack.
    mutating func push(_ step: Step, after direction: Direction) {
        if direction == .undo { redoStack.append(step) } else { undoStack.append(step) }
    }

    /// Puts a step that could not be travelled back where ``pop(_:)`` took it from.
    mutating func pushBack(_ step: Step, _ direction: Direction) {
        if direction == .undo { undoStack.append(step) } else { redoStack.append(step) }
    }
}
