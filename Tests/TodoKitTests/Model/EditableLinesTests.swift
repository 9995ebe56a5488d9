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
}
