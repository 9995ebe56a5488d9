#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(SystemCalls) && os(Linux)
import SystemCalls
#endif

extension AtomicFile {
    /// A replacement of an existing file under way: its new contents are written a piece at a time
    /// to a temporary file beside it (`.NAME.todofmt-XXXXXX`), then put in its place by
    /// ``commit(ifStill:afterComparing:)``. A replacement that is not committed, or whose commit
    /// fails, removes its temporary file when it goes away; the file itself is never touched
    /// before the commit.
    ///
    /// ``AtomicFile/write(_:to:)`` and ``AtomicFile/write(_:to:ifStill:)`` write their bytes as
    /// one piece; formatting a large file in place writes each stretch as it is formatted, so that
    /// writing goes on while the next ones are formatted and the output is never gathered: no
    /// piece is kept once written.
    package final class Replacement {
        /// The file replaced, links resolved.
        private let target: [UInt8]
        /// Its status when the replacement began: the new file gets its mode and owner.
        private let info: stat
        private let temporary: [CChar]
        /// The temporary file's descriptor, open until the commit.
        private var fd: Int32
        /// How many bytes were written to it.
        private var written = 0
        /// The smallest piece whose writing back begins as it is written (a stretch is larger).
        static let writebackMinimum = 64 << 10
        /// Whether the temporary file stays (it was renamed into place, or holds a save that must
        /// not be lost), or was removed already.
        private var keepsTemporary = false

        /// Begins replacing the existing regular file at `path` (or the one a symbolic link at
        /// `path` finally points to): checks that it may be replaced and creates the temporary file.
        /// - Throws: ``FileError/noSuchFile`` (also for a dangling link), ``FileError/isDirectory``,
        ///   ``FileError/notRegularFile``, ``FileError/permissionDenied``,
        ///   ``FileError/cannotCreateTemporaryFile(code:)`` or another ``FileError``.
        package init(_ path: String) throws(FileError) {
            let target = try AtomicFile.resolvingLinks(Array(path.utf8))
            var info = stat()
            guard stat(target.cString, &info) == 0 else { throw FileError(errno: errno) }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw .isDirectory
            default: throw .notRegularFile
            }
            guard access(target.cString, W_OK) == 0 else { throw FileError(errno: errno) }
            guard info.st_mode & 0o222 != 0 else { throw .permissionDenied }

            let (directory, name) = AtomicFile.split(target)
            var template = (directory + Array("/.".utf8) + AtomicFile.truncatedName(name) + Array(".todofmt-XXXXXX".utf8))
                .map { CChar(bitPattern: $0) } + [0]
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw .cannotCreateTemporaryFile(code: errno) }
            // mkostemp is not visible to Swift on every platform; a descriptor leaked into a child
            // process during this short window would only keep an unlinked file open.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            (self.target, self.info, self.temporary, self.fd) = (target, info, template, fd)
        }

        /// The identity the file has once the replacement is committed: the temporary file's.
        package var identity: FileIdentity? {
            var status = stat()
            return fd >= 0 && fstat(fd, &status) == 0 ? FileIdentity(status) : nil
        }

        deinit {
            if fd >= 0 { close(fd) }
            if !keepsTemporary { _ = unlink(temporary) }
        }

        /// Writes `bytes` after what was written before.
        /// - Throws: ``FileError`` when the write fails (`EIO` for one that makes no progress).
        package func append(_ bytes: ArraySlice<UInt8>) throws(FileError) {
            precondition(fd >= 0, "a committed replacement")
            try AtomicFile.writeAll(bytes, to: fd)
            #if canImport(SystemCalls) && os(Linux)
            // The disk starts on a large piece now rather than at the commit's flush, which then has
            // less left to wait for (a hint: a failure shows at the flush). A small file's one
            // piece is left to the flush: the call would only add a system call.
            if bytes.count >= Replacement.writebackMinimum {
                _ = todofmt_start_writeback(fd, Int64(written), Int64(bytes.count))
            }
            #endif
            written += bytes.count
        }

        /// Puts what was written in the file's place: flushed to disk with the file's permission
        /// bits (and owner, where allowed), then renamed over it — with `expected`, only if the file
        /// still holds `expected` (``AtomicFile/write(_:to:ifStill:)`` says how), calling
        /// `afterComparing` between the comparison and the swap (tests save in that moment).
        /// - Returns: `true` if the file was replaced, `false` if it no longer held `expected`.
        /// - Throws: A ``FileError`` when flushing or renaming fails; the file is then unchanged.
        package func commit(ifStill expected: [UInt8]?, afterComparing: () -> Void = {}) throws(FileError) -> Bool {
            precondition(fd >= 0, "a replacement committed twice")
            let fd = self.fd
            self.fd = -1
            // Whatever happens, the temporary file is dealt with here: removed unless it stays.
            defer {
                if !keepsTemporary { _ = unlink(temporary) }
                keepsTemporary = true
            }
            do throws(FileError) {
                // Owner and mode after the data: the kernel clears set-id bits when an unprivileged
                // process writes or changes the owner, so the mode comes last.
                if info.st_uid != geteuid() || info.st_gid != getegid() {
                    _ = fchown(fd, info.st_uid, info.st_gid)
                }
                guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw FileError(errno: errno) }
                guard retryingOnInterrupt({ fsync(fd) }) == 0 else { throw FileError(errno: errno) }
            } catch {
                close(fd)
                throw error
            }
            // A second descriptor keeps our file open until the swap is over: a save that lands
            // meanwhile is told from ours by identity, and none can take our file's identity while
            // it is open. Closing the first reports a late write error before anything is renamed.
            var ours = stat()
            let held = fstat(fd, &ours) == 0 ? dup(fd) : -1
            guard held >= 0 else {
                let code = errno
                close(fd)
                throw FileError(errno: code)
            }
            defer { close(held) }
            guard close(fd) == 0 else { throw FileError(errno: errno) }
            let directory = AtomicFile.split(target).directory
            guard let expected else {
                guard rename(temporary, target.cString) == 0 else { throw FileError(errno: errno) }
                keepsTemporary = true
                AtomicFile.syncDirectory(directory)
                return true
            }
            let swap = try AtomicFile.swapIn(temporary, over: target.cString, ours: FileIdentity(ours), ifStill: expected,
                                             afterComparing: afterComparing)
            keepsTemporary = !swap.discardTemporary
            AtomicFile.syncDirectory(directory)
            return swap.replaced
        }
    }
}
