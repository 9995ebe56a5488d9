import Foundation
@testable import TodoKit
import XCTest

/// ``ChangedLines`` and ``UnifiedDiff`` split and compare only the lines between the texts'
/// shared start and end (``CommonEnds``); every answer must be the one of splitting and comparing
/// every line (`trimmed: false`).
final class TrimmedLinesTests: XCTestCase {
    /// Trimmed and untrimmed answers agree: regions, line tables and counts, byte ranges of every
    /// line and of every region, and the diff at several context sizes.
    private func assertSameAnswers(_ old: [UInt8], _ new: [UInt8], _ what: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let trimmed = ChangedLines(old: old, new: new)
        let full = ChangedLines(old: old, new: new, trimmed: false)
        let describe = { "\(what): \(String(decoding: old, as: UTF8.self).debugDescription) → \(String(decoding: new, as: UTF8.self).debugDescription)" }
        XCTAssertEqual(trimmed.regions, full.regions, describe(), file: file, line: line)
        // Split together and compared in parts: the same regions.
        for parts in [2, 3, 7] {
            XCTAssertEqual(ChangedLines(old: old, new: new, trimmed: true, parts: parts).regions, full.regions,
                           "\(parts) parts: " + describe(), file: file, line: line)
            XCTAssertEqual(ChangedLines(old: old, new: new, trimmed: false, parts: parts).regions, full.regions,
                           "\(parts) parts: " + describe(), file: file, line: line)
        }
        XCTAssertEqual(trimmed.oldLines, full.oldLines, describe(), file: file, line: line)
        XCTAssertEqual(trimmed.newLines, full.newLines, describe(), file: file, line: line)
        let oldAll = LineEnding.lineRanges(of: old), newAll = LineEnding.lineRanges(of: new)
        XCTAssertEqual(trimmed.oldLineCount, oldAll.count, describe(), file: file, line: line)
        XCTAssertEqual(trimmed.newLineCount, newAll.count, describe(), file: file, line: line)
        for region in trimmed.regions {
            XCTAssertEqual(trimmed.oldByteRange(ofLines: region.old), full.oldByteRange(ofLines: region.old), describe(), file: file, line: line)
            XCTAssertEqual(trimmed.newByteRange(ofLines: region.new), full.newByteRange(ofLines: region.new), describe(), file: file, line: line)
            XCTAssertEqual(trimmed.oldByteRange(ofLines: region.old.lowerBound..<region.old.lowerBound),
                           full.oldByteRange(ofLines: region.old.lowerBound..<region.old.lowerBound), describe(), file: file, line: line)
        }
        if old.count + new.count < 4096 {
            for (index, range) in oldAll.enumerated() {
                XCTAssertEqual(trimmed.oldByteRange(ofLines: index..<(index + 1)), range, describe(), file: file, line: line)
            }
            for (index, range) in newAll.enumerated() {
                XCTAssertEqual(trimmed.newByteRange(ofLines: index..<(index + 1)), range, describe(), file: file, line: line)
            }
            XCTAssertEqual(trimmed.oldByteRange(ofLines: oldAll.count..<oldAll.count), old.count..<old.count, describe(), file: file, line: line)
        }
        for context in [0, 1, 3] {
            let fast = UnifiedDiff(old: old, new: new, context: context, costLimit: 4096)
            let slow = UnifiedDiff(old: old, new: new, context: context, costLimit: 4096, trimmed: false)
            XCTAssertEqual(fast.isEmpty, slow.isEmpty, describe(), file: file, line: line)
            let a = fast.rendered(oldLabel: "a", newLabel: "b"), b = slow.rendered(oldLabel: "a", newLabel: "b")
            if a != b {
                XCTFail("context \(context), \(describe())\n\(String(decoding: a, as: UTF8.self))\n---- full:\n\(String(decoding: b, as: UTF8.self))",
                        file: file, line: line)
            }
        }
    }

    func testEdgeCases() {
        let pairs: [(String, String)] = [
            ("", ""), ("", "a\n"), ("a\n", ""), ("a", "a\n"), ("a\n", "a"), ("a\r", "a\r\n"), ("a\r\n", "a\r"),
            ("a\rb\n", "a\r\nb\n"), ("x\r\ny\n", "x\ry\n"), ("a\nb\nc\n", "a\nB\nc\n"), ("a\nb\nc\n", "a\nc\n"),
            ("a\nc\n", "a\nb\nc\n"), ("a\nb\n", "a\nb\nb\n"), ("b\nb\n", "b\n"), ("a\nb\nb\nc\n", "a\nb\nc\n"),
            // The first line after the cut equals the inserted one: a run may slide over it.
            ("p\nq\rY\n", "p\nq\rq\rY\n"), ("p\nq\nY\n", "p\nq\nq\nY\n"), ("p\nq\r\nY\n", "p\nq\rq\r\nY\n"),
            ("a\nb\na\nb\n", "a\nb\n"), ("\n\n\n", "\n\n"), ("\r\r\r", "\r\r"), ("\r\n\r\n", "\r\n\r\r\n"),
            ("x\na\nb\ny\n", "x\nb\na\ny\n"), ("u\nx\na\ny\n", "x\nv\ny\nu\n"),
            ("last", "last line"), ("a\nlast", "a\nlast\n"), ("a\r\nlast\r", "a\r\nlast\r\n"),
        ]
        for (old, new) in pairs {
            assertSameAnswers(Array(old.utf8), Array(new.utf8), "pair")
            assertSameAnswers(Array(new.utf8), Array(old.utf8), "pair reversed")
        }
    }

    /// Thousands of random texts over few distinct lines and endings (LF, CR LF, lone CR, none
    /// at the end), each edited at random places: at the start, the end, line boundaries, inside
    /// a CR LF.
    func testRandomEdits() {
        var random = SplitMix64(seed: 13)
        let pieces = ["a", "b", "- [ ] t", "", "a ", "x"]
        let endings = ["\n", "\n", "\r\n", "\r"]
        func text(_ lines: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for index in 0..<lines {
                bytes += Array(pieces[random.below(pieces.count)].utf8)
                if index < lines - 1 || random.below(4) != 0 { bytes += Array(endings[random.below(endings.count)].utf8) }
            }
            return bytes
        }
        for round in 0..<4000 {
            let old = text(random.below(12))
            var new = old
            for _ in 0..<(1 + random.below(3)) {
                let at = new.isEmpty ? 0 : random.below(new.count + 1)
                switch random.below(6) {
                case 0: new.insert(contentsOf: text(1 + random.below(3)), at: at)
                case 1 where at < new.count: new.removeSubrange(at..<min(new.count, at + 1 + random.below(6)))
                case 2: new.insert(contentsOf: Array(endings[random.below(endings.count)].utf8), at: at)
                case 3 where at < new.count: new[at] = [0x0A, 0x0D, UInt8(ascii: "a")][random.below(3)]
                case 4: new = random.below(2) == 0 ? text(random.below(3)) + new : new + text(random.below(3))
                default: new.insert(contentsOf: Array(pieces[random.below(pieces.count)].utf8), at: at)
                }
            }
            assertSameAnswers(old, new, "round \(round)")
            if random.below(8) == 0 { assertSameAnswers(old, old, "equal, round \(round)") }
        }
    }

    /// Line endings counted eight bytes at a time, over runs longer than a lane can sum at
    /// once, are the lines a split finds (CR LF pairs across word boundaries included).
    func testLineEndingCountMatchesTheSplit() {
        var random = SplitMix64(seed: 99)
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("abc".utf8), Array("- [ ] x".utf8), [0x20]]
        for round in 0..<40 {
            var text: [UInt8] = []
            let size = round < 20 ? random.below(64) : 20_000 + random.below(20_000)
            // Odd rounds: endings only, so that lanes fill up.
            while text.count < size { text += pieces[random.below(round % 2 == 0 ? pieces.count : 3)] }
            text.append(0x0A)
            let split = LineEnding.lineRanges(of: text)
            let feeds = LineEnding.lineFeedRanges(of: text)
            text.withUnsafeBufferPointer { buf in
                XCTAssertEqual(CommonEnds.lineEndingCount(buf, 0..<buf.count, lineFeedOnly: false), split.count, "round \(round)")
                XCTAssertEqual(CommonEnds.lineEndingCount(buf, 0..<buf.count, lineFeedOnly: true), feeds.count, "round \(round)")
                let first = split.count / 3, last = 2 * split.count / 3
                XCTAssertEqual(CommonEnds.lineEndingCount(buf, split[first].lowerBound..<split[last].lowerBound, lineFeedOnly: false),
                               last - first, "round \(round)")
            }
        }
    }

    /// A large text with one line changed: only the lines between are split, and the answers
    /// are the full ones.
    func testOneEditInALargeTextSplitsOnlyThatLine() {
        let lines = (0..<20_000).map { "- [ ] task \($0) due:2026-12-\(10 + $0 % 18)\n" }
        let old = Array(lines.joined().utf8)
        var edited = lines
        edited[12_345] = "- [ ]  task 12345\n"
        let new = Array(edited.joined().utf8)
        let changes = ChangedLines(old: old, new: new)
        XCTAssertEqual(changes.regions, [ChangedLines.Region(old: 12_345..<12_346, new: 12_345..<12_346)])
        XCTAssertEqual(changes.oldTable.count, 1)
        assertSameAnswers(old, new, "one line changed")
        edited.insert("- [ ] next\n", at: 12_346)
        let grown = Array(edited.joined().utf8)
        XCTAssertEqual(ChangedLines(old: old, new: grown).oldTable.count, 1)
        assertSameAnswers(old, grown, "one line changed, one inserted")
        assertSameAnswers(grown, old, "one line changed, one removed")
    }

    /// Every fixture against its formatted form and against the other files of its directory's
    /// pairs (input and expected).
    func testFixtures() throws {
        let root = SharedMaterial.packageRoot.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path } ?? []
        XCTAssertGreaterThan(files.count, 10)
        var previous: [UInt8] = []
        for file in files {
            let bytes = try SharedMaterial.bytes(of: file)
            if let formatted = try? TodoFormatter().format(utf8: bytes) {
                assertSameAnswers(bytes, formatted, file.lastPathComponent)
            }
            assertSameAnswers(previous, bytes, file.lastPathComponent + " after the file before")
            previous = bytes
        }
    }

    /// The corpus (`../shared/corpus`) against its formatted form, and with random line edits.
    func testCorpus() throws {
        var random = SplitMix64(seed: 5)
        for file in try SharedMaterial.corpusFiles() {
            let bytes = try SharedMaterial.bytes(of: file)
            if let formatted = try? TodoFormatter().format(utf8: bytes) {
                assertSameAnswers(bytes, formatted, file.lastPathComponent)
            }
            var lines = LineEnding.lineRanges(of: bytes).map { Array(bytes[$0]) }
            guard !lines.isEmpty else { continue }
            for _ in 0..<3 {
                let at = random.below(lines.count)
                switch random.below(3) {
                case 0: lines.remove(at: at)
                case 1: lines.insert(lines[random.below(lines.count)], at: at)
                default: lines[at] = Array("- [ ] edited\n".utf8)
                }
                if lines.isEmpty { break }
                assertSameAnswers(bytes, lines.flatMap { $0 }, file.lastPathComponent + " edited")
            }
        }
    }

    /// The documents `bench.py compare` generates (`.build/bench-compare/gendocs`, skipped when
    /// absent), a sample of them against their formatted form.
    func testGeneratedDocuments() throws {
        let directory = SharedMaterial.packageRoot.appendingPathComponent(".build/bench-compare/gendocs")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw XCTSkip("\(directory.path) is absent")
        }
        for name in names.sorted().enumerated().filter({ $0.offset % 40 == 0 }).map(\.element) {
            let bytes = try SharedMaterial.bytes(of: directory.appendingPathComponent(name))
            guard let formatted = try? TodoFormatter().format(utf8: bytes) else { continue }
            assertSameAnswers(bytes, formatted, name)
        }
    }
}
