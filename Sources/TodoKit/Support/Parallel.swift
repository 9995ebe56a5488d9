import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits work on one large document over the processors: checking its bytes and splitting its
/// lines, the scan of its blocks, the survey of its task lines, sinking, writing the output and
/// fingerprinting it. Small documents stay on the calling thread (starting a thread costs more than
/// it saves).
package enum Parallel {
    /// The processors online, at most four (the parts' results are merged on one thread).
    static let processors: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return max(1, min(Int(online), 4))
    }()

    /// The processors a step may use on the calling thread: 1 inside ``serially(_:)``, else
    /// ``processors``.
    static var available: Int {
        runsSerially ? 1 : processors
    }

    /// How many parts `count` units of work are split into: `perProcessor` per processor
    /// (``available``; one inside ``serially(_:)``), each at least `minimumPerPart` units. More
    /// than one per processor where parts differ in cost: the threads take the next part as they
    /// come free, and end together.
    package static func parts(_ count: Int, minimumPerPart: Int, perProcessor: Int = 1) -> Int {
        // Small work does not count the processors (that reads a file in /sys).
        let most = count / max(minimumPerPart, 1)
        return most <= 1 || runsSerially ? 1 : min(processors * perProcessor, most)
    }

    /// Runs `body` with every step it starts on the calling thread alone: for work that is itself
    /// one part of a step (the stretches of a large document, ``TodoFormatter``), whose own steps
    /// would only queue up behind the other parts.
    static func serially<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = pthread_getspecific(serialKey)
        pthread_setspecific(serialKey, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(serialKey, outer) }
        return try body()
    }

    /// Whether the calling thread is inside ``serially(_:)``.
    static var runsSerially: Bool {
        pthread_getspecific(serialKey) != nil
    }

    /// The thread-specific flag of ``serially(_:)``.
    private static let serialKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The `part`th of `parts` contiguous ranges that split `0..<count` as evenly as can be.
    package static func share(_ part: Int, of parts: Int, in count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// Starts the worker threads ahead of a large job, e.g. while a large file is read, so that they
    /// are running on the other processors when its first step comes (on Linux, ``WorkerPool``: a
    /// worker woken by the step itself often starts on the caller's processor and runs there by turns
    /// with the caller until the scheduler moves it, a millisecond or more later).
    static func startWorkers() {
        guard processors > 1 else { return }
        #if canImport(Glibc)
        WorkerPool.shared.warmUp()
        #else
        DispatchQueue.global().async {}
        #endif
    }

    /// Calls `body` with each of `parts` indices, at the same time when `parts` > 1, and returns
    /// when every call has: on ``WorkerPool/shared`` (Linux), or on Dispatch's threads when the pool
    /// is busy with another step (one started inside a step, or from another thread) and elsewhere.
    package static func run(_ parts: Int, _ body: @Sendable (Int) -> Void) {
        if parts <= 1 || runsSerially {
            for part in 0..<parts { body(part) }
            return
        }
        #if canImport(Glibc)
        if WorkerPool.shared.run(parts, body) { return }
        #endif
        DispatchQueue.concurrentPerform(iterations: parts, execute: body)
    }

    /// Whether `body` is true for any of the parts of `0..<count` (contiguous ranges, each at least
    /// `minimumPerPart` long); every part runs to its own end. There are up to eight parts per
    /// processor, taken by the threads as they come free: a part may end early (a body that stops at
    /// the first thing it finds), and the threads still share the rest of the work. `parts`: how many
    /// instead (tests choose).
    static func any(_ count: Int, minimumPerPart: Int, parts: Int? = nil, _ body: @Sendable (Range<Int>) -> Bool) -> Bool {
        let parts = parts ?? Parallel.parts(count, minimumPerPart: minimumPerPart, perProcessor: 8)
        guard parts > 1 else { return body(0..<count) }
        var results = [Bool](repeating: false, count: parts)
        results.withUnsafeMutableBufferPointer { results in
            // Each part writes only its own element; nothing reads them before all have ended.
            nonisolated(unsafe) let results = results
            run(parts) { part in
                results[part] = body(share(part, of: parts, in: count))
            }
        }
        return results.contains(true)
    }
}
