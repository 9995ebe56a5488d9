#if os(Linux)
import Glibc
import Dispatch

/// Linux: one inotify descriptor, read by a Dispatch read source, with a watch on the file's
/// parent directory (events filtered by the file's name) and one on the file itself (so writes
/// through a symbolic link or a hard link elsewhere are seen too).
///
/// A write to the file is reported once its writer has closed it (`IN_CLOSE_WRITE`), or once
/// something else stands at the path: a program that keeps the file open between writes (a
/// script's `>>`, `tee -a`, a logger) is waited for, however long it pauses, because a file
/// replaced meanwhile (as `todofmt watch` replaces it) would take its later writes away with the
/// old copy. Editors close a file as soon as they have written it.
///
/// Confined to the watcher's serial queue; see ``NativeMonitor``.
final class InotifyMonitor: NativeMonitor, @unchecked Sendable {
    private static let directoryMask = UInt32(
        IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    private static let fileMask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let directoryGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
    /// Size of `struct inotify_event` without its name.
    private static let headerSize = 16

    private let path: WatchedPath
    private let descriptor: Int32
    private let source: DispatchSourceRead
    private let signal: @Sendable (MonitorSignal) -> Void
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private var directoryWatch: Int32 = -1
    private var fileWatch: Int32 = -1
    /// Whether the file at the path was written by a writer that has not closed it yet.
    private var writerHoldsFile = false
    private(set) var directoryIdentity: FileIdentity?

    /// Opens the inotify descriptor; `nil` when the kernel refuses (no inotify, instance limit).
    init?(path: WatchedPath, queue: DispatchQueue, group: DispatchGroup, signal: @escaping @Sendable (MonitorSignal) -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.path = path
        self.descriptor = descriptor
        self.signal = signal
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        group.enter()
        // The descriptor is closed only once Dispatch has let go of it.
        source.setCancelHandler {
            _ = close(descriptor)
            group.leave()
        }
        source.setEventHandler { [weak self] in self?.drain() }
        source.activate()
    }

    func armDirectory() -> MonitorArmResult {
        disarmDirectory()
        let watch = inotify_add_watch(descriptor, path.directory, Self.directoryMask)
        guard watch >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .failed
        }
        directoryWatch = watch
        directoryIdentity = FileIdentity(path: path.directory)
        return .armed
    }

    func disarmDirectory() {
        if directoryWatch >= 0 { _ = inotify_rm_watch(descriptor, directoryWatch) }
        directoryWatch = -1
        directoryIdentity = nil
    }

    func refreshFileWatch() {
        var watch: Int32 = -1
        if FileSignature(path: path.absolute)?.isRegularFile == true {
            watch = inotify_add_watch(descriptor, path.absolute, Self.fileMask)
        }
        guard watch != fileWatch else { return }
        if fileWatch >= 0 { _ = inotify_rm_watch(descriptor, fileWatch) }
        fileWatch = watch
    }

    func cancel() {
        directoryWatch = -1
        fileWatch = -1
        directoryIdentity = nil
        source.cancel()
    }

    /// Reads every pending event, then signals once for the whole batch.
    private func drain() {
        var activity = false
        var directoryLost = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                signal(.failed)
                return
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + Self.headerSize <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameStart = offset + Self.headerSize
                    offset = nameStart + nameLength
                    guard offset <= count else { break }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost; the content comparison after the read makes that harmless.
                        activity = true
                    } else if watch == directoryWatch {
                        if mask & Self.directoryGone != 0 {
                            directoryLost = true
                        } else if nameMatches(raw, from: nameStart, length: nameLength) {
                            note(mask)
                            activity = true
                        }
                    } else if watch == fileWatch {
                        if mask & UInt32(IN_IGNORED) != 0 { fileWatch = -1 }
                        note(mask)
                        activity = true
                    }
                }
            }
        }
        if directoryLost {
            signal(.directoryLost)
        } else if activity && !writerHoldsFile {
            signal(.activity)
        }
    }

    /// Follows whether a writer still holds the file: a write opens that, its writer's close or
    /// another file at the path (created, moved there, or the old one deleted or moved away) ends it.
    private func note(_ mask: UInt32) {
        if mask & UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            writerHoldsFile = false
        }
        // A write after a close in the same batch is a new writer's.
        if mask & UInt32(IN_MODIFY) != 0 { writerHoldsFile = true }
    }

    /// Whether the NUL-padded name of an event is the watched file's name.
    private func nameMatches(_ raw: UnsafeRawBufferPointer, from start: Int, length: Int) -> Bool {
        var end = start
        while end < start + length, raw[end] != 0 { end += 1 }
        return end - start == path.name.count && raw[start..<end].elementsEqual(path.name)
    }
}
#endif
