import Foundation

/// The parts of `lstat` the tests compare.
struct FileStatus: Equatable {
    var inode: UInt64
    var mode: Int
    var isSymlink: Bool
    /// Modification time in nanoseconds since the epoch.
    var modified: Int64

    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        mode = Int(info.st_mode & 0o7777)
        isSymlink = info.st_mode & S_IFMT == S_IFLNK
        #if os(macOS)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
