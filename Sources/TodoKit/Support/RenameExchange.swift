#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        if renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 { return .exchanged }
        #else
        // Glibc declares renameat2 only for _GNU_SOURCE, which Swift's Glibc module does not set;
        // the symbol is looked up at run time instead (absent before glibc 2.28 and in fully
        // static binaries, which then fall back to a plain rename).
        guard let renameat2 = linuxRenameat2 else { return .unsupported }
        if renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchangeFlag) == 0 { return .exchanged }
        #endif
        let code = errno
        switch code {
        case EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP: return .unsupported
        default: return .failed(code)
        }
    }

    #if !canImport(Darwin)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// `RENAME_EXCHANGE` from <linux/fs.h>.
    private static let renameExchangeFlag: UInt32 = 1 << 1
    private static let linuxRenameat2: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
    #endif
}
