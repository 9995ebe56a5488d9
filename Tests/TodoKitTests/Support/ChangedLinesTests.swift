@testable import TodoKit
import XCTest

/// Replacing each region's old lines by its new lines turns the first text into the second.
final class ChangedLinesTests: XCTestCase {
    private func applied(_ old: String, _ new: String) -> String {
        let a = Array(old.utf8), b = Array(new.utf8)
        let changes = ChangedLines(old: a, new: b)
        var result = a
        for region in changes.regions.reversed() {
            let lower = region.old.lowerBound < changes.oldLines.count ? changes.oldLines[region.old.lowerBound].lowerBound : a.count
            let upper = region.old.isEmpty ? lower : changes.oldLines[region.old.upperBound - 1].upperBound
            let text = region.new.isEmpty ? []
                : Array(b[changes.newLines[region.new.lowerBound].lowerBound..<changes.newLines[region.new.upperBound - 1].upperBound])
            result.replaceSubrange(lower..<upper, with: text)
        }
        return String(decoding: result, as: UTF8.self)
    }

    func testRegionsRebuildTheSecondText() {
        let pairs = [
            ("a\nb\nc\n", "a\nb\nc\n"),
            ("a\nb\nc\n", "A\nb\nC\n"),
            // A line replaced and a line inserted further down: one region with the line between.
            ("# H\n\n- [ ] w\n- [ ] c\n", "# H\n\n- [ ] w2\n- [ ] c\n- [x] w\n"),
            ("a\nb\n", "x\na\nb\n"),
            ("a\nb\n", "a\nb\nc"),
            ("a\r\nb\rc", "a\nb\r\nc\n"),
            ("a\nb\nc\nd\n", "b\nd\n"),
            ("", "a\n"),
            ("a\n", ""),
        ]
        for (old, new) in pairs {
            XCTAssertEqual(applied(old, new), new, "\(old.debugDescription) → \(new.debugDescription)")
        }
        let merged = ChangedLines(old: Array("# H\n\n- [ ] w\n- [ ] c\n".utf8), new: Array("# H\n\n- [ ] w2\n- [ ] c\n- [x] w\n".utf8))
        XCTAssertEqual(merged.regions, [ChangedLines.Region(old: 2..<4, new: 2..<5)])
    }

    func testRandomPairs() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let lines = ["a\n", "b\n", "c\n", "- [ ] t\n", "\n", "x\r\n", "y"]
        for _ in 0..<500 {
            let old = (0..<next(8)).map { _ in lines[next(lines.count)] }.joined()
            let new = (0..<next(8)).map { _ in lines[next(lines.count)] }.joined()
            XCTAssertEqual(applied(old, new), new, "\(old.debugDescription) → \(new.debugDescription)")
        }
    }
}
