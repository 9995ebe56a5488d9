import TodoKit
import XCTest
@testable import todofmt

/// ``LintReport/sorted(_:)`` sorts runs of one file's findings, not each finding: the result must be
/// the stable sort by path of every entry, whatever the runs.
final class LintReportTests: XCTestCase {
    private func entry(_ path: String, _ line: Int) -> LintReport.Entry {
        LintReport.Entry(path: path, finding: Finding(location: SourceLocation(line: line, column: 1), severity: .error,
                                                       code: "TD000", rule: "unformatted", message: "line \(line)"),
                         utf16Column: nil)
    }

    private func described(_ entries: [LintReport.Entry]) -> [String] {
        entries.map { "\($0.path):\($0.finding.location.line)" }
    }

    func testSortsByPathKeepingEachFilesOrder() {
        // A file named twice (b.md), files out of order, and findings not in line order within a run
        // (their order is the linter's and stays).
        let entries = [entry("b.md", 3), entry("b.md", 1), entry("c.md", 2), entry("a.md", 9), entry("a.md", 4),
                       entry("b.md", 7), entry("a b.md", 1)]
        let expected = entries.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(\.element)
        XCTAssertEqual(described(LintReport.sorted(entries)), described(expected))
        XCTAssertEqual(described(LintReport.sorted(entries)), ["a b.md:1", "a.md:9", "a.md:4", "b.md:3", "b.md:1", "b.md:7", "c.md:2"])
    }

    func testOneFileAndNoneStayAsTheyAre() {
        let one = [entry("todos.md", 5), entry("todos.md", 2)]
        XCTAssertEqual(described(LintReport.sorted(one)), ["todos.md:5", "todos.md:2"])
        XCTAssertEqual(described(LintReport.sorted([])), [])
    }
}
