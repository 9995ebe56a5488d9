import Dispatch
import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// Generous: these are upper bounds for "it happened", never measurements.
let watcherTimeout: TimeInterval = 20

/// Collects a watcher's events (from any queue) and lets a test wait for a condition on them.
/// Collects events (from any queue or task) and lets a test wait for a condition on them.
final class EventRecorder<Event: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [Event] = []

    func record(_ event: Event) {
        condition.lock()
        recorded.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var events: [Event] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    /// Waits until `predicate` holds for the events so far; `false` after `watcherTimeout`.
    func wait(until predicate: ([Event]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: watcherTimeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) { return predicate(recorded) }
        }
        return true
    }
}

extension EventRecorder where Event == FileWatcher.Event {
    /// Waits until the last event reports exactly `text`.
    func waitForLast(_ text: String) -> Bool {
        wait { $0.last == .changed(Array(text.utf8)) }
    }
}

/// Waits (polling every few milliseconds) until `condition` holds; `false` after `watcherTimeout`.
func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: watcherTimeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(2_000)
    }
    return true
}

/// The events as text, for failure messages.
func describe(_ events: [FileWatcher.Event]) -> String {
    events.map { event -> String in
        switch event {
        case .changed(let bytes): "changed(\(String(decoding: bytes, as: UTF8.self).debugDescription))"
        case .deleted: "deleted"
        case .error(let message): "error(\(message))"
        }
    }.joined(separator: ", ")
}

func changed(_ text: String) -> FileWatcher.Event {
    .changed(Array(text.utf8))
}

/// The number of open descriptors of this process that a watcher of a file under `directory`
/// may hold: on Linux those open on something under `directory` and inotify instances (other
/// tests' leftovers in the same process, a pipe or a socket closing late, do not count); elsewhere
/// every descriptor.
func openDescriptorCount(under directory: String) -> Int {
    let fds = FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd" : "/dev/fd"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: fds) else { return -1 }
    guard fds == "/proc/self/fd" else { return names.count }
    return names.filter { name in
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + name) else { return false }
        return target.hasPrefix(directory) || target.contains("inotify")
    }.count
}

// MARK: Ways editors save

enum Save {
    /// open(O_TRUNC), one write, close: `echo text > file`, many simple editors.
    static func inPlace(_ path: String, _ text: String) {
        writeAll(path, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    /// open(O_APPEND), one write, close: `echo text >> file`.
    static func append(_ path: String, _ text: String) {
        writeAll(path, text, flags: O_WRONLY | O_CREAT | O_APPEND)
    }

    /// Overwrites from the start without truncating: there is no moment with partial content.
    static func overwrite(_ path: String, _ text: String) {
        writeAll(path, text, flags: O_WRONLY)
    }

    /// Writes a temporary file next to the target and renames it over (VS Code, most IDEs).
    static func atomicRename(_ path: String, _ text: String) {
        let temporary = path + ".tmp-\(getpid())"
        writeAll(temporary, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
        precondition(rename(temporary, path) == 0, "rename failed")
    }

    /// Foundation's atomic write.
    static func foundationAtomic(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// vim with `backupcopy=no`: rename the original to a backup, write a new file, delete the backup.
    static func vimStyle(_ path: String, _ text: String) {
        let backup = path + "~"
        precondition(rename(path, backup) == 0, "rename to backup failed")
        writeAll(path, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
        unlink(backup)
    }

    private static func writeAll(_ path: String, _ text: String, flags: Int32) {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "cannot open \(path)")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "short write to \(path)")
        close(descriptor)
    }
}

/// Runs a real editor or tool; returns its exit status.
@discardableResult
func runTool(_ executable: String, _ arguments: [String]) throws -> Int32 {
    try ChildProcess.run(executable, arguments).status
}
