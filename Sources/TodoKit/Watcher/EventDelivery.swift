#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Hands events to the client's handler on the client's queue, and guarantees that once
/// `close()` returns no handler call is running (other than the caller's own) or will start.
///
/// Thread-safe: `open` and `running` are guarded by `mutex`; `condition` signals the end of a call.
final class EventDelivery: @unchecked Sendable {
    private let queue: DispatchQueue
    private let handler: @Sendable (FileWatcher.Event) -> Void
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var open = true
    /// The threads that are inside `handler` right now.
    private var running: [pthread_t] = []

    init(queue: DispatchQueue, handler: @escaping @Sendable (FileWatcher.Event) -> Void) {
        self.queue = queue
        self.handler = handler
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues `event` for the handler; dropped if the delivery is closed before its turn comes.
    func send(_ event: FileWatcher.Event) {
        queue.async { self.run(event) }
    }

    private func run(_ event: FileWatcher.Event) {
        pthread_mutex_lock(mutex)
        guard open else {
            pthread_mutex_unlock(mutex)
            return
        }
        running.append(pthread_self())
        pthread_mutex_unlock(mutex)

        handler(event)

        pthread_mutex_lock(mutex)
        let me = pthread_self()
        if let index = running.firstIndex(where: { pthread_equal($0, me) != 0 }) {
            running.remove(at: index)
        }
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Stops all further calls and waits for the calls in progress on other threads to end.
    func close() {
        pthread_mutex_lock(mutex)
        open = false
        let me = pthread_self()
        // A handler that stops its own watcher must not wait for itself.
        while running.contains(where: { pthread_equal($0, me) == 0 }) {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
