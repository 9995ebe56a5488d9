import XCTest
@testable import TodoKit

/// Custom checkbox marks mapped to the four kinds of status (`.todofmt.json` `statuses`).
final class CustomStatusTests: XCTestCase {
    private static let today = Day("2026-11-21")!

    private var statuses: StatusMap {
        var map = StatusMap()
        map[">"] = .open
        map["~"] = .cancelled
        map["d"] = .done
        map["!"] = .inProgress
        return map
    }

    private func format(_ text: String, statuses: StatusMap? = nil) throws -> String {
        try TodoFormatter(options: FormatOptions(today: Self.today, statuses: statuses ?? self.statuses)).format(text)
    }

    func testMappedMarksSinkStampAndKeepTheirMark() throws {
        XCTAssertEqual(try format("- [~] dropped\n- [d] finished\n- [>] deferred\n- [!] urgent\n- [ ] plain\n"),
                       "- [>] deferred\n- [!] urgent\n- [ ] plain\n- [~] dropped cancelled:2026-11-21\n- [d] finished done:2026-11-21\n")
        // Without the map the same marks are open: nothing sinks, nothing is stamped.
        let unmapped = "- [~] dropped\n- [d] finished\n- [ ] plain\n"
        XCTAssertEqual(try format(unmapped, statuses: .standard), unmapped)
    }

    func testMappedOpenAndInProgressLoseEndDates() throws {
        XCTAssertEqual(try format("- [>] deferred done:2026-11-01\n- [!] urgent cancelled:2026-11-01\n"),
                       "- [>] deferred\n- [!] urgent\n")
    }

    func testStandardMarksCannotBeRemapped() {
        var map = StatusMap()
        map["x"] = .open
        map["/"] = .done
        XCTAssertTrue(map.isEmpty)
        XCTAssertEqual(TaskStatus(mark: "x", statuses: statuses), .done)
        XCTAssertEqual(TaskStatus(mark: "~", statuses: statuses), .custom("~", .cancelled))
        XCTAssertEqual(TaskStatus(mark: "?", statuses: statuses), .other("?"))
        XCTAssertEqual(TaskStatus.custom("d", .done).mark, "d")
        XCTAssertTrue(TaskStatus.custom("d", .done).isCompleted)
        XCTAssertFalse(TaskStatus.custom(">", .open).isCompleted)
    }

    func testAMappedDoneMarkRecursAndCancelledDoesNot() throws {
        XCTAssertEqual(try format("- [d] chore rec:+1w due:2026-11-20\n- [~] other rec:+1w due:2026-11-20\n"),
                       "- [ ] chore rec:+1w due:2026-11-27\n- [d] chore rec:+1w due:2026-11-20 done:2026-11-21\n"
                       + "- [~] other rec:+1w due:2026-11-20 cancelled:2026-11-21\n")
    }

    func testLintKnowsMappedMarks() throws {
        let options = FormatOptions(today: Self.today, statuses: statuses)
        let linter = Linter(today: Self.today, rules: LintRule.all, formatOptions: options)
        let findings = try linter.lint(utf8: Array("- [?] ask\n- [~] dropped\n- [d] finished done:2026-11-20\n".utf8))
        XCTAssertEqual(findings.filter { $0.code == "TD009" }.map(\.location.line), [1], "only the unmapped mark is unknown")
        XCTAssertEqual(findings.filter { $0.code == "TD003" }.map(\.location.line), [2], "a mapped cancelled task wants its date")
        // A document parsed without the map is read with the linter's.
        let fromDocument = linter.lint(TodoDocument("- [~] dropped\n- [ ] open\n"))
        XCTAssertEqual(Set(fromDocument.map(\.code)).intersection(["TD003", "TD004", "TD009"]), ["TD003", "TD004"])
    }
}
