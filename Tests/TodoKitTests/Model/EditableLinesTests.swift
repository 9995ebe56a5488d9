import XCTest
@testable import TodoKit

/// Line endings where lines are inserted and removed: a lone CR ending must never stand right before
/// an empty line that ends in LF, where the two would read as one CRLF and two lines as one; it
/// becomes CRLF there, as the formatter writes it.
final class EditableLinesTests: XCTestCase {
    private func lines(_ text: String) -> EditableLines {
        let doc = ParsedDocument(validated: Array(text.utf8))
        return EditableLines(doc, ids: [TodoID?](repeating: nil, count: doc.lines.count))
    }

    func testRemovingTheLineBetweenACRAndAnEmptyLFLineEndsTheFirstInCRLF() {
        var edited = lines("a\rb\n\nc\r")
        edited.remove(where: [false, true, false, false])
        XCTAssertEqual(edited.bytes, Array("a\r\n\nc\r".utf8))
        // Elsewhere endings stay as they were.
        var other = lines("a\rb\nc\n\r")
        other.remove(where: [false, true, false, false])
        XCTAssertEqual(other.bytes, Array("a\rc\n\r".utf8))
    }

    func testANewLineBeforeAnEmptyLFLineEndsInCRLFInAFileOfCRs() {
        // (A CR right before an empty LF line cannot be read from a file: the two are one CRLF.)
        var edited = lines("a\rb\n\n")
        edited.insert([Array("new".utf8)], ids: [nil], at: 2)
        XCTAssertEqual(edited.bytes, Array("a\rb\nnew\r\n\n".utf8))
        var inserted = lines("a\rb\n\nc\r")
        inserted.insert([(position: 2, content: Array("x".utf8), id: nil), (position: 3, content: Array("y".utf8), id: nil)])
        XCTAssertEqual(inserted.bytes, Array("a\rb\nx\r\n\ny\rc\r".utf8))
    }

    /// Removing the last line: the line before it takes the file's final ending, but an empty line
    /// keeps its own rather than vanish (no ending, it would be no line), and a lone CR before it
    /// becomes CRLF when that ending is an LF.
    func testRemovingTheLastLineKeepsAnEmptyLineBeforeIt() {
        var noFinalNewline = lines("-\r\r- [x] gone")
        noFinalNewline.remove(where: [false, false, true])
        XCTAssertEqual(noFinalNewline.bytes, Array("-\r\r".utf8))
        var finalLF = lines("-\r\r- [x] gone\n")
        finalLF.remove(where: [false, false, true])
        XCTAssertEqual(finalLF.bytes, Array("-\r\n\n".utf8))
        // A last line with content takes the missing final newline, as before.
        var text = lines("a\nb\nc")
        text.remove(where: [false, false, true])
        XCTAssertEqual(text.bytes, Array("a\nb".utf8))
    }

    /// Removing any lines of texts with every kind of ending and empty lines gives what removing them
    /// one line at a time (a plain model of the rules above) gives.
    func testRemovingLinesMatchesALineByLineModel() {
        var random = SplitMix64(seed: 2026_11_29)
        let endings = ["\n", "\r", "\r\n"]
        for round in 0..<400 {
            var text = ""
            for _ in 0..<(1 + Int(random.next() % 12)) {
                text += random.next() % 3 == 0 ? "" : "- [ ] t\(random.next() % 9)"
                text += endings[Int(random.next() % 3)]
            }
            if random.next() % 3 == 0 { text += "last" }
            var edited = lines(text)
            let original = (0..<edited.count).map { line -> (content: [UInt8], ending: [UInt8]) in
                let bytes = edited.line(line)
                let content = edited[content: line]
                return (content, Array(bytes[content.count...]))
            }
            let flags = (0..<edited.count).map { _ in random.next() % 3 == 0 }
            guard flags.contains(false) else { continue }
            edited.remove(where: flags)

            // The model: a lone CR before an empty LF line becomes CRLF.
            func ending(_ ending: [UInt8], before next: (content: [UInt8], ending: [UInt8])) -> [UInt8] {
                ending == [0x0D] && next.ending == [0x0A] && next.content.isEmpty ? [0x0D, 0x0A] : ending
            }
            var kept: [(content: [UInt8], ending: [UInt8])] = []
            for line in original.indices where !flags[line] {
                if !kept.isEmpty && kept.count < line { kept[kept.count - 1].ending = ending(kept[kept.count - 1].ending, before: original[line]) }
                kept.append(original[line])
            }
            let finalEnding = original[original.count - 1].ending
            if flags.last == true, !finalEnding.isEmpty || !kept[kept.count - 1].content.isEmpty {
                kept[kept.count - 1].ending = finalEnding
                if kept.count > 1 { kept[kept.count - 2].ending = ending(kept[kept.count - 2].ending, before: kept[kept.count - 1]) }
            }
            XCTAssertEqual(edited.bytes, kept.flatMap { $0.content + $0.ending }, "round \(round): \(text.debugDescription) \(flags)")
        }
    }
}
