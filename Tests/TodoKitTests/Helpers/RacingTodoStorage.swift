import Foundation
@testable import TodoKit

/// A real file whose other writers always get in at the worst moment: right before the store's
/// compare-and-write, `saves` replaces the file, as an editor saving at that instant would.
final class RacingTodoStorage: TodoStorage, @unchecked Sendable {
    let file: FileTodoStorage
    private let lock = NSLock()
    // Guarded by `lock`.
    private var saves: [(String) -> String]

    /// `saves[i]` turns the file's text into the other writer's version before the i-th write.
    init(path: String, saves: [(String) -> String]) {
        file = FileTodoStorage(path: path)
        self.saves = saves
    }

    func read() throws(TodoStoreError) -> [UInt8] {
        try file.read()
    }

    func write(_ bytes: [UInt8]) throws(TodoStoreError) {
        try file.write(bytes)
    }

    func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        let save: ((String) -> String)? = lock.withLock { saves.isEmpty ? nil : saves.removeFirst() }
        if let save {
            let current = String(decoding: try file.read(), as: UTF8.self)
            try file.write(Array(save(current).utf8))
        }
        return try file.write(bytes, ifStill: expected)
    }
}
