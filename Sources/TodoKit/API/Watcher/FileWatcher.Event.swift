extension FileWatcher {
    /// What a ``FileWatcher`` reports about its file.
    public enum Event: Sendable, Hashable {
        /// The file now holds these bytes, which differ from the content seen last. Also reported
        /// when the file appears (created, renamed into place, or its directory came back).
        case changed([UInt8])
        /// The file is gone (deleted, renamed away, or its directory removed or renamed).
        case deleted
        /// The file exists but cannot be read; a one-line lowercase message naming the file.
        case error(String)
    }
}
