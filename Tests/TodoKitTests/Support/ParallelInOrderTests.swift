#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XCTest
@testable import TodoKit

/// ``Parallel/inOrder(_:ahead:make:take:)`` hands every result on once and in order, one `take` at a
/// time, however the makes end, holds no more than `ahead` results made and not taken, and stops at
/// the first result `take` refuses.
final class ParallelInOrderTests: XCTestCase {
    /// What the calls did, recorded under a lock.
    private final class Record: @unchecked Sendable {
        let lock = ThreadLock()
        var made: [Int] = []
        var taken: [Int] = []
        /// Results made and not taken yet, and the most there were at once.
        var held = 0
        var mostHeld = 0
        var taking = false
        var overlappingTakes = 0

        func didMake(_ index: Int) {
            lock.locked {
                made.append(index)
                held += 1
                mostHeld = max(mostHeld, held)
            }
        }

        func willTake(_ index: Int) {
            lock.locked {
                if taking { overlappingTakes += 1 }
                taking = true
                taken.append(index)
                held -= 1
            }
        }

        func didTake() {
            lock.locked { taking = false }
        }
    }

    /// Busy for about `microseconds`.
    private static func spin(microseconds: Int) {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        repeat { clock_gettime(CLOCK_MONOTONIC, &now) } while (now.tv_sec - start.tv_sec) * 1_000_000 + (now.tv_nsec - start.tv_nsec) / 1000 < microseconds
    }

    /// How long index `index` takes to make: every third one much longer, so that later indices
    /// end before earlier ones.
    private static func duration(of index: Int) -> Int {
        index % 3 == 0 ? 400 : 20 + index % 7 * 10
    }

    func testEveryResultIsHandedOnOnceInOrder() {
        for ahead in [1, 2, 4, 8] {
            let record = Record()
            let count = 60
            let taken = Parallel.inOrder(count, ahead: ahead, make: { index in
                Self.spin(microseconds: Self.duration(of: index))
                record.didMake(index)
                return index * index
            }, take: { index, square in
                record.willTake(index)
                defer { record.didTake() }
                XCTAssertEqual(square, index * index)
                Self.spin(microseconds: 30)
                return true
            })
            XCTAssertEqual(taken, count)
            XCTAssertEqual(record.taken, Array(0..<count), "ahead \(ahead)")
            XCTAssertEqual(record.made.sorted(), Array(0..<count))
            XCTAssertEqual(record.overlappingTakes, 0)
            XCTAssertLessThanOrEqual(record.mostHeld, ahead, "ahead \(ahead)")
        }
    }

    func testARefusedResultStopsTheRun() {
        let record = Record()
        let taken = Parallel.inOrder(100, ahead: 3, make: { index in
            Self.spin(microseconds: Self.duration(of: index))
            record.didMake(index)
            return index
        }, take: { index, _ in
            record.willTake(index)
            defer { record.didTake() }
            return index != 17
        })
        XCTAssertEqual(taken, 17)
        XCTAssertEqual(record.taken, Array(0...17), "nothing is handed on after the refused result")
        // Indices begun before the refusal was known are at most `ahead` past it.
        XCTAssertLessThan(record.made.max() ?? 0, 17 + 3)
    }

    func testOneResultAndNone() {
        XCTAssertEqual(Parallel.inOrder(0, ahead: 2, make: { $0 }, take: { _, _ in XCTFail(); return true }), 0)
        var seen: [Int] = []
        XCTAssertEqual(Parallel.inOrder(1, ahead: 2, make: { $0 + 5 }, take: { _, value in seen.append(value); return true }), 1)
        XCTAssertEqual(seen, [5])
    }
}
