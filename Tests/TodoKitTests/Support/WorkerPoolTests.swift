#if canImport(Glibc)
import Glibc
import Dispatch
import XCTest
@testable import TodoKit

/// ``WorkerPool`` runs every part of every step exactly once, on its workers as well as on the
/// caller, wakes workers that went to sleep, and leaves a step started inside a step or from another
/// thread to Dispatch (``Parallel/run(_:_:)`` still runs every part).
final class WorkerPoolTests: XCTestCase {
    /// Counts per part, written by the part's body only.
    private final class Counts: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Int>
        let threads: UnsafeMutableBufferPointer<pthread_t>
        init(_ count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: 0)
            threads = .allocate(capacity: count)
            threads.initialize(repeating: pthread_t())
        }
        deinit {
            slots.deallocate()
            threads.deallocate()
        }
        func record(_ part: Int) {
            slots[part] += 1
            threads[part] = pthread_self()
        }
        func ranOnAnotherThread(than caller: pthread_t, parts: Int) -> Bool {
            (0..<parts).contains { pthread_equal(threads[$0], caller) == 0 }
        }
    }

    /// Busy for about `microseconds` (so that a worker has time to claim parts).
    private static func spin(microseconds: Int) {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        repeat { clock_gettime(CLOCK_MONOTONIC, &now) } while (now.tv_sec - start.tv_sec) * 1_000_000 + (now.tv_nsec - start.tv_nsec) / 1000 < microseconds
    }

    func testEveryPartRunsOnceInEveryStep() {
        let pool = WorkerPool(workers: 2, spinNanoseconds: 5_000_000)
        for step in 0..<300 {
            let parts = 2 + step % 40
            let counts = Counts(parts)
            XCTAssertTrue(pool.run(parts) { counts.record($0) })
            XCTAssertEqual(Array(counts.slots), Array(repeating: 1, count: parts), "step \(step)")
        }
    }

    func testWorkersTakePartsAlsoAfterSleeping() {
        // Workers that spin 1 ms go to sleep between these steps; each step must wake them.
        let pool = WorkerPool(workers: 1, spinNanoseconds: 1_000_000)
        // The first step starts the worker; the ones after find it asleep.
        XCTAssertTrue(pool.run(2) { _ in })
        var stepsWithWorker = 0
        for _ in 0..<10 {
            usleep(5_000)
            let counts = Counts(8)
            XCTAssertTrue(pool.run(8) { part in
                WorkerPoolTests.spin(microseconds: 2_000)
                counts.record(part)
            })
            XCTAssertEqual(Array(counts.slots), Array(repeating: 1, count: 8))
            if counts.ranOnAnotherThread(than: pthread_self(), parts: 8) { stepsWithWorker += 1 }
        }
        XCTAssertGreaterThan(stepsWithWorker, 0, "no worker ever took a part")
    }

    /// The processors the calling thread may run on, as Linux lists them (`0-1`).
    private static func allowedProcessors() -> String? {
        guard let file = fopen("/proc/thread-self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("Cpus_allowed_list:") { return String(text.dropFirst(18).filter { !$0.isWhitespace }) }
        }
        return nil
    }

    /// A worker is started away from its creator's processor, and may then run on every processor
    /// the process may (it is not left pinned away from one).
    func testAWorkerMayRunWhereverTheProcessMay() throws {
        guard Parallel.processors > 1, let caller = Self.allowedProcessors() else {
            throw XCTSkip("one processor, or no /proc/thread-self")
        }
        final class Seen: @unchecked Sendable {
            let lock = ThreadLock()
            var elsewhere: [String?] = []
        }
        let seen = Seen()
        let main = pthread_self()
        let pool = WorkerPool(workers: 1, spinNanoseconds: 5_000_000)
        for _ in 0..<20 where seen.lock.locked({ seen.elsewhere.isEmpty }) {
            XCTAssertTrue(pool.run(8) { _ in
                WorkerPoolTests.spin(microseconds: 1_000)
                if pthread_equal(pthread_self(), main) == 0 {
                    let allowed = WorkerPoolTests.allowedProcessors()
                    seen.lock.locked { seen.elsewhere.append(allowed) }
                }
            })
        }
        XCTAssertFalse(seen.elsewhere.isEmpty, "no worker ever took a part")
        for allowed in seen.elsewhere {
            XCTAssertEqual(allowed, caller)
        }
    }

    func testAStepInsideAStepGoesElsewhere() {
        let pool = WorkerPool(workers: 1, spinNanoseconds: 1_000_000)
        let inner = Counts(4 * 3)
        let refused = Counts(4)
        XCTAssertTrue(pool.run(4) { outer in
            if !pool.run(3, { _ in }) { refused.record(outer) }
            // Parallel.run goes to the shared pool or to Dispatch, and runs every part either way.
            Parallel.run(3) { inner.record(outer * 3 + $0) }
        })
        XCTAssertEqual(Array(refused.slots), [1, 1, 1, 1], "the pool ran a step inside its own step")
        XCTAssertEqual(Array(inner.slots), Array(repeating: 1, count: 12))
    }

    func testStepsFromSeveralThreadsAllComplete() {
        let rounds = 50
        let counts = Counts(4 * rounds * 6)
        DispatchQueue.concurrentPerform(iterations: 4) { caller in
            for round in 0..<rounds {
                let base = (caller * rounds + round) * 6
                Parallel.run(6) { counts.record(base + $0) }
            }
        }
        XCTAssertEqual(Array(counts.slots), Array(repeating: 1, count: counts.slots.count))
    }
}
#endif
