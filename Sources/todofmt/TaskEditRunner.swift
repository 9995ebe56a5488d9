#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Runs `todofmt add`, `done|cancel|reopen|start|edit|rm` and `undo|redo`. Every change goes
/// through a ``TodoStore`` (stamping, sinking, one-line edits, conflict-safe saves) and is
/// recorded in the ``UndoJournal``.
struct TaskEditRunner {
    let console: Console

    /// The journal under `$XDG_STATE_HOME/todofmt`.
    static var journal: UndoJournal {
        UndoJournal(directory: UndoJournal.defaultDirectory(environment: stateEnvironment))
    }

    /// The variables that say where the state directory is (`XDG_STATE_HOME`, `HOME`).
    static var stateEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// A loaded store over `path`, with the field style, custom statuses, global filter and
    /// next-occurrence placement its configuration asks for; with `creatingIt`, a missing file
    /// reads as empty and is created by the store's first write.
    static func store(_ path: String, today: Day, overrides: ConfigurationOverrides, creatingIt: Bool = false) async throws -> TodoStore {
        let configuration = try overrides.resolver().configuration(for: path)
        let options = TodoStore.Options(today: { today }, fieldStyle: overrides.applied(to: configuration).fieldStyle,
                                        nextOccurrence: configuration.nextOccurrence, statuses: configuration.statuses,
                                        globalFilter: configuration.globalFilter)
        let file = FileTodoStorage(path: path, createsMissingFile: creatingIt)
        var storage: any TodoStorage = file
        if let hook = getenv("TODOFMT_TEST_SAVE_MEANWHILE") {
            storage = SavedMeanwhileStorage(file: file, hook: String(cString: hook))
        }
        let store = TodoStore(storage: storage, options: options)
        try await store.load()
        return store
    }

    /// The absolute path of an existing file, for the journal.
    static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The journal's lock, taken before a command reads the files it changes and held until its
    /// entry is recorded, so that the entries of commands run at the same time are in the order of
    /// their writes (undo finds each file as the newest entry left it). Nil when the journal cannot
    /// be used: the command still runs, and recording reports the problem.
    static func lockJournal() -> UndoJournal.Lock? {
        try? journal.lock()
    }

    /// Records a command in the journal under `lock` (taken with ``lockJournal()``); a journal that
    /// cannot be written is reported, the change stays.
    private func record(_ command: String, _ files: [JournalEntry.FileChange], holding lock: UndoJournal.Lock?) {
        let changed = files.filter { $0.before != $0.after }
        guard !changed.isEmpty else { return }
        do {
            let entry = JournalEntry(command: command, files: changed)
            if let lock { try Self.journal.record(entry, holding: lock) } else { try Self.journal.record(entry) }
        } catch {
            console.error("\(error.description) (the change was made, but cannot be undone)")
        }
    }

    // MARK: - add

    /// The nearest todo file in the current directory or above, as a relative path: a regular
    /// file with a name a directory walk takes by default (`todos.md`, `todo.md`, `*.todo.md`, in
    /// any case). In a directory with several, `todos.md` comes first, then `todo.md`, then the
    /// `*.todo.md` files (each in any case; names that differ only in case in byte order).
    static func nearestTodoFile() -> String? {
        var prefix = ""
        var directory = absolute(".")
        while true {
            if let name = todoFile(in: directory) { return prefix + name }
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
            directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
            prefix += "../"
        }
    }

    /// The todo file `add` writes to in `directory`, as ``nearestTodoFile()`` chooses it.
    private static func todoFile(in directory: String) -> String? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var best: (rank: Int, name: String)?
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let lowered = name.lowercased()
            let rank = lowered == "todos.md" ? 0 : lowered == "todo.md" ? 1 : lowered.hasSuffix(".todo.md") ? 2 : nil
            guard let rank else { continue }
            if let best, best.rank < rank || (best.rank == rank && !Array(name.utf8).lexicographicallyPrecedes(Array(best.name.utf8))) {
                continue
            }
            var info = stat()
            guard stat((directory == "/" ? "" : directory) + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            best = (rank, name)
        }
        return best?.name
    }

    /// Why the file at `path` cannot be created because of its directory (`nope/: no such
    /// directory`), or nil when the directory is there.
    static func missingDirectory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        let directory = String(path[...slash])
        var info = stat()
        if stat(directory, &info) == 0 { return nil }
        let problem = errno == ENOENT ? "no such directory" : errno == ENOTDIR ? "not a directory" : FileError(errno: errno).description
        return "\(directory): \(problem)"
    }

    /// Why `reference` names no task in `list`: a line past the end of the file, or one that holds
    /// no task.
    static func noTask(_ reference: TaskReference, in list: TodoList) -> String {
        let bytes = list.utf8
        // Lines end at "\n", "\r\n" or a lone "\r", as in Markdown; a last line needs no ending.
        var lines = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && bytes.dropFirst(index + 1).first != 0x0A) {
            lines += 1
        }
        if let last = bytes.last, last != 0x0A, last != 0x0D { lines += 1 }
        guard reference.line > lines else { return "\(reference.description): not a task line" }
        return "\(reference.description): past the end of the file (\(lines) \(lines == 1 ? "line" : "lines"))"
    }

    /// Adds the task and prints its `path:line`; `.failure` when nothing could be added (nothing is
    /// written then, and no file is created).
    func add(_ request: AddRequest) async -> ExitStatus {
        let lock = Self.lockJournal()
        // --under names an existing task: its file is never created.
        let path = request.under?.path ?? request.file ?? Self.nearestTodoFile() ?? "todos.md"
        let creating = request.under == nil && access(path, F_OK) != 0
        if creating, let problem = Self.missingDirectory(of: path) {
            console.error(problem)
            return .failure
        }
        do {
            let store = try await Self.store(path, today: request.today, overrides: request.configuration, creatingIt: creating)
            var placement = TodoPlacement.end(section: request.section)
            if let under = request.under {
                let list = await store.list
                guard let parent = list.id(atLine: under.line) else {
                    console.error(Self.noTask(under, in: list))
                    return .failure
                }
                placement = .subtask(of: parent)
            }
            let id = try await store.add(request.title, due: request.due, scheduled: request.scheduled, start: request.start,
                                         priority: request.priority, placement: placement)
            if let write = await store.lastWrite {
                if creating && write.replaced.isEmpty { console.error("created \(path)") }
                record("add \(path)", [.init(path: Self.absolute(path), before: write.replaced, after: write.written)], holding: lock)
            }
            guard let line = await store.list.line(of: id) else {
                preconditionFailure("an added task that is not in the list")
            }
            console.outputLine("\(path):\(line)")
            return .ok
        } catch {
            console.report(Diagnostic(path, error: error))
            return .failure
        }
    }

    // MARK: - done, cancel, reopen, start, edit, rm

    /// Whether `todo`'s title contains `text` (ignoring case) and the change would change it.
    private static func matches(_ todo: Todo, _ text: String, _ request: TaskChangeRequest) -> Bool {
        if case .status(let status) = request.change, todo.status == status { return false }
        return todo.title.lowercased().containsCharacters(text.lowercased())
    }

    /// The one task whose title contains `text`, among those the change would change.
    private func matching(_ text: String, _ request: TaskChangeRequest) -> TaskReference? {
        let tasksRequest = TasksRequest(paths: ["."], instructions: [], queryFile: nil, format: .text, watch: false,
                                        today: request.today, todayIsPinned: true, configuration: request.configuration)
        guard let (tasks, _) = TasksRunner.collect(tasksRequest, console: console) else { return nil }
        let candidates = tasks.filter { Self.matches($0.todo, text, request) }
        guard candidates.count == 1 else {
            if candidates.isEmpty {
                console.error("no task that \(request.command) would change has '\(text)' in its title")
            } else {
                console.error("\(candidates.count) tasks have '\(text)' in their title; name one by PATH:LINE:")
                // Standard error, most often a terminal: the titles' control characters are shown.
                let renderer = TaskListRenderer(hidden: [], today: request.today, colored: false, width: nil, showsControls: true)
                for task in candidates { console.error("  " + renderer.line(task)) }
            }
            return nil
        }
        return TaskReference(path: candidates[0].path, line: candidates[0].todo.line)
    }

    /// Changes every task named and prints each one's new `path:line`; `.failure` when a REF names
    /// no task (nothing is written) or a file could not be changed.
    func change(_ request: TaskChangeRequest) async -> ExitStatus {
        let lock = Self.lockJournal()
        var references = request.references
        if let match = request.match {
            guard let found = matching(match, request) else { return .failure }
            references = [found]
        }
        // Every reference is checked before anything is written.
        // By file, not by spelling: `a.md:3 ./a.md:4` is one file, changed in one write.
        var files: [(path: String, identity: FileIdentity?, store: TodoStore, ids: [TodoID])] = []
        for reference in references {
            let identity = FileIdentity(path: reference.path)
            var index = files.firstIndex { $0.path == reference.path || (identity != nil && $0.identity == identity) }
            if index == nil {
                do {
                    files.append((reference.path, identity, try await Self.store(reference.path, today: request.today,
                                                                                 overrides: request.configuration), []))
                } catch {
                    console.report(Diagnostic(reference.path, error: error))
                    return .failure
                }
                index = files.count - 1
            }
            let list = await files[index!].store.list
            guard var id = list.id(atLine: reference.line) else {
                console.error(Self.noTask(reference, in: list))
                return .failure
            }
            // --match looked in its own read of the file; the store read it again, and a save in
            // between can have put another task on that line. The task is looked for again in the
            // text the store read (the store follows it by identity from there).
            if let match = request.match, let todo = list[id], !Self.matches(todo, match, request) {
                let found = list.todos.filter { Self.matches($0, match, request) }
                guard found.count == 1 else {
                    console.error("\(reference.path): changed while the task was looked for; \(found.count) tasks that "
                        + "\(request.command) would change have '\(match)' in their title now; nothing was written")
                    return .failure
                }
                id = found[0].id
            }
            if !files[index!].ids.contains(id) { files[index!].ids.append(id) }
        }
        let command = ([request.command] + (request.match.map { ["--match", $0] } ?? references.map(\.description)))
            .joined(separator: " ")
        var changes: [JournalEntry.FileChange] = []
        var status = ExitStatus.ok
        for (path, _, store, ids) in files {
            if case .status(let newStatus) = request.change {
                // Nothing to change, and a word to say so (the line is still printed, for scripts).
                let list = await store.list
                for id in ids {
                    if let todo = list[id], todo.status.kind == newStatus.kind, let line = list.line(of: id) {
                        console.error("\(path):\(line): already \(newStatus.kind.word)")
                    }
                }
            }
            // One write per file: the journal records the bytes that write replaced (after a
            // reload, someone else's save) and what it wrote.
            do {
                switch request.change {
                case .status(let newStatus):
                    try await store.setStatus(newStatus, of: ids)
                case .edit(let title, let due, let scheduled, let start, let priority):
                    var days: [FieldKey: Day?] = [:]
                    // updateValue, since assigning nil through the subscript would drop the key.
                    if let due { days.updateValue(due, forKey: .due) }
                    if let scheduled { days.updateValue(scheduled, forKey: .scheduled) }
                    if let start { days.updateValue(start, forKey: .start) }
                    try await store.edit(ids[0], title: title, days: days, priority: priority)
                case .remove:
                    try await store.remove(ids)
                }
            } catch {
                // Nothing was written in this file: no line is printed for it.
                console.report(Diagnostic(path, error: error))
                status = .failure
                break
            }
            if let write = await store.lastWrite {
                changes.append(.init(path: Self.absolute(path), before: write.replaced, after: write.written))
            }
            if case .remove = request.change { continue }
            let list = await store.list
            for id in ids { if let line = list.line(of: id) { console.outputLine("\(path):\(line)") } }
        }
        record(command, changes, holding: lock)
        return status
    }

    // MARK: - undo, redo

    /// Takes the journal's last command back (`undo`) or makes it again; `.failure` when there is
    /// none or it conflicts.
    func undo(_ undo: Bool) -> ExitStatus {
        do {
            let entry = undo ? try Self.journal.undo() : try Self.journal.redo()
            console.outputLine("\(undo ? "undid" : "redid"): \(entry.command)")
            return .ok
        } catch {
            console.error(error.description)
            return .failure
        }
    }
}

/// A todo file that another program saves while a command works on it, for tests:
/// `TODOFMT_TEST_SAVE_MEANWHILE=load:FILE` replaces the todo file with FILE's bytes just before
/// the store first reads it (after `--match` looked for the task), `write:FILE` just before the
/// store first writes it (after it read the file). The file is replaced as an editor saves it
/// (a new file renamed over it), once per process.
private struct SavedMeanwhileStorage: TodoStorage {
    let file: FileTodoStorage
    /// `load:FILE` or `write:FILE`.
    let hook: String

    private func save(at point: String) {
        guard hook.hasPrefix(point + ":"), getenv("TODOFMT_TEST_SAVE_MEANWHILE") != nil else { return }
        unsetenv("TODOFMT_TEST_SAVE_MEANWHILE")
        if let bytes = try? AtomicFile.read(String(hook.dropFirst(point.count + 1))) {
            try? AtomicFile.write(bytes, to: file.path)
        }
    }

    func read() throws(TodoStoreError) -> [UInt8] {
        save(at: "load")
        return try file.read()
    }

    func write(_ bytes: [UInt8]) throws(TodoStoreError) {
        save(at: "write")
        try file.write(bytes)
    }

    func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        save(at: "write")
        return try file.write(bytes, ifStill: expected)
    }
}
