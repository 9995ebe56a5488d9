import Dispatch

/// Kernel notifications for one file path: its parent directory and the file itself.
///
/// Implementations are confined to the watcher's serial queue: they are created, called and
/// deliver their signals there. Cancelled sources leave the session's dispatch group once their
/// descriptors are closed.
protocol NativeMonitor: AnyObject {
    /// The identity of the directory while it is watched, to notice it being replaced.
    var directoryIdentity: FileIdentity? { get }
    /// Starts watching the parent directory (dropping any earlier directory watch).
    func armDirectory() -> MonitorArmResult
    /// Stops watching the parent directory.
    func disarmDirectory()
    /// Makes the file watch follow whatever the path names now (or drops it when nothing).
    func refreshFileWatch()
    /// Stops everything; descriptors are closed asynchronously on the queue.
    func cancel()
}

/// The platform's native monitor, or `nil` where there is none or it cannot be created.
func makeNativeMonitor(
    path: WatchedPath, queue: DispatchQueue, group: DispatchGroup,
    signal: @escaping @Sendable (MonitorSignal) -> Void
) -> (any NativeMonitor)? {
    #if os(Linux)
    return InotifyMonitor(path: path, queue: queue, group: group, signal: signal)
    #elseif canImport(Darwin)
    return VnodeMonitor(path: path, queue: queue, group: group, signal: signal)
    #else
    return nil
    #endif
}
