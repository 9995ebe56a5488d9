import XCTest
@testable import TodoKit

/// ``DownwardMove`` puts the bytes where they belong whether or not the two ranges overlap, across
/// chunk and page boundaries, and gives back only pages above the new end.
final class DownwardMoveTests: XCTestCase {
    private func check(count: Int, gap: Int, below: Int) {
        var buffer = [UInt8](repeating: 0xAA, count: below + gap + count + 5000)
        for i in 0..<count { buffer[below + gap + i] = UInt8(truncatingIfNeeded: i &* 31 &+ i >> 8) }
        buffer.withUnsafeMutableBufferPointer { b in
            DownwardMove.move(count, from: b.baseAddress! + below + gap, to: b.baseAddress! + below)
        }
        for i in 0..<count where buffer[below + i] != UInt8(truncatingIfNeeded: i &* 31 &+ i >> 8) {
            XCTFail("count \(count), gap \(gap): byte \(i) differs")
            return
        }
        // What lies below the destination is untouched.
        XCTAssertFalse(buffer[0..<below].contains { $0 != 0xAA }, "count \(count), gap \(gap)")
    }

    func testBytesArriveWithAndWithoutOverlap() {
        for (count, gap) in [(0, 10), (1, 1), (100, 7), (5000, 4096), (3 << 20, (3 << 20) + 123), (3 << 20, 5 << 20),
                             ((2 << 20) + 17, 1 << 20), (4 << 20, 4096 * 3 + 5)] {
            check(count: count, gap: gap, below: 4099)
        }
    }
}
