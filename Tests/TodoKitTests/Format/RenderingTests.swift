import XCTest
@testable import TodoKit

/// Tests of the rendering judge itself: it accepts exactly the changes the format rules allow and
/// catches deliberately broken outputs. These pairs are written by hand, independent of the engine.
final class RenderingTests: XCTestCase {
    private let normalizer = HTMLNormalizer(today: FormatterCheck.today)

    /// The canonical form of an output (order kept).
    private func canonical(_ html: String) -> String {
        normalizer.canonical(html, applyingRules: false)
    }

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

    func testFrontMatterIsComparedByBytesNotRendered() throws {
        let frontMatter = "---\ntitle: x\n- [x] yaml, not a task\n- [ ] b\n---\n"
        try assertAccepted(frontMatter + "- [x] a\n- [ ] b\n", frontMatter + "- [ ] b\n- [x] a done:2026-11-21\n")
        try assertCaught(frontMatter + "- [ ] a\n", frontMatter.replacingOccurrences(of: "title", with: "Title") + "- [ ] a\n")
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
        try assertAccepted("- [ ] due:2026-12-01 call *Bob* priority:high about it\n",
                           "- [ ] call *Bob* about it priority:high due:2026-12-01\n")
        try assertAccepted("- [ ] call *Bob* about it ⏫ 📅 2026-12-01 #work\n",
                           "- [ ] call *Bob* about it #work priority:high due:2026-12-01\n")
        // Before ordinary text an emoji field is text (Obsidian Tasks reads only the trailing run).
        try assertCaught("- [ ] 📅 2026-12-01 call *Bob*\n", "- [ ] call *Bob* due:2026-12-01\n")
        try assertAccepted("- [x] a [completion:: 2026-01-02] (due::2026-01-01)\n", "- [x] a due:2026-01-01 done:2026-01-02\n")
        try assertAccepted("- [ ] a due:2026-12-01\n  b\n", "- [ ] a due:2026-12-01\n  b\n")
        try assertAccepted("- [ ] due:2026-12-01 a  \n  b\n", "- [ ] a due:2026-12-01  \n  b\n")
    }

    func testDuplicateKeysLastOneWins() throws {
        try assertAccepted("- [ ] due:2026-01-01 a due:2026-02-02\n", "- [ ] due:2026-01-01 a due:2026-02-02\n")
        try assertAccepted("- [ ] due:2026-02-02 a [due:: 2026-01-01] b\n", "- [ ] due:2026-02-02 a b due:2026-01-01\n")
        try assertCaught("- [ ] due:2026-01-01 a due:2026-02-02\n", "- [ ] a due:2026-02-02\n")
        try assertCaught("- [ ] due:2026-01-01 a due:2026-02-02\n", "- [ ] a due:2026-02-02 due:2026-01-01\n")
        try assertAccepted("- [ ] a done:2026-01-01 done:2026-02-02\n", "- [ ] a\n")
        try assertAccepted("- [x] a done:2026-01-01 done:2026-02-02\n", "- [x] a done:2026-01-01 done:2026-02-02\n")
    }

    func testMarksThatAreInlineMarkup() throws {
        // `[~] … ~b~` renders as strikethrough from the mark on; it is still a task.
        try assertAccepted("- [~] (due:: 2026-01-01) a ~b~\n", "- [~] a ~b~ due:2026-01-01\n")
        try assertCaught("- [~] (due:: 2026-01-01) a ~b~\n", "- [~] a ~c~ due:2026-01-01\n")
    }

    func testAcceptsDateStampingAndRemoval() throws {
        try assertAccepted("- [ ] a done:2026-01-01 cancelled:2026-01-02\n", "- [ ] a\n")
        try assertAccepted("- [X] a\n", "- [x] a done:2026-11-21\n")
        // An empty task is left as written: it gets no date.
        try assertAccepted("- [x]\n", "- [x]\n")
        try assertCaught("- [x]\n", "- [x] done:2026-11-21\n")
    }

    /// cmark-gfm shows a task in a block quote, or after a BOM, as plain `[x]` text; the judge finds
    /// tasks from the source line instead, so they must still be sunk and stamped. A checkbox on the
    /// line after an empty marker is no task, and must be left alone.
    func testTasksAreFoundWhereTheRendererShowsNoCheckbox() throws {
        try assertCaught("> - [x] a\n> - [ ] b\n", "> - [x] a\n> - [ ] b\n")
        try assertAccepted("\u{FEFF}- [x] a\n- [ ] b\n", "\u{FEFF}- [ ] b\n- [x] a done:2026-11-21\n")
        try assertCaught("\u{FEFF}- [x] a\n- [ ] b\n", "\u{FEFF}- [x] a\n- [ ] b\n")
        try assertAccepted("-\n  [x] a\n- [ ] b\n", "-\n  [x] a\n- [ ] b\n")
        try assertCaught("-\n  [x] a\n- [ ] b\n", "- [ ] b\n-\n  [x] a\n")
    }

    func testAcceptsATaskParagraphEmptiedOfItsFields() throws {
        try assertAccepted("* [ ] done:2026-11-21\n\n*\n", "* [ ]\n\n*\n")
        try assertCaught("* [ ] a done:2026-11-21\n\n*\n", "* [ ]\n\n*\n")
    }

    /// Lines an ignore directive covers are taken as written: an ignored list is not sunk and its
    /// tasks are not stamped, while the other lists are.
    func testIgnoredListsAndRegionsAreJudgedAsWritten() throws {
        let input = """
        <!-- todofmt-ignore -->
        - [x] a
        - [ ] b done:2026-01-01

        # H

        - [x] c
        - [ ] d

        <!-- todofmt-ignore-start -->
        1. [x] e
        2. [ ] f
        <!-- todofmt-ignore-end -->

        """
        let output = try FormatterCheck.formatter.format(input)
        XCTAssertEqual(output, input.replacingOccurrences(of: "- [x] c\n- [ ] d\n", with: "- [ ] d\n- [x] c done:2026-11-21\n"))
        try assertAccepted(input, output)
        try assertCaught(input, output.replacingOccurrences(of: "- [x] a\n", with: "- [x] a done:2026-11-21\n"))
        try assertCaught(input, output.replacingOccurrences(of: "- [x] c done:2026-11-21\n", with: "- [x] c\n"))
    }

    /// With the bullet and indentation options, the formatter's output renders like its input, and
    /// an output whose re-indentation changed the nesting or a code block is caught.
    func testBulletAndIndentationOptionsRenderAlike() throws {
        let options = FormatOptions(today: FormatterCheck.today, bullet: .plus, indentation: 2)
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today, options: options)
        let input = """
        * [x] parent
            * [ ] child
              ```
              code
                more
              ```
                - grandchild
        * [ ] other

        """
        let output = try TodoFormatter(options: options).format(input)
        XCTAssertEqual(output, """
        + [ ] other
        + [x] parent done:2026-11-21
          + [ ] child
            ```
            code
              more
            ```
            - grandchild

        """)
        XCTAssertNil(try judge.difference(input: Array(input.utf8), output: Array(output.utf8)))
        for broken in [
            output.replacingOccurrences(of: "    - grandchild", with: "  - grandchild"),
            output.replacingOccurrences(of: "      more", with: "    more"),
            output.replacingOccurrences(of: "  + [ ] child", with: "+ [ ] child"),
        ] {
            XCTAssertNotEqual(broken, output)
            XCTAssertNotNil(try judge.difference(input: Array(input.utf8), output: Array(broken.utf8)), broken)
        }
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
        try assertCaught("- [x] a\n- [ ] b\n", "- [x] a done:2026-11-21\n- [ ] b\n")
        try assertCaught("- [ ] b\n- [x] a\n", "- [x] a done:2026-11-21\n- [ ] b\n")
        try assertCaught("- a\n  - [x] b\n  - c\n", "- a\n  - [x] b done:2026-11-21\n  - c\n")
    }

    func testCatchesStructureChanges() throws {
        try assertCaught("- [ ] a\n  - [ ] b\n", "- [ ] a\n- [ ] b\n")
        try assertCaught("3. [ ] a\n4. [ ] b\n", "1. [ ] a\n2. [ ] b\n")
        try assertCaught("- [ ] a  \n  b\n", "- [ ] a\n  b\n")
        try assertCaught("- [ ] a\n", "- a\n")
        try assertCaught("- [x] a\n", "- [ ] a\n")
        try assertCaught("- [ ] a\n", "- [ ] a done:2026-11-21\n")
        try assertCaught("- [/] a done:2026-01-01\n", "- [/] a done:2026-01-01\n")
        try assertCaught("- [x] a\n", "- [x] a\n")
        try assertCaught("- [-] a\n", "- [-] a done:2026-11-21\n")
        try assertCaught("- [x] a\n", "- [x] a done:2026-11-20\n")
        try assertCaught("> - [ ] a\n", "- [ ] a\n")
    }

    func testCatchesFieldChanges() throws {
        try assertCaught("- [ ] a due:2026-12-01\n", "- [ ] a due:2026-12-02\n")
        try assertCaught("- [ ] a due:2026-12-01\n", "- [ ] a\n")
        try assertCaught("- [ ] a ⏫\n", "- [ ] a priority:low\n")
        try assertCaught("- [x] a done:2026-01-01\n", "- [x] a done:2026-11-21\n")
        try assertCaught("- [ ] due:someday a\n", "- [ ] a due:someday\n")
        try assertCaught("- [ ] a `due:2026-12-01` b\n", "- [ ] a b due:2026-12-01\n")
    }

    /// On every real-world file the judge accepts the formatter's output and catches the same output
    /// broken on purpose: a line dropped, a word added, a list split in two.
    func testCorpusOutputsBrokenOnPurposeAreCaught() throws {
        let judge = try judge()
        var log = FailureLog()
        var mutations = 0
        let files = try SharedMaterial.corpusFiles()
        for url in files {
            let name = url.lastPathComponent
            let input = try SharedMaterial.bytes(of: url)
            guard let output = try? FormatterCheck.formatter.format(utf8: input) else { continue }
            let before = try judge.rendering(input)
            guard try judge.difference(before, output: output) == nil else { continue }
            for (what, broken) in RenderingTests.mutations(of: output) {
                mutations += 1
                if try judge.difference(before, output: broken) == nil {
                    log.record(name, "the judge missed: \(what)")
                }
            }
        }
        XCTAssertGreaterThan(mutations, files.count * 5, "too few mutations were tried")
        log.report("broken outputs", checked: mutations)
    }

    /// Deliberately broken versions of `bytes`, each with a description.
    private static func mutations(of bytes: [UInt8]) -> [(String, [UInt8])] {
        let lines = Shrinker.lines(bytes)
        func isBlank(_ line: [UInt8]) -> Bool {
            line.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
        }
        let content = lines.indices.filter { !isBlank(lines[$0]) }
        guard !content.isEmpty else { return [] }
        var result: [(String, [UInt8])] = []
        for fraction in [1, 2, 3] {
            let index = content[content.count * fraction / 4]
            var dropped = lines
            dropped.remove(at: index)
            result.append(("line \(index + 1) dropped", dropped.flatMap { $0 }))
            // At the start: at the end of a fence's opening line a word would only extend the info
            // string, which GitHub does not render.
            var changed = lines
            changed[index] = Array("XYZZY ".utf8) + changed[index]
            result.append(("word put before line \(index + 1)", changed.flatMap { $0 }))
        }
        // Split a list: give a later item of a `-` list another bullet.
        let dash = content.filter { lines[$0].starts(with: Array("- ".utf8)) }
        if let index = dash.first(where: { dash.contains(content[max(0, (content.firstIndex(of: $0) ?? 0) - 1)]) && $0 != dash.first }) {
            var split = lines
            split[index][0] = UInt8(ascii: "*")
            result.append(("list split at line \(index + 1)", split.flatMap { $0 }))
        }
        return result
    }

    // MARK: The normaliser without a renderer

    func testNormaliserKeepsVisibleWhitespaceAndCode() {
        XCTAssertNotEqual(canonical("<p>a <em>b</em></p>\n"), canonical("<p>a<em>b</em></p>\n"))
        XCTAssertNotEqual(canonical("<pre><code>a  b\n</code></pre>\n"), canonical("<pre><code>a b\n</code></pre>\n"))
        XCTAssertNotEqual(canonical("<p><code>a  b</code></p>\n"), canonical("<p><code>a b</code></p>\n"))
        XCTAssertEqual(canonical("<p>a\nb  c </p>\n"), canonical("<p>a b c</p>"))
    }

    func testNormaliserComparesListsItemByItem() {
        let done = "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> c done:2026-11-21</li>\n"
        let written = "<ul>\n" + done + "<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        let sunk = "<ul>\n<li>[ ] a</li>\n<li>b</li>\n" + done + "</ul>\n"
        let swapped = "<ul>\n<li>b</li>\n<li>[ ] a</li>\n" + done + "</ul>\n"
        XCTAssertEqual(normalizer.canonical(written, applyingRules: true), normalizer.canonical(sunk, applyingRules: false))
        XCTAssertEqual(normalizer.canonical(sunk, applyingRules: true), normalizer.canonical(sunk, applyingRules: false))
        XCTAssertNotEqual(normalizer.canonical(written, applyingRules: true), normalizer.canonical(written, applyingRules: false))
        XCTAssertNotEqual(normalizer.canonical(written, applyingRules: true), normalizer.canonical(swapped, applyingRules: false))
        let lost = "<ul>\n<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        XCTAssertNotEqual(canonical(sunk), canonical(lost))
        let duplicated = "<ul>\n<li>[ ] a</li>\n<li>[ ] a</li>\n<li>b</li>\n</ul>\n"
        XCTAssertNotEqual(canonical(lost), canonical(duplicated))
    }

    func testNormaliserKeepsMalformedHTMLInOrder() {
        // A raw-HTML list without its closing tags is not reordered: it is compared as written.
        let html = "<ul>\n<li>[x] a\n<li>b\n"
        XCTAssertEqual(canonical(html), canonical(html))
        XCTAssertNotEqual(canonical(html), canonical("<ul>\n<li>b\n<li>[x] a\n"))
        XCTAssertEqual(HTMLTokenizer.tokens("a < b <c"), [.text("a < b <c")])
    }

    func testFieldScannerTakesOnlyValidWholeTokens() {
        let text = " a due:2026-12-01 due:2026-02-30 xdue:2026-01-01 due:2026-01-01, 📅 2026-12-02 ⏫ [due:: 2026-12-03] 12:30 📅2026-12-04 x📅2026-12-05"
        let found = RenderedFieldScanner.fields(in: text, gluedLeft: false, gluedRight: false)
        XCTAssertEqual(found.map(\.field.key), ["due", "due", "priority", "due", "due"])
        XCTAssertEqual(found.map(\.field.value), ["2026-12-01", "2026-12-02", "high", "2026-12-03", "2026-12-04"])
        let rest = RenderedFieldScanner.removing(found.map(\.range), from: text)
        XCTAssertEqual(rest.split(separator: " "), ["a", "due:2026-02-30", "xdue:2026-01-01", "due:2026-01-01,", "12:30", "x📅2026-12-05"])
        XCTAssertTrue(RenderedFieldScanner.fields(in: "due:2026-12-01", gluedLeft: true, gluedRight: false).isEmpty)
        XCTAssertTrue(RenderedFieldScanner.fields(in: "due:2026-12-01", gluedLeft: false, gluedRight: true).isEmpty)
    }
}
