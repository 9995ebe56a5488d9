import Dispatch
import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// Drives real file-system events in temporary directories. Every scenario runs with kernel
/// notifications (inotify on Linux) and with the polling fallback.
///
/// Waiting is bounded by generous timeouts; nothing asserts how fast anything happened. Where a
/// save has a moment with partial content (a truncating write, vim's rename-then-write), the
/// watcher may legitimately report that moment if the writer stalls longer than the debounce, so
/// those tests accept it but still require the final content to be the last report.
final class FileWatcherTests: XCTestCase {
    static let native = FileWatcher.Options(pollInterval: .milliseconds(20))
    static let polling = FileWatcher.Options(backend: .polling, pollInterval: .milliseconds(20))

    private var directory: TemporaryDirectory!
    private var watchers: [FileWatcher] = []

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("watcher")
    }

    override func tearDown() {
        watchers.forEach { $0.stop() }
        watchers = []
        directory.remove()
    }

    /// Starts a watcher on `path` that records into a new recorder.
    private func watch(_ path: String, _ options: FileWatcher.Options) -> (FileWatcher, EventRecorder<FileWatcher.Event>) {
        let watcher = FileWatcher(path: path, options: options)
        let recorder = EventRecorder<FileWatcher.Event>()
        watcher.start(queue: DispatchQueue(label: "test.client")) { recorder.record($0) }
        watchers.append(watcher)
        return (watcher, recorder)
    }

    /// Waits until the watcher has read the file at least once more than `count` times, so that
    /// a save that should not be reported has been looked at.
    private func waitForCheck(_ watcher: FileWatcher, after count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(eventually { watcher.core.completedChecks > count }, "the watcher never read the file", file: file, line: line)
    }

    /// Asserts the recorded events end with `text` and hold nothing but `text`, plus, when the
    /// save had a moment with partial content, reports of that moment.
    private func assertFinal(
        _ recorder: EventRecorder<FileWatcher.Event>, _ text: String, transient: [FileWatcher.Event] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(recorder.waitForLast(text), "no report of \(text.debugDescription): \(describe(recorder.events))", file: file, line: line)
        let events = recorder.events
        let allowed = Set(transient + [changed(text)])
        XCTAssertTrue(events.allSatisfy(allowed.contains), describe(events), file: file, line: line)
        XCTAssertLessThanOrEqual(events.count, 1 + transient.count, describe(events), file: file, line: line)
    }

    // MARK: Scenarios

    private func inPlaceWrite(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] a\n")
        let (_, recorder) = watch(path, options)
        Save.inPlace(path, "- [x] a\n")
        assertFinal(recorder, "- [x] a\n", transient: [changed("")])
    }

    private func overwriteAndAppend(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] a\n")
        let (_, recorder) = watch(path, options)
        Save.overwrite(path, "- [x] a\n")
        XCTAssertTrue(recorder.waitForLast("- [x] a\n"), describe(recorder.events))
        Save.append(path, "- [ ] b\n")
        XCTAssertTrue(recorder.waitForLast("- [x] a\n- [ ] b\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("- [x] a\n"), changed("- [x] a\n- [ ] b\n")], describe(recorder.events))
    }

    private func atomicRenameSave(_ options: FileWatcher.Options) throws {
        let path = directory.file("todos.md")
        Save.inPlace(path, "one\n")
        let (_, recorder) = watch(path, options)
        Save.atomicRename(path, "two\n")
        XCTAssertTrue(recorder.waitForLast("two\n"), describe(recorder.events))
        try Save.foundationAtomic(path, "three\n")
        XCTAssertTrue(recorder.waitForLast("three\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("two\n"), changed("three\n")], describe(recorder.events))
    }

    private func vimStyleSave(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "before\n")
        let (_, recorder) = watch(path, options)
        Save.vimStyle(path, "after\n")
        assertFinal(recorder, "after\n", transient: [.deleted, changed("")])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "~"))
    }

    private func deleteAndRecreate(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "same\n")
        let (_, recorder) = watch(path, options)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertTrue(recorder.wait { $0 == [.deleted] }, describe(recorder.events))
        // The same content again (and quite possibly the same inode number) is news after a delete.
        Save.atomicRename(path, "same\n")
        XCTAssertTrue(recorder.wait { $0 == [.deleted, changed("same\n")] }, describe(recorder.events))
        XCTAssertEqual(unlink(path), 0)
        Save.inPlace(path, "")
        Save.inPlace(path, "new\n")
        XCTAssertTrue(recorder.waitForLast("new\n"), describe(recorder.events))
        let later = Array(recorder.events.dropFirst(2))
        XCTAssertTrue(later.allSatisfy([.deleted, changed(""), changed("new\n")].contains), describe(recorder.events))
    }

    private func fileCreatedAfterStart(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        let (_, recorder) = watch(path, options)
        Save.atomicRename(path, "born\n")
        XCTAssertTrue(recorder.waitForLast("born\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("born\n")])
    }

    private func directoryCreatedAfterStart(_ options: FileWatcher.Options) throws {
        let path = directory.file("later/deeper/todos.md")
        let (_, recorder) = watch(path, options)
        try FileManager.default.createDirectory(atPath: directory.file("later/deeper"), withIntermediateDirectories: true)
        Save.atomicRename(path, "here\n")
        XCTAssertTrue(recorder.waitForLast("here\n"), describe(recorder.events))
        Save.overwrite(path, "HERE\n")
        XCTAssertTrue(recorder.waitForLast("HERE\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("here\n"), changed("HERE\n")])
    }

    private func burst(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "start\n")
        let (_, recorder) = watch(path, options)
        for index in 0..<200 {
            Save.inPlace(path, "- [ ] write \(index)\n")
        }
        XCTAssertTrue(recorder.waitForLast("- [ ] write 199\n"), describe(recorder.events))
        let events = recorder.events
        XCTAssertLessThanOrEqual(events.count, 2, describe(events))
        XCTAssertFalse(events.contains(.deleted), describe(events))
    }

    private func sameBytesNotReported(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "same\n")
        let (watcher, recorder) = watch(path, options)
        var checks = watcher.core.completedChecks
        Save.overwrite(path, "same\n")
        waitForCheck(watcher, after: checks)
        checks = watcher.core.completedChecks
        Save.atomicRename(path, "same\n")
        waitForCheck(watcher, after: checks)
        checks = watcher.core.completedChecks
        XCTAssertEqual(chmod(path, 0o600), 0)
        waitForCheck(watcher, after: checks)
        // Something that is reported, to show that the saves above were seen and stayed silent.
        Save.atomicRename(path, "different\n")
        XCTAssertTrue(recorder.waitForLast("different\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("different\n")], describe(recorder.events))
    }

    private func ownWriteNotReported(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] task\n")
        let (watcher, recorder) = watch(path, options)
        var checks = watcher.core.completedChecks
        watcher.expectWrite(Array("- [x] task\n".utf8))
        Save.atomicRename(path, "- [x] task\n")
        waitForCheck(watcher, after: checks)
        // Announced, but somebody else's save landed instead: that is reported.
        checks = watcher.core.completedChecks
        watcher.expectWrite(Array("mine\n".utf8))
        Save.atomicRename(path, "theirs\n")
        XCTAssertTrue(recorder.waitForLast("theirs\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("theirs\n")], describe(recorder.events))
        waitForCheck(watcher, after: checks)
    }

    private func parentDirectoryRenamedAwayAndBack(_ options: FileWatcher.Options) throws {
        let folder = directory.file("notes")
        let away = directory.file("notes-away")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/todos.md"
        Save.inPlace(path, "kept\n")
        let (watcher, recorder) = watch(path, options)
        XCTAssertEqual(rename(folder, away), 0)
        XCTAssertTrue(recorder.wait { $0 == [.deleted] }, describe(recorder.events))
        // Edits in the directory's new place are not the watched path.
        Save.atomicRename(away + "/todos.md", "elsewhere\n")
        XCTAssertEqual(rename(away, folder), 0)
        XCTAssertTrue(recorder.waitForLast("elsewhere\n"), describe(recorder.events))
        // And it is watched again after coming back.
        Save.atomicRename(path, "back\n")
        XCTAssertTrue(recorder.waitForLast("back\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [.deleted, changed("elsewhere\n"), changed("back\n")], describe(recorder.events))
        XCTAssertEqual(watcher.core.isPolling, options.backend == .polling, "not watching natively again")
    }

    private func parentDirectoryRemovedAndRecreated(_ options: FileWatcher.Options) throws {
        let folder = directory.file("notes")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/todos.md"
        Save.inPlace(path, "old\n")
        let (watcher, recorder) = watch(path, options)
        try FileManager.default.removeItem(atPath: folder)
        XCTAssertTrue(recorder.wait { $0 == [.deleted] }, describe(recorder.events))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        Save.atomicRename(path, "new\n")
        XCTAssertTrue(recorder.waitForLast("new\n"), describe(recorder.events))
        Save.append(path, "more\n")
        XCTAssertTrue(recorder.waitForLast("new\nmore\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [.deleted, changed("new\n"), changed("new\nmore\n")], describe(recorder.events))
        XCTAssertEqual(watcher.core.isPolling, options.backend == .polling, "not watching natively again")
    }

    private func symbolicLinkTarget(_ options: FileWatcher.Options) throws {
        let real = directory.file("real")
        let linked = directory.file("linked")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: false)
        Save.inPlace(real + "/todos.md", "a\n")
        XCTAssertEqual(symlink("../real/todos.md", linked + "/todos.md"), 0)
        let (_, recorder) = watch(linked + "/todos.md", options)
        // Only the target's directory sees this write; the link's directory does not.
        Save.overwrite(real + "/todos.md", "b\n")
        XCTAssertTrue(recorder.waitForLast("b\n"), describe(recorder.events))
        Save.append(real + "/todos.md", "c\n")
        XCTAssertTrue(recorder.waitForLast("b\nc\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("b\n"), changed("b\nc\n")], describe(recorder.events))
    }

    private func siblingsIgnored(_ options: FileWatcher.Options) {
        let path = directory.file("todos.md")
        let sibling = directory.file("other.md")
        Save.inPlace(path, "mine\n")
        let (watcher, recorder) = watch(path, options)
        let (_, witness) = watch(sibling, options)
        for index in 0..<20 {
            Save.atomicRename(sibling, "\(index)\n")
            Save.append(sibling, "more\n")
        }
        XCTAssertTrue(witness.waitForLast("19\nmore\n"), describe(witness.events))
        // Room for a wrong read to happen before the watched file changes.
        usleep(100_000)
        Save.atomicRename(path, "mine too\n")
        XCTAssertTrue(recorder.waitForLast("mine too\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("mine too\n")])
        XCTAssertEqual(watcher.core.completedChecks, 1, "other files in the directory made the watcher read")
    }

    private func unreadablePath(_ options: FileWatcher.Options) throws {
        let path = directory.file("todos.md")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let (_, recorder) = watch(path, options)
        XCTAssertTrue(recorder.wait { !$0.isEmpty }, "no error reported")
        XCTAssertEqual(recorder.events, [.error("cannot read \(path): not a regular file")])
        XCTAssertEqual(rmdir(path), 0)
        Save.atomicRename(path, "file now\n")
        XCTAssertTrue(recorder.waitForLast("file now\n"), describe(recorder.events))
    }

    // MARK: Kernel notifications

    func testUsesKernelNotifications() {
        let (watcher, _) = watch(directory.file("todos.md"), Self.native)
        XCTAssertEqual(watcher.core.isPolling, false)
    }

    func testInPlaceWrite() { inPlaceWrite(Self.native) }
    func testOverwriteAndAppend() { overwriteAndAppend(Self.native) }
    func testAtomicRenameSave() throws { try atomicRenameSave(Self.native) }
    func testVimStyleSave() { vimStyleSave(Self.native) }
    func testDeleteAndRecreate() { deleteAndRecreate(Self.native) }
    func testFileCreatedAfterStart() { fileCreatedAfterStart(Self.native) }
    func testDirectoryCreatedAfterStart() throws { try directoryCreatedAfterStart(Self.native) }
    func testBurstOf200WritesReportsOnce() { burst(Self.native) }
    func testSameBytesNotReported() { sameBytesNotReported(Self.native) }
    func testOwnWriteNotReported() { ownWriteNotReported(Self.native) }
    func testParentDirectoryRenamedAwayAndBack() throws { try parentDirectoryRenamedAwayAndBack(Self.native) }
    func testParentDirectoryRemovedAndRecreated() throws { try parentDirectoryRemovedAndRecreated(Self.native) }
    func testSymbolicLinkTarget() throws { try symbolicLinkTarget(Self.native) }
    func testUnreadablePath() throws { try unreadablePath(Self.native) }
    func testOtherFilesInTheDirectoryAreIgnored() { siblingsIgnored(Self.native) }

    /// A writer that keeps the file open between two writes (a script's `>>`, `tee -a`) is waited
    /// for, however long it pauses: nothing is reported until it closes the file, then the whole of
    /// it once (a file formatted and replaced in between would take its later writes away).
    func testAWriterHoldingTheFileOpenIsWaitedFor() {
        #if os(Linux)
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] a\n")
        let (_, recorder) = watch(path, Self.native)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        func write(_ text: String) {
            let bytes = Array(text.utf8)
            XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }, bytes.count)
        }
        write("- [x] b\n")
        // Fifteen debounces: a watcher that reported writes read the file here.
        usleep(300_000)
        XCTAssertEqual(recorder.events, [], describe(recorder.events))
        write("- [ ] c\n")
        close(descriptor)
        XCTAssertTrue(recorder.waitForLast("- [ ] a\n- [x] b\n- [ ] c\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("- [ ] a\n- [x] b\n- [ ] c\n")], describe(recorder.events))
        #endif
    }

    // MARK: Polling

    func testPollingIsUsedWhenAsked() {
        let (watcher, _) = watch(directory.file("todos.md"), Self.polling)
        XCTAssertEqual(watcher.core.isPolling, true)
    }

    func testPollingInPlaceWrite() { inPlaceWrite(Self.polling) }
    func testPollingOverwriteAndAppend() { overwriteAndAppend(Self.polling) }
    func testPollingAtomicRenameSave() throws { try atomicRenameSave(Self.polling) }
    func testPollingVimStyleSave() { vimStyleSave(Self.polling) }
    func testPollingDeleteAndRecreate() { deleteAndRecreate(Self.polling) }
    func testPollingFileCreatedAfterStart() { fileCreatedAfterStart(Self.polling) }
    func testPollingDirectoryCreatedAfterStart() throws { try directoryCreatedAfterStart(Self.polling) }
    func testPollingBurstOf200WritesReportsOnce() { burst(Self.polling) }
    func testPollingSameBytesNotReported() { sameBytesNotReported(Self.polling) }
    func testPollingOwnWriteNotReported() { ownWriteNotReported(Self.polling) }
    func testPollingParentDirectoryRenamedAwayAndBack() throws { try parentDirectoryRenamedAwayAndBack(Self.polling) }
    func testPollingParentDirectoryRemovedAndRecreated() throws { try parentDirectoryRemovedAndRecreated(Self.polling) }
    func testPollingSymbolicLinkTarget() throws { try symbolicLinkTarget(Self.polling) }
    func testPollingUnreadablePath() throws { try unreadablePath(Self.polling) }
    func testPollingOtherFilesInTheDirectoryAreIgnored() { siblingsIgnored(Self.polling) }

    func testFallsBackToPollingWhenTheWatchLimitIsReached() {
        var options = Self.native
        options.simulateWatchLimit = true
        let path = directory.file("todos.md")
        Save.inPlace(path, "a\n")
        let descriptors = openDescriptorCount(under: directory.path)
        let (watcher, recorder) = watch(path, options)
        XCTAssertEqual(watcher.core.isPolling, true)
        Save.atomicRename(path, "b\n")
        XCTAssertTrue(recorder.waitForLast("b\n"), describe(recorder.events))
        watcher.stop()
        XCTAssertEqual(openDescriptorCount(under: directory.path), descriptors)
    }

    // MARK: Real editors and tools

    func testRealVimSaves() throws {
        let vim = "/usr/bin/vim"
        guard FileManager.default.isExecutableFile(atPath: vim) else { throw XCTSkip("vim is not installed") }
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] one\n")
        let (_, recorder) = watch(path, Self.native)
        // backupcopy=no: rename to a backup, write a new file; backupcopy=yes: copy, write in place.
        for (setting, from, to) in [("no", "one", "two"), ("yes", "two", "three")] {
            let status = try runTool(vim, [
                "-u", "NONE", "-i", "NONE", "-N", "-n", "-es",
                "-c", "set backupcopy=\(setting) writebackup nobackup",
                "-c", "%s/\(from)/\(to)/", "-c", "wq", path,
            ])
            XCTAssertEqual(status, 0)
            XCTAssertTrue(recorder.waitForLast("- [ ] \(to)\n"), "backupcopy=\(setting): \(describe(recorder.events))")
        }
        XCTAssertEqual(recorder.events.last, changed("- [ ] three\n"))
        XCTAssertFalse(recorder.events.contains { if case .error = $0 { true } else { false } })
    }

    func testRealSedInPlace() throws {
        let sed = ["/usr/bin/sed", "/bin/sed"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let sed else { throw XCTSkip("sed is not installed") }
        let path = directory.file("todos.md")
        Save.inPlace(path, "- [ ] task\n")
        let (_, recorder) = watch(path, Self.native)
        XCTAssertEqual(try runTool(sed, ["-i", "s/\\[ \\]/[x]/", path]), 0)
        XCTAssertTrue(recorder.waitForLast("- [x] task\n"), describe(recorder.events))
        XCTAssertEqual(recorder.events, [changed("- [x] task\n")])
    }

    // MARK: Lifecycle

    func testNoCallbacksAfterStop() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let stopped = Flag()
        let late = Flag()
        let watcher = FileWatcher(path: path, options: Self.native)
        watcher.start(queue: DispatchQueue(label: "test.stopped")) { _ in
            if stopped.value { late.set() }
        }
        // A second watcher on the same file proves the saves after stop() were noticed.
        let (_, witness) = watch(path, Self.native)
        Save.atomicRename(path, "1\n")
        XCTAssertTrue(witness.waitForLast("1\n"))
        // Saves racing with stop().
        let saving = DispatchQueue(label: "test.saving")
        saving.async { for index in 2...50 { Save.atomicRename(path, "\(index)\n") } }
        watcher.stop()
        stopped.set()
        saving.sync {}
        XCTAssertTrue(witness.waitForLast("50\n"), describe(witness.events))
        Save.atomicRename(path, "51\n")
        XCTAssertTrue(witness.waitForLast("51\n"), describe(witness.events))
        XCTAssertFalse(late.value, "the handler was called after stop() returned")
    }

    func testEventsPendingAtStopAreDropped() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let client = DispatchQueue(label: "test.suspended")
        let calls = EventRecorder<FileWatcher.Event>()
        let watcher = FileWatcher(path: path, options: Self.native)
        // The client's queue is busy, so the report waits in it.
        client.suspend()
        watcher.start(queue: client) { calls.record($0) }
        Save.atomicRename(path, "1\n")
        waitForCheck(watcher, after: 0)
        watcher.stop()
        client.resume()
        client.sync {}
        XCTAssertEqual(calls.events, [], "a report queued before stop() was delivered after it")
    }

    func testStopWaitsForARunningHandler() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let inside = Flag()
        let running = Flag()
        let watcher = FileWatcher(path: path, options: Self.native)
        watcher.start(queue: DispatchQueue(label: "test.slow")) { _ in
            running.set()
            inside.set()
            usleep(200_000)
            running.clear()
        }
        Save.atomicRename(path, "1\n")
        XCTAssertTrue(eventually { inside.value })
        watcher.stop()
        XCTAssertFalse(running.value, "stop() returned while the handler was still running")
    }

    func testStopFromInsideTheHandler() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let watcher = FileWatcher(path: path, options: Self.native)
        let recorder = EventRecorder<FileWatcher.Event>()
        watcher.start(queue: DispatchQueue(label: "test.client")) { event in
            watcher.stop()
            recorder.record(event)
        }
        Save.atomicRename(path, "1\n")
        XCTAssertTrue(recorder.waitForLast("1\n"))
        XCTAssertNil(watcher.core.isPolling)
    }

    func testRestartReplacesTheHandler() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let (watcher, first) = watch(path, Self.native)
        Save.atomicRename(path, "1\n")
        XCTAssertTrue(first.waitForLast("1\n"))
        let second = EventRecorder<FileWatcher.Event>()
        watcher.start(queue: DispatchQueue(label: "test.second")) { second.record($0) }
        Save.atomicRename(path, "2\n")
        XCTAssertTrue(second.waitForLast("2\n"), describe(second.events))
        XCTAssertEqual(first.events, [changed("1\n")])
        XCTAssertEqual(second.events, [changed("2\n")])
    }

    func testNoDescriptorLeakAfter100StartStopCycles() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        // Warm up Dispatch's own descriptors before counting.
        let warmUp = FileWatcher(path: path, options: Self.native)
        warmUp.start(queue: DispatchQueue(label: "test.warm")) { _ in }
        warmUp.stop()
        let before = openDescriptorCount(under: directory.path)
        for cycle in 1...100 {
            let options = cycle % 2 == 0 ? Self.native : Self.polling
            let watcher = FileWatcher(path: path, options: options)
            let recorder = EventRecorder<FileWatcher.Event>()
            watcher.start(queue: DispatchQueue(label: "test.cycle")) { recorder.record($0) }
            if cycle % 10 == 0 {
                Save.atomicRename(path, "\(cycle)\n")
                XCTAssertTrue(recorder.waitForLast("\(cycle)\n"), "cycle \(cycle): \(describe(recorder.events))")
            }
            watcher.stop()
        }
        XCTAssertEqual(openDescriptorCount(under: directory.path), before)
    }

    func testReleasingARunningWatcherCleansUp() {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let before = openDescriptorCount(under: directory.path)
        weak var core: WatchCore?
        let recorder = EventRecorder<FileWatcher.Event>()
        do {
            let watcher = FileWatcher(path: path, options: Self.native)
            core = watcher.core
            watcher.start(queue: DispatchQueue(label: "test.released")) { recorder.record($0) }
            // The count sees the watcher's own descriptors (so that it can tell a leak).
            XCTAssertGreaterThan(openDescriptorCount(under: directory.path), before)
            Save.atomicRename(path, "1\n")
            XCTAssertTrue(recorder.waitForLast("1\n"))
        }
        XCTAssertNil(core, "the watcher's state outlived it")
        XCTAssertEqual(openDescriptorCount(under: directory.path), before)
        let count = recorder.events.count
        Save.atomicRename(path, "2\n")
        let (_, witness) = watch(path, Self.native)
        Save.atomicRename(path, "3\n")
        XCTAssertTrue(witness.waitForLast("3\n"))
        XCTAssertEqual(recorder.events.count, count)
    }

    func testAsyncStream() async {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let watcher = FileWatcher(path: path, options: Self.native)
        let stream = watcher.events()
        Save.atomicRename(path, "1\n")
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, changed("1\n"))
        watcher.stop()
        let end = await iterator.next()
        XCTAssertNil(end, "the stream did not end with stop()")
    }

    func testLeavingTheStreamStopsTheWatcher() async {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let watcher = FileWatcher(path: path, options: Self.native)
        let events = watcher.events()
        Save.atomicRename(path, "1\n")
        for await event in events {
            XCTAssertEqual(event, changed("1\n"))
            break
        }
        XCTAssertEqual(watcher.core.isPolling, false)
        // Leaving the loop and dropping the stream ends it.
        _ = consume events
        XCTAssertTrue(eventually { watcher.core.isPolling == nil }, "the watcher kept running")
    }

    func testCancellingTheConsumerStopsTheWatcher() async {
        let path = directory.file("todos.md")
        Save.inPlace(path, "0\n")
        let watcher = FileWatcher(path: path, options: Self.native)
        let events = watcher.events()
        let consumer = Task {
            var count = 0
            for await _ in events { count += 1 }
            return count
        }
        XCTAssertEqual(watcher.core.isPolling, false)
        consumer.cancel()
        XCTAssertTrue(eventually { watcher.core.isPolling == nil }, "the watcher kept running")
        _ = await consumer.value
    }
}

/// A thread-safe boolean.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var state = false
    var value: Bool { lock.withLock { state } }
    func set() { lock.withLock { state = true } }
    func clear() { lock.withLock { state = false } }
}
