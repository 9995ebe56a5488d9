#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TodoKit

/// Runs `todofmt tasks --watch`: a live agenda. The listing is printed at once, then again after
/// every change to a todo file under the paths (a ``FileWatcher`` per file; directories are walked
/// again every second for new files), and when the day changes, since relative dates and "overdue"
/// moved. On a terminal the screen is cleared first; in a pipe a `---` line separates text
/// listings, while JSON listings follow each other as they are (a stream of JSON documents, which
/// `jq` reads) and each TSV listing starts with its header line. SIGINT and SIGTERM exit 0.
///
/// All state is confined to one serial queue.
final class TasksWatchRunner: @unchecked Sendable {
    let request: TasksRequest
    let console: Console
    private let queue = DispatchQueue(label: "todofmt.tasks.watch")
    private var watchers: [String: FileWatcher] = [:]
    private var sources: [any DispatchSourceProtocol] = []
    private var today: Day
    private var printed = false
    private var pending = false
    /// The configuration files that may apply, as they stood at the last listing.
    private var configurationStamp: [String] = []
    /// Resumed with the exit status when a signal ends the watch.
    private var stopped: CheckedContinuation<ExitStatus, Never>?

    init(request: TasksRequest, console: Console) {
        self.request = request
        self.console = console
        today = request.todayIsPinned ? request.today : Self.currentDay()
    }

    /// The local date now. For tests, `TODOFMT_TEST_TODAY_FILE` names a file holding the date
    /// (YYYY-MM-DD) to use instead, so that a test can move midnight.
    static func currentDay() -> Day {
        if let path = getenv("TODOFMT_TEST_TODAY_FILE").map({ String(cString: $0) }),
           let bytes = try? AtomicFile.read(path),
           let day = Day(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }) {
            return day
        }
        return Day.today()
    }

    /// Prints the listing whenever it may have changed, until SIGINT or SIGTERM.
    /// - Returns: `.failure` at once for a query that cannot be run, a `--config` file that cannot
    ///   be used or a PATH that does not exist, else `.ok` once a signal has stopped every watcher.
    func run() async -> ExitStatus {
        // What cannot be fixed by saving a todo file is reported once, before watching, as `tasks`
        // and `watch` do. A configuration file found by lookup, or a todo file, that cannot be used
        // is reported at each listing, until it is fixed.
        do {
            _ = try TasksRunner.queries(request, today: today)
        } catch {
            console.report(error)
            return .failure
        }
        do {
            _ = try request.configuration.resolver()
        } catch {
            console.report(Diagnostic(nil, .configuration(error)))
            return .failure
        }
        var missing = false
        for path in request.paths {
            var info = stat()
            if stat(path, &info) != 0 {
                console.report(Diagnostic(path, .file(FileError(errno: errno))))
                missing = true
            }
        }
        if missing { return .failure }
        return await withCheckedContinuation { continuation in
            queue.sync {
                stopped = continuation
                handleSignals()
                refresh()
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1), leeway: .milliseconds(200))
                timer.setEventHandler { [unowned self] in tick() }
                timer.activate()
                sources.append(timer)
            }
        }
    }

    /// Every second: a new day re-renders; new todo files are watched (and re-render); a changed,
    /// new or removed configuration file re-renders (an error in it shows until it is fixed).
    private func tick() {
        if !request.todayIsPinned, Self.currentDay() != today {
            today = Self.currentDay()
            refresh()
            return
        }
        if newFiles() || currentConfigurationStamp() != configurationStamp { refresh() }
    }

    /// Each configuration file that may apply to the PATHs and the watched files (`--config`'s, or
    /// a `.todofmt.json` in their directories or above) with its size, modification time and
    /// inode, or that it is absent.
    private func currentConfigurationStamp() -> [String] {
        var candidates: [String] = []
        switch request.configuration.source {
        case .none: return []
        case .file(let path): candidates = [path]
        case .discover:
            var directories: Set<String> = []
            let current = ConfigurationResolver.processDirectory()
            for path in request.paths + watchers.keys {
                var directory = ConfigurationResolver.normalized(path, in: current)
                var info = stat()
                if stat(directory, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                    directory = ConfigurationResolver.parent(of: directory)
                }
                while directories.insert(directory).inserted, directory != "/" {
                    directory = ConfigurationResolver.parent(of: directory)
                }
            }
            candidates = directories.sorted().map { ($0 == "/" ? "" : $0) + "/" + Configuration.fileName }
        }
        return candidates.map { file in
            var info = stat()
            guard stat(file, &info) == 0 else { return file + " -" }
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            return "\(file) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)"
        }
    }

    /// Whether the walk finds a file that is not watched yet.
    private func newFiles() -> Bool {
        guard let resolver = try? request.configuration.resolver() else { return false }
        let list = InputList(paths: request.paths, finder: TodoFileFinder(selection: resolver))
        return list.inputs.contains { watchers[$0.path] == nil }
    }

    /// Reads everything again, prints the listing, and watches every file found (nothing once a
    /// signal has ended the watch).
    private func refresh() {
        pending = false
        guard stopped != nil else { return }
        // Taken before reading (a listing that fails is not tried again until something changes)
        // and again once new files are watched, whose directories it then covers.
        configurationStamp = currentConfigurationStamp()
        guard let queries = try? TasksRunner.queries(request, today: today),
              let (tasks, _) = TasksRunner.collect(request, console: console) else { return }
        guard let resolver = try? request.configuration.resolver() else { return }
        for input in InputList(paths: request.paths, finder: TodoFileFinder(selection: resolver)).inputs
        where watchers[input.path] == nil {
            let watcher = FileWatcher(path: input.path)
            // Weak: a change already on the queue when a signal ends the watch may run after the runner is gone.
            watcher.start(queue: queue) { [weak self] _ in self?.scheduleRefresh() }
            watchers[input.path] = watcher
        }
        configurationStamp = currentConfigurationStamp()
        var out: [UInt8] = []
        if printed {
            if console.isTerminal {
                out = Array("\u{1B}[H\u{1B}[2J".utf8)
            } else if request.format == .text {
                out = Array("---\n".utf8)
            }
        }
        printed = true
        out += TasksRunner.listing(queries, tasks, request: request, today: today, console: console)
        console.output(out)
    }

    /// Several events in a burst (a save touching several files) print once.
    private func scheduleRefresh() {
        guard !pending, stopped != nil else { return }
        pending = true
        queue.asyncAfter(deadline: .now() + .milliseconds(30)) { [weak self] in self?.refresh() }
    }

    private func handleSignals() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [unowned self] in
                for watcher in watchers.values { watcher.stop() }
                for source in sources { source.cancel() }
                // Resumed last: once resumed, `run()` returns and the runner may be gone before this
                // handler touches it again (`make test` saw Ctrl-C crash on the freed runner).
                let continuation = stopped
                stopped = nil
                continuation?.resume(returning: .ok)
            }
            source.activate()
            sources.append(source)
        }
    }
}
