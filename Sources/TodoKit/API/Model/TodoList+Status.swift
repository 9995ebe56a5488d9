extension TodoList {
    /// The list with the todos on `lines` (0-based; lines without a task are skipped) set to
    /// `status` by the model's own operations, for front ends that work on text instead of a file,
    /// such as the language server: each line is edited as
    /// ``TodoStore/setStatus(_:of:)-(_,TodoID)`` edits it (the end date stamped or dropped), then
    /// their lists sink once, as after ``TodoStore/toggle(_:)-([TodoID])`` of several todos. The
    /// result is exactly ``TodoStore/setStatus(_:of:)-(_,[TodoID])``'s.
    ///
    /// - Parameters:
    ///   - status: the status the todos get.
    ///   - lines: the 0-based lines of the todos.
    ///   - today: the day stamped on newly completed tasks.
    ///   - fieldStyle: how fields are spelled on a line that has none yet.
    ///   - stampDates: stamp and drop end dates (a configuration's `stampDates`).
    ///   - sink: sink completed tasks in their lists right away (a configuration's `sinkCompleted`).
    ///   - nextOccurrence: where a recurring todo's next occurrence goes (a configuration's `nextOccurrence`).
    /// - Throws: ``TodoStoreError/invalid(_:)`` when no line holds a task.
    /// - Returns: the list with those tasks' lines changed (and their lists sunk, with `sink`).
    public func settingStatus(_ status: TaskStatus, ofTodosOnLines lines: [Int], today: Day,
                              fieldStyle: FieldStyle = .default, stampDates: Bool = true,
                              sink: Bool = true, nextOccurrence: OccurrencePlacement = .default) throws(TodoStoreError) -> TodoList {
        let ids = lines.compactMap { lineIDs.indices.contains($0) ? lineIDs[$0] : nil }
        guard !ids.isEmpty else { throw .invalid("no task on these lines") }
        var editor = TodoListEditor(today: today, fieldStyle: fieldStyle, sinkNow: false)
        editor.nextOccurrence = nextOccurrence
        var list = self
        for id in ids {
            list = try editor.apply(.edit(id, TaskLineEditor.Change(status: status, stampDates: stampDates)), to: list)
        }
        return sink ? editor.sink(listsOf: ids, in: list) : list
    }
}
