extension TodoStore {
    /// Whether the store is watching its file (see ``startWatching(options:)``).
    public var isWatching: Bool { watch != nil }

    /// Watches the file for changes made by others and reloads the store after each one.
    ///
    /// Call it after ``load()``. When someone saves the file — in place, by renaming a new file
    /// over it, by deleting and re-creating it — the store reloads it as ``reload()`` does: todos
    /// keep their identities and observers see ``Event/changed(_:_:)`` with ``Cause/external``.
    /// A deleted file, or one that cannot be read, is reported as ``Event/failed(_:)`` with a
    /// ``TodoStoreError/storage(path:_:)`` error, and the list in memory stays as it was; when the file
    /// comes back it is loaded again and reported: as ``Event/changed(_:_:)`` with ``Cause/external``
    /// when it differs from the list in memory, as ``Event/loaded(_:)`` when it holds the same bytes
    /// (put back as it was), so an app can take down what it showed for the failure at the next
    /// event. The store's own saves are not reported back as external changes. A change made
    /// between ``load()`` and this call is picked up at once.
    ///
    /// Calling it again restarts the watch with the new options.
    /// - Throws: ``TodoStoreError/invalid(_:)`` when the storage is not a ``FileTodoStorage``.
    /// - Parameter options: the watcher's options (debounce, polling).
    public func startWatching(options: FileWatcher.Options = FileWatcher.Options()) throws(TodoStoreError) {
        guard let file = storage as? FileTodoStorage else {
            throw .invalid("only a store over a file can watch it")
        }
        stopWatching()
        let watcher = FileWatcher(path: file.path, options: options)
        // The stream starts the watcher now, so no change after this line is missed.
        let events = watcher.events()
        let task = Task { [weak self] in
            for await event in events {
                await self?.handleWatchEvent(event, from: watcher)
            }
        }
        watch = TodoStoreWatch(watcher: watcher, task: task)
        _ = try? reload()
    }

    /// Stops watching the file; no reload caused by the watcher happens after this returns.
    public func stopWatching() {
        watch?.cancel()
        watch = nil
    }

    /// Reloads after a change on disk, or reports why the file cannot be loaded.
    private func handleWatchEvent(_ event: FileWatcher.Event, from watcher: FileWatcher) {
        // An event already on its way when the watch was stopped or restarted is dropped.
        guard let watch, watch.watcher === watcher else { return }
        switch event {
        case .changed:
            // Reads the file again rather than taking the event's bytes, so that it sees the
            // newest content; `reload` itself reports read and parse failures.
            _ = try? reload()
        case .deleted:
            reportReadFailure(.storage(path: watcher.path, .deleted))
        case .error(let message):
            reportReadFailure(.storage(path: nil, .watcher(message)))
        }
    }

    /// How many times the watcher has read the file (for tests: lets them wait for the watcher to
    /// have looked at a write without waiting for an event that must not come).
    var watcherReads: Int { watch?.watcher.core.completedChecks ?? 0 }
}
