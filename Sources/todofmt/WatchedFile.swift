import Dispatch
import TodoKit

/// One file that `todofmt watch` keeps formatted: its watcher, and what happens after a save.
///
/// Confined to the watch queue: the watcher calls the handler there, and ``WatchRunner`` touches
/// it only there.
final class WatchedFile: @unchecked Sendable {
    /// The path as given or found; names the file in messages and is used to read and write it.
    let path: String
    private let watcher: FileWatcher
    private let request: WatchRequest
    private let console: Console

    init(path: String, request: WatchRequest, console: Console, options: FileWatcher.Options) {
        self.path = path
        self.request = request
        self.console = console
        watcher = FileWatcher(path: path, options: options)
    }

    /// Starts watching; the content now is the baseline and is not formatted.
    func start(on queue: DispatchQueue) {
        watcher.start(queue: queue) { [weak self] event in self?.handle(event) }
    }

    /// Stops watching; no handler call runs or will run once this returns.
    func stop() {
        watcher.stop()
    }

    private func handle(_ event: FileWatcher.Event) {
        switch event {
        case .changed(let bytes):
            format(bytes)
        case .deleted:
            console.report(Diagnostic(path, .other("deleted")))
        case .error(let message):
            // The watcher's message already names the file.
            console.report(Diagnostic(nil, .other(message)))
        }
    }

    /// Formats `saved` (what the file held after a save) and writes the result, unless it is
    /// already canonical or the file has changed again since `saved` was read.
    ///
    /// ``AtomicFile/write(_:to:ifStill:)`` makes the second check race-free for every editor that
    /// replaces the file or has finished writing it. A program that keeps the file open between
    /// writes would go on writing to the copy this replaces: on Linux the watcher reports a write
    /// only once its writer has closed the file (`InotifyMonitor`); elsewhere (kqueue, polling),
    /// a writer that pauses longer than the debounce in the middle of its writes is that case.
    func format(_ saved: [UInt8]) {
        let options: FormatOptions
        do {
            options = try request.currentOptions(for: path)
        } catch {
            console.report(Diagnostic(nil, .configuration(error)))
            return
        }
        do {
            // Announced before the write, so that it cannot be reported back as a save to format.
            let outcome = try FileFormatter(formatter: TodoFormatter(options: options))
                .format(saved, at: path, beforeWriting: watcher.expectWrite)
            if case .written = outcome { console.report(Diagnostic(path, .other("formatted"))) }
            // `.changedMeanwhile`: someone saved again after `saved` was read; their save is left
            // alone, and the watcher reports it (it differs from what was announced), so it is
            // formatted in its turn.
        } catch {
            switch error {
            case .document(let problem):
                console.report(Diagnostic(path, .document(problem)))
            case .file(let problem):
                // Nothing was written: the watcher must compare with what the file held.
                watcher.expectWrite(saved)
                // A file deleted meanwhile is reported by the watcher as deleted.
                if problem != .noSuchFile { console.report(Diagnostic(path, .file(problem))) }
            }
        }
    }
}
