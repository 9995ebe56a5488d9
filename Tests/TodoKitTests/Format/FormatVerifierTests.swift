import XCTest
@testable import TodoKit

/// The safety check is shown to catch what a broken formatter would do: each case hands the
/// verifier a deliberately damaged output of the real formatter.
final class FormatVerifierTests: XCTestCase {
    private let options = FormatOptions(today: Day("2026-11-21")!)
    private let input = """
    # List
    - [x] done first
      - [ ] child of done
    - [ ] open
    - plain item

    1. [ ] one
    2. [x] two

    Closing words.

    """

    private func verify(_ output: String) throws {
        try FormatVerifier.verify(input: ParsedDocument(validated: Array(input.utf8)), output: Array(output.utf8), options: options)
    }

    private var formatted: String {
        get throws { try TodoFormatter(options: options).format(input) }
    }

    func testRealOutputPasses() throws {
        XCTAssertNoThrow(try verify(try formatted))
    }

    func testCatchesDamage() throws {
        let good = try formatted
        var lines = good.components(separatedBy: "\n")
        let damaged: [(String, String)] = [
            ("dropped line", lines.enumerated().filter { $0.offset != 4 }.map(\.element).joined(separator: "\n")),
            ("duplicated line", (lines[0..<3] + [lines[2]] + lines[3...]).joined(separator: "\n")),
            ("changed prose", good.replacingOccurrences(of: "Closing words.", with: "Closing word.")),
            ("changed title", good.replacingOccurrences(of: "done first", with: "done frst")),
            ("uncompleted", good.replacingOccurrences(of: "[x] done first", with: "[ ] done first")),
            ("not sunk", good.replacingOccurrences(of: "- [ ] open\n- plain item\n", with: "- plain item\n- [ ] open\n")
                .replacingOccurrences(of: "- [x] done first done:2026-11-21\n  - [ ] child of done\n", with: "")
                .replacingOccurrences(of: "# List\n", with: "# List\n- [x] done first done:2026-11-21\n  - [ ] child of done\n")),
            ("child detached", good.replacingOccurrences(of: "  - [ ] child of done", with: "- [ ] child of done")),
            ("not canonical", good.replacingOccurrences(of: "- [ ] open", with: "- [ ]  open")),
        ]
        for (name, output) in damaged {
            XCTAssertNotEqual(output, good, name)
            XCTAssertThrowsError(try verify(output), name) { error in
                guard case .verificationFailed = error as? TodoError else { return XCTFail("\(name): \(error)") }
            }
        }
        lines.removeAll()
    }

    /// A line that changes owner, with the same lines, lists and items otherwise, is caught by the
    /// items' spans: after the swap, `x` (after a blank line, indented to the content of `a`) is the
    /// paragraph of `a` rather than one of its own after the list (as `🏁 delete` once made it), and
    /// in a block quote, `9.` renumbered `10.` leaves the fence of its later line outside the item
    /// unless that line is indented after the `>` to follow (as the formatter writes it).
    func testCatchesALineThatChangesItsItem() throws {
        let cases = [("- a\n-   b\n\n  x\n", "- a\n-   b\n\n  x\n", "-   b\n- a\n\n  x\n"),
                     ("> 9. [x]\n>    ```\n> 10.\n", "> 9.\n> 10. [x]\n>     ```\n", "> 9.\n> 10. [x]\n>    ```\n")]
        for (given, good, moved) in cases {
            let input = ParsedDocument(validated: Array(given.utf8))
            XCTAssertNoThrow(try FormatVerifier.verify(input: input, output: Array(good.utf8), options: options), good)
            XCTAssertThrowsError(try FormatVerifier.verify(input: input, output: Array(moved.utf8), options: options), moved) { error in
                guard case .verificationFailed = error as? TodoError else { return XCTFail("\(error)") }
            }
        }
    }

    /// A blank line that stays in place while the items around it move can end up inside an item's
    /// unclosed fence (or `<!--`), or come out of one: the code changes and the list turns tight or
    /// loose, with every line, task and item span as before (the QA's finding 1, session 27, which
    /// the formatter produced and this check let through). A blank line that moves from between
    /// the items to after the list turns it tight with nothing else changed.
    func testCatchesABlankLineMovingIntoOrOutOfCodeOrBetweenItems() throws {
        let cases = [
            ("- [x] a\n\n- [ ] b\n  ```\n  code\n- [ ] c\n", "- [ ] b\n  ```\n  code\n\n- [ ] c\n- [x] a done:2026-11-21\n", "code"),
            ("- [ ] a\n- [x] b\n  ```\n  unclosed\n\n- [ ] c\n", "- [ ] a\n- [ ] c\n\n- [x] b done:2026-11-21\n  ```\n  unclosed\n", "code"),
            ("- [x] a\n\n- [ ] b\n  <!-- note\n- [ ] c\n", "- [ ] b\n  <!-- note\n\n- [ ] c\n- [x] a done:2026-11-21\n", "code"),
            ("- [ ] a\n\n- [ ] b\n", "- [ ] a\n- [ ] b\n\n", "tight or loose"),
        ]
        for (given, damaged, problem) in cases {
            let input = ParsedDocument(validated: Array(given.utf8))
            let good = try TodoFormatter(options: options).format(given)
            XCTAssertNoThrow(try FormatVerifier.verify(input: input, output: Array(good.utf8), options: options), good)
            XCTAssertThrowsError(try FormatVerifier.verify(input: input, output: Array(damaged.utf8), options: options), damaged) { error in
                guard case .verificationFailed(let message) = error as? TodoError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains(problem), message)
            }
        }
    }

    /// Indentation may gain or lose spaces, but a tab in it stays: in a code block it can be code
    /// (the `\t` of `\tcode` is the code's; before session 13, renumbering `9.` to `10.` rewrote
    /// that line's indentation as spaces, and this check did not see it).
    func testCatchesATabOfTheIndentationBecomingSpaces() throws {
        let given = "9. [x] a\n   ```\n   \tcode\n   ```\n10. b\n"
        let input = ParsedDocument(validated: Array(given.utf8))
        // The formatter keeps such a list in its order.
        let kept = "9. [x] a done:2026-11-21\n   ```\n   \tcode\n   ```\n10. b\n"
        XCTAssertEqual(try TodoFormatter(options: options).format(given), kept)
        XCTAssertNoThrow(try FormatVerifier.verify(input: input, output: Array(kept.utf8), options: options))
        let spaces = "9.  b\n10. [x] a done:2026-11-21\n    ```\n     code\n    ```\n"
        XCTAssertThrowsError(try FormatVerifier.verify(input: input, output: Array(spaces.utf8), options: options)) { error in
            guard case .verificationFailed(let message) = error as? TodoError else { return XCTFail("\(error)") }
            XCTAssertFalse(message.contains("stable"), message)
        }
    }

    /// Lines an ignore directive froze must come out byte for byte at their positions: stamping,
    /// rewriting or sinking them passes every other check (dates and order may change elsewhere),
    /// so only the frozen-line check can catch it.
    func testCatchesChangesToIgnoredLines() throws {
        let input = "<!-- todofmt-ignore -->\n- [x] a\n- [ ]  b\n\n# H\n\n- [x] c\n- [ ] d\n"
        let parsed = ParsedDocument(validated: Array(input.utf8))
        let good = try TodoFormatter(options: options).format(input)
        XCTAssertEqual(good, "<!-- todofmt-ignore -->\n- [x] a\n- [ ]  b\n\n# H\n\n- [ ] d\n- [x] c done:2026-11-21\n")
        XCTAssertNoThrow(try FormatVerifier.verify(input: parsed, output: Array(good.utf8), options: options))
        let damaged: [(String, String)] = [
            ("stamped", good.replacingOccurrences(of: "- [x] a\n", with: "- [x] a done:2026-11-21\n")),
            ("respaced", good.replacingOccurrences(of: "- [ ]  b", with: "- [ ] b")),
            ("sunk", good.replacingOccurrences(of: "- [x] a\n- [ ]  b\n", with: "- [ ]  b\n- [x] a\n")),
        ]
        for (name, output) in damaged {
            XCTAssertNotEqual(output, good, name)
            XCTAssertThrowsError(try FormatVerifier.verify(input: parsed, output: Array(output.utf8), options: options), name) { error in
                XCTAssertTrue("\(error)".contains("ignore directive"), "\(name): \(error)")
            }
        }
    }

    /// A large document's fingerprints are taken in parts at the same time: any number of parts,
    /// cut anywhere (in lists, between an item and its nested items, in runs of items on one line),
    /// gives the fingerprints of one walk, with and without bullets read alike.
    func testFingerprintsInPartsAreTheFingerprintsOfOneWalk() {
        var compared = 0
        for seed in 0..<300 as Range<UInt64> {
            let bytes = DocumentGenerator.document(seed: 40_000 + seed, directives: seed % 3 == 0)
            let doc = ParsedDocument(validated: bytes)
            doc.bytes.withUnsafeBufferPointer { buf in
                for anyBullet in [false, true] {
                    let one = FormatVerifier.Keys(doc, buf, taskKeys: nil, anyBullet: anyBullet, parts: 1)
                    for parts in [2, 3, 7] {
                        XCTAssertEqual(one, FormatVerifier.Keys(doc, buf, taskKeys: nil, anyBullet: anyBullet, parts: parts),
                                       "seed \(seed), \(parts) parts")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 1_800)
    }

    func testFailureMessageIsOneLine() {
        XCTAssertThrowsError(try verify("# List\n")) { error in
            let message = (error as? TodoError)?.description ?? ""
            XCTAssertTrue(message.hasPrefix("refusing to write: safety check failed: "), message)
            XCTAssertFalse(message.contains("\n"))
        }
    }
}
