import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// `TodoStore.startWatching()` with real files and real file-system events: external saves reload
/// the store, its own saves do not come back as external changes, deletes are reported.
final class TodoStoreWatchingTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var path: String { directory.file("todos.md") }
    private static let options = TodoStore.Options(today: { Day("2026-11-21")! })

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("store-watching")
    }

    override func tearDown() {
        directory.remove()
    }

    /// A loaded store over `text` in `todos.md`, watching, with a log of everything it reports.
    private func watchingStore(_ text: String) async throws -> (TodoStore, StoreEventLog) {
        Save.inPlace(path, text)
        let store = TodoStore(storage: FileTodoStorage(path: path), options: Self.options)
        try await store.load()
        let log = StoreEventLog(await store.events())
        try await store.startWatching()
        return (store, log)
    }

    func testExternalAtomicSaveReloadsAndKeepsIdentities() async throws {
        let (store, log) = try await watchingStore("# Todos\n\n- [ ] a\n- [ ] b\n")
        let before = await store.list
        let a = try XCTUnwrap(before.todos.first { $0.title == "a" }).id
        let b = try XCTUnwrap(before.todos.first { $0.title == "b" }).id

        Save.atomicRename(path, "# Todos\n\n- [ ] a\n- [ ] new\n- [ ] b\n")

        let list = try XCTUnwrap(log.waitForExternalChange { $0.todos.contains { $0.title == "new" } }, log.summary)
        XCTAssertEqual(list.todos.map(\.title), ["a", "new", "b"])
        XCTAssertEqual(list.todos.first { $0.title == "a" }?.id, a)
        XCTAssertEqual(list.todos.first { $0.title == "b" }?.id, b)
        XCTAssertFalse([a, b].contains(try XCTUnwrap(list.todos.first { $0.title == "new" }).id))
        let current = await store.list
        XCTAssertEqual(current.text, "# Todos\n\n- [ ] a\n- [ ] new\n- [ ] b\n")
        await store.stopWatching()
    }

    func testInPlaceAndVimStyleSavesReload() async throws {
        let (store, log) = try await watchingStore("- [ ] a\n")
        Save.inPlace(path, "- [ ] a\n- [ ] in place\n")
        XCTAssertNotNil(log.waitForExternalChange { $0.todos.contains { $0.title == "in place" } }, log.summary)
        Save.vimStyle(path, "- [ ] a\n- [ ] vim\n")
        XCTAssertNotNil(log.waitForExternalChange { $0.todos.map(\.title) == ["a", "vim"] }, log.summary)
        await store.stopWatching()
    }

    func testOwnOperationsAreNotReportedAsExternal() async throws {
        let (store, log) = try await watchingStore("- [ ] a\n")
        let first = await store.list.todos.first
        let a = try XCTUnwrap(first).id

        for operation in 0..<3 {
            let reads = await store.watcherReads
            switch operation {
            case 0: try await store.add("b")
            case 1: try await store.toggle(a)
            default: try await store.undo()
            }
            // Let the watcher look at the store's write: a report of it would come before the
            // marker's below.
            let looked = await eventuallyAsync { await store.watcherReads > reads }
            XCTAssertTrue(looked, "the watcher never read the file")
        }
        Save.atomicRename(path, "- [ ] marker\n")
        XCTAssertNotNil(log.waitForExternalChange { $0.todos.map(\.title) == ["marker"] }, log.summary)

        let external = log.events.filter {
            if case .changed(_, .external) = $0 { return true }
            return false
        }
        XCTAssertEqual(external.count, 1, log.summary)
        XCTAssertEqual(log.events.filter { if case .failed = $0 { true } else { false } }.count, 0, log.summary)
        await store.stopWatching()
    }

    func testDeleteIsReportedAndRecreateReloads() async throws {
        let (store, log) = try await watchingStore("- [ ] a\n- [ ] b\n")
        let first = await store.list.todos.first
        let a = try XCTUnwrap(first).id

        XCTAssertEqual(unlink(path), 0)
        XCTAssertTrue(log.wait { $0.contains { event in
            if case .failed(.storage(let path?, .deleted)) = event { return path.hasSuffix("/todos.md") }
            return false
        } }, log.summary)
        // The list in memory is the last good one.
        let kept = await store.list
        XCTAssertEqual(kept.todos.map(\.title), ["a", "b"])

        Save.inPlace(path, "- [ ] a\n- [ ] c\n")
        let list = try XCTUnwrap(log.waitForExternalChange { $0.todos.map(\.title) == ["a", "c"] }, log.summary)
        XCTAssertEqual(list.todos.first?.id, a)
        await store.stopWatching()
    }

    /// A file deleted (or renamed away) and put back as it was is reported as loaded, so the app
    /// can take down what it showed for the failure.
    func testAFilePutBackAsItWasIsReportedAsLoadedAfterTheFailure() async throws {
        let (store, log) = try await watchingStore("- [ ] a\n")
        // Counted on the events `wait` hands over: reading `log.events` inside it would deadlock.
        func failures(_ events: [TodoStore.Event]) -> Int { events.filter { if case .failed = $0 { true } else { false } }.count }
        func loadsAfterTheFirstFailure(_ events: [TodoStore.Event]) -> Int {
            events.drop { if case .failed = $0 { false } else { true } }.filter { if case .loaded = $0 { true } else { false } }.count
        }

        XCTAssertEqual(unlink(path), 0)
        XCTAssertTrue(log.wait { failures($0) == 1 }, log.summary)
        Save.inPlace(path, "- [ ] a\n")
        XCTAssertTrue(log.wait { loadsAfterTheFirstFailure($0) == 1 }, log.summary)

        let backup = directory.file("todos.md~")
        XCTAssertEqual(rename(path, backup), 0)
        XCTAssertTrue(log.wait { failures($0) == 2 }, log.summary)
        XCTAssertEqual(rename(backup, path), 0)
        XCTAssertTrue(log.wait { loadsAfterTheFirstFailure($0) == 2 }, log.summary)
        let list = await store.list
        XCTAssertEqual(list.text, "- [ ] a\n")
        await store.stopWatching()
    }

    func testUnreadableContentIsReportedAsAFailure() async throws {
        let (store, log) = try await watchingStore("- [ ] a\n")
        Save.inPlace(path, "- [ ] \u{0}binary\n")
        XCTAssertTrue(log.wait { $0.contains { event in
            if case .failed(.storage) = event { return true }
            return false
        } }, log.summary)
        let kept = await store.list
        XCTAssertEqual(kept.todos.map(\.title), ["a"])
        await store.stopWatching()
    }

    func testChangeBetweenLoadAndStartIsPickedUp() async throws {
        Save.inPlace(path, "- [ ] a\n")
        let store = TodoStore(storage: FileTodoStorage(path: path), options: Self.options)
        try await store.load()
        let log = StoreEventLog(await store.events())
        Save.inPlace(path, "- [ ] a\n- [ ] b\n")
        try await store.startWatching()
        XCTAssertNotNil(log.waitForExternalChange { $0.todos.map(\.title) == ["a", "b"] }, log.summary)
        await store.stopWatching()
    }

    func testStartAndStop() async throws {
        let memory = TodoStore(storage: MemoryTodoStorage("- [ ] a\n"))
        try await memory.load()
        do {
            try await memory.startWatching()
            XCTFail("a memory store cannot watch")
        } catch {
            XCTAssertEqual(error, .invalid("only a store over a file can watch it"))
        }
        let watchingMemory = await memory.isWatching
        XCTAssertFalse(watchingMemory)

        let (store, log) = try await watchingStore("- [ ] a\n")
        let watching = await store.isWatching
        XCTAssertTrue(watching)
        // Restarting replaces the watch and still works.
        try await store.startWatching()
        Save.atomicRename(path, "- [ ] b\n")
        XCTAssertNotNil(log.waitForExternalChange { $0.todos.map(\.title) == ["b"] }, log.summary)
        await store.stopWatching()
        let stopped = await store.isWatching
        XCTAssertFalse(stopped)
    }
}

/// Collects a store's events from its stream and lets a test wait for them.
final class StoreEventLog: @unchecked Sendable {
    private let recorder = EventRecorder<TodoStore.Event>()
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<TodoStore.Event>) {
        task = Task { [weak self] in
            for await event in stream { self?.record(event) }
        }
    }

    deinit {
        task?.cancel()
    }

    private func record(_ event: TodoStore.Event) {
        recorder.record(event)
    }

    var events: [TodoStore.Event] { recorder.events }

    /// Waits until `predicate` holds for the events so far; `false` after `watcherTimeout`.
    func wait(until predicate: ([TodoStore.Event]) -> Bool) -> Bool {
        recorder.wait(until: predicate)
    }

    /// Waits for an external change whose list satisfies `predicate` and returns that list.
    func waitForExternalChange(_ predicate: @escaping (TodoList) -> Bool) -> TodoList? {
        var found: TodoList?
        _ = wait { events in
            for case .changed(let list, .external) in events where predicate(list) {
                found = list
                return true
            }
            return false
        }
        return found
    }

    /// The events, for failure messages.
    var summary: String {
        events.map { event -> String in
            switch event {
            case .loaded(let list): "loaded(\(list.text.debugDescription))"
            case .changed(let list, let cause): "changed(\(list.text.debugDescription), \(cause))"
            case .failed(let error): "failed(\(error))"
            }
        }.joined(separator: ", ")
    }
}

/// Waits (polling every few milliseconds) until the asynchronous `condition` holds; `false` after
/// `watcherTimeout`.
func eventuallyAsync(_ condition: () async -> Bool) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: watcherTimeout)
    while await !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return true
}
