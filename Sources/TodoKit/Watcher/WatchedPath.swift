#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watched file's path, made absolute once so that a later `chdir` cannot change its meaning.
struct WatchedPath: Sendable, Hashable {
    /// The path as the client gave it; used in messages.
    let display: String
    /// The absolute path used for every system call.
    let absolute: String
    /// The absolute path of the parent directory.
    let directory: String
    /// The file's name inside `directory`, as bytes (inotify reports names as bytes).
    let name: [UInt8]

    init(_ path: String) {
        display = path
        var full = path.hasPrefix("/") ? path : WatchedPath.currentDirectory() + "/" + path
        while full.utf8.count > 1, full.hasSuffix("/") { full.removeLast() }
        absolute = full
        let bytes = Array(full.utf8)
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
        directory = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        name = Array(bytes[(slash + 1)...])
    }

    private static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
