/// The store's undo and redo stacks.
///
/// A step is what one undo takes back: an operation, the operations of a group, or a deferred
/// sink. It holds the store's own changes, each from the list the store applied it to (after any
/// reload) to the list it wrote, so another program's edit is never inside a change. Such an edit
/// made between two changes of a step shows as the second change starting from a list the first
/// did not write, and undo takes each change back on its own, which keeps that edit.
struct UndoHistory {
    /// One write of the store: the list it started from and the list it wrote.
    struct Change {
        var before: TodoList
        var after: TodoList

        /// The list that undoing (`before`) or redoing (`after`) the change brings back.
        func target(_ direction: Direction) -> TodoList { direction == .undo ? before : after }
        /// The list that undoing (`after`) or redoing (`before`) the change starts from.
        func source(_ direction: Direction) -> TodoList { direction == .undo ? after : before }
    }

    /// What one undo or redo travels: the store's changes in the order it made them.
    struct Step {
        private(set) var changes: [Change]

        init(before: TodoList, after: TodoList) {
            changes = [Change(before: before, after: after)]
        }

        /// Adds a change made after the others. One that starts from the bytes the last one wrote
        /// (nobody else saved between them) extends it, so a step the store made alone stays one
        /// change and is travelled byte for byte.
        mutating func append(before: TodoList, after: TodoList) {
            if let last = changes.last, last.after.parsed.isPrinted(as: before.utf8) {
                changes[changes.count - 1].after = after
            } else {
                changes.append(Change(before: before, after: after))
            }
        }

        /// The changes in the order `direction` takes them: undo takes the newest back first.
        func changes(_ direction: Direction) -> [Change] {
            direction == .undo ? changes.reversed() : changes
        }
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
    /// The most steps kept; older ones are dropped (documented at `TodoStore.undo()`).
    var limit = 100
    /// How many changes have been recorded: the number of the newest one, which
    /// ``recordFollowUp(of:before:after:)`` uses to tell whether its step is still the newest.
    private(set) var recordedChanges = 0

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    mutating func record(before: TodoList, after: TodoList) {
        recordedChanges += 1
        redoStack.removeAll()
        if groupDepth > 0 {
            if groupStep == nil {
                groupStep = Step(before: before, after: after)
            } else {
                groupStep!.append(before: before, after: after)
            }
            return
        }
        undoStack.append(Step(before: before, after: after))
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
    }

    /// Records a change that follows the change numbered `change` (the deferred sink after a
    /// toggle). While that change's step is the newest and nothing was recorded since, the
    /// follow-up joins it, so one undo takes back both; otherwise it is a step of its own, so that
    /// undoing a later step does not take it back too.
    mutating func recordFollowUp(of change: Int, before: TodoList, after: TodoList) {
        guard change == recordedChanges else { return record(before: before, after: after) }
        recordedChanges += 1
        if groupDepth > 0, groupStep != nil {
            groupStep!.append(before: before, after: after)
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].append(before: before, after: after)
        } else {
            undoStack.append(Step(before: before, after: after))
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
            if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        }
    }

    /// Ends every open group (an undo or redo while one is open, as `UndoManager` does), so that
    /// its changes are a step of their own.
    mutating func endAllGroups() {
        while groupDepth > 0 { endGroup() }
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
