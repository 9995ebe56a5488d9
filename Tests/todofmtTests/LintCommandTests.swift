import Foundation
import XCTest

/// `todofmt lint` and `todofmt rules`, run as a real process on the fixtures in `Fixtures/lint/`.
///
/// Each `NAME.md` there has its expected output for every format and mode (ReportFixtureTests
/// checks them all); `fix.md` also has `fix.fixed.md`, the file after `--fix`, and
/// `fix.fixed.text`, what is reported after fixing. Every run pins today to 2026-11-21.
final class LintCommandTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/lint")

    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// A sandbox holding copies of the named fixtures.
    private func sandbox(_ names: String...) throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in names { try sandbox.write(name, try fixture(name)) }
        return sandbox
    }

    func testJSONIsValidAndCarriesEveryKey() throws {
        let sandbox = try sandbox("mixed.md")
        let result = try sandbox.todofmt("lint", "--today", Samples.today, "--format=json", "mixed.md")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [[String: Any]]
        let objects = try XCTUnwrap(parsed)
        XCTAssertEqual(objects.count, try fixture("mixed.text").split(separator: "\n").count)
        for object in objects {
            XCTAssertEqual(Set(object.keys), ["path", "line", "column", "severity", "code", "rule", "message"])
        }
    }

    func testGitHubFormatIsTheDefaultInGitHubActions() throws {
        let sandbox = try sandbox("mixed.md")
        let inActions = try sandbox.todofmt("lint", "--today", Samples.today, "mixed.md", environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(inActions.stdout, try fixture("mixed.github"))
        XCTAssertEqual(inActions.status, 1)
        let explicit = try sandbox.todofmt("lint", "--today", Samples.today, "--format", "text", "mixed.md",
                                           environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(explicit.stdout, try fixture("mixed.text"))
        let elsewhere = try sandbox.todofmt("lint", "--today", Samples.today, "mixed.md", environment: ["GITHUB_ACTIONS": "false"])
        XCTAssertEqual(elsewhere.stdout, try fixture("mixed.text"))
    }

    func testFixFormatsThenReportsWhatRemains() throws {
        let sandbox = try sandbox("fix.md")
        let result = try sandbox.todofmt("lint", "--fix", "--today", Samples.today, "fix.md")
        XCTAssertEqual(try sandbox.read("fix.md"), try fixture("fix.fixed.md"))
        XCTAssertEqual(result.stdout, try fixture("fix.fixed.text"))
        XCTAssertEqual(result.status, 1, "the misspelled key is an error --fix cannot fix")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.names(), ["fix.md"], "no temporary file is left behind")

        // Without --fix the fixable findings are reported and the file stays.
        let before = try self.sandbox("fix.md")
        let unfixed = try before.todofmt("lint", "--today", Samples.today, "fix.md")
        XCTAssertEqual(Set(unfixed.stdout.split(separator: "\n").compactMap { $0.split(separator: "[").last }),
                       ["TD002]", "TD003]", "TD004]", "TD008]", "TD011]"])
        XCTAssertEqual(try before.read("fix.md"), try fixture("fix.md"))
    }

    func testFixRefusedForAReadOnlyFileStillReports() throws {
        let sandbox = try Sandbox()
        try sandbox.write("locked.md", try fixture("fix.md"), mode: 0o444)
        let result = try sandbox.todofmt("lint", "--fix", "--today", Samples.today, "locked.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: locked.md: permission denied\n")
        XCTAssertTrue(result.stdout.contains("locked.md:3:3: warning: done task has no done date [TD003]\n"), result.stdout)
        XCTAssertEqual(try sandbox.read("locked.md"), try fixture("fix.md"))
        XCTAssertEqual(try sandbox.names(), ["locked.md"])
    }

    func testFixLeavesAnUnchangedFileAlone() throws {
        let sandbox = try sandbox("clean.md")
        let before = try XCTUnwrap(sandbox.status("clean.md"))
        let result = try sandbox.todofmt("lint", "--fix", "--today", Samples.today, "clean.md")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(sandbox.status("clean.md"), before, "not rewritten: same inode and mtime")
    }

    func testFixHonoursTheFieldStyle() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [X] Pay rent 📅 2026-12-01\n")
        let result = try sandbox.todofmt("lint", "--fix", "--field-style", "emoji", "--today", Samples.today, "todos.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), "- [x] Pay rent 📅 2026-12-01 ✅ 2026-11-21\n")
    }

    func testFilesAreSortedAndOneBadFileDoesNotStopTheOthers() throws {
        let sandbox = try sandbox("warnings.md", "mixed.md")
        try sandbox.write("binary.md", bytes: [0x2D, 0x20, 0x00])
        let result = try sandbox.todofmt("lint", "--today", Samples.today, "warnings.md", "missing.md", "binary.md", "mixed.md")
        XCTAssertEqual(result.stdout, try fixture("mixed.text") + fixture("warnings.text"))
        XCTAssertEqual(result.status, 2)
        let errors = result.stderr.split(separator: "\n")
        XCTAssertEqual(errors.count, 2, result.stderr)
        XCTAssertTrue(errors[0].hasPrefix("todofmt: missing.md: "), result.stderr)
        XCTAssertTrue(errors[1].hasPrefix("todofmt: binary.md: "), result.stderr)
    }

    func testStandardInput() throws {
        let result = try Sandbox().todofmt("lint", "--today", Samples.today, "-", stdin: try fixture("warnings.md"))
        XCTAssertEqual(result.stdout, "<stdin>:2:4: info: unknown status character '?' [TD009]\n")
        XCTAssertEqual(result.status, 0)
    }

    func testRuleOffByDefaultIsTurnedOnAndTodayDecides() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] Pay rent due:2026-11-20\n")
        XCTAssertEqual(try sandbox.todofmt("lint", "--today", Samples.today, "todos.md").stdout, "")
        for rule in ["TD014", "overdue-task"] {
            let result = try sandbox.todofmt("lint", "--rule", rule, "--today", Samples.today, "todos.md")
            XCTAssertEqual(result.stdout, "todos.md:1:16: warning: overdue since 2026-11-20 [TD014]\n")
            XCTAssertEqual(result.status, 0, "a warning alone exits 0")
        }
        let earlier = try sandbox.todofmt("lint", "--rule", "TD014", "--today", "2026-11-20", "todos.md")
        XCTAssertEqual(earlier.stdout, "")
        let fromEnvironment = try sandbox.todofmt("lint", "--rule", "TD014", "todos.md", environment: ["TODOFMT_TODAY": "2026-12-01"])
        XCTAssertEqual(fromEnvironment.stdout, "todos.md:1:16: warning: overdue since 2026-11-20 [TD014]\n")
    }

    func testUsageErrors() throws {
        let sandbox = try sandbox("mixed.md")
        let cases: [([String], String)] = [
            (["lint"], "todofmt: lint needs a PATH (see 'todofmt --help')\n"),
            (["lint", "--format", "xml", "mixed.md"], "todofmt: invalid format 'xml' for --format (expected text, json, github or sarif)\n"),
            (["lint", "--rule", "TD999", "mixed.md"], "todofmt: unknown rule 'TD999' for --rule (see 'todofmt rules')\n"),
            (["lint", "--check", "mixed.md"], "todofmt: option '--check' cannot be used with lint\n"),
            (["lint", "--fix", "-"], "todofmt: lint --fix cannot fix standard input ('-')\n"),
            (["--fix", "mixed.md"], "todofmt: option '--fix' can only be used with lint\n"),
            (["watch", "--format", "json", "mixed.md"], "todofmt: option '--format' cannot be used with watch\n"),
            (["rules", "mixed.md"], "todofmt: rules takes no PATH, got 'mixed.md'\n"),
            (["lint", "--fix=yes", "mixed.md"], "todofmt: option '--fix' takes no value\n"),
        ]
        for (arguments, message) in cases {
            let result = try Todofmt.run(arguments, in: sandbox.url)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        XCTAssertEqual(try sandbox.read("mixed.md"), try fixture("mixed.md"))
        // `--` makes `lint` a file name again.
        try sandbox.write("lint", "- [X] a\n")
        let formatted = try sandbox.todofmt("--today", Samples.today, "--", "lint")
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(try sandbox.read("lint"), "- [x] a done:2026-11-21\n")
    }

    func testRulesListsEveryRule() throws {
        let result = try Sandbox().todofmt("rules")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 23, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("CODE"))
        // The same codes, names, severities and fixable flags as docs/LINT.md's table.
        let docs = try String(contentsOf: Self.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/LINT.md"), encoding: .utf8)
        let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| TD") }
        XCTAssertEqual(rows.count, lines.count - 1)
        for (line, row) in zip(lines.dropFirst(), rows) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            XCTAssertEqual(words[0], cells[0])
            XCTAssertTrue(line.contains("  " + cells[1].trimmingCharacters(in: ["`"]) + "  "), "\(line) vs \(row)")
            XCTAssertTrue(line.contains(cells[2]), "\(line) vs \(row)")
            XCTAssertEqual(line.contains("fixable"), cells[3] == "yes", "\(line) vs \(row)")
        }
    }

    func testHelpMentionsLint() throws {
        let help = try Sandbox().todofmt("--help").stdout
        for text in ["todofmt lint", "todofmt rules", "--fix", "--format FORMAT", "--rule CODE", "GITHUB_ACTIONS", "[TDnnn]"] {
            XCTAssertTrue(help.contains(text), "help does not mention \(text)")
        }
    }

    func testSeverityColouredOnlyOnATerminalWithoutNoColor() throws {
        let sandbox = try sandbox("warnings.md")
        let arguments = ["lint", "--today", Samples.today, "warnings.md"]
        let colored = "warnings.md:2:4: \u{1B}[1;36minfo\u{1B}[m: unknown status character '?' [TD009]\n"
        XCTAssertEqual(try Terminal.run(arguments, in: sandbox.url, environment: [:]).output, colored)
        XCTAssertEqual(try Terminal.run(arguments, in: sandbox.url, environment: ["NO_COLOR": "1"]).output,
                       try fixture("warnings.text"))
        XCTAssertEqual(try sandbox.todofmt("lint", "--today", Samples.today, "warnings.md").stdout, try fixture("warnings.text"))
        // Machine formats are never coloured.
        XCTAssertEqual(try Terminal.run(["lint", "--format", "github", "--today", Samples.today, "warnings.md"],
                                        in: sandbox.url, environment: [:]).output, try fixture("warnings.github"))
    }

    /// Text, JSON and GitHub columns count UTF-8 bytes; SARIF's count UTF-16 code units.
    func testSARIFColumnsAreUTF16() throws {
        let sandbox = try Sandbox()
        // "- [ ] Café ☕ 😀 " is 21 bytes and 16 UTF-16 code units.
        try sandbox.write("u.md", "- [ ] Café ☕ 😀 due:2026-02-30\n")
        let text = try sandbox.todofmt("lint", "u.md")
        XCTAssertEqual(text.stdout, "u.md:1:22: error: date '2026-02-30' does not exist [TD001]\n")
        let sarif = try sandbox.todofmt("lint", "--format", "sarif", "u.md")
        XCTAssertTrue(sarif.stdout.contains("\"startLine\": 1, \"startColumn\": 17}"), sarif.stdout)
        // After a byte-order mark, the first line's columns count from the text, as the others' do.
        try sandbox.write("bom.md", bytes: [0xEF, 0xBB, 0xBF] + Array("- [ ] Café ☕ 😀 due:2026-02-30\n".utf8))
        XCTAssertEqual(try sandbox.todofmt("lint", "bom.md").stdout, "bom.md:1:22: error: date '2026-02-30' does not exist [TD001]\n")
        let bomSARIF = try sandbox.todofmt("lint", "--format", "sarif", "bom.md")
        XCTAssertTrue(bomSARIF.stdout.contains("\"startLine\": 1, \"startColumn\": 17}"), bomSARIF.stdout)
    }
}
