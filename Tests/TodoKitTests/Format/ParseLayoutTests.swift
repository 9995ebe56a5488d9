import XCTest
@testable import TodoKit

/// The parse keeps its numbers packed (``LineTable``, ``BlockStructure/Item``, ``BlockStructure/Task``):
/// what goes in comes back out, at the edges of each packing.
final class ParseLayoutTests: XCTestCase {
    func testLineTableReadsEveryEnding() {
        let bytes = Array("a\r\nbb\rc\n\nlast".utf8)
        bytes.withUnsafeBufferPointer { buf in
            let lines = LineTable(buf)
            XCTAssertEqual(lines.count, 5)
            XCTAssertEqual((0..<5).map { lines.start($0) }, [0, 3, 6, 8, 9])
            XCTAssertEqual((0..<5).map { lines.contentEnd($0) }, [1, 5, 7, 8, 13])
            XCTAssertEqual((0..<5).map { lines.end($0) }, [3, 6, 8, 9, 13])
        }
    }

    /// A table split in parts at the same time, and one split while the bytes are validated, are the
    /// table of one pass: with LF, CRLF and lone CR endings at and around every cut, a CR as the last
    /// byte of a share, a last line without an ending, lines longer than a share, and a byte-order mark.
    func testLinesSplitInPartsAreTheLinesOfOnePass() throws {
        let pieces: [[UInt8]] = [Array("- [ ] task".utf8), [0x0A], [0x0D, 0x0A], [0x0D], Array("é😀".utf8), [0x20], [0x0D, 0x0D]]
        var random = SplitMix64(seed: 2026_11_23)
        var compared = 0
        for round in 0..<400 {
            var bytes: [UInt8] = round % 7 == 0 ? [0xEF, 0xBB, 0xBF] : []
            let length = 1 + random.below(round % 5 == 0 ? 400 : 60)
            for _ in 0..<length { bytes += pieces[random.below(pieces.count)] }
            if round % 3 == 0 { bytes += Array(repeating: UInt8(ascii: "x"), count: random.below(200)) }
            let text = Array(bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0))
            let one = text.withUnsafeBufferPointer { buf in LineTable(buf, parts: 1) }
            for parts in [2, 3, 7, 64] {
                let cut = text.withUnsafeBufferPointer { buf in LineTable(buf, parts: parts) }
                let validated = try TodoDocument.validatedLines(bytes, parts: parts)
                for table in [cut, validated] {
                    XCTAssertEqual(table.count, one.count, "round \(round), \(parts) parts")
                    XCTAssertEqual((0..<one.count).map { table.end($0) }, (0..<one.count).map { one.end($0) }, "round \(round)")
                    XCTAssertEqual((0..<one.count).map { table.contentEnd($0) }, (0..<one.count).map { one.contentEnd($0) }, "round \(round)")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 1_600)
        // The cuts fall just past line feeds, and nowhere without one.
        let lines = Array("aaaa\r\nbbbb\ncccc\rdddd".utf8)
        lines.withUnsafeBufferPointer { buf in
            XCTAssertEqual(LineTable.cuts(buf, parts: 3), [0, 11, 20])
            XCTAssertEqual(LineTable.cuts(buf, parts: 8), [0, 6, 11, 20])
            XCTAssertEqual(LineTable.cuts(UnsafeBufferPointer(rebasing: buf[11...]), parts: 2), [0, 9])
        }
    }

    func testItemKeepsMarkerAndTask() {
        var bullet = BlockStructure.Item(startLine: 3, lastLine: 9, list: 2, markerStart: 1_000_000, markerEnd: 1_000_001,
                                         contentStart: 1_000_002, number: -1)
        XCTAssertEqual(bullet.task, -1)
        XCTAssertEqual(bullet.markerEnd, 1_000_001)
        bullet.task = 0
        XCTAssertEqual(bullet.task, 0)
        bullet.task = (1 << 28) - 2
        XCTAssertEqual(bullet.task, (1 << 28) - 2)
        XCTAssertEqual(bullet.markerEnd, 1_000_001)
        bullet.task = -1
        XCTAssertEqual(bullet.task, -1)
        XCTAssertEqual(bullet.markerStart, 1_000_000)

        // Nine digits and the delimiter: the longest marker.
        var ordered = BlockStructure.Item(startLine: 0, lastLine: 0, list: 0, markerStart: 4, markerEnd: 14, contentStart: 15,
                                          number: 999_999_999)
        ordered.task = 12_345
        XCTAssertEqual(ordered.markerEnd, 14)
        XCTAssertEqual(ordered.task, 12_345)
        XCTAssertEqual(ordered.number, 999_999_999)
        XCTAssertEqual(MemoryLayout<BlockStructure.Item>.stride, 32)
    }

    func testTaskKeepsCheckbox() {
        // `[🏁]`: a four-byte mark.
        var task = BlockStructure.Task(line: 7, item: 3, checkbox: 500, checkboxEnd: 506)
        XCTAssertEqual(task.checkbox, 500)
        XCTAssertEqual(task.checkboxEnd, 506)
        task.paragraphContinues = true
        XCTAssertEqual(task.checkboxEnd, 506)
        XCTAssertEqual(MemoryLayout<BlockStructure.Task>.stride, 16)
    }

    func testTheOutputsPagesPastItsEndAreGivenBack() {
        // Three huge pages and a bit: advised, then released past the first 3 MB and one byte.
        let capacity = 7 << 20, used = (3 << 20) + 1
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 4096)
        defer { buffer.deallocate() }
        HugePages.advise(buffer)
        for index in 0..<capacity { buffer[index] = UInt8(truncatingIfNeeded: index | 1) }
        HugePages.release(buffer, after: used)
        XCTAssertTrue((0..<(used + 4095) & ~4095).allSatisfy { buffer[$0] == UInt8(truncatingIfNeeded: $0 | 1) },
                      "the content and the rest of its last page are kept")
        #if os(Linux)
        XCTAssertTrue((((used + 4095) & ~4095)..<capacity).allSatisfy { buffer[$0] == 0 }, "the pages after it read as zeros")
        #endif
    }
}
