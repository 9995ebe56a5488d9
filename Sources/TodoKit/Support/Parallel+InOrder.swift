#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Parallel {
    /// Makes `count` results on the processors and hands them to `take` in the order of their
    /// indices, as a pipeline: each index is made by the next thread that comes free (indices are
    /// taken in increasing order), and a result is handed on as soon as it and every one before it
    /// are made, one call of `take` at a time, on the thread that made the result completing that run.
    /// No thread waits for another's part to end, and only results made ahead of the first one not
    /// yet taken are held: an index is not begun while `ahead` results or more wait to be taken.
    /// Once `take` returns false, no index is begun and nothing more is taken.
    ///
    /// - Returns: How many results `take` accepted (`count` unless it returned false: then the
    ///   index of the result it refused).
    static func inOrder<T: Sendable>(_ count: Int, ahead: Int, make: @Sendable (Int) -> T, take: (Int, T) -> Bool) -> Int {
        guard count > 0 else { return 0 }
        let handoff = InOrderHandoff<T>(count: count, ahead: max(ahead, 1))
        return withoutActuallyEscaping(take) { take in
            // Called by one thread at a time (the handoff's taker), each call ordered after the last by its lock.
            nonisolated(unsafe) let take = take
            run(count) { index in
                guard handoff.awaitTurn(index) else { return }
                handoff.deliver(make(index), at: index, to: take)
            }
            return handoff.taken
        }
    }
}

/// The results of ``Parallel/inOrder(_:ahead:make:take:)`` between the thread that made each and
/// the one that hands it on.
private final class InOrderHandoff<T: Sendable>: @unchecked Sendable {
    private let lock = ThreadLock()
    private let ahead: Int
    // Guarded by `lock`.
    private var results: [T?]
    /// The index of the next result to hand on.
    private var next = 0
    /// Whether a thread is handing results on (only one does at a time).
    private var handing = false
    private var stopped = false

    init(count: Int, ahead: Int) {
        results = [T?](repeating: nil, count: count)
        self.ahead = ahead
    }

    /// How many results were handed on and accepted.
    var taken: Int { lock.locked { next } }

    /// Waits until index `index` may be begun (fewer than `ahead` results before it wait to be
    /// taken); false when nothing more is to be made.
    func awaitTurn(_ index: Int) -> Bool {
        while true {
            let (stop, turn) = lock.locked { (stopped, index < next + ahead) }
            if stop { return false }
            if turn { return true }
            sched_yield()
        }
    }

    /// Keeps `result` as the one of `index`, and unless another thread is handing results on,
    /// hands on with `take` every result that is next in order, until one is missing.
    func deliver(_ result: T, at index: Int, to take: (Int, T) -> Bool) {
        let hands = lock.locked {
            results[index] = result
            if handing { return false }
            handing = true
            return true
        }
        guard hands else { return }
        while true {
            // Checked and given up under one lock: a result delivered after this finds `handing`
            // false and is handed on by the thread that delivered it.
            let due: (Int, T)? = lock.locked {
                if !stopped, next < results.count, let result = results[next] {
                    results[next] = nil
                    return (next, result)
                }
                handing = false
                return nil
            }
            guard let (index, result) = due else { return }
            let goesOn = take(index, result)
            lock.locked {
                if goesOn { next += 1 } else { stopped = true }
            }
        }
    }
}
