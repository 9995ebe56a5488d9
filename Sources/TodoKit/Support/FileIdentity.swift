#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file-system object a path names: device and inode number. Two names with one identity
/// lead to one file (through a symbolic link, or as hard links); the watcher sees a file replaced
/// by a rename when the identity behind its name changes.
package struct FileIdentity: Sendable, Hashable {
    /// The device that holds the file.
    package let device: UInt64
    /// The file's number on its device.
    package let inode: UInt64

    /// The identity in `status`, as `stat`, `lstat` or `fstat` filled it in.
    /// - Parameter status: The file's status.
    package init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The identity of what `path` names (following symbolic links), or `nil` when it cannot be
    /// looked up.
    /// - Parameter path: The path to look up.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
