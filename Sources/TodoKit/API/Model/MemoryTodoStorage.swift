#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Storage in memory, for previews and tests. `replace(_:)` plays the part of another writer.
public final class MemoryTodoStorage: TodoStorage, @unchecked Sendable {
    // Guarded by `lock`.
    private var bytes: [UInt8]
    private var lock = pthread_mutex_t()

    /// Storage holding `text`.
    /// - Parameter text: the initial content.
    public init(_ text: String = "") {
        bytes = Array(text.utf8)
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// The current bytes.
    ///
    /// - Returns: the content.
    /// - Throws: never; the signature is the protocol's.
    public func read() throws(TodoStoreError) -> [UInt8] {
        locked { bytes }
    }

    /// Replaces the content.
    ///
    /// - Parameter bytes: the new content.
    /// - Throws: never; the signature is the protocol's.
    public func write(_ bytes: [UInt8]) throws(TodoStoreError) {
        locked { self.bytes = bytes }
    }

    /// Replaces the content if it is still `expected`, in one step under the lock.
    ///
    /// - Parameters:
    ///   - bytes: the new content.
    ///   - expected: what the storage must still hold.
    /// - Returns: `false`, writing nothing, when it holds something else.
    /// - Throws: never; the signature is the protocol's.
    public func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        locked {
            guard SameBytes.equal(self.bytes[...], expected[...]) else { return false }
            self.bytes = bytes
            return true
        }
    }

    /// Changes the content behind the store's back, as another program would.
    ///
    /// - Parameter text: the new content.
    public func replace(_ text: String) {
        locked { bytes = Array(text.utf8) }
    }

    /// The current content as text.
    public var text: String {
        locked { String(decoding: bytes, as: UTF8.self) }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }
}
