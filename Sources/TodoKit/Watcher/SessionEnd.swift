import Dispatch

/// What is left to do, off the watcher's queue, once a session has been detached: silence the
/// handler, wait for the sources' descriptors to be closed, end the event stream.
struct SessionEnd: Sendable {
    let delivery: EventDelivery
    let group: DispatchGroup
    let onStop: (@Sendable () -> Void)?

    func finish() {
        delivery.close()
        group.wait()
        onStop?()
    }
}
