import XCTest
@testable import TodoKit

/// The store on generated documents (fields among words, duplicates, block ids, custom marks): every
/// todo ticked and then reopened keeps its title without fields (the title the formatter's and the
/// store's checks compare; ``Todo/title`` also shows or hides earlier duplicates of end dates as the
/// todo is completed or not), and each result passes the store's own check. The one refusal allowed
/// is the one the format documents: an end date whose removal would join text into a field.
final class TodoStoreGeneratedDocumentTests: XCTestCase {
    private static let today = Day("2026-11-21")!

    func testTickingAndReopeningKeepsEveryTitle() async throws {
        var toggles = 0
        var refused = 0
        for seed in UInt64(0)..<400 {
            let text = String(decoding: DocumentGenerator.document(seed: seed), as: UTF8.self)
            let storage = MemoryTodoStorage(text)
            let store = TodoStore(storage: storage, options: TodoStore.Options(today: { Self.today }))
            try await store.load()
            let list = await store.list
            for todo in list.todos.prefix(6) {
                let expected = Self.titleWithoutFields(todo.id, in: list)
                for _ in 0..<2 {
                    do {
                        try await store.toggle(todo.id)
                    } catch {
                        guard "\(error)".contains("would not keep its title") else {
                            XCTFail("seed \(seed), \(todo.title): \(error)")
                            continue
                        }
                        refused += 1
                        continue
                    }
                    toggles += 1
                    let title = Self.titleWithoutFields(todo.id, in: await store.list)
                    XCTAssertEqual(title, expected, "seed \(seed): toggling changed the title")
                }
            }
        }
        XCTAssertGreaterThan(toggles, 1_000)
        XCTAssertLessThan(refused, toggles / 100, "refusals are rare")
    }

    /// The title of todo `id` without any field (what a task key reads).
    private static func titleWithoutFields(_ id: TodoID, in list: TodoList) -> String? {
        guard let task = list.taskIndex(of: id) else { return nil }
        return list.parsed.bytes.withUnsafeBufferPointer { buf in
            var title = ByteWriter()
            list.parsed.text(ofTask: task, buf).appendTitle(buf, into: &title, removing: .all)
            return String(decoding: title.bytes, as: UTF8.self)
        }
    }
}
