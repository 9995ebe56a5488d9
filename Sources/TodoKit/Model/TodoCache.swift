#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The todos of a ``TodoList``, built once on first use, from any thread.
final class TodoCache: @unchecked Sendable {
    // Guarded by `lock`.
    private var value: [Todo]?
    private var lock = pthread_mutex_t()

    init() {
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// The cached todos, made by `make` the first time.
    func todos(_ make: () -> [Todo]) -> [Todo] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
