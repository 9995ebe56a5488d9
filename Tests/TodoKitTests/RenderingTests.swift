import XCTest
@testable import TodoKit

/// Tests of the rendering judge itself: it accepts exactly the changes the format rules allow and
/// catches deliberately broken outputs. These pairs are written by hand, independent of the engine.
final class RenderingTests: XCTestCase {
    private let normalizer = HTMLNormalizer(today: FormatterCheck.today)

    private func judge() throws -> RenderingJudge {
        RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
    }

    private func assertAccepted(_ input: String, _ output: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let difference = try judge().difference(input: Array(input.utf8), output: Array(output.utf8))
        XCTAssertNil(difference, "a formatting the rules allow was rejected:\n\(difference ?? "")", file: file, line: line)
    }

    private func assertCaught(_ input: String, _ output: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let difference = try judge().difference(input: Array(input.utf8), output: Array(output.utf8))
        XCTAssertNotNil(difference, "a broken output passed the judge: \(SwiftLiteral.of(Array(output.utf8)))", file: file, line: line)
    }

    // MARK: What the rules allow

    func testAcceptsSinkingCompletedTasks() throws {
        try assertAccepted("- [x] a\n- [ ] b\n- c\n- [-] d\n- [/] e\n",
                           "- [ ] b\n- c\n- [/] e\n- [x] a done:2026-11-21\n- [-] d cancelled:2026-11-21\n")
    }

    func testAcceptsSinkingWithSubtreesContinuationsAndNestedLists() throws {
        try assertAccepted("""
        - [x] parent
          continued
          - [ ] child one
          - [x] child two
          - [ ] child three
        - [ ] other

        """, """
        - [ ] other
        - [x] parent done:2026-11-21
          continued
          - [ ] child one
          - [ ] child three
          - [x] child two done:2026-11-21

        """)
    }

    func testAcceptsSinkingInLooseListsAndBlockQuotes() throws {
        try assertAccepted("- [x] a\n\n- [ ] b\n", "- [ ] b\n\n- [x] a done:2026-11-21\n")
        try assertAccepted("> - [x] a\n> - [ ] b\n", "> - [ ] b\n> - [x] a done:2026-11-21\n")
    }

    func testAcceptsRenumberedOrderedLists() throws {
        try assertAccepted("3. [x] a\n4. [ ] b\n5. [ ] c\n", "3. [ ] b\n4. [ ] c\n5. [x] a done:2026-11-21\n")
        try assertAccepted("1) [x] a\n1) [ ] b\n", "1) [ ] b\n1) [x] a done:2026-11-21\n")
    }

    func testAcceptsMovedAndRespelledFields() throws {
        try assertAccepted("- [ ] 📅 2026-12-01 call *Bob* ⏫ about it\n",
                           "- [ ] call *Bob* about it priority:high due:2026-12-01\n")
        try assertAccepted("- [x] a [completion:: 2026-01-02] (due::2026-01-01)\n", "- [x] a due:2026-01-01 done:2026-01-02\n")
        try assertAccepted("- [ ] a due:2026-12-01\n  b\n", "- [ ] a due:2026-12-01\n  b\n")
        try assertAccepted("- [ ] due:2026-12-01 a  \n  b\n", "- [ ] a due:2026-12-01  \n  b\n")
    }

    func testAcceptsDateStampingAndRemoval() throws {
        try assertAccepted("- [ ] a done:2026-01-01 cancelled:2026-01-02\n", "- [ ] a\n")
        try assertAccepted("- [X] a\n", "- [x] a done:2026-11-21\n")
        // An empty done task is literal text for cmark-gfm until its stamp gives it content.
        try assertAccepted("- [x]\n", "- [x] done:2026-11-21\n")
    }

    // MARK: What the judge must catch

    func testCatchesADroppedLine() throws {
        try assertCaught("- [ ] a\n- [ ] b\n\npara\n", "- [ ] a\n\npara\n")
        try assertCaught("- [ ] a\n  continued\n", "- [ ] a\n")
        try assertCaught("# Title\n\n- [ ] a\n", "- [ ] a\n")
    }

    func testCatchesASplitList() throws {
        try assertCaught("- [ ] a\n- [ ] b\n", "- [ ] a\n* [ ] b\n")
        try assertCaught("1. [ ] a\n2. [ ] b\n", "1. [ ] a\n2) [ ] b\n")
        try assertCaught("- [ ] x\n- [x] a\n\n# H\n\n- [ ] b\n", "- [ ] x\n\n# H\n\n- [ ] b\n- [x] a done:2026-11-21\n")
    }

    func testCatchesAChangedWord() throws {
        try assertCaught("- [ ] buy milk\n", "- [ ] buy silk\n")
        try assertCaught("Some paragraph.\n\n- [ ] a\n", "Some paragraph!\n\n- [ ] a\n")
        try assertCaught("```\n- [x] a\n```\n", "```\n- [x] a done:2026-11-21\n```\n")
        try assertCaught("[x] not in a list\n", "[x] not in a list done:2026-11-21\n")
        try assertCaught("- [ ] a\n  b\n", "- [ ] a\n  b due:2026-01-01\n")
        try assertCaught("- [ ] *a* b\n", "- [ ] *a*b\n")
    }

    func testCatchesTightLooseChanges() throws {
        try assertCaught("- [ ] a\n- [ ] b\n", "- [ ] a\n\n- [ ] b\n")
        try assertCaught("- [ ] a\n\n- [ ] b\n", "- [ ] a\n- [ ] b\n")
    }

    func testCatchesWrongOrders() throws {
        try assertCaught("- [ ] a\n- [ ] b\n", "- [ ] b\n- [ ] a\n")
        try assertCaught("- [/] a\n- [ ] b\n", "- [ ] b\n- [/] a\n")
        try assertCaught("- [x] a\n- [x] b\n", "- [x] b\n- [x] a\n")
        try assertCaught("- [ ] a\n- b\n", "- b\n- [ ] a\n")
    }

    func testCatchesStructureChanges() throws {
        try assertCaught("- [ ] a\n  - [ ] b\n", "- [ ] a\n- [ ] b\n")
        try assertCaught("3. [ ] a\n4. [ ] b\n", "1. [ ] a\n2. [ ] b\n")
        try assertCaught("- [ ] a  \n  b\n", "- [ ] a\n  b\n")
        try assertCaught("- [ ] a\n", "- a\n")
        try assertCaught("- [x] a\n", "- [ ] a\n")
        try assertCaught("> - [ ] a\n", "- [ ] a\n")
    }

    func testCatchesFieldChanges() throws {
        try assertCaught("- [ ] a due:2026-12-01\n", "- [ ] a due:2026-12-02\n")
        try assertCaught("- [ ] a due:2026-12-01\n", "- [ ] a\n")
        try assertCaught("- [ ] a ⏫\n", "- [ ] a priority:low\n")
        try assertCaught("- [x] a done:2026-01-01\n", "- [x] a done:2026-11-21\n")
        try assertCaught("- [ ] due:tomorrow a\n", "- [ ] a due:tomorrow\n")
        try assertCaught("- [ ] a `due:2026-12-01` b\n", "- [ ] a b due:2026-12-01\n")
    }

    // MARK: The normaliser without a renderer

    func testNormaliserKeepsVisibleWhitespaceAndCode() {
        XCTAssertNotEqual(normalizer.canonical("<p>a <em>b</em></p>\n"), normalizer.canonical("<p>a<em>b</em></p>\n"))
        XCTAssertNotEqual(normalizer.canonical("<pre><code>a  b\n</code></pre>\n"), normalizer.canonical("<pre><code>a b\n</code></pre>\n"))
        XCTAssertNotEqual(normalizer.canonical("<p><code>a  b</code></p>\n"), normalizer.canonical("<p><code>a b</code></p>\n"))
        XCTAssertEqual(normalizer.canonical("<p>a\nb  c </p>\n"), normalizer.canonical("<p>a b c</p>"))
    }

    func testNormaliserComparesListsItemByItem() {
        let done = "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> c</li>\n"
        let written = "<ul>\n" + done + "<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        let sunk = "<ul>\n<li>[ ] a</li>\n<li>b</li>\n" + done + "</ul>\n"
        let swapped = "<ul>\n<li>b</li>\n<li>[ ] a</li>\n" + done + "</ul>\n"
        XCTAssertEqual(normalizer.canonical(written), normalizer.canonical(sunk))
        XCTAssertNotEqual(normalizer.canonical(written), normalizer.canonical(swapped))
        let lost = "<ul>\n<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        XCTAssertNotEqual(normalizer.canonical(sunk), normalizer.canonical(lost))
        let duplicated = "<ul>\n<li>[ ] a</li>\n<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        XCTAssertNotEqual(normalizer.canonical(lost), normalizer.canonical(duplicated))
    }

    func testNormaliserKeepsMalformedHTMLInOrder() {
        // A raw-HTML list without its closing tags is not reordered: it is compared as written.
        let html = "<ul>\n<li>[x] a\n<li>b\n"
        XCTAssertEqual(normalizer.canonical(html), normalizer.canonical(html))
        XCTAssertNotEqual(normalizer.canonical(html), normalizer.canonical("<ul>\n<li>b\n<li>[x] a\n"))
        XCTAssertEqual(HTMLTokenizer.tokens("a < b <c"), [.text("a < b <c")])
    }

    func testFieldScannerTakesOnlyValidWholeTokens() {
        let (text, fields) = RenderedFieldScanner.strip(
            " a due:2026-12-01 due:2026-02-30 xdue:2026-01-01 due:2026-01-01, 📅 2026-12-02 ⏫ [due:: 2026-12-03] 12:30",
            gluedLeft: false, gluedRight: false)
        XCTAssertEqual(fields.map(\.key), ["due", "due", "priority", "due"])
        XCTAssertEqual(fields.map(\.value), ["2026-12-01", "2026-12-02", "high", "2026-12-03"])
        XCTAssertEqual(text.split(separator: " "), ["a", "due:2026-02-30", "xdue:2026-01-01", "due:2026-01-01,", "12:30"])
        XCTAssertTrue(RenderedFieldScanner.strip("due:2026-12-01", gluedLeft: true, gluedRight: false).fields.isEmpty)
        XCTAssertTrue(RenderedFieldScanner.strip("due:2026-12-01", gluedLeft: false, gluedRight: true).fields.isEmpty)
    }
}
