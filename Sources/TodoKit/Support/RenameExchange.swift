#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(SystemCalls)
import SystemCalls
#endif

/// Swaps two directory entries in one atomic step: Linux `renameat2(RENAME_EXCHANGE)`, macOS
/// `renamex_np(RENAME_SWAP)`. Where the system or the file system cannot, callers fall back to a
/// plain rename.
enum RenameExchange {
    /// How a swap went.
    enum Outcome: Equatable {
        /// The two names now name each other's file.
        case exchanged
        /// The system or file system cannot swap; nothing happened.
        case unsupported
        /// The swap failed with this `errno`; nothing happened.
        case failed(Int32)
    }

    /// Swaps the files at `first` and `second` (NUL-terminated paths); both must exist.
    static func exchange(_ first: [CChar], _ second: [CChar]) -> Outcome {
        #if canImport(Darwin)
        guard renamex_np(first, second, UInt32(RENAME_SWAP)) != 0 else { return .exchanged }
        #elseif canImport(SystemCalls)
        guard todofmt_rename_exchange(first, second) != 0 else { return .exchanged }
        #else
        // Built without the package's SystemCalls module (the fuzz target, which renames nothing).
        errno = ENOSYS
        #endif
        let code = errno
        switch code {
        case EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP: return .unsupported
        default: return .failed(code)
        }
    }
}
