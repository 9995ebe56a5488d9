/// The outcome of asking a native monitor to watch the file's directory.
enum MonitorArmResult: Sendable {
    /// The directory is watched.
    case armed
    /// The directory does not exist (yet); try again later.
    case missing
    /// The directory cannot be watched this way (limit reached, no permission): poll instead.
    case failed
}
