#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``TodoList``'s todos, made once, on first use, from whichever thread asks first.
final class LazyTodos: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var todos: [Todo]?

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The todos, made by `make` the first time.
    func value(_ make: () -> [Todo]) -> [Todo] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let todos { return todos }
        let made = make()
        todos = made
        return made
    }
}
