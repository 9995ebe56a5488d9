/// Where a ``TodoStore`` keeps its file. Implementations must be safe to call from any thread.
public protocol TodoStorage: Sendable {
    /// The current bytes.
    func read() throws(TodoStoreError) -> [UInt8]
    /// Replaces the bytes, atomically: after a failure the old bytes are still there.
    func write(_ bytes: [UInt8]) throws(TodoStoreError)
}
