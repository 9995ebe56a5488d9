import XCTest
@testable import TodoKit

/// ``TodoList/tags(in:)``: `#` after white space (or at the start), then letters, digits, `_`, `-`
/// or `/`, not only digits. An ASCII title is read byte by byte, any other one character by
/// character; both must find the same tags.
final class TodoListTagsTests: XCTestCase {
    /// The rule spelled over characters, as the tags were found before the byte reading: the
    /// reference the ASCII titles are compared with.
    private func characterTags(_ title: String) -> [String] {
        var tags: [String] = []
        var previous: Character = " "
        var current: String?
        for c in title + " " {
            if let tag = current {
                if c.isLetter || c.isNumber || "_-/".contains(c) {
                    current = tag + String(c)
                    previous = c
                    continue
                }
                if !tag.isEmpty && !tag.allSatisfy(\.isNumber) { tags.append(tag) }
                current = nil
            }
            if c == "#" && previous.isWhitespace { current = "" }
            previous = c
        }
        return tags
    }

    func testTagsOfASCIITitles() {
        XCTAssertEqual(TodoList.tags(in: "Pay rent #home"), ["home"])
        XCTAssertEqual(TodoList.tags(in: "#first and #second/sub_part-2, done"), ["first", "second/sub_part-2"])
        XCTAssertEqual(TodoList.tags(in: "issue #123 and #123a #45"), ["123a"])
        XCTAssertEqual(TodoList.tags(in: "x#no a#b #yes#no"), ["yes"])
        XCTAssertEqual(TodoList.tags(in: "tab\t#t form\u{0C}#f unit\u{1F}#u"), ["t", "f"])
        XCTAssertEqual(TodoList.tags(in: "# ## #"), [])
        XCTAssertEqual(TodoList.tags(in: "no tags"), [])
    }

    func testTagsOfTitlesBeyondASCII() {
        XCTAssertEqual(TodoList.tags(in: "café #Größe #日本 #x\u{301}y"), ["Größe", "日本", "x\u{301}y"])
        XCTAssertEqual(TodoList.tags(in: "#١٢٣ #dé,j"), ["dé"])
        XCTAssertEqual(TodoList.tags(in: "#dé #١٢٣ #12 #é2"), ["dé", "é2"])
        // No-break space is white space; a prepended mark makes `#` part of another character.
        XCTAssertEqual(TodoList.tags(in: "a\u{A0}#nbsp \u{600}#not"), ["nbsp"])
    }

    /// Random ASCII titles, dense in the bytes that matter: the byte reading finds what the
    /// reading over characters finds.
    func testASCIITitlesAgreeWithTheCharacterReading() {
        let alphabet = Array("aZ09_-/#  \t\r\n\u{0B}\u{0C}\u{1F},.!#".utf8)
        var random = SplitMix64(seed: 0x7A65)
        var tagged = 0
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let title = String(decoding: bytes, as: UTF8.self)
            let expected = characterTags(title)
            XCTAssertEqual(TodoList.tags(in: title), expected, "\(bytes)")
            if !expected.isEmpty { tagged += 1 }
        }
        XCTAssertGreaterThan(tagged, 1_000)
    }

    /// Random titles with letters, numbers and white space beyond ASCII, combining marks, a
    /// prepended mark, a joiner and flags: the tags found are those of the reading over characters.
    func testTitlesBeyondASCIIAgreeWithTheCharacterReading() {
        let pieces = ["a", "Z", "0", "_", "-", "/", "#", "#", " ", "\t", ",", "é", "ß", "日", "١", "\u{A0}", "\u{2003}",
                      "\u{301}", "\u{600}", "\u{200D}", "👍", "\u{1F3FD}", "🇩", "🇪", "\r\n", "\u{1F}"]
        var random = SplitMix64(seed: 0x7A66)
        var tagged = 0
        for _ in 0..<20_000 {
            let title = (0..<Int(random.next() % 16)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let expected = characterTags(title)
            XCTAssertEqual(TodoList.tags(in: title), expected, "\(Array(title.unicodeScalars))")
            if !expected.isEmpty { tagged += 1 }
        }
        XCTAssertGreaterThan(tagged, 500)
    }
}
