import Foundation
import XCTest
@testable import TodoKit

/// A model edit (add, move, remove, a sunk or renumbered list) scans again only the lines between
/// the cuts around what changed (``ParsedDocument/reparsing(_:editing:)``). Wherever it does, the
/// result must be what parsing the new bytes gives.
final class ReparsedRegionTests: XCTestCase {
    /// Lines that open, close or interrupt blocks, for edits that change how the lines after them read.
    private static let pool = [
        "- [ ] new task", "  - [ ] nested new", "1. [ ] ordered", "", "# Heading", "## Section", "```", "~~~ fenced",
        "    indented code", "<div>", "</div>", "<!-- todofmt-ignore -->", "> - [ ] quoted", "> quote", "---", "===",
        "text that continues", "* [x] done ✅ 2026-11-20", "- ", "\t- [ ] tab", "+ [ ] plus", "%% comment",
    ]

    /// Applies one random edit to the lines of `bytes`: insert, remove, replace or move lines.
    private func edited(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let count = lines.count
        let at = Int(random.next() % UInt64(count))
        switch random.next() % 4 {
        case 0:
            lines.insert(Self.pool[Int(random.next() % UInt64(Self.pool.count))], at: at)
        case 1:
            lines.removeSubrange(at..<min(count, at + 1 + Int(random.next() % 3)))
        case 2:
            lines[at] = Self.pool[Int(random.next() % UInt64(Self.pool.count))]
        default:
            let end = min(count, at + 1 + Int(random.next() % 4))
            let moved = Array(lines[at..<end])
            lines.removeSubrange(at..<end)
            let to = Int(random.next() % UInt64(lines.count + 1))
            lines.insert(contentsOf: moved, at: to)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Random edits of `bytes`; returns how many were scanned again in part.
    private func checkEdits(_ bytes: [UInt8], rounds: Int, seed: UInt64, _ label: String, globalFilter: String? = nil) -> Int {
        var random = SplitMix64(seed: seed)
        let old = ParsedDocument(validated: bytes, globalFilter: globalFilter)
        var reparsed = 0
        for round in 0..<rounds {
            let new = edited(bytes, &random)
            guard let derived = ParsedDocument.reparsing(new, editing: old) else { continue }
            let parsed = ParsedDocument(validated: new, globalFilter: globalFilter)
            XCTAssertEqual(derived.summary, parsed.summary, "\(label) round \(round)")
            XCTAssertTrue(derived.structure == parsed.structure, "\(label) round \(round): structure")
            reparsed += 1
        }
        return reparsed
    }

    func testFixturesAndCorpus() throws {
        var urls = try FileManager.default.contentsOfDirectory(at: GoldenFixtureTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".input.md") }
        if let corpus = try? SharedMaterial.corpusFiles() { urls += corpus }
        var reparsed = 0
        for (index, url) in urls.enumerated() {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard !bytes.isEmpty, (try? TodoDocument.validatedLines(bytes)) != nil else { continue }
            reparsed += checkEdits(bytes, rounds: 12, seed: 5_000 + UInt64(index), url.lastPathComponent)
        }
        print("reparsed in part: \(reparsed) of \(urls.count * 12) edits of the fixtures and the corpus")
        XCTAssertGreaterThan(reparsed, 500)
    }

    /// Generated documents under headings, with fences, HTML blocks and quotes around the cuts.
    func testGeneratedDocumentsUnderHeadings() {
        var reparsed = 0
        for seed in 0..<60 as Range<UInt64> {
            // Without `%%` and quoted tasks, which are declined.
            let bytes = DocumentGenerator.sections(6, firstSeed: 60_000 + seed * 6, obsidianComments: false, quotedTasks: false)
            reparsed += checkEdits(bytes, rounds: 20, seed: seed, "seed \(seed)")
        }
        // Many generated documents quote lists or hold `%%`, which are declined.
        print("reparsed in part: \(reparsed) of 1200 edits of generated documents")
        XCTAssertGreaterThan(reparsed, 100)
    }

    func testGlobalFilter() {
        let text = (0..<40).map { "\n## Area \($0)\n\n- [ ] buy milk #task\n- [ ] a note\n  - [ ] call #task\n- [x] done #task\n" }.joined()
        XCTAssertGreaterThan(checkEdits(Array(text.utf8), rounds: 200, seed: 7, "global filter", globalFilter: "#task"), 100)
    }

    /// What it declines: Obsidian comments, lists in block quotes, front matter changes.
    func testDeclines() {
        let cases: [(String, String)] = [
            ("# A\n\n- [ ] one %% x %%\n\n# B\n\n- [ ] two\n", "# A\n\n- [ ] one %% x %%\n\n# B\n\n- [ ] two\n- [ ] three\n"),
            ("# A\n\n> - [ ] quoted\n\n# B\n\n- [ ] two\n", "# A\n\n> - [ ] quoted\n\n# B\n\n- [ ] two\n- [ ] three\n"),
            ("# A\n\n- [ ] one\n", "# A\n\n- [ ] one %% open\n"),
            ("---\ntitle: x\n---\n- [ ] one\n", "---\ntitle: y\n---\n- [ ] one\n"),
        ]
        for (before, after) in cases {
            XCTAssertNil(ParsedDocument.reparsing(Array(after.utf8), editing: ParsedDocument(validated: Array(before.utf8))), after)
        }
    }

    /// Only the lines between the cuts are scanned: a change in one section leaves the others' items
    /// as they were (moved by what the change added).
    func testOnlyTheChangedSectionIsScanned() throws {
        let text = (0..<3).map { "\n## Area \($0)\n\n" + (0..<3).map { "- [ ] task \($0)\n" }.joined() }.joined()
        var new = text
        new.replace("- [ ] task 1\n", with: "- [ ] task 1\n- [ ] inserted\n", maxReplacements: 2)
        let old = ParsedDocument(validated: Array(text.utf8))
        let derived = try XCTUnwrap(ParsedDocument.reparsing(Array(new.utf8), editing: old))
        XCTAssertTrue(derived.structure == ParsedDocument(validated: Array(new.utf8)).structure)
        XCTAssertEqual(derived.structure.tasks.count, 11)
    }
}
