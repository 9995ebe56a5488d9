import Dispatch

/// Runs independent jobs on all cores and returns their results in job order, so that output
/// stays deterministic however the jobs were scheduled.
enum ParallelMap {
    /// `body(0) … body(count - 1)`, run concurrently; the results in index order.
    static func map<Result>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(body) }
        var results = [Result?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each job writes only its own element, and nothing reads before all have ended.
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                buffer[index] = body(index)
            }
        }
        return results.map { $0! }
    }
}
