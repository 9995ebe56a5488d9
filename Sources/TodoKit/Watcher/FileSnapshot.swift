#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the watched path held when it was last read.
enum FileSnapshot: Sendable, Hashable {
    /// A regular file with these bytes.
    case content([UInt8])
    /// Nothing (or a directory on the way is missing).
    case absent
    /// Something that cannot be read; the one-line message names the file.
    case unreadable(String)

    /// Reads the whole file at `path` now.
    static func load(_ path: WatchedPath) -> FileSnapshot {
        // O_NONBLOCK so that a FIFO put in the file's place cannot block the watcher's queue.
        let descriptor = open(path.absolute, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .absent : .unreadable(message(path, reason(code)))
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(message(path, reason(errno))) }
        guard UInt32(status.st_mode) & 0o170000 == 0o100000 else {
            return .unreadable(message(path, "not a regular file"))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(max(Int64(status.st_size), 0), 1 << 26)) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return .content(bytes)
            } else if errno != EINTR {
                return .unreadable(message(path, reason(errno)))
            }
        }
    }

    private static func message(_ path: WatchedPath, _ reason: String) -> String {
        "cannot read \(path.display): \(reason)"
    }

    /// The system's text for an error number, starting lowercase ("permission denied").
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
