import XCTest
@testable import TodoKit

/// The block scanner reads the commonest item line, `- [ ] text` or `- text` joining an open list, and
/// an empty line among lists the short way (``BlockScanner``'s sibling items); the structure must be
/// the one the general steps find, for every document: generated ones, and lines drawn at random from
/// near misses (tabs, indentation around the content columns, other bullets and delimiters, block
/// quotes, code, lazy lines).
final class SiblingItemScanTests: XCTestCase {
    private func scans(_ bytes: [UInt8]) -> (short: BlockStructure, general: BlockStructure) {
        bytes.withUnsafeBufferPointer { buf in
            let lines = LineTable(buf)
            return (BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: 1),
                    BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: 1, siblingItems: false))
        }
    }

    private func assertSameStructure(_ text: [UInt8], _ message: @autoclosure () -> String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let (short, general) = scans(text)
        if short != general {
            XCTFail("\(message()): \(String(decoding: text, as: UTF8.self).debugDescription)", file: file, line: line)
        }
    }

    func testGeneratedDocuments() {
        for seed in 0..<300 as Range<UInt64> {
            assertSameStructure(DocumentGenerator.document(seed: 70_000 + seed, directives: seed % 4 == 0), "seed \(seed)")
        }
    }

    /// Shapes the short way must leave to the general steps or get exactly right.
    func testHandWrittenCases() {
        let documents = [
            // An open list with no open item takes the next bullet at its column.
            "- a\n\n  -\n\n  - b\n  - [ ] c\n",
            // A lone `-` under a paragraph is a setext underline, not an item.
            "- a\n  -\n  - [ ] b\n",
            // Bullets change: a new list; numbers interrupt a paragraph only from 1.
            "- [ ] a\n* [ ] b\n+ c\n1. [ ] d\n2. [ ] e\n  2. [ ] f\n  1. [ ] g\n",
            // Indented four past the item: code or paragraph text, not an item.
            "- [ ] a\n      - [ ] b\n\n      - [ ] c\n",
            // Tabs in the indentation, a lazy line, a block quote, a fence.
            "- [ ] a\n\t- [ ] b\n  \t- [ ] c\nlazy\n> - [ ] d\n> - [ ] e\n```\n- [ ] f\n```\n- [ ] g\n",
            // Empty lines around items with and without content.
            "-\n\n- [ ] a\n\n\n- [ ] b\n  - [ ]\n\n  - c\n",
        ]
        for (index, text) in documents.enumerated() {
            assertSameStructure(Array(text.utf8), "case \(index)")
        }
    }

    /// Lines around the short way's conditions, in random order: every one it takes must come out
    /// as the general steps read it, and the ones it leaves must stay the general steps' too.
    func testRandomNearMisses() {
        let pool = [
            "- [ ] task", "- [x] done", "- [ ]", "- [ ]   ", "- [ ]x", "-  [ ] two spaces", "-\t[ ] tab",
            "* [ ] star", "+ [ ] plus", "- [→] arrow", "- [\u{3000}] wide space", "- [[] bracket", "- [\t] tab mark",
            "  - [ ] two", "   - [ ] three", "    - [ ] four", "     - [ ] five", "      - [ ] six", "\t- [ ] tab",
            "  \t- [ ] spaces, tab", "1. [ ] one", "2) [ ] two", "10. [ ] ten", "1234567890. [ ] too long",
            "   1. [ ] indented", "    1. [ ] deeper", "- plain item", "  - plain nested", "text line",
            "    continued", "  lazy", "", "   ", "---", "- - -", "* * *", "===", "# heading", "> - [ ] quoted",
            "> > - [ ] deeper", ">", "```", "~~~", "    code", "<div>", "</div>", "<!-- c -->", "- [ ] a\\",
            "-", "1.", "- > [ ] quote in item", "  > - [ ] quote in nested", "- # [ ] heading item",
            "- *em* text", "- 1. nested marker", "- `code`", "1. plain", "2) plain", "* plain star",
            "- [link](x) text", "- <b>html</b>", "  - plain two", "- ~~old~~", "- _u_", "- =x", "-x",
            "  -", "   -", "  *", "  1.", "  + [ ] plus two", "    * [ ] star four",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for document in 0..<3000 {
            var text = ""
            for _ in 0..<(5 + next(25)) { text += pool[next(pool.count)] + "\n" }
            assertSameStructure(Array(text.utf8), "document \(document)")
        }
    }
}
