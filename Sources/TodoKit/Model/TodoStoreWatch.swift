/// A running watch of a ``TodoStore``'s file: the watcher and the task that feeds its events to
/// the store. Ending it (``cancel()`` or releasing it) stops both.
final class TodoStoreWatch: Sendable {
    /// Watches the store's file.
    let watcher: FileWatcher
    /// Hands the watcher's events to the store, one at a time and in order.
    let task: Task<Void, Never>

    init(watcher: FileWatcher, task: Task<Void, Never>) {
        self.watcher = watcher
        self.task = task
    }

    deinit {
        cancel()
    }

    /// Stops the watcher (which ends its event stream) and the task.
    func cancel() {
        watcher.stop()
        task.cancel()
    }
}
