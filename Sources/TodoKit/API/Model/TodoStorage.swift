/// Where a ``TodoStore`` keeps its file. Implementations must be safe to call from any thread.
public protocol TodoStorage: Sendable {
    /// The current bytes.
    func read() throws(TodoStoreError) -> [UInt8]
    /// Replaces the bytes, atomically: after a failure the old bytes are still there.
    func write(_ bytes: [UInt8]) throws(TodoStoreError)
    /// Replaces the bytes only if they are still `expected`, as one step as far as the storage
    /// allows; returns `false`, writing nothing, when someone else changed them.
    func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool
}

extension TodoStorage {
    /// Compares, then writes: storages that can do better (``FileTodoStorage``,
    /// ``MemoryTodoStorage``) replace this with one atomic step.
    ///
    /// - Parameters:
    ///   - bytes: the new content.
    ///   - expected: what the storage must still hold.
    /// - Returns: `false`, writing nothing, when it holds something else.
    /// - Throws: what ``read()`` or ``write(_:)`` throws.
    public func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        guard SameBytes.equal(try read()[...], expected[...]) else { return false }
        try write(bytes)
        return true
    }
}
