@testable import TodoKit
import XCTest

/// The byte primitives (classification, tab stops, runs of spaces and tabs, line endings, equality,
/// thematic breaks)
/// against independent definitions: the standard library's character properties and spelled-out
/// examples from CommonMark.
final class BytePrimitivesTests: XCTestCase {
    func testClassificationAgreesWithTheStandardLibraryOnEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            let ascii = value < 0x80
            XCTAssertEqual(byte.isASCIIDigit, ascii && scalar.properties.numericType == .decimal, "\(value)")
            XCTAssertEqual(byte.isASCIILetter, ascii && scalar.properties.isAlphabetic, "\(value)")
            XCTAssertEqual(byte.isASCIIAlphanumeric, byte.isASCIILetter || byte.isASCIIDigit, "\(value)")
            XCTAssertEqual(byte.isSpaceOrTab, scalar == " " || scalar == "\t", "\(value)")
            XCTAssertEqual(byte.isLineBreak, scalar == "\n" || scalar == "\r", "\(value)")
            // CommonMark: space, tab, line feed, line tabulation, form feed, carriage return.
            XCTAssertEqual(byte.isASCIIWhitespace, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(value), "\(value)")
        }
    }

    func testTabStopsEveryFourColumns() {
        XCTAssertEqual((0..<9).map { TabStop.next(after: $0) }, [4, 4, 4, 4, 8, 8, 8, 8, 12])
        XCTAssertEqual(TabStop.column(after: UInt8(ascii: "\t"), at: 2), 4)
        XCTAssertEqual(TabStop.column(after: UInt8(ascii: " "), at: 3), 4)
        XCTAssertEqual(TabStop.column(after: Array(" \t  \tx".utf8)), 9)
        XCTAssertEqual(TabStop.column(after: Array("\t".utf8), from: 5), 8)
        XCTAssertEqual(TabStop.column(after: [UInt8]()), 0)
    }

    func testRunsOfSpacesAndTabsAndBlankRests() {
        let bytes = Array("  \t x \t".utf8)
        bytes.withUnsafeBufferPointer { buf in
            XCTAssertEqual(SpacesAndTabs.skip(buf, from: 0, to: buf.count), 4)
            XCTAssertEqual(SpacesAndTabs.skip(buf, from: 4, to: buf.count), 4)
            XCTAssertEqual(SpacesAndTabs.skip(buf, from: 5, to: buf.count), buf.count)
            XCTAssertEqual(SpacesAndTabs.skip(buf, from: 0, to: 2), 2)
            XCTAssertFalse(SpacesAndTabs.isBlank(buf, from: 0, to: buf.count))
            XCTAssertTrue(SpacesAndTabs.isBlank(buf, from: 0, to: 4))
            XCTAssertTrue(SpacesAndTabs.isBlank(buf, from: 5, to: buf.count))
            // An empty range is blank: a line with no content, or the rest of one read to its end.
            XCTAssertTrue(SpacesAndTabs.isBlank(buf, from: buf.count, to: buf.count))
        }
        // Other white space is not a space or a tab (CommonMark's blank lines hold only these two).
        for other in ["\n", "\r", "\u{0B}", "\u{0C}", "\u{A0}"] {
            let bytes = Array(" \(other)".utf8)
            bytes.withUnsafeBufferPointer { XCTAssertFalse(SpacesAndTabs.isBlank($0, from: 0, to: $0.count), other.debugDescription) }
        }
    }

    func testLineRangesEndAtLFCRLFAndALoneCR() {
        func lines(_ text: String) -> [String] {
            let bytes = Array(text.utf8)
            return LineEnding.lineRanges(of: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        XCTAssertEqual(lines(""), [])
        XCTAssertEqual(lines("a"), ["a"])
        XCTAssertEqual(lines("a\nb\n"), ["a\n", "b\n"])
        XCTAssertEqual(lines("a\r\nb\rc\n\r"), ["a\r\n", "b\r", "c\n", "\r"])
        XCTAssertEqual(lines("\r\r\n\n"), ["\r", "\r\n", "\n"])
    }

    func testLineFeedRangesKeepCarriageReturnsInTheirLine() {
        let bytes = Array("a\r\nb\rc\nd".utf8)
        XCTAssertEqual(LineEnding.lineFeedRanges(of: bytes).map { String(decoding: bytes[$0], as: UTF8.self) },
                       ["a\r\n", "b\rc\n", "d"])
        XCTAssertEqual(LineEnding.lineFeedRanges(of: []), [])
    }

    func testNextLineStartTakesTheLineFeedOfACRLFPastTheEnd() {
        let bytes = Array("ab\r\ncd".utf8)
        bytes.withUnsafeBufferPointer { buf in
            XCTAssertEqual(LineEnding.nextLineStart(in: buf, from: 0, to: buf.count), 4)
            XCTAssertEqual(LineEnding.nextLineStart(in: buf, from: 0, to: 3), 4)
            XCTAssertNil(LineEnding.nextLineStart(in: buf, from: 0, to: 2))
            XCTAssertNil(LineEnding.nextLineStart(in: buf, from: 4, to: buf.count))
        }
    }

    func testDecimalsAreWrittenAsStringSpellsThem() {
        var numbers = [12_345, -987, Int.max, Int.min, Int.max - 1, Int.min + 1]
        numbers += (-1_000...10_000).map { $0 }
        var power = 1
        while power <= Int.max / 10 {
            power *= 10
            numbers += [power - 1, power, power + 1, -power, 7 * power + 42]
        }
        for number in numbers {
            var writer = ByteWriter(capacity: 4)
            writer.appendDecimal(number)
            XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), String(number))
        }
    }

    func testSameBytes() {
        let a = Array("hello world".utf8), b = Array("say hello".utf8)
        XCTAssertTrue(SameBytes.equal(a[0..<5], b[4...]))
        XCTAssertFalse(SameBytes.equal(a[0..<5], b[3..<8]))
        XCTAssertFalse(SameBytes.equal(a[0..<5], b[4..<8]))
        XCTAssertTrue(SameBytes.equal([], []))
        XCTAssertTrue(SameBytes.equal(a, Array("hello world".utf8)))
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                XCTAssertTrue(SameBytes.equal(a, 0..<5, b, 4..<9))
                XCTAssertTrue(SameBytes.equal(a, 3..<3, b, 0..<0))
                XCTAssertFalse(SameBytes.equal(a, 6..<11, b, 4..<9))
            }
        }
    }

    func testThematicBreaks() {
        func scan(_ line: String, from start: Int = 0) -> ThematicBreak.Scan {
            let bytes = Array(line.utf8)
            return ThematicBreak.scan(from: start, to: bytes.count) { bytes[$0] }
        }
        // CommonMark examples 43, 47, 50 and 52: breaks.
        for line in ["***", "---", "___", " - - -", "_____________________________________", "- - - -    ", "*\t*\t*"] {
            let start = Array(line.utf8).firstIndex { !$0.isSpaceOrTab }!
            XCTAssertEqual(scan(line, from: start), .thematicBreak, line)
        }
        XCTAssertEqual(scan("--"), .notABreak)
        XCTAssertEqual(scan("+++"), .notABreak)
        XCTAssertEqual(scan(""), .notABreak)
        XCTAssertEqual(scan("*-*"), .failed(at: 1))
        XCTAssertEqual(scan("_ _ _ _ a"), .failed(at: 8))
        XCTAssertEqual(scan("- - - x", from: 2), .failed(at: 6))
    }
}
