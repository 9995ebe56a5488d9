#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value made once, on first use, from whichever thread asks first, and shared by the copies of
/// the value type that holds it (a ``TodoList``'s todos, a ``TodoDocument``'s task lines: both are
/// made from the parse alone, and many uses need neither).
final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var made: Value?

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Whether the value has been made.
    var isMade: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return made != nil
    }

    /// The value, made by `make` the first time.
    func value(_ make: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
