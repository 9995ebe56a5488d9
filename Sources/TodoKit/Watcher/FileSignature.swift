#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The metadata of a file that changes whenever its content may have changed: identity, size,
/// type and permissions, modification and status-change times. Polling compares these.
struct FileSignature: Sendable, Hashable {
    let identity: FileIdentity
    let size: Int64
    let mode: UInt32
    let modified: Timestamp
    let statusChanged: Timestamp

    /// Seconds and nanoseconds of a file time.
    struct Timestamp: Sendable, Hashable {
        let seconds: Int
        let nanoseconds: Int
    }

    /// The signature of what `path` names (following symbolic links), or `nil` when it cannot be
    /// looked up (absent, or a directory on the way is missing).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        identity = FileIdentity(status)
        size = Int64(status.st_size)
        mode = UInt32(status.st_mode)
        #if canImport(Darwin)
        modified = Timestamp(seconds: Int(status.st_mtimespec.tv_sec), nanoseconds: Int(status.st_mtimespec.tv_nsec))
        statusChanged = Timestamp(seconds: Int(status.st_ctimespec.tv_sec), nanoseconds: Int(status.st_ctimespec.tv_nsec))
        #else
        modified = Timestamp(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
        statusChanged = Timestamp(seconds: Int(status.st_ctim.tv_sec), nanoseconds: Int(status.st_ctim.tv_nsec))
        #endif
    }

    /// Whether the path names a regular file (not a directory, device or pipe).
    var isRegularFile: Bool {
        mode & 0o170000 == 0o100000
    }
}
