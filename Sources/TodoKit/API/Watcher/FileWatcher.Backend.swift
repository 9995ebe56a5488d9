extension FileWatcher {
    /// The mechanism a ``FileWatcher`` uses to notice changes.
    public enum Backend: Sendable, Hashable {
        /// Kernel notifications (inotify on Linux, vnode sources on macOS), falling back to
        /// polling where they cannot be used.
        case automatic
        /// Polling the file's metadata every ``Options/pollInterval``, then comparing content.
        case polling
    }
}
