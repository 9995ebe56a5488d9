#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or replaced. The description is one short lowercase line
/// without the file name (callers prefix it), e.g. `no such file`.
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path, or the target of a symbolic link, does not exist.
    case noSuchFile
    /// The path names a directory.
    case isDirectory
    /// The path names something other than a regular file (a device, FIFO or socket), which
    /// cannot be replaced.
    case notRegularFile
    /// The process may not read or write the file, or the file is marked read-only.
    case permissionDenied
    /// The temporary file beside the original could not be created; `code` is the `errno`.
    case cannotCreateTemporaryFile(code: Int32)
    /// Any other system error; `code` is the `errno`.
    case system(code: Int32)

    /// Maps an `errno` value to the matching case.
    /// - Parameter code: The `errno`: `ENOENT`, `EISDIR`, `EACCES` and `EPERM` have their own
    ///   cases, any other value is ``system(code:)``.
    public init(errno code: Int32) {
        switch code {
        case ENOENT: self = .noSuchFile
        case EISDIR: self = .isDirectory
        case EACCES, EPERM: self = .permissionDenied
        default: self = .system(code: code)
        }
    }

    /// A one-line message without the file name, e.g. `is a directory`.
    public var description: String {
        switch self {
        case .noSuchFile: "no such file"
        case .isDirectory: "is a directory"
        case .notRegularFile: "not a regular file"
        case .permissionDenied: "permission denied"
        case .cannotCreateTemporaryFile(let code): "cannot create temporary file: \(FileError.message(for: code))"
        case .system(let code): FileError.message(for: code)
        }
    }

    /// The C library's text for `code` with its first letter lowercased ("No space left on device"
    /// becomes "no space left on device").
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        var bytes = Array(String(cString: text).utf8)
        if let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
            bytes[0] = first + 32
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
