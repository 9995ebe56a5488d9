/// The model an app builds on: a todo list kept in a Markdown file.
///
/// Every operation is saved at once, atomically, and changes only the lines it must. Before each
/// operation the store looks at the file: if someone else changed it, the store reloads it (todos
/// keep their identities) and applies the operation to the new content, or reports a conflict when
/// the todo it acts on is gone. Every operation that changes the file can be undone and redone
/// (the newest 100 steps are kept). An operation that changes nothing (``clearCompleted()`` with
/// nothing completed, ``toggle(_:)-([TodoID])`` of no todos) writes nothing, is no undo step and
/// reports no change.
///
/// ```swift
/// let store = TodoStore(storage: FileTodoStorage(path: "todos.md"))
/// let list = try await store.load()
/// let id = try await store.add("Buy milk", due: Day("2026-12-01"))
/// try await store.toggle(id)
/// try await store.undo()
/// ```
public actor TodoStore {
    /// How the store behaves.
    public struct Options: Sendable {
        /// Today's date, for `created:` and `done:` stamps (inject a fixed day in tests).
        public var today: @Sendable () -> Day
        /// How fields are spelled on lines that have none yet.
        public var fieldStyle: FieldStyle
        /// How long after the last toggle completed todos wait before they sink (zero: at once).
        /// The file is saved at once either way. Undo takes the sink back with the toggle that
        /// scheduled it, or on its own when another step was made between them.
        public var sinkDelay: Duration
        /// Where a recurring todo's next occurrence goes when it is done.
        public var nextOccurrence: OccurrencePlacement
        /// Custom checkbox marks and the kind of status each stands for (`.todofmt.json` `statuses`).
        public var statuses: StatusMap
        /// Obsidian Tasks' global filter: only checklist items containing it are todos.
        public var globalFilter: String?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - today: today's date, for stamps.
        ///   - fieldStyle: how fields are spelled on lines that have none yet.
        ///   - sinkDelay: how long completed todos wait before they sink.
        ///   - nextOccurrence: where a recurring todo's next occurrence goes.
        ///   - statuses: custom checkbox marks and their kinds.
        ///   - globalFilter: Obsidian Tasks' global filter.
        public init(today: @escaping @Sendable () -> Day = { Day.today() }, fieldStyle: FieldStyle = .default, sinkDelay: Duration = .zero,
                    nextOccurrence: OccurrencePlacement = .default, statuses: StatusMap = .standard, globalFilter: String? = nil) {
            self.today = today
            self.fieldStyle = fieldStyle
            self.sinkDelay = sinkDelay
            self.nextOccurrence = nextOccurrence
            self.statuses = statuses
            self.globalFilter = globalFilter
        }
    }

    /// What the store reports to its observers.
    public enum Event: Sendable {
        /// The file was loaded: by ``TodoStore/load()``, or read again after a failure to read it
        /// (``failed(_:)``: deleted, unreadable) and found holding what the store had (a deleted
        /// file put back, say).
        case loaded(TodoList)
        /// The list changed, and why.
        case changed(TodoList, Cause)
        /// Loading or saving failed; the list in memory is the last good one. After a failure to
        /// read the file, the next good read is always reported, as ``loaded(_:)`` or (the file
        /// differs) ``changed(_:_:)`` with ``Cause/external``: any event but this one means the
        /// file can be read again.
        case failed(TodoStoreError)
    }

    /// One write of the store: the bytes it replaced and the bytes it wrote.
    ///
    /// `replaced` is the text the store read just before writing, which is newer than the text it
    /// first loaded when someone else saved the file meanwhile (the store reloaded it and applied
    /// the operation to their save): a record of the change, such as an ``UndoJournal`` entry,
    /// must start from these bytes, or taking the change back would also take back their save.
    public struct Write: Hashable, Sendable {
        /// What the file held just before the write.
        public let replaced: [UInt8]
        /// What the store wrote.
        public let written: [UInt8]
    }

    /// Why the list changed.
    public enum Cause: Hashable, Sendable {
        /// One of the store's operations.
        case operation
        /// Someone else changed the file.
        case external
        /// Undo.
        case undo
        /// Redo.
        case redo
        /// Completed todos sank after the quiet period.
        case deferredSink
    }

    /// Where the file lives; internal so that watching (`TodoStore+Watching.swift`) can find its path.
    let storage: any TodoStorage
    private let options: Options
    /// The current list.
    public private(set) var list: TodoList
    /// The bytes last read from or written to storage.
    private var lastSynced: [UInt8]?
    /// Whether a failure to read the file was reported since the last good read: then the next
    /// good read is reported even when it finds ``lastSynced``.
    private var readFailed = false
    /// What the store's last write replaced, and what it wrote.
    public private(set) var lastWrite: Write?
    private var history = UndoHistory()
    private var observers: [Int: AsyncStream<Event>.Continuation] = [:]
    private var nextObserver = 0
    private weak var delegate: (any TodoStoreDelegate)?
    private var pendingSinkIDs: [TodoID] = []
    /// The number of the change (``UndoHistory/recordedChanges``) that scheduled the pending sink.
    private var pendingSinkChange = 0
    private var pendingSink: Task<Void, Never>?
    private var sinkGeneration = 0
    /// The file watcher while ``startWatching(options:)`` is in effect.
    var watch: TodoStoreWatch?

    /// A store over `storage`; call ``load()`` before anything else.
    ///
    /// - Parameters:
    ///   - storage: where the file lives (``FileTodoStorage``, ``MemoryTodoStorage``).
    ///   - options: stamps, field style, sinking, statuses.
    public init(storage: any TodoStorage, options: Options = Options()) {
        self.storage = storage
        self.options = options
        list = TodoList(parsed: ParsedDocument(validated: [], statuses: options.statuses, globalFilter: options.globalFilter), lineIDs: nil, nextID: 1)
    }

    // MARK: - Observing

    /// A stream of everything the store reports from now on, in the order the store reported it:
    /// the way for UI code (iterate it on the main actor) to follow the store (see
    /// ``TodoStoreDelegate`` for why a `@MainActor` delegate does not work).
    ///
    /// - Returns: the stream; it ends when the caller stops iterating it.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let key = nextObserver
        nextObserver += 1
        observers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(key) }
        }
        return stream
    }

    /// Sets the delegate (held weakly), told of everything the store reports, on the store's
    /// executor; for UI code use ``events()`` (see ``TodoStoreDelegate``).
    ///
    /// - Parameter delegate: the delegate, or nil to remove it.
    public func setDelegate(_ delegate: (any TodoStoreDelegate)?) {
        self.delegate = delegate
    }

    private func removeObserver(_ key: Int) {
        observers[key] = nil
    }

    func report(_ event: Event) {
        for continuation in observers.values { continuation.yield(event) }
        delegate?.todoStore(self, didReport: event)
    }

    /// Reports that the file could not be read (or is gone), so that the next good read is reported too.
    func reportReadFailure(_ error: TodoStoreError) {
        readFailed = true
        report(.failed(error))
    }

    // MARK: - Loading

    /// Reads the file. Errors (missing file, not UTF-8) are thrown and reported as ``Event/failed(_:)``.
    ///
    /// - Returns: the list read.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the file cannot be read or is not UTF-8 text.
    @discardableResult
    public func load() throws(TodoStoreError) -> TodoList {
        let bytes = try read()
        list = try parse(bytes, keepingIdentitiesOf: lastSynced == nil ? nil : list)
        lastSynced = bytes
        readFailed = false
        report(.loaded(list))
        return list
    }

    /// Looks at the file and, if someone else changed it, reloads it (todos keep their identities).
    /// Returns whether it changed. A file watcher calls this after every change on disk.
    ///
    /// - Returns: whether the file had changed.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the file cannot be read or is not UTF-8 text.
    @discardableResult
    public func reload() throws(TodoStoreError) -> Bool {
        try syncWithStorage()
    }

    private func read() throws(TodoStoreError) -> [UInt8] {
        do {
            return try storage.read()
        } catch {
            reportReadFailure(error)
            throw error
        }
    }

    private func parse(_ bytes: [UInt8], keepingIdentitiesOf old: TodoList?) throws(TodoStoreError) -> TodoList {
        let parsed: ParsedDocument
        do {
            parsed = try ParsedDocument(utf8: bytes, statuses: options.statuses, globalFilter: options.globalFilter)
        } catch {
            let failure = TodoStoreError.storage(path: nil, .document(error))
            reportReadFailure(failure)
            throw failure
        }
        if let old { return IdentityMatcher.rematch(old, to: parsed) }
        return TodoList(parsed: parsed, lineIDs: nil, nextID: list.nextID)
    }

    /// Reloads when the file differs from what the store last read or wrote.
    private func syncWithStorage() throws(TodoStoreError) -> Bool {
        let bytes = try read()
        // One memcmp against what the store holds: as safe as a full comparison, at memory speed.
        if let lastSynced, SameBytes.equal(bytes[...], lastSynced[...]) {
            if readFailed {
                readFailed = false
                report(.loaded(list))
            }
            return false
        }
        list = try parse(bytes, keepingIdentitiesOf: list)
        lastSynced = bytes
        readFailed = false
        report(.changed(list, .external))
        return true
    }

    /// Writes `new` over what the store last read or wrote. Returns `false`, writing nothing, when
    /// someone else saved the file since then.
    private func save(_ new: TodoList) throws(TodoStoreError) -> Bool {
        let bytes = new.utf8
        // The watcher must not report the store's own write back to it.
        watch?.watcher.expectWrite(bytes)
        do {
            if let expected = lastSynced {
                guard try storage.write(bytes, ifStill: expected) else { return false }
            } else {
                try storage.write(bytes)
            }
        } catch {
            report(.failed(error))
            throw error
        }
        lastWrite = Write(replaced: lastSynced ?? [], written: bytes)
        lastSynced = bytes
        return true
    }

    /// Reports and returns the conflict of a save that another save got in before.
    private func savedMeanwhile() -> TodoStoreError {
        let error = TodoStoreError.conflict("the file was saved by someone else meanwhile; nothing was written")
        report(.failed(error))
        return error
    }

    // MARK: - Operations

    /// Adds an open todo (stamped `created:` today) and returns its identity.
    ///
    /// The title is read as the todo's line reads it: fields written in it (`due:2026-12-01`,
    /// `📅 friday`, `🔁 every week`) are the todo's, written in canonical form after its text, and
    /// so is a block id at its end (`^id`); the parameters below win over the same fields in the
    /// title. Text in backticks stays text.
    ///
    /// - Parameters:
    ///   - title: the todo's text (a run of line breaks becomes one space).
    ///   - due: its due day.
    ///   - scheduled: the day it is planned for.
    ///   - start: the day work may start.
    ///   - priority: its priority.
    ///   - placement: where it goes.
    /// - Returns: the new todo's identity.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the parent of `.subtask` is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written, ``TodoStoreError/noSection(_:)`` for a heading that is not there, ``TodoStoreError/invalid(_:)`` for a title with no text besides its fields, one that opens a `%%` comment, or one that holds a done or cancelled date (an open todo has none).
    @discardableResult
    public func add(_ title: String, due: Day? = nil, scheduled: Day? = nil, start: Day? = nil, priority: Priority? = nil,
                    placement: TodoPlacement = .end()) throws(TodoStoreError) -> TodoID {
        var fields: [FieldKey: Field.Value] = [:]
        if let due { fields[.due] = .day(due) }
        if let scheduled { fields[.scheduled] = .day(scheduled) }
        if let start { fields[.start] = .day(start) }
        if let priority { fields[.priority] = .priority(priority) }
        // The identity is handed out from the list the todo is added to: after a reload, the
        // identity that was next before it may belong to a todo someone else wrote.
        let performed = try perform { list in .add(id: TodoID(rawValue: list.nextID), title: title, fields: fields, placement: placement) }
        guard case .add(let id, _, _, _) = performed else { preconditionFailure("an add performed as something else") }
        return id
    }

    /// Changes a todo's title; fields written in it are set, as ``add(_:due:scheduled:start:priority:placement:)`` reads them.
    ///
    /// - Parameters:
    ///   - title: the new title (a run of line breaks becomes one space).
    ///   - id: the todo.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written, ``TodoStoreError/invalid(_:)`` for a title with no text besides its fields, one that opens a `%%` comment, or a done or cancelled date in the title of a todo that is not completed.
    public func setTitle(_ title: String, of id: TodoID) throws(TodoStoreError) {
        try perform(.edit(id, TaskLineEditor.Change(title: title)))
    }

    /// Changes a todo's status, stamping or dropping its end date.
    ///
    /// - Parameters:
    ///   - status: the new status.
    ///   - id: the todo.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func setStatus(_ status: TaskStatus, of id: TodoID) throws(TodoStoreError) {
        try perform(.edit(id, TaskLineEditor.Change(status: status)))
    }

    /// Changes several todos' status as one step (one write, one undo step), each stamped or
    /// dropping its end date as ``setStatus(_:of:)-(_,TodoID)`` does; their lists sink once.
    ///
    /// - Parameters:
    ///   - status: the new status.
    ///   - ids: the todos.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when a todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func setStatus(_ status: TaskStatus, of ids: [TodoID]) throws(TodoStoreError) {
        try perform(.setStatus(ids, status))
    }

    /// Sets or clears a date field (any key but priority). Only a completed todo has a done or
    /// cancelled date: set its status (``setStatus(_:of:)-(_,TodoID)``) to stamp one.
    ///
    /// - Parameters:
    ///   - day: the day, or nil to clear the field.
    ///   - key: the date field.
    ///   - id: the todo.
    /// - Throws: ``TodoStoreError/invalid(_:)`` for `.priority`, or for a day for `.done` or `.cancelled` of a todo that is not completed; ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func setDate(_ day: Day?, for key: FieldKey, of id: TodoID) throws(TodoStoreError) {
        guard key.isDate else { throw .invalid("priority is not a date") }
        try perform(.edit(id, TaskLineEditor.Change(fields: [key: day.map { .day($0) }])))
    }

    /// Changes a todo's title, dates and priority in one step (one undo step, one write): `title`
    /// nil keeps it; each date in `days` is set, or cleared when nil; `priority` nil keeps it,
    /// `.some(nil)` clears it. Only the todo's line changes.
    ///
    /// - Parameters:
    ///   - id: the todo.
    ///   - title: the new title, or nil to keep it.
    ///   - days: date fields to set, or to clear (nil).
    ///   - priority: the new priority, `.some(nil)` to clear it, nil to keep it.
    /// - Throws: ``TodoStoreError/invalid(_:)`` for `.priority` in `days`, or for a day for `.done` or `.cancelled` of a todo that is not completed; ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func edit(_ id: TodoID, title: String? = nil, days: [FieldKey: Day?] = [:], priority: Priority?? = nil) throws(TodoStoreError) {
        var change = TaskLineEditor.Change(title: title)
        for (key, day) in days {
            guard key.isDate else { throw .invalid("priority is not a date") }
            // updateValue keeps a nil (clear the field); assigning nil through the subscript would drop it.
            change.fields.updateValue(day.map { .day($0) }, forKey: key)
        }
        if let priority { change.fields.updateValue(priority.map { .priority($0) }, forKey: .priority) }
        try perform(.edit(id, change))
    }

    /// Sets or clears the priority.
    ///
    /// - Parameters:
    ///   - priority: the priority, or nil to clear it.
    ///   - id: the todo.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func setPriority(_ priority: Priority?, of id: TodoID) throws(TodoStoreError) {
        try perform(.edit(id, TaskLineEditor.Change(fields: [.priority: priority.map { .priority($0) }])))
    }

    /// Ticks an open todo or reopens a completed one.
    ///
    /// Toggling is not its own inverse: a todo ticked and unticked again stays where it sank (below
    /// the open items), and unticking a recurring todo keeps the next occurrence that ticking it
    /// added. ``undo()`` restores both.
    ///
    /// - Parameter id: the todo.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func toggle(_ id: TodoID) throws(TodoStoreError) {
        try perform(.toggle([id]))
    }

    /// Toggles several todos as one undo step (a multi-select in a UI).
    ///
    /// - Parameter ids: the todos.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func toggle(_ ids: [TodoID]) throws(TodoStoreError) {
        try perform(.toggle(ids))
    }

    /// Moves an open todo to a position among the other open items of its list.
    ///
    /// - Parameters:
    ///   - id: the todo.
    ///   - index: its new position among the open items (0 is the top; past the end is the end).
    /// - Throws: ``TodoStoreError/invalid(_:)`` for a completed todo; ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written. ``TodoStoreError/invalid(_:)`` also when the lines around it cannot take the edit (an item of an ordered list that would become text).
    public func move(_ id: TodoID, toOpenIndex index: Int) throws(TodoStoreError) {
        try perform(.move(id, toOpenIndex: index))
    }

    /// Makes a todo a subtask of the item above it.
    ///
    /// - Parameter id: the todo.
    /// - Throws: ``TodoStoreError/invalid(_:)`` for a list's first item or an item in a block quote; ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written. ``TodoStoreError/invalid(_:)`` also when the lines around it cannot take the edit (an item of an ordered list that would become text).
    public func indent(_ id: TodoID) throws(TodoStoreError) {
        try perform(.indent(id))
    }

    /// Moves a subtask out of its parent, right after it.
    ///
    /// - Parameter id: the todo.
    /// - Throws: ``TodoStoreError/invalid(_:)`` for a top-level item; ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written. ``TodoStoreError/invalid(_:)`` also when the lines around it cannot take the edit (an item of an ordered list that would become text).
    public func outdent(_ id: TodoID) throws(TodoStoreError) {
        try perform(.outdent(id))
    }

    /// Removes a todo with its subtasks.
    ///
    /// - Parameter id: the todo.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written. ``TodoStoreError/invalid(_:)`` also when the lines around it cannot take the edit (an item of an ordered list that would become text).
    public func remove(_ id: TodoID) throws(TodoStoreError) {
        try perform(.remove([id]))
    }

    /// Removes several todos as one undo step.
    ///
    /// - Parameter ids: the todos.
    /// - Throws: ``TodoStoreError/notFound(_:)`` when the todo is not in the list, ``TodoStoreError/conflict(_:)`` when someone else removed it meanwhile, ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written. ``TodoStoreError/invalid(_:)`` also when the lines around it cannot take the edit (an item of an ordered list that would become text).
    public func remove(_ ids: [TodoID]) throws(TodoStoreError) {
        try perform(.remove(ids))
    }

    /// Removes every todo (prose and other content stay).
    ///
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written, ``TodoStoreError/conflict(_:)`` when it keeps changing.
    public func removeAll() throws(TodoStoreError) {
        try perform(.removeAll)
    }

    /// Removes every completed todo with nothing left to do under it, as one undo step: a completed
    /// todo that has an open subtask (at any depth) stays, with its subtasks. Nothing to remove:
    /// nothing is written.
    ///
    /// - Throws: ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written, ``TodoStoreError/conflict(_:)`` when it keeps changing.
    public func clearCompleted() throws(TodoStoreError) {
        try perform(.clearCompleted)
    }

    /// Starts a group: operations until ``endUndoGrouping()`` undo as one step. Someone else's
    /// save that the store reloads during the group is not part of the step: undo takes back the
    /// group's operations and keeps it (or throws a conflict when it changed the same lines).
    /// ``undo()`` or ``redo()`` while a group is open ends it first, as `UndoManager` does, so undo
    /// takes back the group's operations, not the step before them.
    public func beginUndoGrouping() {
        history.beginGroup()
    }

    /// Ends a group started with ``beginUndoGrouping()``.
    public func endUndoGrouping() {
        history.endGroup()
    }

    /// Whether there is something to undo.
    public var canUndo: Bool { history.canUndo }

    /// Whether there is something to redo.
    public var canRedo: Bool { history.canRedo }

    private var editor: TodoListEditor {
        TodoListEditor(today: options.today(), fieldStyle: options.fieldStyle, sinkNow: options.sinkDelay == .zero,
                       nextOccurrence: options.nextOccurrence)
    }

    private func perform(_ operation: TodoOperation) throws(TodoStoreError) {
        try perform { _ in operation }
    }

    /// Performs the operation `operation` makes from the list it applies to (after any reload),
    /// and returns it.
    @discardableResult
    private func perform(_ operation: (TodoList) -> TodoOperation) throws(TodoStoreError) -> TodoOperation {
        // Another save can land between reading the file and writing it: then the operation
        // starts again from that save. Only a file that keeps changing gives up.
        var attempts = 0
        while true {
            attempts += 1
            let previous = list
            let reloaded = try syncWithStorage()
            let before = list
            let operation = operation(before)
            let after: TodoList
            do {
                after = try editor.apply(operation, to: list)
            } catch {
                if reloaded, case .notFound(let id) = error {
                    let name = previous[id].map { "'\($0.title)'" } ?? "todo \(id)"
                    throw .conflict("\(name) was changed or removed in the file by someone else; nothing was written")
                }
                throw error
            }
            // Nothing to change (nothing completed to clear, no todos named): no write, which would
            // still wake sync clients and watchers, no undo step that does nothing, no event.
            if after.parsed.isPrinted(as: before.utf8) && after.lineIDs == before.lineIDs { return operation }
            try verify(ChangeVerifier(operation, on: before), from: before, to: after)
            guard try save(after) else {
                if attempts < 3 { continue }
                throw savedMeanwhile()
            }
            finish(operation, before: before, after: after)
            return operation
        }
    }

    /// Checks a result before it is written, looking only at the lines it changed; a failure is
    /// reported and thrown, and nothing is written.
    private func verify(_ verifier: ChangeVerifier, from before: TodoList, to after: TodoList) throws(TodoStoreError) {
        do {
            try verifier.verify(from: before, to: after)
        } catch {
            report(.failed(error))
            throw error
        }
    }

    private func finish(_ operation: TodoOperation, before: TodoList, after: TodoList) {
        list = after
        history.record(before: before, after: after)
        report(.changed(after, .operation))
        if operation.togglesCompletion && options.sinkDelay > .zero {
            if case .toggle(let ids) = operation { scheduleSink(ids) }
            if case .edit(let id, _) = operation { scheduleSink([id]) }
            if case .setStatus(let ids, _) = operation { scheduleSink(ids) }
        }
    }

    // MARK: - Deferred sink

    private func scheduleSink(_ ids: [TodoID]) {
        pendingSinkIDs.append(contentsOf: ids)
        pendingSinkChange = history.recordedChanges
        pendingSink?.cancel()
        sinkGeneration += 1
        let generation = sinkGeneration
        let delay = options.sinkDelay
        pendingSink = Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await self?.runDeferredSink(generation)
        }
    }

    private func cancelPendingSink() {
        pendingSink?.cancel()
        pendingSink = nil
        pendingSinkIDs.removeAll()
        sinkGeneration += 1
    }

    /// Runs the pending deferred sink now, as its timer would (for tests, which must not wait on
    /// the clock to know that something happened before the sink).
    func runPendingSinkNow() {
        guard let pendingSink else { return }
        pendingSink.cancel()
        runDeferredSink(sinkGeneration)
    }

    private func runDeferredSink(_ generation: Int) {
        guard generation == sinkGeneration else { return }
        let ids = pendingSinkIDs
        pendingSinkIDs.removeAll()
        pendingSink = nil
        do {
            _ = try syncWithStorage()
            // The sink's own change starts from the list as reloaded: an edit someone else saved
            // during the quiet period is not part of it, and undoing it keeps that edit.
            let before = list
            let sunk = TodoListEditor(today: options.today(), fieldStyle: options.fieldStyle, sinkNow: true).sink(listsOf: ids, in: before)
            // A save that got in first wins; the next operation sinks from it.
            guard !sunk.parsed.isPrinted(as: before.utf8) else { return }
            try verify(ChangeVerifier(), from: before, to: sunk)
            guard try save(sunk) else { return }
            list = sunk
            history.recordFollowUp(of: pendingSinkChange, before: before, after: sunk)
            report(.changed(sunk, .deferredSink))
        } catch {
            // Already reported as an event; the next operation tries again from the file.
        }
    }

    // MARK: - Undo

    /// Undoes the last step. After someone else changed the file, the step's change is taken back
    /// from the new content (a three-way merge); if their change touched the same lines, nothing
    /// changes and a conflict is thrown. A step takes back only the store's own changes, also when
    /// another program saved the file in the middle of it (during an undo group, or before a
    /// deferred sink): that save stays. When nobody else saved the file, undo and redo bring back
    /// its bytes exactly.
    ///
    /// The newest 100 steps are kept; older ones can no longer be undone.
    ///
    /// - Throws: ``TodoStoreError/invalid(_:)`` when there is nothing to undo,
    ///   ``TodoStoreError/conflict(_:)`` when someone else changed the same lines, or
    ///   ``TodoStoreError/storage(path:_:)`` when the file cannot be read or written.
    public func undo() throws(TodoStoreError) {
        try travel(.undo)
    }

    /// Redoes the last undone step, with the same rules as ``undo()``.
    ///
    /// - Throws: as ``undo()`` does, ``TodoStoreError/invalid(_:)`` when there is nothing to redo.
    public func redo() throws(TodoStoreError) {
        try travel(.redo)
    }

    /// Takes the newest step off the `direction` stack, brings the list to the side of the step
    /// that direction leads to, and puts the step on the other stack (back where it was on failure).
    private func travel(_ direction: UndoHistory.Direction) throws(TodoStoreError) {
        cancelPendingSink()
        history.endAllGroups()
        guard let step = history.pop(direction) else { throw .invalid("nothing to \(direction)") }
        do {
            let travelled = try restore(step, direction)
            history.push(travelled, after: direction)
            report(.changed(list, direction == .undo ? .undo : .redo))
        } catch {
            history.pushBack(step, direction)
            throw error
        }
    }

    /// Travels `step` in `direction` from the file as it is now and saves the result once: each of
    /// the step's changes is taken back (or made again) in turn, keeping whatever else differs.
    ///
    /// - Returns: the step to travel back: one change between the file as this read it and as it
    ///   wrote it, so that travelling back restores those bytes exactly while nobody saves between
    ///   (a step with someone else's save between its changes could not always be merged again).
    private func restore(_ step: UndoHistory.Step, _ direction: UndoHistory.Direction) throws(TodoStoreError) -> UndoHistory.Step {
        _ = try syncWithStorage()
        let start = list
        var restored = list
        for change in step.changes(direction) {
            restored = try moving(restored, from: change.source(direction), to: change.target(direction))
        }
        guard try save(restored) else { throw savedMeanwhile() }
        list = restored
        return direction == .undo ? UndoHistory.Step(before: restored, after: start) : UndoHistory.Step(before: start, after: restored)
    }

    /// `current` with the change from `source` to `target` made on it: `target` itself when
    /// `current` is `source`, otherwise a three-way merge that keeps what others changed; a
    /// conflict when they changed the same lines.
    private func moving(_ current: TodoList, from source: TodoList, to target: TodoList) throws(TodoStoreError) -> TodoList {
        var moved: TodoList
        if current.parsed.isPrinted(as: source.utf8) {
            moved = target
        } else {
            let base = EditableLines(source.parsed, ids: source.lineIDs)
            let ours = EditableLines(target.parsed, ids: target.lineIDs)
            let theirs = EditableLines(current.parsed, ids: current.lineIDs)
            func lines(_ l: EditableLines) -> [[UInt8]] { (0..<l.count).map { l.line($0) } }
            guard let merged = ThreeWayMerge.merge(base: lines(base), ours: lines(ours), theirs: lines(theirs)) else {
                throw .conflict("the file was changed by someone else where this step changed it")
            }
            let bytes: [UInt8] = (current.parsed.hasBOM ? [0xEF, 0xBB, 0xBF] : []) + Array(merged.joined())
            // Todos the step brings back keep the identities they had.
            var identities = target
            identities.nextID = max(target.nextID, current.nextID)
            moved = IdentityMatcher.rematch(identities, to: ParsedDocument(validated: bytes, statuses: options.statuses, globalFilter: options.globalFilter))
        }
        moved.nextID = max(moved.nextID, current.nextID)
        return moved
    }
}
