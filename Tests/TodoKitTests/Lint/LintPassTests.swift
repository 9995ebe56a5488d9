import Foundation
import XCTest
@testable import TodoKit

/// The lint pass checks a large document's tasks in parts at the same time, and finds duplicate
/// titles by their hashes: neither may change a finding.
final class LintPassTests: XCTestCase {
    private static let today = Day(year: 2026, month: 11, day: 21)!
    private static let everyRule = Set(LintRule.all.map(\.code))

    /// The findings and declared ids of one pass over `bytes`.
    private func lint(_ bytes: [UInt8], parts: Int, titleHashBits: UInt64 = .max) -> (findings: [Finding], ids: Set<String>) {
        let doc = ParsedDocument(validated: bytes)
        return bytes.withUnsafeBufferPointer { buf in
            var pass = LintPass(doc: doc, buf: buf, today: Self.today, enabled: Self.everyRule)
            pass.titleHashBits = titleHashBits
            pass.run(parts: parts)
            return (pass.findings, pass.ids)
        }
    }

    private func documents() throws -> [(String, [UInt8])] {
        var urls = try FileManager.default.contentsOfDirectory(at: GoldenFixtureTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".input.md") }
        if let corpus = try? SharedMaterial.corpusFiles() { urls += corpus }
        var documents: [(String, [UInt8])] = []
        for url in urls {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard (try? TodoDocument.validatedLines(bytes)) != nil else { continue }
            documents.append((url.lastPathComponent, bytes))
        }
        for seed in 0..<60 as Range<UInt64> {
            documents.append(("seed \(seed)", DocumentGenerator.document(seed: 90_000 + seed, directives: seed % 3 == 0)))
        }
        return documents
    }

    /// Tasks split into parts give the findings, in the same order, and the ids of one pass.
    func testPartsFindWhatOnePassFinds() throws {
        var findings = 0
        for (label, bytes) in try documents() {
            let whole = lint(bytes, parts: 1)
            findings += whole.findings.count
            for parts in [2, 3, 7] {
                let split = lint(bytes, parts: parts)
                XCTAssertEqual(split.findings, whole.findings, "\(label), \(parts) parts")
                XCTAssertEqual(split.ids, whole.ids, "\(label), \(parts) parts")
            }
        }
        XCTAssertGreaterThan(findings, 1_000)
    }

    /// Duplicate tasks (TD012) as the titles themselves tell them, with titles that share hashes
    /// (two bits kept) and without: the same as a model that compares every title's bytes.
    func testDuplicateTitlesMatchAModelOfTheirBytes() throws {
        var generator = SplitMix64(seed: 12)
        var documents = try self.documents()
        let words = ["call", "Bob", "#home", "due:2026-12-01", "📅 2026-12-02", "^id1", "[id:: a]", "`code`", "⏫"]
        for _ in 0..<400 {
            var text = ""
            for line in 0..<Int(generator.next() % 60) {
                let indent = line > 0 && generator.next() % 4 == 0 ? "  " : ""
                let mark = generator.next() % 3 == 0 ? "x" : " "
                let count = Int(generator.next() % 3)
                let title = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
                text += "\(indent)- [\(mark)] \(title)\n"
                if generator.next() % 9 == 0 { text += "\n## Part\n\n" }
            }
            documents.append(("lists \(documents.count)", Array(text.utf8)))
        }
        var duplicates = 0
        for (label, bytes) in documents {
            let expected = modelDuplicates(bytes)
            duplicates += expected.count
            for bits: UInt64 in [.max, 3] {
                let found = lint(bytes, parts: 1, titleHashBits: bits).findings.filter { $0.code == LintRule.duplicateTask.code }
                XCTAssertEqual(found.map(\.location), expected.map(\.location), "\(label), hash bits \(bits)")
                XCTAssertEqual(found.map(\.message), expected.map(\.message), "\(label), hash bits \(bits)")
            }
        }
        XCTAssertGreaterThan(duplicates, 500)
    }

    /// TD012 by titles kept as bytes, list by list: each task whose title an earlier task of its
    /// list has, reported with the first one's line.
    private func modelDuplicates(_ bytes: [UInt8]) -> [Finding] {
        let doc = ParsedDocument(validated: bytes)
        let s = doc.structure
        let switches = LintSwitches(doc.directives)
        var findings: [Finding] = []
        bytes.withUnsafeBufferPointer { buf in
            for list in s.lists.indices {
                var seen: [[UInt8]: Int] = [:]
                for item in s.items(ofList: list) where s.items[item].task >= 0 {
                    let task = s.tasks[s.items[item].task]
                    let text = doc.text(ofTask: s.items[item].task, buf)
                    let title = Array(text.title(buf, removing: Array(text.occurrences.indices)))
                    guard !title.isEmpty else { continue }
                    if let first = seen[title] {
                        // Ignored lines and rules turned off report nothing.
                        guard !doc.directives.isFrozen(task.line), !switches.isOff(LintRule.duplicateTask.code, line: task.line)
                        else { continue }
                        findings.append(Finding(.duplicateTask, line: task.line + 1, column: task.checkbox - doc.lines.starts[task.line] + 1,
                                                "duplicate of the task on line \(first + 1)"))
                    } else {
                        seen[title] = task.line
                    }
                }
            }
        }
        return findings
    }

    /// The bits the linter keeps the rules that run in: one per rule, its code's number.
    func testRuleNumbersAreTheirCodes() {
        for rule in LintRule.all {
            XCTAssertEqual("TD" + String(repeating: "0", count: 3 - String(rule.number).count) + String(rule.number), rule.code)
            XCTAssertLessThan(rule.number, 64)
        }
        XCTAssertEqual(Set(LintRule.all.map(\.number)).count, LintRule.all.count)
    }
}
