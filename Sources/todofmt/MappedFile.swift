#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// A large regular file mapped read-only into memory, for `--check`: its bytes are read where the
/// kernel keeps them. Reading it instead fills fresh memory, which the kernel first clears: for the
/// 10 MB file, 2 to 3 ms before its first stretch can start (a 31 ms check when it is canonical).
///
/// A program that cuts the file short while it is mapped would end the process with SIGBUS on the
/// first page past the new end. The file's own handler (``TruncationGuard``) turns that into the
/// error of a file changed meanwhile: one line on standard error naming the file, exit status 2.
/// Ending the process there loses nothing: a check writes no file, and its report has not been
/// printed yet.
final class MappedFile {
    /// Files smaller than this are read: mapping and unmapping cost more than reading them (and the
    /// formatter cuts only larger documents into stretches, ``TodoFormatter/changedLinesInStretches(_:minimumBytes:)``).
    static let minimumBytes = 1 << 20

    /// The file's bytes, valid while the value lives.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the guard keeps the file's error line.
    private let slot: Int

    /// Maps the regular file at `path`, reported as `name`; nil when it is smaller than
    /// ``minimumBytes``, too large to be a todo file, not a regular file or cannot be mapped (it
    /// is read the usual way then, which reports why it cannot be checked).
    init?(path: String, name: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= MappedFile.minimumBytes,
              TodoDocument.sizeError(Int(info.st_size)) == nil else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        let line = "todofmt: " + Diagnostic(name, .changedMeanwhile(while: "it was being checked (cut short)")).message + "\n"
        guard let slot = TruncationGuard.watch(address, size, line: line) else {
            munmap(address, size)
            return nil
        }
        self.slot = slot
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        #if os(Linux)
        // Its pages are mapped now, a part on each processor at once (`MADV_POPULATE_READ`, 22,
        // Linux 5.14): the cut scan that follows reads lines on one thread, and in a file with few
        // headings it would fault them in one after the other (2 ms of the 21 MB file nested 1,000
        // deep). A kernel without that advice maps them as they are read.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let parts = Parallel.parts(size, minimumPerPart: 2 << 20)
        nonisolated(unsafe) let start = address
        Parallel.run(parts) { part in
            let share = Parallel.share(part, of: parts, in: size)
            let from = share.lowerBound / page * page
            _ = madvise(start + from, share.upperBound - from, 22)
        }
        #endif
    }

    deinit {
        TruncationGuard.stopWatching(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

extension MappedFile {
    /// The SIGBUS handler of ``MappedFile``: a fault inside a watched file's mapping prints the file's
    /// error line and ends the process with status 2; any other SIGBUS goes to the handler installed
    /// before (the Swift runtime's crash report, or the default action).
    ///
    /// The handler reads a fixed table of slots and calls only `write` and `_exit` (both safe in a
    /// signal handler); slots are taken and given back under a lock.
    private enum TruncationGuard {
        /// One watched mapping; `end == 0` for a free slot.
        private struct Slot {
            var start: UInt = 0
            var end: UInt = 0
            var line: UnsafeMutablePointer<CChar>?
            var length = 0
        }

        /// As many files as are checked at the same time, and more: past that, files are read.
        private static let capacity = 32
        private nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
            let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
            slots.initialize(repeating: Slot(), count: capacity)
            return slots
        }()
        private static let lock = ThreadLock()
        /// Guarded by `lock`.
        private nonisolated(unsafe) static var installed = false
        /// The SIGBUS action before ours, set once, before ours is installed.
        private nonisolated(unsafe) static var previous = sigaction()

        /// Watches `size` bytes at `address`, whose fault prints `line`; the slot, or nil when none is
        /// free or the handler cannot be installed.
        static func watch(_ address: UnsafeMutableRawPointer, _ size: Int, line: String) -> Int? {
            lock.locked {
                if !installed {
                    var action = sigaction()
                    #if canImport(Glibc)
                    action.__sigaction_handler.sa_sigaction = handleBusError
                    #else
                    action.__sigaction_u.__sa_sigaction = handleBusError
                    #endif
                    // No other signal blocked while it runs: the mask of a zeroed action is empty.
                    action.sa_flags = SA_SIGINFO
                    guard sigaction(SIGBUS, &action, &previous) == 0 else { return nil }
                    installed = true
                }
                guard let free = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
                let bytes = Array(line.utf8CString)
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
                copy.initialize(from: bytes, count: bytes.count)
                let start = UInt(bitPattern: address)
                slots[free] = Slot(start: start, end: start + UInt(size), line: copy, length: bytes.count - 1)
                return free
            }
        }

        /// Stops watching the mapping in `slot`.
        static func stopWatching(_ slot: Int) {
            lock.locked {
                let line = slots[slot].line
                slots[slot] = Slot()
                line?.deallocate()
            }
        }

        private static let handleBusError: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, info, _ in
            #if canImport(Glibc)
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            #else
            let address = UInt(bitPattern: info?.pointee.si_addr)
            #endif
            for index in 0..<TruncationGuard.capacity {
                let slot = TruncationGuard.slots[index]
                if slot.start <= address && address < slot.end, let line = slot.line {
                    _ = write(STDERR_FILENO, line, slot.length)
                    _exit(ExitStatus.failure.rawValue)
                }
            }
            // Not a watched file's: the action before ours, when the faulting access is made again.
            sigaction(SIGBUS, &TruncationGuard.previous, nil)
        }
    }
}
