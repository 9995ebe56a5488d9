import Dispatch

/// The watcher's state machine. Public entry points may be called from any thread except the
/// state queue; everything else runs on the state queue, which is the only place the session is
/// touched.
///
/// Every way a file can change ends in the same place: some signal (a kernel event, a poll that
/// sees new metadata, the directory coming back) calls `noteActivity`, which restarts the debounce;
/// when it ends, `check` reads the file and reports only a difference from the last content seen.
/// Missing an event detail is therefore harmless, and reporting never depends on event order.
final class WatchCore: @unchecked Sendable {
    /// How often a watched directory is checked to still be the one at the path (it may have been
    /// replaced by a rename further up, which sends no event to its watch).
    static let directoryCheckInterval: DispatchTimeInterval = .seconds(1)
    private static let leeway: DispatchTimeInterval = .microseconds(500)

    let path: WatchedPath
    let options: FileWatcher.Options
    private let queue = DispatchQueue(label: "todofmt.FileWatcher.state")
    private let debounce: DispatchTimeInterval
    private let maximumDelay: DispatchTimeInterval
    private let pollInterval: DispatchTimeInterval

    // Only touched on `queue`.
    private var session: WatchSession?
    private var sessionCount = 0

    init(path: WatchedPath, options: FileWatcher.Options) {
        self.path = path
        self.options = options
        debounce = options.debounce.dispatchInterval
        maximumDelay = options.maximumDelay.dispatchInterval
        pollInterval = max(options.pollInterval, .milliseconds(1)).dispatchInterval
    }

    // MARK: Entry points (any thread but the state queue)

    /// Starts a new session (ending the running one); returns its number.
    func start(
        queue clientQueue: DispatchQueue, handler: @escaping @Sendable (FileWatcher.Event) -> Void,
        onStop: (@Sendable () -> Void)?
    ) -> Int {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let delivery = EventDelivery(queue: clientQueue, handler: handler)
        let (previous, id) = queue.sync { () -> (SessionEnd?, Int) in
            let previous = session?.detach()
            sessionCount += 1
            let id = sessionCount
            let session = WatchSession(
                id: id, delivery: delivery, onStop: onStop,
                debounceTimer: makeTimer(session: id) { core, session in core.debounceEnded(session) },
                periodicTimer: makeTimer(session: id) { core, session in core.periodicTick(session) })
            self.session = session
            begin(session)
            return (previous, id)
        }
        previous?.finish()
        return id
    }

    /// Ends the running session, if any.
    func stop() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let end = queue.sync { () -> SessionEnd? in
            defer { session = nil }
            return session?.detach()
        }
        end?.finish()
    }

    /// Ends the session numbered `id` if it is still the running one.
    func stop(session id: Int) {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let end = queue.sync { () -> SessionEnd? in
            guard let session, session.id == id else { return nil }
            self.session = nil
            return session.detach()
        }
        end?.finish()
    }

    /// Makes `bytes` the content last seen.
    func expectWrite(_ bytes: [UInt8]) {
        dispatchPrecondition(condition: .notOnQueue(queue))
        queue.sync { session?.last = .content(bytes) }
    }

    /// Whether the running session polls (`true`), uses kernel notifications (`false`), or there
    /// is none (`nil`). For tests.
    var isPolling: Bool? {
        queue.sync { session?.polling }
    }

    /// How many reads the running session has made. For tests.
    var completedChecks: Int {
        queue.sync { session?.completedChecks ?? 0 }
    }

    // MARK: State queue

    private func makeTimer(
        session id: Int, _ fire: @escaping @Sendable (WatchCore, WatchSession) -> Void
    ) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in
            guard let self, let session = self.session, session.id == id else { return }
            fire(self, session)
        }
        timer.activate()
        return timer
    }

    /// Sets up watching first and only then reads the baseline, so that no change can fall
    /// between the two.
    private func begin(_ session: WatchSession) {
        if options.backend == .polling || !startNative(session) {
            startPolling(session)
        }
        session.last = FileSnapshot.load(path)
        if case .unreadable(let message) = session.last {
            session.delivery.send(.error(message))
        }
    }

    private func startNative(_ session: WatchSession) -> Bool {
        let id = session.id
        let signal: @Sendable (MonitorSignal) -> Void = { [weak self] signal in
            guard let self, let session = self.session, session.id == id else { return }
            self.handle(signal, session)
        }
        guard let monitor = makeNativeMonitor(path: path, queue: queue, group: session.group, signal: signal) else {
            return false
        }
        session.monitor = monitor
        return arm(session)
    }

    /// Watches the directory if it exists, or looks for it every poll interval if not. Returns
    /// `false` (having dropped the monitor) when the directory cannot be watched natively.
    private func arm(_ session: WatchSession) -> Bool {
        guard let monitor = session.monitor else { return false }
        let result = options.simulateWatchLimit ? .failed : monitor.armDirectory()
        switch result {
        case .armed:
            session.armed = true
            monitor.refreshFileWatch()
            schedulePeriodic(session, every: Self.directoryCheckInterval)
            return true
        case .missing:
            session.armed = false
            schedulePeriodic(session, every: pollInterval)
            return true
        case .failed:
            monitor.cancel()
            session.monitor = nil
            session.armed = false
            return false
        }
    }

    private func startPolling(_ session: WatchSession) {
        session.monitor?.cancel()
        session.monitor = nil
        session.armed = false
        session.polling = true
        session.pollSignature = FileSignature(path: path.absolute)
        schedulePeriodic(session, every: pollInterval)
    }

    private func schedulePeriodic(_ session: WatchSession, every interval: DispatchTimeInterval) {
        session.periodicTimer.schedule(deadline: .now() + interval, repeating: interval, leeway: Self.leeway)
    }

    private func handle(_ signal: MonitorSignal, _ session: WatchSession) {
        switch signal {
        case .activity:
            noteActivity(session)
        case .directoryLost:
            directoryLost(session)
        case .failed:
            startPolling(session)
            noteActivity(session)
        }
    }

    /// The directory went away or was replaced: read the path (the file is probably gone) and
    /// watch whatever directory is at the path now, or wait for one to appear.
    private func directoryLost(_ session: WatchSession) {
        session.monitor?.disarmDirectory()
        session.armed = false
        noteActivity(session)
        if !arm(session) { startPolling(session) }
    }

    private func periodicTick(_ session: WatchSession) {
        if session.polling {
            let signature = FileSignature(path: path.absolute)
            if signature != session.pollSignature {
                session.pollSignature = signature
                noteActivity(session)
            }
        } else if session.armed {
            if FileIdentity(path: path.directory) != session.monitor?.directoryIdentity {
                directoryLost(session)
            }
        } else if arm(session) {
            // The directory has come back: the file may have come back with it.
            if session.armed { noteActivity(session) }
        } else {
            startPolling(session)
            noteActivity(session)
        }
    }

    /// Restarts the debounce: the read happens `debounce` after the last activity, but no later
    /// than `maximumDelay` after the first one of the burst.
    private func noteActivity(_ session: WatchSession) {
        let now = DispatchTime.now()
        let start = session.burstStart ?? now
        session.burstStart = start
        let deadline = min(now + debounce, start + maximumDelay)
        session.debounceTimer.schedule(deadline: deadline, repeating: .never, leeway: Self.leeway)
    }

    private func debounceEnded(_ session: WatchSession) {
        // Polling sees no events during the quiet time; a metadata change since the poll means the
        // burst goes on.
        if session.polling, let start = session.burstStart, DispatchTime.now() < start + maximumDelay {
            let signature = FileSignature(path: path.absolute)
            if signature != session.pollSignature {
                session.pollSignature = signature
                noteActivity(session)
                return
            }
        }
        session.burstStart = nil
        check(session)
    }

    /// Reads the file and reports it if it differs from what was seen last.
    private func check(_ session: WatchSession) {
        session.monitor?.refreshFileWatch()
        // Metadata first: a change after this is seen by the next poll.
        if session.polling { session.pollSignature = FileSignature(path: path.absolute) }
        let snapshot = FileSnapshot.load(path)
        session.completedChecks += 1
        guard snapshot != session.last else { return }
        switch snapshot {
        case .content(let bytes): session.delivery.send(.changed(bytes))
        case .absent: session.delivery.send(.deleted)
        case .unreadable(let message): session.delivery.send(.error(message))
        }
        session.last = snapshot
    }
}
