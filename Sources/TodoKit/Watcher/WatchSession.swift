import Dispatch

/// The state of one run of a watcher, from `start` to `stop`.
///
/// Confined to the watcher's serial queue: only ``WatchCore`` touches it, and only there.
final class WatchSession: @unchecked Sendable {
    let id: Int
    let delivery: EventDelivery
    /// Entered by every source that owns a descriptor, left when it has been closed.
    let group = DispatchGroup()
    let onStop: (@Sendable () -> Void)?
    /// One-shot timer that ends the debounce and reads the file.
    let debounceTimer: DispatchSourceTimer
    /// Repeating timer: polls the file, looks for a missing directory, or checks the directory is
    /// still the one watched, depending on the mode.
    let periodicTimer: DispatchSourceTimer

    /// What the client last saw (or announced with `expectWrite`).
    var last: FileSnapshot = .absent
    /// The kernel monitor, `nil` while polling.
    var monitor: (any NativeMonitor)?
    /// Whether the monitor watches the directory right now (false while it is missing).
    var armed = false
    /// Whether the session polls instead of using kernel notifications.
    var polling = false
    /// The metadata seen by the last poll.
    var pollSignature: FileSignature?
    /// When the current burst of events began; `nil` when no read is pending.
    var burstStart: DispatchTime?
    /// How many times the file has been read and compared; lets tests wait for a quiet outcome.
    var completedChecks = 0

    init(
        id: Int, delivery: EventDelivery, onStop: (@Sendable () -> Void)?,
        debounceTimer: DispatchSourceTimer, periodicTimer: DispatchSourceTimer
    ) {
        self.id = id
        self.delivery = delivery
        self.onStop = onStop
        self.debounceTimer = debounceTimer
        self.periodicTimer = periodicTimer
    }

    /// Cancels every source and returns what remains to be done off the queue.
    func detach() -> SessionEnd {
        debounceTimer.cancel()
        periodicTimer.cancel()
        monitor?.cancel()
        monitor = nil
        armed = false
        return SessionEnd(delivery: delivery, group: group, onStop: onStop)
    }
}
