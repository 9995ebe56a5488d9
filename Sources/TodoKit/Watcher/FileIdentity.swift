#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file-system object a path names: device and inode number.
struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The identity of what `path` names (following symbolic links), or `nil` when it cannot be
    /// looked up.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
