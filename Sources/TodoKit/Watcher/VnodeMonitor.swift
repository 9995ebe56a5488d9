#if canImport(Darwin)
import Darwin
import Dispatch

/// macOS: Dispatch vnode sources on the file's parent directory (entries added, removed, renamed)
/// and on the file itself (writes, size and attribute changes, deletion, renaming). The file
/// source is re-opened whenever the path comes to name another file; the directory source is
/// re-armed by the watcher when the directory is renamed or deleted.
///
/// Confined to the watcher's serial queue; see ``NativeMonitor``.
final class VnodeMonitor: NativeMonitor, @unchecked Sendable {
    private let path: WatchedPath
    private let queue: DispatchQueue
    private let group: DispatchGroup
    private let signal: @Sendable (MonitorSignal) -> Void
    private var directorySource: DispatchSourceFileSystemObject?
    private var fileSource: DispatchSourceFileSystemObject?
    private var fileIdentity: FileIdentity?
    private(set) var directoryIdentity: FileIdentity?

    init?(path: WatchedPath, queue: DispatchQueue, group: DispatchGroup, signal: @escaping @Sendable (MonitorSignal) -> Void) {
        self.path = path
        self.queue = queue
        self.group = group
        self.signal = signal
    }

    func armDirectory() -> MonitorArmResult {
        disarmDirectory()
        let descriptor = open(path.directory, O_EVTONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .failed
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            _ = close(descriptor)
            return .failed
        }
        directoryIdentity = FileIdentity(status)
        directorySource = makeSource(descriptor, [.write, .delete, .rename, .revoke, .link, .attrib]) { [weak self] in
            self?.directoryChanged()
        }
        return .armed
    }

    func disarmDirectory() {
        directorySource?.cancel()
        directorySource = nil
        directoryIdentity = nil
    }

    func refreshFileWatch() {
        let signature = FileSignature(path: path.absolute)
        let current = signature?.isRegularFile == true ? signature?.identity : nil
        if current != nil, current == fileIdentity, fileSource != nil { return }
        fileSource?.cancel()
        fileSource = nil
        fileIdentity = nil
        guard current != nil else { return }
        let descriptor = open(path.absolute, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            _ = close(descriptor)
            return
        }
        fileIdentity = FileIdentity(status)
        fileSource = makeSource(descriptor, [.write, .extend, .attrib, .delete, .rename, .revoke, .link]) { [weak self] in
            self?.signal(.activity)
        }
    }

    func cancel() {
        disarmDirectory()
        fileSource?.cancel()
        fileSource = nil
        fileIdentity = nil
    }

    /// Any directory event may be the file's entry changing; a rename or deletion of the directory
    /// itself shows as the path no longer naming the directory that is watched.
    private func directoryChanged() {
        if FileIdentity(path: path.directory) != directoryIdentity {
            signal(.directoryLost)
        } else {
            signal(.activity)
        }
    }

    private func makeSource(
        _ descriptor: Int32, _ mask: DispatchSource.FileSystemEvent, handler: @escaping @Sendable () -> Void
    ) -> DispatchSourceFileSystemObject {
        let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: mask, queue: queue)
        let group = self.group
        group.enter()
        // The descriptor is closed only once Dispatch has let go of it.
        source.setCancelHandler {
            _ = close(descriptor)
            group.leave()
        }
        source.setEventHandler(handler: handler)
        source.activate()
        return source
    }
}
#endif
