extension FileWatcher {
    /// How a ``FileWatcher`` watches and how long it waits before it reads the file.
    public struct Options: Sendable {
        /// Quiet time after the last file-system event before the file is read (trailing debounce).
        /// One save produces several events and a loop of writes produces many; they make one read.
        public var debounce: Duration
        /// Longest time a continuous stream of events may hold back a read, so that a file written
        /// without pause is still reported now and then.
        public var maximumDelay: Duration
        /// Which mechanism watches the file.
        public var backend: Backend
        /// How often the file's metadata is checked when polling, and how often a missing
        /// directory is looked for again.
        public var pollInterval: Duration
        /// Testing only: makes every native directory watch fail as if the system's watch limit
        /// had been reached, to exercise the fallback to polling.
        var simulateWatchLimit = false

        /// Creates options; the defaults suit an interactive editor session.
        /// - Parameters:
        ///   - debounce: Quiet time after the last file-system event before the file is read.
        ///   - maximumDelay: Longest time a continuous stream of events may hold back a read.
        ///   - backend: Which mechanism watches the file.
        ///   - pollInterval: How often the file's metadata is checked when polling, and a missing
        ///     directory looked for again.
        public init(
            debounce: Duration = .milliseconds(20),
            maximumDelay: Duration = .milliseconds(500),
            backend: Backend = .automatic,
            pollInterval: Duration = .milliseconds(100)
        ) {
            self.debounce = debounce
            self.maximumDelay = maximumDelay
            self.backend = backend
            self.pollInterval = pollInterval
        }
    }
}
