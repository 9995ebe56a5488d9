#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The metadata of a file that changes whenever its content may have changed: identity, size,
/// type and permissions, modification and status-change times. The watcher's polling and the
/// language server's check for an edited configuration file compare these.
package struct FileSignature: Sendable, Hashable {
    /// Which file the path names.
    package let identity: FileIdentity
    /// The size in bytes.
    package let size: Int64
    /// The type and permission bits (`st_mode`).
    package let mode: UInt32
    /// When the content last changed.
    package let modified: Timestamp
    /// When the content or the metadata last changed.
    package let statusChanged: Timestamp

    /// Seconds and nanoseconds of a file time.
    package struct Timestamp: Sendable, Hashable {
        /// Whole seconds since the epoch.
        package let seconds: Int
        /// Nanoseconds past ``seconds``.
        package let nanoseconds: Int
    }

    /// The signature of what `path` names (following symbolic links), or `nil` when it cannot be
    /// looked up (absent, or a directory on the way is missing).
    /// - Parameter path: The path to look up.
    package init?(path: String) {
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
    package var isRegularFile: Bool {
        mode & 0o170000 == 0o100000
    }
}
