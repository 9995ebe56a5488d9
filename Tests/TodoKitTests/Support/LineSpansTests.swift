import XCTest
@testable import TodoKit

/// ``LineSpans`` holds the lines ``LineEnding/lineRanges(in:_:)`` finds, in 4 bytes a line.
final class LineSpansTests: XCTestCase {
    func testSpansAreTheLineRanges() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é ".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0A], Array("- [ ] x".utf8)]
        for _ in 0..<2000 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...30, using: &generator) { text += pieces.randomElement(using: &generator)! }
            text.withUnsafeBufferPointer { buf in
                // Any line start may begin the stretch.
                let all = LineEnding.lineRanges(in: buf, 0..<buf.count)
                let first = all.isEmpty ? 0 : all[Int.random(in: 0..<all.count, using: &generator)].lowerBound
                XCTAssertEqual(Array(LineSpans(buf, first..<buf.count)), LineEnding.lineRanges(in: buf, first..<buf.count),
                               "\(text) from \(first)")
            }
        }
        XCTAssertTrue(LineSpans().isEmpty)
    }
}
