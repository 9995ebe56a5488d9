import XCTest
@testable import TodoKit

/// A large document's blocks are scanned in parts at the same time (``BlockScanner``); the parts'
/// structures, put together, must be the structure one scan from the top finds, wherever the cuts
/// fall: in lists, block quotes, code blocks, HTML blocks and Obsidian comments.
final class ParallelScanTests: XCTestCase {
    /// Everything a scan records, in a form that compares (list items as arrays).
    private func summary(_ s: BlockStructure) -> [String] {
        [
            String(describing: s.items),
            String(describing: s.tasks),
            s.lists.indices.map { list in
                let l = s.lists[list]
                return "\(l.parentItem) \(Array(s.items(ofList: list))) \(l.ordered) \(l.delimiter) \(l.nextSibling) \(l.container)"
            }.joined(separator: ";"),
            String(describing: s.headings),
            String(describing: s.comments),
            String(describing: s.obsidianCommentLines),
            "\(s.firstTopList) \(s.lastTopList)",
            String(describing: s.lazyLines),
            String(describing: s.paragraphLines),
            String(describing: s.openRawLines),
        ]
    }

    private func structures(_ bytes: [UInt8], parts: Int) -> (one: BlockStructure, parts: BlockStructure) {
        bytes.withUnsafeBufferPointer { buf in
            let lines = LineTable(buf)
            // The document is cut at all: into the parts asked for.
            XCTAssertEqual(BlockScanner.partBounds(buf, lines: lines, from: 0, parts: parts, minimumLines: 1).count, parts + 1)
            return (BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: 1),
                    BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: parts, minimumLines: 1))
        }
    }

    /// Generated documents run together, each cut at its headings: the cuts meet open fences, HTML
    /// blocks, lists and quotes; every document also stands after a heading of its own.
    func testPartsGiveTheStructureOfOneScan() {
        var checked = 0
        for seed in 0..<150 as Range<UInt64> {
            let bytes = DocumentGenerator.sections(12, firstSeed: 90_000 + seed * 12)
            for parts in [2, 3, 4] {
                let (one, cut) = structures(bytes, parts: parts)
                XCTAssertEqual(summary(one), summary(cut), "seed \(seed), \(parts) parts")
                XCTAssertTrue(one == cut, "seed \(seed), \(parts) parts")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 450)
    }

    /// A document above the size where scans are cut by default.
    func testLargeDocumentCutAtItsHeadings() throws {
        var bytes: [UInt8] = []
        for k in 0..<1000 as Range<UInt64> {
            bytes += Array("\n## Section \(k)\n\n".utf8)
            bytes += DocumentGenerator.document(seed: 123_000 + k)
        }
        let lines = bytes.withUnsafeBufferPointer { LineTable($0).count }
        XCTAssertGreaterThan(lines, BlockScanner.parallelMinimumLines)
        let (one, cut) = structures(bytes, parts: 2)
        XCTAssertEqual(summary(one), summary(cut))
    }
}
