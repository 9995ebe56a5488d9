#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// Runs `todofmt archive`: for each todo file, plans the move with ``TaskArchiver``, writes the
/// archive, then the file; if the file cannot be written, the archive is put back as it was.
///
/// Before the archive is written, the move is recorded in ``PendingArchives`` (beside the undo
/// journal); it is removed once the file is written, or the archive rolled back. A run after a
/// crash between the two writes finds the record and does not copy that run's tasks again.
///
/// Writes replace only the bytes that were read (``AtomicFile/write(_:to:ifStill:)``), so an
/// edit saved meanwhile is never overwritten: it makes the run fail for that file, nothing lost.
/// For tests, `TODOFMT_ARCHIVE_FAULT=source-write` makes the second write fail,
/// `TODOFMT_ARCHIVE_FAULT=crash` ends the process between the two writes and
/// `TODOFMT_ARCHIVE_FAULT=crash-after-source` after them, before the record is removed.
struct ArchiveRunner {
    let request: ArchiveRequest
    let console: Console

    /// Archives every input; `.failure` when an input or its archive could not be written.
    func run() -> ExitStatus {
        guard let configured = ConfiguredInputs(paths: request.paths, overrides: request.configuration, console: console) else {
            return .failure
        }
        // Held until the entry is recorded, as for the other commands (TaskEditRunner.lockJournal()).
        let lock = TaskEditRunner.lockJournal()
        var failed = configured.printErrors(to: console)
        var changes: [JournalEntry.FileChange] = []
        var total = 0
        // A file whose earlier move was cut short by a crash goes first: the journal keeps a shared
        // archive's bytes before the first write, which are then the ones without that run's copies.
        // A file whose earlier move was cut short by a crash goes first: the journal keeps a shared
        // archive's bytes before the first write, which are then the ones without that run's copies.
        var interrupted: [Int: PendingArchive] = [:]
        for (index, input) in configured.list.inputs.enumerated() {
            if let configuration = configured.configurations[index] { interrupted[index] = interruptedMove(input.path, configuration: configuration) }
        }
        let indices = configured.list.inputs.indices
        for index in indices.filter({ interrupted[$0] != nil }) + indices.filter({ interrupted[$0] == nil }) {
            let input = configured.list.inputs[index]
            guard let configuration = configured.configurations[index] else { continue }
            do {
                let result = try archive(input.path, configuration: configuration, resuming: interrupted[index])
                changes += result.changes
                total += result.moved
            } catch {
                console.report(error)
                failed = true
            }
        }
        if !changes.isEmpty {
            let command = (["archive"] + request.paths).joined(separator: " ")
            do {
                let entry = JournalEntry(command: command, files: changes)
                if let lock { try TaskEditRunner.journal.record(entry, holding: lock) } else { try TaskEditRunner.journal.record(entry) }
            } catch {
                console.error("\(error.description) (the tasks were archived, but this cannot be undone)")
            }
        }
        if total == 0 && !failed { console.error("nothing to archive") }
        return failed ? .failure : .ok
    }

    /// Where a todo file's tasks go.
    private enum Destination {
        /// A section of the file itself, under this heading.
        case section(String)
        /// An archive file at this path.
        case file(String)
    }

    /// Where the tasks of `path` go: `--to`, else a section (`--section`, the configuration's), else
    /// the configuration's archive file, else `done.md` beside it.
    private func destination(of path: String, configuration: Configuration) -> Destination {
        let settings = configuration.archive
        if request.archiveFile == nil, let section = request.section ?? settings.section { return .section(section) }
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let directory = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
        return .file(request.archiveFile ?? directory + (settings.to ?? "done.md"))
    }

    /// The record of an earlier run's move from `path` into its archive that was cut short, if any.
    private func interruptedMove(_ path: String, configuration: Configuration) -> PendingArchive? {
        guard case .file(let archivePath) = destination(of: path, configuration: configuration) else { return nil }
        return Self.pendingArchives.move(from: Self.stablePath(path), to: Self.stablePath(archivePath))
    }

    /// Archives one todo file; `interrupted` is the record of an earlier move from it that was cut
    /// short (``interruptedMove(_:configuration:)``).
    private func archive(_ path: String, configuration: Configuration,
                         resuming interrupted: PendingArchive?) throws(Diagnostic) -> (moved: Int, changes: [JournalEntry.FileChange]) {
        let settings = configuration.archive
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let directory = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
        let archiver = TaskArchiver(olderThanDays: request.olderThanDays ?? settings.olderThanDays, today: request.today,
                                    statuses: configuration.statuses, globalFilter: configuration.globalFilter)
        let source: [UInt8]
        do {
            source = try AtomicFile.readRegularFile(path)
        } catch {
            throw Diagnostic(name, .file(error))
        }
        let archivePath: String
        switch destination(of: path, configuration: configuration) {
        case .file(let file):
            archivePath = file
        case .section(let section):
            let plan: ArchivePlan
            do {
                plan = try archiver.plan(source: source, to: .section(section))
            } catch {
                throw Diagnostic(archiving: error, source: name, archive: nil)
            }
            guard plan.moved > 0 else { return (0, []) }
            try write(plan.source, to: path, name: name, over: source)
            console.outputLine("\(name): archived \(plan.moved) \(plan.moved == 1 ? "task" : "tasks") to section '\(section)'")
            return (plan.moved, [.init(path: TaskEditRunner.absolute(path), before: source, after: plan.source)])
        }

        // One file by two names: the same real path (a symbolic link, or a path that does not
        // exist yet), or the same device and inode (a hard link).
        let sameFile = TaskEditRunner.absolute(archivePath) == TaskEditRunner.absolute(path)
            || FileIdentity(path: archivePath).map { $0 == FileIdentity(path: path) } ?? false
        if sameFile {
            let named = request.archiveFile.map { "--to \($0)" } ?? "\"archive\": {\"to\": …} in .todofmt.json"
            throw Diagnostic(name, .other("the archive (\(named)) is this todo file itself; name another file, or archive "
                + "into a section with --section"))
        }
        var existed = true
        var old: [UInt8] = []
        do {
            old = try AtomicFile.readRegularFile(archivePath)
        } catch .noSuchFile {
            existed = false
        } catch {
            throw Diagnostic(archivePath, .file(error))
        }
        let sourceName = Self.headingName(of: path, archive: archivePath)
            ?? (request.archiveFile == nil ? String(name.dropFirst(directory.count)) : name)
        let pendingArchives = Self.pendingArchives
        let (sourceKey, archiveKey) = (Self.stablePath(path), Self.stablePath(archivePath))
        let plan: ArchivePlan
        do {
            plan = try archiver.plan(source: source, to: .file(archive: old, sourceName: sourceName), resuming: interrupted)
        } catch {
            throw Diagnostic(archiving: error, source: name, archive: archivePath)
        }
        guard plan.moved > 0, let archived = plan.archive, let pending = plan.pending else {
            if interrupted?.isObsolete(source: source) == true { pendingArchives.remove(from: sourceKey, to: archiveKey) }
            return (0, [])
        }

        // 0. The record of the move, which tells a rerun after a crash which copies are this run's.
        // A record that cannot be written does not stop the move: a crash would then leave these
        // tasks to be copied again by the rerun, twice in the archive but never lost.
        // The todo file's new bytes go to a file beside it now, put in its place in step 2: the
        // record notes that file's identity, by which a run after a crash that followed step 2
        // knows that this move finished.
        var replacement = try? AtomicFile.Replacement(path)
        if let prepared = replacement, (try? prepared.append(plan.source[...])) == nil { replacement = nil }
        try? pendingArchives.record(pending, from: sourceKey, to: archiveKey, written: replacement?.identity)
        // The record stays when the archive may hold copies of this move that the todo file also
        // holds: an interrupted run's (nothing rolls those back), or this run's, not rolled back.
        func settle(archiveHoldsCopies: Bool) {
            if !archiveHoldsCopies && plan.alreadyArchived == 0 { pendingArchives.remove(from: sourceKey, to: archiveKey) }
        }

        // 1. The archive.
        if archived != old {
            let written: Bool
            do {
                if existed {
                    written = try AtomicFile.write(archived, to: archivePath, ifStill: old)
                } else {
                    // A new archive is as private as the tasks' file (less the umask, as for any new file).
                    var info = stat()
                    let mode = stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o644
                    try AtomicFile.create(archived, at: archivePath, mode: mode)
                    written = true
                }
            } catch {
                settle(archiveHoldsCopies: false)
                throw Diagnostic(archivePath, .file(error), notes: ["nothing was written"])
            }
            guard written else {
                settle(archiveHoldsCopies: false)
                throw Diagnostic(archivePath, .changedMeanwhile(while: "archiving"), notes: ["nothing was written"])
            }
        }
        let fault = getenv("TODOFMT_ARCHIVE_FAULT").map { String(cString: $0) }
        if fault == "crash" { _exit(70) }

        // 2. The source; on failure the archive is rolled back.
        do throws(Diagnostic) {
            if fault == "source-write" { throw Diagnostic(name, .other("injected write failure (TODOFMT_ARCHIVE_FAULT)")) }
            try write(plan.source, to: path, name: name, over: source, prepared: replacement)
        } catch {
            var rolledBack = true
            if archived != old {
                if existed {
                    rolledBack = (try? AtomicFile.write(old, to: archivePath, ifStill: archived)) == true
                } else {
                    rolledBack = (try? AtomicFile.read(archivePath)) == archived && unlink(archivePath) == 0
                }
            }
            settle(archiveHoldsCopies: !rolledBack)
            var restored = error
            restored.notes.append("\(archivePath) was restored")
            throw restored
        }
        if fault == "crash-after-source" { _exit(70) }
        pendingArchives.remove(from: sourceKey, to: archiveKey)
        var message = "\(name): archived \(plan.moved) \(plan.moved == 1 ? "task" : "tasks") to \(archivePath)"
        if plan.alreadyArchived > 0 { message += " (\(plan.alreadyArchived) already there from an earlier run, not copied again)" }
        console.outputLine(message)
        if plan.possibleDuplicates > 0 {
            let tasks = plan.possibleDuplicates == 1 ? "1 task" : "\(plan.possibleDuplicates) tasks"
            console.error("\(name): an earlier run archiving into \(archivePath) was interrupted, and \(name) has changed since: "
                + "\(tasks) archived now may be in \(archivePath) twice")
        }
        var changes: [JournalEntry.FileChange] = []
        // From the archive without an interrupted run's copies: undo takes those back too.
        let archiveBefore = plan.archiveBeforeMove ?? old
        if archiveBefore != archived { changes.append(.init(path: TaskEditRunner.absolute(archivePath), before: archiveBefore, after: archived)) }
        changes.append(.init(path: TaskEditRunner.absolute(path), before: source, after: plan.source))
        return (plan.moved, changes)
    }

    /// The records of unfinished moves, in the undo journal's directory.
    private static var pendingArchives: PendingArchives {
        PendingArchives(directory: PendingArchives.defaultDirectory(environment: TaskEditRunner.stateEnvironment))
    }

    /// The todo file's name in the archive's headings: its path relative to the archive's
    /// directory (`todos.md` beside it, `proj/todos.md` below it, `../notes/todos.md` beside that),
    /// the same however the paths were typed and wherever the command runs, so that a rerun finds
    /// its heading and its crashed copies. Nil when a directory cannot be resolved.
    private static func headingName(of source: String, archive: String) -> String? {
        let (sourcePath, archivePath) = (stablePath(source), stablePath(archive))
        guard sourcePath.hasPrefix("/"), archivePath.hasPrefix("/") else { return nil }
        let from = archivePath.split(separator: "/").dropLast()
        let to = sourcePath.split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
    }

    /// The path that names a file in a move's record, the same whether the file exists or not
    /// (an archive is created by the move): the real path of its directory, and its name.
    private static func stablePath(_ path: String) -> String {
        let (directory, file) = path.lastIndex(of: "/").map { (String(path[...$0]), String(path[path.index(after: $0)...])) }
            ?? ("./", path)
        return TaskEditRunner.absolute(directory) + "/" + file
    }

    /// Writes `bytes` over `old`, with `prepared` (holding `bytes`) when given.
    private func write(_ bytes: [UInt8], to path: String, name: String, over old: [UInt8],
                       prepared: AtomicFile.Replacement? = nil) throws(Diagnostic) {
        let written: Bool
        do {
            if let prepared {
                written = try prepared.commit(ifStill: old)
            } else {
                written = try AtomicFile.write(bytes, to: path, ifStill: old)
            }
        } catch {
            throw Diagnostic(name, .file(error))
        }
        guard written else { throw Diagnostic(name, .changedMeanwhile(while: "archiving"), notes: ["not written"]) }
    }
}

extension Diagnostic {
    /// Why `archive` made no plan for the todo file `source`: the file whose bytes are not text,
    /// named; nothing was written.
    /// `archive`: the archive file, nil when the tasks go into a section of `source`.
    init(archiving failure: TaskArchiver.Failure, source: String, archive: String?) {
        switch failure {
        case .source(let error): self.init(source, .document(error))
        case .archive(let error): self.init(archive ?? source, .document(error), notes: ["nothing was archived from \(source)"])
        case .noPlace(let heading):
            self.init(archive ?? source, .other("no place under the heading '\(heading)' where archived tasks would leave the "
                + "lines around them as they are (is a code block left open at the end?)"), notes: ["nothing was written"])
        }
    }
}
