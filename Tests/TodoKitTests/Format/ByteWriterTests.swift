import XCTest
@testable import TodoKit

final class ByteWriterTests: XCTestCase {
    /// Pieces of every length up to past the word copies, from every offset near both ends of the
    /// source, land byte for byte (growing the buffer on the way).
    func testAppendsPiecesOfEveryLength() {
        let source = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        source.withUnsafeBufferPointer { buf in
            var out = ByteWriter(capacity: 16)
            var expected: [UInt8] = []
            for length in 0...70 {
                for from in [0, 1, 7, 100 - length] where from + length <= 100 {
                    out.append(buf, from, from + length)
                    expected += source[from..<(from + length)]
                    out.append(0xEE)
                    expected.append(0xEE)
                }
            }
            for literal: StaticString in ["", "x", "ab", "due", "due:", "done:", "created:", "scheduled:", "onCompletion:"] {
                out.append(literal)
                expected += literal.withUTF8Buffer { Array($0) }
            }
            XCTAssertEqual(out.bytes, expected)
        }
    }
}
