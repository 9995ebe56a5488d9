import Dispatch

/// Watches one file and reports, as values, how its content changes on disk.
///
/// The watcher notices every way editors save: writes in place, appends, writing a temporary file
/// and renaming it over the original, renaming the original to a backup and writing a new file,
/// deleting and re-creating it, creating a file that did not exist yet, and its directory being
/// removed or renamed away and later coming back.
///
/// On Linux it uses one inotify descriptor on the file's parent directory (plus one on the file
/// itself, so edits through a symbolic link are seen too); on macOS Dispatch vnode sources on the
/// directory and the file. Where neither can be used (no inotify, or its watch limit is reached) it
/// falls back to polling the file's metadata with a timer; ``Options/backend`` can ask for polling.
///
/// Bursts of events are debounced (see ``Options/debounce``) and then the file is read and compared
/// with the last content seen, so one save reports once, 200 writes in a loop report once, and a
/// rewrite with the same bytes reports nothing. Before writing the file itself, a client calls
/// ``expectWrite(_:)`` so that its own write is not reported back to it.
///
/// Start the watcher before reading the file for the first time: the content found at
/// ``start(queue:handler:)`` is the baseline, and only differences from it are reported.
///
/// ```swift
/// let watcher = FileWatcher(path: "todos.md")
/// watcher.start(queue: .main) { event in
///     if case .changed(let bytes) = event { reload(bytes) }
/// }
/// ```
///
/// All methods may be called from any thread, including from inside the handler. The watcher's
/// state lives on a private serial queue. ``stop()`` (and releasing the watcher) cancels every
/// source, closes every descriptor and returns only when no handler call is running or will run.
public final class FileWatcher: Sendable {
    /// The path being watched, as given to ``init(path:options:)``.
    public let path: String
    /// How the watcher watches; fixed for its lifetime.
    public let options: Options
    /// The state machine; internal so tests can observe it.
    let core: WatchCore

    /// Creates a watcher for a file; nothing happens until ``start(queue:handler:)``.
    ///
    /// A relative path is resolved against the current directory now, so a later `chdir` does not
    /// change which file is watched. The file and its directory need not exist yet.
    /// - Parameters:
    ///   - path: The file to watch, absolute or relative.
    ///   - options: How to watch and how long to wait before reading.
    public init(path: String, options: Options = Options()) {
        self.path = path
        self.options = options
        self.core = WatchCore(path: WatchedPath(path), options: options)
    }

    deinit {
        core.stop()
    }

    /// Starts watching and calls `handler` on `queue` for every event, in order.
    ///
    /// The file's current content becomes the baseline and is not reported; if it cannot be read,
    /// an ``Event/error(_:)`` is reported straight away. Calling `start` on a running watcher
    /// replaces the previous handler, which receives no further events.
    /// - Parameters:
    ///   - queue: The queue `handler` is called on.
    ///   - handler: Called once per event.
    public func start(queue: DispatchQueue, handler: @escaping @Sendable (Event) -> Void) {
        _ = core.start(queue: queue, handler: handler, onStop: nil)
    }

    /// Starts watching and returns the events as an asynchronous stream.
    ///
    /// The stream ends when the watcher is stopped (or started again, or released). Cancelling the
    /// task that iterates the stream, or dropping the stream, stops the watcher.
    /// - Returns: The events in order, from now on; the baseline is not reported (as with
    ///   ``start(queue:handler:)``).
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let delivery = DispatchQueue(label: "todofmt.FileWatcher.events")
        let session = core.start(queue: delivery, handler: { continuation.yield($0) }, onStop: { continuation.finish() })
        continuation.onTermination = { [weak core] _ in core?.stop(session: session) }
        return stream
    }

    /// Stops watching. When this returns, every descriptor is closed and the handler is neither
    /// running (except when `stop` is called from inside it) nor will be called again.
    public func stop() {
        core.stop()
    }

    /// Tells the watcher that the client is about to write bytes to the file itself.
    ///
    /// The bytes become the content last seen, so the client's own write is not reported. Any other
    /// content found afterwards (someone saved in between, or the write failed) is reported as
    /// usual. Write atomically (temporary file and rename) so that no half-written state is seen.
    /// Has no effect while the watcher is not running.
    /// - Parameter bytes: The complete content about to be written.
    public func expectWrite(_ bytes: [UInt8]) {
        core.expectWrite(bytes)
    }
}
