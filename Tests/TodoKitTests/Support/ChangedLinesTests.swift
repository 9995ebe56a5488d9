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

    /// ``ChangedLines/regionsInPlace(old:new:)`` (the stretches of a large file's check), and the
    /// same from the two texts' line tables, give the regions ``ChangedLines`` gives when both texts
    /// have as many lines, and nil otherwise: on texts of LF, CR LF and lone CR lines, edited in
    /// place, with lines added or taken away.
    func testRegionsInPlaceAreTheRegionsOfTextsWithAsManyLines() {
        var generator = SplitMix64(seed: 13)
        let lines = ["a\n", "b\n", "a\r\n", "b\r", "\r", "\n", "- [ ] t\n", "- [x] t done:2026-11-21\n", "c"]
        var inPlace = 0, counted = 0
        for _ in 0..<4_000 {
            var old = (0..<Int(generator.next() % 12)).map { _ in lines[Int(generator.next() % UInt64(lines.count))] }
            if old.last == "c" { old.removeLast() }
            var new = old
            for _ in 0..<Int(generator.next() % 4) where !new.isEmpty {
                let at = Int(generator.next() % UInt64(new.count))
                switch generator.next() % 5 {
                case 0: new.insert(lines[Int(generator.next() % UInt64(lines.count - 1))], at: at)
                case 1: new.remove(at: at)
                default: new[at] = lines[Int(generator.next() % UInt64(lines.count - 1))]
                }
            }
            if generator.next() % 4 == 0 { new.append("c") }
            let a = Array(old.joined().utf8), b = Array(new.joined().utf8)
            let changes = ChangedLines(old: a, new: b)
            let expected = changes.oldLineCount == changes.newLineCount ? changes.regions : nil
            let found = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { ChangedLines.regionsInPlace(old: a, new: $0) } }
            XCTAssertEqual(found, expected, "\(old.joined().debugDescription) → \(new.joined().debugDescription)")
            // The same from the texts' line tables (as a check compares a stretch with its output).
            let fromTables = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { ChangedLines.regionsInPlace(old: a, lines: LineTable(a), new: $0, lines: LineTable($0)) }
            }
            XCTAssertEqual(fromTables, expected, "tables: \(old.joined().debugDescription) → \(new.joined().debugDescription)")
            if expected == nil { counted += 1 } else if expected?.isEmpty == false { inPlace += 1 }
        }
        XCTAssertGreaterThan(inPlace, 500)
        XCTAssertGreaterThan(counted, 500)
    }
}
