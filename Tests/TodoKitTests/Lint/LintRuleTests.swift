import Foundation
import TodoKit
import XCTest

/// Every rule's documented examples, run: each "triggers" example yields exactly one finding of
/// that rule, at the documented line and column; each "passes" example yields none of it. All
/// rules run (the ones off by default too), with today = ``LintRule/exampleDay``.
final class LintRuleTests: XCTestCase {
    private let linter = Linter(today: LintRule.exampleDay, rules: LintRule.all)

    private func findings(_ text: String, _ rule: LintRule) -> [Finding] {
        linter.lint(TodoDocument(text)).filter { $0.code == rule.code }
    }

    func testTriggeringExamples() {
        for rule in LintRule.all {
            XCTAssertFalse(rule.triggers.isEmpty, "\(rule.code) has no triggering example")
            for example in rule.triggers {
                let found = findings(example.text, rule)
                XCTAssertEqual(found.map(\.location), [SourceLocation(line: example.line, column: example.column)],
                               "\(rule.code) on \(example.text.debugDescription): \(found.map(\.message))")
                for finding in found {
                    XCTAssertEqual(finding.severity, rule.severity)
                    XCTAssertEqual(finding.rule, rule.name)
                    XCTAssertFalse(finding.message.isEmpty)
                    // Our own words are lowercase; quoted text from the file stays as written.
                    let own = finding.message.replacing(/'[^']*'/, with: "''")
                    XCTAssertEqual(own, own.lowercased(), "messages are lowercase")
                    XCTAssertFalse(finding.message.hasSuffix("."))
                }
            }
        }
    }

    func testPassingExamples() {
        for rule in LintRule.all {
            XCTAssertFalse(rule.passes.isEmpty, "\(rule.code) has no passing example")
            for text in rule.passes {
                let found = findings(text, rule)
                XCTAssertEqual(found, [], "\(rule.code) on \(text.debugDescription)")
            }
        }
    }

    func testRegistryIsWellFormed() {
        let codes = LintRule.all.map(\.code)
        XCTAssertEqual(codes, codes.sorted())
        XCTAssertEqual(Set(codes).count, codes.count)
        XCTAssertEqual(Set(LintRule.all.map(\.name)).count, codes.count)
        for rule in LintRule.all {
            XCTAssertNotNil(rule.code.wholeMatch(of: /TD[0-9]{3}/), rule.code)
            XCTAssertNotNil(rule.name.wholeMatch(of: /[a-z]+(-[a-z]+)*/), rule.name)
            XCTAssertFalse(rule.summary.isEmpty)
            XCTAssertFalse(rule.rationale.isEmpty)
            XCTAssertEqual(LintRule.named(rule.code), rule)
            XCTAssertEqual(LintRule.named(rule.name), rule)
        }
    }

    /// Rules off by default do not run unless asked for.
    func testOverdueIsOffByDefault() {
        let text = "- [ ] Pay rent due:2026-11-01\n"
        XCTAssertEqual(Linter(today: LintRule.exampleDay).lint(TodoDocument(text)), [])
        let overdue = LintRule.named("overdue-task")!
        XCTAssertEqual(Linter(today: LintRule.exampleDay, rules: [overdue]).lint(TodoDocument(text)).map(\.code), ["TD014"])
        // Today decides.
        XCTAssertEqual(Linter(today: Day("2026-11-01")!, rules: [overdue]).lint(TodoDocument(text)), [])
    }

    /// Nothing in code blocks, HTML blocks or front matter is reported, whatever it looks like.
    func testNoFindingsInsideCodeHTMLOrFrontMatter() {
        let bad = "- [X]  Pay rent due:2026-02-30 deu:2026-01-01\n-[ ] a\n[ ] b\n- [x]foo\n- [?] q\n"
        let indented = bad.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
        let documents = [
            "```\n" + bad + "```\n",
            "~~~md\n" + bad,
            "# T\n\n" + indented,
            "<div>\n" + bad + "\n",
            "---\n" + bad + "---\n",
            "- item\n\n  ```\n" + bad.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n  ```\n",
        ]
        for text in documents {
            XCTAssertEqual(linter.lint(TodoDocument(text)), [], text)
        }
        // The same lines outside those blocks are all reported.
        XCTAssertEqual(Set(linter.lint(TodoDocument(bad)).map(\.code)),
                       ["TD000", "TD001", "TD003", "TD004", "TD008", "TD009", "TD010", "TD011"])
    }

    func testFindingsAreSortedAndColumnsAreUTF8Bytes() {
        let text = "- [ ] Café ☕ due:2026-02-30\n- [x] b\n- [ ] é deu:2026-01-01\n"
        let found = linter.lint(TodoDocument(text))
        XCTAssertEqual(found, found.sorted { ($0.location, $0.code) < ($1.location, $1.code) })
        let invalid = found.first { $0.code == "TD001" }
        // "- [ ] Café ☕ " is 16 bytes.
        XCTAssertEqual(invalid?.location, SourceLocation(line: 1, column: 17))
        XCTAssertEqual(invalid?.message, "date '2026-02-30' does not exist")
        XCTAssertEqual(found.first { $0.code == "TD011" }?.message, "unknown field key 'deu', did you mean 'due'?")
    }

    /// Code spans of any run length hide field look-alikes, white space inside them included; an
    /// unclosed run is literal text and hides nothing after it.
    func testCodeSpansOfEveryLengthHideLookAlikes() {
        let text = "- [ ] ``` a ` due:2026-02-30 `` b ``` deu:2026-01-01 `` x ` due:2026-02-31\n"
        let found = linter.lint(TodoDocument(text)).filter { $0.code == "TD001" || $0.code == "TD011" }
        XCTAssertEqual(found.map { "\($0.location.column) \($0.code)" }, ["39 TD011", "61 TD001"])
    }

    /// Lines end at LF, CRLF or a lone CR; a byte-order mark is not part of the first line's columns.
    func testLineEndingsAndByteOrderMark() throws {
        let text = "\u{FEFF}- [ ] a due:2026-02-30\r\n- [X] b\r- [?] c\n"
        let found = try linter.lint(utf8: Array(text.utf8)).map { "\($0.location) \($0.code)" }
        XCTAssertEqual(found, ["1:9 TD001", "2:1 TD000", "2:3 TD003", "2:3 TD004", "2:4 TD008", "3:4 TD009"])
        XCTAssertThrowsError(try linter.lint(utf8: [0x2D, 0x20, 0xFF]))
    }

    /// TD000 regions: runs of lines that differ in place, counted as lint counts lines; texts with
    /// different numbers of lines go through the diff.
    func testUnformattedRegions() throws {
        func regions(_ old: String, _ new: String) -> [String] {
            Linter.unformattedFindings(original: Array(old.utf8), formatted: Array(new.utf8))
                .map { "\($0.location.line): \($0.message)" }
        }
        XCTAssertEqual(regions("a\rb\rc\rd\r", "a\rB\rc\rD\r"), ["2: would reformat this line", "4: would reformat this line"])
        XCTAssertEqual(regions("x\n- [x] a\n- [ ] b\n- [ ] c\ny\n", "x\n- [ ] b\n- [ ] c\n- [x] a\ny\n"),
                       ["2: would reformat lines 2-4"])
        XCTAssertEqual(regions("a\nb\n", "a\nb\nc\n"), ["2: would insert a line below this line"])
        XCTAssertEqual(regions("b\n", "a\nz\nb\n"), ["1: would insert 2 lines above this line"])
        XCTAssertEqual(regions("a\nb\nc\n", "a\nc\n"), ["2: would reformat this line"])
        XCTAssertEqual(regions("same\n", "same\n"), [])
        // Through the linter, on a file with CR line ends.
        let linter = Linter(today: LintRule.exampleDay, rules: [LintRule.named("TD000")!])
        let found = try linter.lint(utf8: Array("# T\r- [ ] a\r- [X] b\r".utf8))
        XCTAssertEqual(found.map(\.location), [SourceLocation(line: 3, column: 1)])
        // A byte-order mark is kept by formatting: a canonical file with one has no TD000 (fuzz finding).
        XCTAssertEqual(try linter.lint(utf8: Array("\u{FEFF}- [ ] a\n".utf8)), [])
        XCTAssertEqual(try linter.lint(utf8: Array("\u{FEFF}- [x] a\n- [ ] b\n".utf8)).map(\.location),
                       [SourceLocation(line: 1, column: 1)])
    }

    /// A task whose line ends inside a code span or comment a later line closes is kept as written
    /// (but an `X` mark): the fixable rules the formatter would not fix there are not reported, so
    /// `lint --fix` ends with nothing fixable (a fuzz finding: TD003 stayed after every fix).
    func testATaskKeptAsWrittenHasNoFindingFormattingWouldNotFix() throws {
        let formatter = TodoFormatter(options: FormatOptions(today: LintRule.exampleDay))
        let linter = Linter(today: LintRule.exampleDay, rules: LintRule.all.filter(\.fixable))
        for text in ["- [x] run `make\n  test` first\n", "- [X]   b <!-- c\n d -->\n",
                     "- [ ] a done:2026-11-01 <!-- x\n -->\n", "- [x] a dire <!-- todo\rf -->\n\n- [x] e\n"] {
            let fixed = try formatter.format(text)
            XCTAssertEqual(try linter.lint(utf8: Array(fixed.utf8)).map(\.code), [], "after formatting \(text.debugDescription)")
        }
    }

    func testFixableRulesAreFixedByFormatting() throws {
        let formatter = TodoFormatter(options: FormatOptions(today: LintRule.exampleDay))
        for rule in LintRule.all where rule.fixable {
            for example in rule.triggers {
                let fixed = try formatter.format(example.text)
                XCTAssertEqual(findings(fixed, rule), [], "\(rule.code) still reported after formatting \(example.text.debugDescription)")
            }
        }
    }

    /// docs/LINT.md lists exactly the registry's rules, each with its name, severity and fixable flag.
    func testLintDocumentListsEveryRule() throws {
        let url = SharedMaterial.packageRoot.appendingPathComponent("docs/LINT.md")
        let doc = try String(contentsOf: url, encoding: .utf8)
        let rows = doc.split(separator: "\n").filter { $0.hasPrefix("| TD") }
        XCTAssertEqual(rows.map { String($0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)) },
                       LintRule.all.map(\.code))
        for (row, rule) in zip(rows, LintRule.all) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells[1], "`\(rule.name)`", rule.code)
            XCTAssertEqual(cells[2], rule.severity.rawValue + (rule.enabledByDefault ? "" : " (off)"), rule.code)
            XCTAssertEqual(cells[3], rule.fixable ? "yes" : "no", rule.code)
        }
    }

    // MARK: - Directives

    /// `line code` of every finding in `text`, except TD000 (unformatted), which these tests are not about.
    private func places(_ text: String) -> [String] {
        linter.lint(TodoDocument(text)).filter { $0.code != "TD000" }.map { "\($0.location.line) \($0.code)" }
    }

    /// Nothing is reported inside a list after `todofmt-ignore` or inside an ignore region; the
    /// same lines without the directive are reported.
    func testNothingIsReportedInsideIgnoredLines() {
        let bad = "- [X]  a due:2026-02-30\n- [ ] a\n- [ ] a\n  -[ ] b\n"
        XCTAssertEqual(Set(places(bad).map { String($0.split(separator: " ")[1]) }),
                       ["TD001", "TD003", "TD004", "TD008", "TD010", "TD012"])
        XCTAssertEqual(places("<!-- todofmt-ignore -->\n" + bad), [])
        XCTAssertEqual(places("<!-- todofmt-ignore-start -->\n" + bad + "<!-- todofmt-ignore-end -->\n"), [])
        // After the region, findings come back, with their own line numbers.
        XCTAssertEqual(places("<!-- todofmt-ignore-start -->\n- [X] a\n<!-- todofmt-ignore-end -->\n- [X] b\n"),
                       ["4 TD003", "4 TD008"])
        // An ignore applies to one list: the next list is linted.
        XCTAssertEqual(places("<!-- todofmt-ignore -->\n- [X] a\n\n# H\n\n- [X] b\n"), ["6 TD003", "6 TD008"])
        // The unclosed region is reported, but nothing in it.
        XCTAssertEqual(places("<!-- todofmt-ignore-start -->\n- [X] a\n"), ["1 TD016"])
    }

    /// A list that holds ignored lines is not reordered, so TD004 is not reported for it; its
    /// other task lines are still linted.
    func testListHoldingIgnoredLinesIsNotReportedAsUnsorted() {
        let text = "- [x] a done:2026-11-20\n  <!-- todofmt-ignore -->\n  - [X] b\n- [X] c\n- [ ] d\n"
        XCTAssertEqual(places(text), ["4 TD003", "4 TD008"])
        let formatter = TodoFormatter(options: FormatOptions(today: LintRule.exampleDay))
        XCTAssertEqual(places(try formatter.format(text)), [])
    }

    func testDisableAndEnableTurnRulesOffAndOnByLine() {
        let block = "- [X] a\n- [ ] b\n"
        // Codes and names, space or comma separated.
        for directive in ["todofmt-disable TD003 TD008", "todofmt-disable TD003,non-canonical-checkbox",
                          "todofmt-disable completed-without-date , TD008"] {
            XCTAssertEqual(places("<!-- \(directive) -->\n" + block), ["2 TD004"], directive)
        }
        // No codes: every rule.
        XCTAssertEqual(places("<!-- todofmt-disable -->\n" + block), [])
        // Until enable, which names them again or names nothing.
        let text = "<!-- todofmt-disable TD003 TD008 -->\n" + block + "<!-- todofmt-enable TD008 -->\n" + block
            + "<!-- todofmt-enable -->\n" + block
        XCTAssertEqual(places(text), ["2 TD004", "5 TD004", "5 TD008", "8 TD003", "8 TD004", "8 TD008"])
        // A disable inside an item, indented, still counts; lines before it are reported.
        XCTAssertEqual(places("- [X] a\n  <!-- todofmt-disable -->\n- [X] b\n"), ["1 TD003", "1 TD008"])
        // Disabling the directive rules silences them too.
        XCTAssertEqual(places("<!-- todofmt-disable unknown-directive -->\n<!-- todofmt-bogus -->\n"), [])
        // TD000 (what formatting would change) is turned off like any rule.
        let unformatted = "- [X] a\n<!-- todofmt-disable TD000 -->\n- [X] b\n"
        XCTAssertEqual(linter.lint(TodoDocument(unformatted)).filter { $0.code == "TD000" }.map(\.location.line), [1])
        // In code, a disable is text.
        XCTAssertEqual(places("```\n<!-- todofmt-disable -->\n```\n" + block), ["4 TD003", "4 TD004", "4 TD008"])
    }

    /// Disable changes what lint reports, never what the formatter writes.
    func testDisableDoesNotChangeFormatting() throws {
        let formatter = TodoFormatter(options: FormatOptions(today: LintRule.exampleDay))
        let block = "- [X] a\n- [ ] b\n"
        XCTAssertEqual(try formatter.format("<!-- todofmt-disable -->\n" + block),
                       "<!-- todofmt-disable -->\n- [ ] b\n- [x] a done:2026-11-21\n")
    }
}
