#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files and replaces them atomically, with POSIX calls only.
///
/// A replacement is never seen half-written: the new bytes go to a temporary file beside the
/// original (`.NAME.todofmt-XXXXXX`), are flushed to disk, get the original's permission bits
/// (and owner, where allowed), and are then renamed over the original. If anything fails, the
/// temporary file is removed and the original is left as it was.
///
/// Writing only when the content changed is the caller's job: compare the bytes first.
public enum AtomicFile {
    /// Reads the whole file at a path.
    ///
    /// Symbolic links are followed. Anything that is not a directory can be read, including
    /// FIFOs and devices. What is not a regular file is read only up to its first NUL byte (see
    /// ``readAll(from:)``).
    /// - Parameter path: The file.
    /// - Returns: Every byte of the file; empty for an empty file.
    /// - Throws: ``FileError/noSuchFile``, ``FileError/isDirectory``,
    ///   ``FileError/permissionDenied`` or another ``FileError``.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        try read(cPath: Array(path.utf8).cString)
    }

    /// Reads the whole regular file at a path, refusing anything else: what is to be replaced
    /// (a todo file that is changed) must be a regular file.
    ///
    /// The file is opened without blocking (`O_NONBLOCK`), so that a FIFO is refused at once
    /// rather than waiting forever for a writer; symbolic links are followed.
    /// - Parameter path: The file.
    /// - Returns: Every byte of the file; empty for an empty file.
    /// - Throws: ``FileError/notRegularFile`` for a FIFO, device or socket, and the errors of
    ///   ``read(_:)``.
    public static func readRegularFile(_ path: String) throws(FileError) -> [UInt8] {
        try read(cPath: Array(path.utf8).cString, regularOnly: true)
    }

    private static func read(cPath path: [CChar], regularOnly: Bool = false) throws(FileError) -> [UInt8] {
        try withOpenFile(cPath: path, nonBlocking: regularOnly) { fd, info throws(FileError) in
            let regular = info.st_mode & S_IFMT == S_IFREG
            if regularOnly {
                guard regular else { throw .notRegularFile }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            }
            if regular, let bytes = readInParts(from: fd, size: Int(info.st_size)) { return bytes }
            return try readAll(from: fd, sizeHint: regular ? Int(info.st_size) : 0)
        }
    }

    /// A large regular file of `size` bytes read in parts at the same time, each part reading its own
    /// stretch with `pread` (copying a 10 MB file and the page faults of its buffer are then shared
    /// between the processors); nil for a file too small to be worth it, and when the parts do not
    /// come to exactly `size` bytes (a file that shrank or grew since it was measured, or a read that
    /// failed): the caller then reads it the usual way from the start (the descriptor's offset has
    /// not moved). `parts`: how many (tests choose).
    static func readInParts(from fd: Int32, size: Int, parts: Int? = nil) -> [UInt8]? {
        let parts = parts ?? Parallel.parts(size, minimumPerPart: bytesPerPart)
        guard parts > 1 else { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            guard let base = buffer.baseAddress else { return }
            var filled = [Bool](repeating: false, count: parts)
            filled.withUnsafeMutableBufferPointer { filled in
                // Each part writes only its own stretch of the buffer and its own element.
                nonisolated(unsafe) let (filled, base) = (filled, base)
                Parallel.run(parts) { part in
                    let stretch = Parallel.share(part, of: parts, in: size)
                    var offset = stretch.lowerBound
                    while offset < stretch.upperBound {
                        let n = retryingOnInterrupt { pread(fd, base + offset, stretch.upperBound - offset, off_t(offset)) }
                        if n <= 0 { return }
                        offset += n
                    }
                    filled[part] = true
                }
            }
            // Nothing past the end: a single byte more would be a file that grew.
            guard !filled.contains(false), retryingOnInterrupt({ pread(fd, base + size, 1, off_t(size)) }) == 0 else { return }
            count = size
            complete = true
        }
        return complete ? bytes : nil
    }

    /// Opens `path` for reading and calls `body` with the descriptor and its status; the descriptor
    /// is closed afterwards (`nonBlocking`: opened with `O_NONBLOCK`). A directory is
    /// ``FileError/isDirectory``.
    private static func withOpenFile<Result>(cPath path: [CChar], nonBlocking: Bool = false,
                                             _ body: (Int32, stat) throws(FileError) -> Result) throws(FileError) -> Result {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) }
        guard fd >= 0 else { throw FileError(errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(errno: errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory }
        return try body(fd, info)
    }

    /// Reads from an open file descriptor until end of file, e.g. standard input (`0`).
    ///
    /// Reading stops early at a NUL byte in what is not a regular file (a pipe, a device) or in what
    /// a regular file has beyond the size it had when it was opened: the bytes returned then end
    /// with that first NUL byte. Such bytes are binary for ``TodoDocument``, which reports the NUL
    /// at the offset the whole stream would have given, and an endless stream (`/dev/zero`) is not
    /// read into memory until it runs out.
    ///
    /// The descriptor is neither closed nor rewound.
    /// - Parameter descriptor: An open file descriptor, read from its current offset.
    /// - Returns: The bytes read up to end of file, or up to and including the first NUL byte of
    ///   a stream; empty when it is already at the end.
    /// - Throws: ``FileError`` made from `errno` when a read fails.
    public static func readAll(from descriptor: Int32) throws(FileError) -> [UInt8] {
        // Standard input redirected from a file: its size is known, as for a path.
        var info = stat()
        let regular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        return try readAll(from: descriptor, sizeHint: regular ? max(Int(info.st_size) - Int(lseek(descriptor, 0, SEEK_CUR)), 0) : 0)
    }

    static func readAll(from fd: Int32, sizeHint: Int) throws(FileError) -> [UInt8] {
        // The expected size is read straight into the array's storage (no zero-filling, no second
        // copy). One byte more than the expected size lets a file of that size end with a single
        // short read that returns 0.
        var failure: Int32 = 0
        var filled = false
        var result = [UInt8](unsafeUninitializedCapacity: sizeHint > 0 ? sizeHint + 1 : 64 * 1024) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            // A file this large is checked and parsed in parts at the same time: the worker thread
            // starts while it is read.
            if sizeHint >= TodoDocument.validationMinimumPerPart * 2 { Parallel.startWorkers() }
            while count < buffer.count {
                let n = retryingOnInterrupt { posixRead(fd, buffer.baseAddress! + count, buffer.count - count) }
                if n < 0 { failure = errno }
                if n <= 0 { return }
                // A regular file of the expected size is not searched here: validating it finds the NUL.
                if sizeHint == 0, let end = endOfFirstNUL(UnsafeRawPointer(buffer.baseAddress! + count), n) {
                    count += end
                    return
                }
                count += n
            }
            filled = true
        }
        if failure != 0 { throw FileError(errno: failure) }
        guard filled else { return result }
        // More than expected (a pipe, or a file that grew): the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { posixRead(fd, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw FileError(errno: errno) }
            if count == 0 { return result }
            if let end = chunk.withUnsafeBytes({ endOfFirstNUL($0.baseAddress!, count) }) {
                result.append(contentsOf: chunk[0..<end])
                return result
            }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// How many of the `count` bytes at `bytes` come up to and including the first NUL byte; nil
    /// when there is none.
    private static func endOfFirstNUL(_ bytes: UnsafeRawPointer, _ count: Int) -> Int? {
        memchr(bytes, 0, count).map { UnsafeRawPointer($0) - bytes + 1 }
    }

    /// Writes every byte to an open file descriptor, e.g. standard output (`1`), continuing
    /// after partial writes and interrupted calls.
    /// - Parameters:
    ///   - bytes: The bytes to write.
    ///   - descriptor: An open file descriptor; it is not closed.
    /// - Throws: ``FileError`` made from `errno` when a write fails (`EIO` for a write that makes
    ///   no progress); some bytes may have been written.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(FileError) {
        try writeAll(bytes[...], to: descriptor)
    }

    /// ``writeAll(_:to:)`` of a slice.
    static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) throws(FileError) {
        let failure: Int32 = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return 0
        }
        if failure != 0 { throw FileError(errno: failure) }
    }

    /// Atomically replaces the contents of the existing regular file at `path` with `bytes`.
    ///
    /// If `path` is a symbolic link, the file it finally points to is replaced and the link stays
    /// a link. The new file keeps the original's permission bits; its owner and group are kept
    /// when the process may set them (otherwise it belongs to the caller). Because the file is
    /// replaced by a rename, other hard links to it keep the old contents, and extended
    /// attributes are not carried over.
    ///
    /// A file that the process may not write, or that has no write permission bit at all, is
    /// refused with ``FileError/permissionDenied`` — even for the superuser, who could rename
    /// over it — because a read-only mode says the file is not to be changed.
    ///
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: An existing regular file, or a symbolic link to one.
    /// - Throws: ``FileError/noSuchFile`` (also for a dangling link), ``FileError/isDirectory``,
    ///   ``FileError/notRegularFile``, ``FileError/permissionDenied``,
    ///   ``FileError/cannotCreateTemporaryFile(code:)`` or another ``FileError``. After an
    ///   error the original file is unchanged and no temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        _ = try replace(path, with: bytes, ifStill: nil, afterComparing: {})
    }

    /// Like ``write(_:to:)``, but replaces the file only if it still holds `expected`.
    ///
    /// Use it to rewrite a file that someone else may be saving at the same time (an editor):
    /// if their save landed after `expected` was read, it stays and `false` is returned.
    ///
    /// No file system offers a compare-and-swap on content, so the check is made twice. Once the
    /// new bytes are on disk, the file is read and compared; then the new file and the old one
    /// swap names in one atomic step (`renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np` with
    /// `RENAME_SWAP` on macOS), and what was swapped out is read again: if it is not `expected`,
    /// someone saved in between, and their file is swapped back (repeatedly, if they keep
    /// saving). Where swapping is not supported, a plain rename follows the first comparison, and
    /// a save in the moment between the two can be replaced.
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: An existing regular file, or a symbolic link to one.
    ///   - expected: The contents the file held when it was read.
    /// - Returns: `true` if the file was replaced, `false` if it no longer held `expected` (no
    ///   temporary file is left behind).
    /// - Throws: The errors of ``write(_:to:)``; a file that has vanished throws
    ///   ``FileError/noSuchFile``.
    public static func write(_ bytes: [UInt8], to path: String, ifStill expected: [UInt8]) throws(FileError) -> Bool {
        try replace(path, with: bytes, ifStill: expected, afterComparing: {})
    }

    /// ``write(_:to:ifStill:)`` that calls `afterComparing` between the first comparison and the
    /// swap, so that tests can save in that moment.
    static func write(
        _ bytes: [UInt8], to path: String, ifStill expected: [UInt8], afterComparing: () -> Void
    ) throws(FileError) -> Bool {
        try replace(path, with: bytes, ifStill: expected, afterComparing: afterComparing)
    }

    private static func replace(
        _ path: String, with bytes: [UInt8], ifStill expected: [UInt8]?, afterComparing: () -> Void
    ) throws(FileError) -> Bool {
        let replacement = try Replacement(path)
        try replacement.append(bytes[...])
        return try replacement.commit(ifStill: expected, afterComparing: afterComparing)
    }

    /// Puts our file at `temporary` (its identity: `ours`) at `target` if `target` holds
    /// `expected`. Returns whether it did, and whether `temporary` now names a file to delete (ours,
    /// or the old content that was replaced) rather than nothing or a file that must be kept. The
    /// caller holds our file open, so that no other file can take its identity meanwhile.
    static func swapIn(
        _ temporary: [CChar], over target: [CChar], ours: FileIdentity, ifStill expected: [UInt8],
        afterComparing: () -> Void
    ) throws(FileError) -> (replaced: Bool, discardTemporary: Bool) {
        guard try holds(cPath: target, expected) else { return (false, true) }
        afterComparing()
        switch RenameExchange.exchange(temporary, target) {
        case .exchanged:
            break
        case .unsupported:
            guard rename(temporary, target) == 0 else { throw FileError(errno: errno) }
            return (true, false)
        case .failed(let code):
            throw FileError(errno: code)
        }
        // `temporary` now names what was at `target` at the moment of the swap: `expected`, or a
        // save made after the comparison. Invariant below: `target` holds `placed` (our file, or
        // a save of theirs with these bytes), and `temporary` holds `swappedOut`, which must not
        // be lost.
        var placed: [UInt8]?
        if (try? holds(cPath: temporary, expected)) == true { return (true, true) }
        guard var swappedOut = try? read(cPath: temporary) else { return putBack(temporary, target) }
        // Put their save back. If they save again before that swap, what comes out is their
        // newer file, which goes back in its turn.
        for _ in 0..<100 {
            guard RenameExchange.exchange(temporary, target) == .exchanged else { break }
            // What comes out is what was placed (ours, or a save of theirs that a newer one
            // replaces), or a newer save: keep that on disk.
            if let placed {
                if (try? holds(cPath: temporary, placed)) == true { return (false, true) }
            } else {
                var info = stat()
                if stat(temporary, &info) == 0 && FileIdentity(info) == ours { return (false, true) }
            }
            guard let out = try? read(cPath: temporary) else { return (false, false) }
            (placed, swappedOut) = (swappedOut, out)
        }
        return putBack(temporary, target)
    }

    /// Whether the file at `path` holds exactly `expected`, read a chunk at a time and compared as it
    /// comes (a second copy of a large file is not held in memory; a file of another size stops early).
    /// A large regular file is compared in parts at the same time, each part reading its own
    /// stretch; `parts`: how many (tests choose).
    static func holds(cPath path: [CChar], _ expected: [UInt8], parts: Int? = nil) throws(FileError) -> Bool {
        try withOpenFile(cPath: path) { fd, info throws(FileError) in
            let regular = info.st_mode & S_IFMT == S_IFREG
            if regular && Int(info.st_size) != expected.count { return false }
            let parts = parts ?? (regular ? Parallel.parts(expected.count, minimumPerPart: bytesPerPart) : 1)
            var byte: UInt8 = 0
            return try expected.withUnsafeBufferPointer { expected throws(FileError) in
                guard parts > 1 else {
                    guard try same(expected, 0..<expected.count, reading: { buffer, count, _ in posixRead(fd, buffer, count) }) else {
                        return false
                    }
                    let past = retryingOnInterrupt { posixRead(fd, &byte, 1) }
                    if past < 0 { throw FileError(errno: errno) }
                    return past == 0
                }
                // Each part writes only its own outcome: whether its bytes are the same, or an error.
                var outcomes = [Result<Bool, FileError>](repeating: .success(true), count: parts)
                outcomes.withUnsafeMutableBufferPointer { outcomes in
                    nonisolated(unsafe) let (outcomes, expected) = (outcomes, expected)
                    Parallel.run(parts) { part in
                        let stretch = Parallel.share(part, of: parts, in: expected.count)
                        outcomes[part] = Result { () throws(FileError) -> Bool in
                            try same(expected, stretch, reading: { buffer, count, offset in pread(fd, buffer, count, off_t(offset)) })
                        }
                    }
                }
                for outcome in outcomes { guard try outcome.get() else { return false } }
                // Nothing past the end (the file may have grown since it was measured).
                let past = retryingOnInterrupt { pread(fd, &byte, 1, off_t(expected.count)) }
                if past < 0 { throw FileError(errno: errno) }
                return past == 0
            }
        }
    }

    /// Files of fewer bytes, and parts of more, are read (``readInParts(from:size:parts:)``) and
    /// compared (``holds(cPath:_:parts:)``) on one thread.
    static let bytesPerPart = 2 << 20

    /// Whether `reading` (given a buffer, a count and the file offset to read at; it returns how many
    /// bytes it read, 0 at end of file, -1 with `errno` on failure) gives exactly `expected[stretch]`,
    /// read and compared a chunk at a time.
    private static func same(_ expected: UnsafeBufferPointer<UInt8>, _ stretch: Range<Int>,
                             reading: (UnsafeMutableRawPointer, Int, Int) -> Int) throws(FileError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: max(min(stretch.count, 256 * 1024), 1))
        var offset = stretch.lowerBound
        return try chunk.withUnsafeMutableBufferPointer { chunk throws(FileError) in
            while offset < stretch.upperBound {
                let n = retryingOnInterrupt { reading(chunk.baseAddress!, min(chunk.count, stretch.upperBound - offset), offset) }
                if n < 0 { throw FileError(errno: errno) }
                guard n > 0, SameBytes.equal(UnsafeBufferPointer(chunk), 0..<n, expected, offset..<(offset + n)) else { return false }
                offset += n
            }
            return true
        }
    }

    /// Renames the save at `temporary` back over `target` after swapping could not finish; if
    /// even that fails, the save stays at `temporary` rather than being deleted.
    private static func putBack(_ temporary: [CChar], _ target: [CChar]) -> (replaced: Bool, discardTemporary: Bool) {
        _ = rename(temporary, target)
        return (false, false)
    }

    /// Follows symbolic links until `path` names something that is not a link.
    static func resolvingLinks(_ path: [UInt8]) throws(FileError) -> [UInt8] {
        var current = path
        // The same limit Linux applies (ELOOP after 40 links).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current.cString, &info) == 0 else {
                let error = FileError(errno: errno)
                // A link the kernel makes up (`/dev/fd/63` of a shell's `<(…)`, naming `pipe:[…]`)
                // leads nowhere as a path, but what it opens is there: not a file to replace.
                if current != path, stat(path.cString, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw .notRegularFile }
                throw error
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return current }
            let destination = try linkDestination(current)
            if destination.first == UInt8(ascii: "/") {
                current = destination
            } else {
                current = split(current).directory + [UInt8(ascii: "/")] + destination
            }
        }
        throw .system(code: ELOOP)
    }

    /// The raw contents of the symbolic link at `path`.
    static func linkDestination(_ path: [UInt8]) throws(FileError) -> [UInt8] {
        var capacity = 1024
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = readlink(path.cString, &buffer, capacity)
            guard length >= 0 else { throw FileError(errno: errno) }
            if length < capacity {
                return buffer[0..<length].map { UInt8(bitPattern: $0) }
            }
            capacity *= 4
        }
    }

    /// Creates a file that does not exist yet, atomically: the bytes are written (and flushed)
    /// under a temporary name, then linked to `path`. Nothing is ever half-written at `path`, and
    /// no temporary file is left behind.
    /// - Parameters:
    ///   - bytes: The contents.
    ///   - path: Where the file is created; its directory must exist.
    ///   - mode: The permission bits, less the process's umask.
    ///   - durable: Whether the bytes and the directory are flushed to disk. `false` suits files
    ///     that may be lost in a power failure, such as the undo journal's entries: still never
    ///     half-written, only possibly missing after a crash.
    /// - Throws: ``FileError/system(code:)`` (`EEXIST`) when something is at `path` already,
    ///   ``FileError/cannotCreateTemporaryFile(code:)`` when the temporary file cannot be made,
    ///   or another ``FileError`` when writing or linking fails.
    public static func create(_ bytes: [UInt8], at path: String, mode: mode_t = 0o644, durable: Bool = true) throws(FileError) {
        let (directory, name) = split(Array(path.utf8))
        var template = (directory + Array("/.".utf8) + truncatedName(name) + Array(".todofmt-XXXXXX".utf8))
            .map { CChar(bitPattern: $0) } + [0]
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotCreateTemporaryFile(code: errno) }
        let temporary = template
        defer { _ = unlink(temporary) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        do throws(FileError) {
            try writeAll(bytes, to: fd)
            guard fchmod(fd, mode & ~currentUmask()) == 0, !durable || retryingOnInterrupt({ fsync(fd) }) == 0 else {
                throw FileError(errno: errno)
            }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        guard link(temporary, path) == 0 else { throw FileError(errno: errno) }
        if durable { syncDirectory(directory) }
    }

    /// The process's file mode creation mask.
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// The directory part of a path (`.` when there is none) and the last component.
    static func split(_ path: [UInt8]) -> (directory: [UInt8], name: [UInt8]) {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else {
            return ([UInt8(ascii: ".")], path)
        }
        let directory = slash == path.startIndex ? [UInt8(ascii: "/")] : Array(path[..<slash])
        return (directory, Array(path[(slash + 1)...]))
    }

    /// The name cut so that `.NAME.todofmt-XXXXXX` stays within the usual 255-byte name limit,
    /// never in the middle of a UTF-8 sequence.
    static func truncatedName(_ name: [UInt8]) -> [UInt8] {
        var end = min(name.count, 200)
        while end > 0, end < name.count, name[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(name[..<end])
    }

    /// Flushes a directory entry change to disk; failures only cost durability, not correctness.
    static func syncDirectory(_ directory: [UInt8]) {
        let fd = open(directory.cString, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

/// Repeats a system call while it fails with `EINTR`.
func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

// Free functions, because inside `AtomicFile` the names `read` and `write` mean its own members.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

extension Array where Element == UInt8 {
    /// The bytes as a NUL-terminated C string.
    var cString: [CChar] {
        map { CChar(bitPattern: $0) } + [0]
    }
}
