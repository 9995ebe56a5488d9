/// The store's undo and redo stacks. A step remembers the list before and after an operation;
/// steps made inside a group collapse into one.
struct UndoHistory {
    struct Step {
        var before: TodoList
        var after: TodoList
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

    mutating func popUndo() -> Step? { undoStack.popLast() }
    mutating func popRedo() -> Step? { redoStack.popLast() }
    mutating func pushRedo(_ step: Step) { redoStack.append(step) }
    mutating func pushUndo(_ step: Step) { undoStack.append(step) }
}
