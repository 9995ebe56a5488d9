/// What a native monitor tells the watcher, on the watcher's queue.
enum MonitorSignal: Sendable {
    /// Something happened to the file (or possibly to it): read it after the debounce.
    case activity
    /// The watched directory was removed, renamed or replaced: watch the path again.
    case directoryLost
    /// The monitor broke (its descriptor failed): poll instead.
    case failed
}
