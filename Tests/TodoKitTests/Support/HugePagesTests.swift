import XCTest
@testable import TodoKit

/// An array whose room ``HugePages`` backs with huge pages fills that room without moving, and
/// giving back the room past its elements keeps every element and leaves the room usable.
final class HugePagesTests: XCTestCase {
    private func value(_ i: Int) -> UInt64 { UInt64(truncatingIfNeeded: i &* 0x9E37_79B9 &+ i >> 7) }

    func testRoomFillsInPlaceAndKeepsItsElementsWhenGivenBack() {
        // Rooms smaller than a huge page, of about one, and of several (8 bytes per element).
        for capacity in [0, 1, 1_000, 262_144, 262_145, 1_310_721] {
            var array: [UInt64] = HugePages.emptyArray(reservingCapacity: capacity)
            XCTAssertTrue(array.isEmpty, "capacity \(capacity)")
            XCTAssertGreaterThanOrEqual(array.capacity, capacity)
            let filled = capacity * 3 / 5
            let base = array.withUnsafeBufferPointer { $0.baseAddress }
            for i in 0..<filled { array.append(value(i)) }
            if filled > 0 {
                XCTAssertEqual(array.withUnsafeBufferPointer { $0.baseAddress }, base, "capacity \(capacity): the room moved")
            }
            HugePages.releaseRoom(of: array)
            // The room past the elements is still the array's: filling it reads back what was written.
            for i in filled..<capacity { array.append(value(i)) }
            XCTAssertEqual(array.count, capacity)
            for i in 0..<capacity where array[i] != value(i) {
                XCTFail("capacity \(capacity): element \(i) changed")
                return
            }
        }
    }
}
