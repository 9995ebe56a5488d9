@testable import TodoKit
import XCTest

/// `.todofmt.json` read into a ``Configuration``: every key, every kind of bad value with its exact
/// message, rule levels applied by a real linter, and the rendering of the effective configuration.
final class ConfigurationTests: XCTestCase {
    private func configuration(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Configuration? {
        do {
            return try Configuration(json: Array(json.utf8), path: ".todofmt.json")
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let accepted = try Configuration(json: Array(json.utf8), path: "dir/.todofmt.json")
            XCTFail("accepted \(json.debugDescription) as \(accepted)", file: file, line: line)
            return nil
        } catch {
            return error.description
        }
    }

    func testEmptyObjectIsTheDefaults() throws {
        let empty = try XCTUnwrap(configuration("{}"))
        XCTAssertEqual(empty.file, ".todofmt.json")
        XCTAssertNil(Configuration.default.file)
        var unnamed = empty
        unnamed.file = nil
        XCTAssertEqual(unnamed, .default)
        XCTAssertEqual(empty.fieldStyle, .plain)
        XCTAssertTrue(empty.stampDates)
        XCTAssertTrue(empty.sinkCompleted)
        XCTAssertEqual(empty.bullet, .keep)
        XCTAssertNil(empty.indentation)
        XCTAssertEqual(empty.include, ["todo.md", "todos.md", "*.todo.md"])
        XCTAssertEqual(empty.exclude, [])
        XCTAssertEqual(empty.rules, [:])
    }

    /// The default include patterns are compiled only when a walk asks; a file that writes them
    /// out is still the defaults, and a file that changes them matches with its own.
    func testWrittenDefaultIncludeIsTheDefault() throws {
        var written = try XCTUnwrap(configuration(#"{"include": ["todo.md", "todos.md", "*.todo.md"]}"#))
        written.file = nil
        XCTAssertEqual(written, .default)
        XCTAssertEqual(written.hashValue, Configuration.default.hashValue)
        XCTAssertTrue(written.includes(relativePath: "a/B.Todo.md"))
        XCTAssertFalse(written.includes(relativePath: "notes.md"))
        var other = try XCTUnwrap(configuration(#"{"include": ["*.md"]}"#))
        other.file = nil
        XCTAssertNotEqual(other, .default)
        XCTAssertTrue(other.includes(relativePath: "notes.md"))
        XCTAssertFalse(Configuration.default.includes(relativePath: "notes.md"))
    }

    func testEveryKey() throws {
        let json = """
            {
              "fieldStyle": "dataview",
              "stampDates": false,
              "sinkCompleted": false,
              "bullet": "*",
              "indentation": 4,
              "include": ["*.md"],
              "exclude": ["archive/", "old.todo.md"],
              "rules": {"TD004": "off", "overdue-task": "error", "TD009": "warning"}
            }
            """
        let config = try XCTUnwrap(configuration(json))
        XCTAssertEqual(config.fieldStyle, .dataview)
        XCTAssertFalse(config.stampDates)
        XCTAssertFalse(config.sinkCompleted)
        XCTAssertEqual(config.bullet, .asterisk)
        XCTAssertEqual(config.indentation, 4)
        XCTAssertEqual(config.include, ["*.md"])
        XCTAssertEqual(config.exclude, ["archive/", "old.todo.md"])
        XCTAssertEqual(config.rules, ["TD004": .off, "TD014": .error, "TD009": .warning])

        let today = Day("2026-11-21")!
        let options = config.formatOptions(today: today)
        XCTAssertEqual(options, FormatOptions(fieldStyle: .dataview, stampDates: false, sinkCompleted: false, today: today,
                                              bullet: .asterisk, indentation: 4))
    }

    func testEachValueOfEachKey() {
        for style in FieldStyle.allCases {
            XCTAssertEqual(configuration("{\"fieldStyle\": \"\(style.rawValue)\"}")?.fieldStyle, style)
        }
        for (text, bullet) in [("keep", BulletStyle.keep), ("-", .dash), ("*", .asterisk), ("+", .plus)] {
            XCTAssertEqual(configuration("{\"bullet\": \"\(text)\"}")?.bullet, bullet)
        }
        for columns in [2, 3, 4] {
            XCTAssertEqual(configuration("{\"indentation\": \(columns)}")?.indentation, columns)
        }
        XCTAssertEqual(configuration("{\"indentation\": 4, \"bullet\": \"-\"}")?.indentation, 4)
        XCTAssertNil(configuration("{\"indentation\": \"keep\"}")?.indentation)
        XCTAssertEqual(configuration("{\"stampDates\": true}")?.stampDates, true)
        XCTAssertEqual(configuration("{\"include\": []}")?.include, [])
        for level in RuleLevel.allCases {
            let config = configuration("{\"rules\": {\"invalid-date\": \"\(level.rawValue)\"}}")
            XCTAssertEqual(config?.level(of: LintRule.named("TD001")!), level)
            // Only levels that differ from the rule's default are kept, so equal settings are equal values.
            XCTAssertEqual(config?.rules, level == .error ? [:] : ["TD001": level])
        }
    }

    func testBadValuesNameTheKey() {
        let cases: [(String, String)] = [
            ("{\"fieldStyle\": \"fancy\"}", "1:16: invalid value 'fancy' for 'fieldStyle' (expected plain, emoji or dataview)"),
            ("{\"fieldStyle\": \"Plain\"}", "1:16: invalid value 'Plain' for 'fieldStyle' (expected plain, emoji or dataview)"),
            ("{\"fieldStyle\": 1}", "1:16: invalid value 1 for 'fieldStyle' (expected plain, emoji or dataview)"),
            ("{\"stampDates\": \"yes\"}", "1:16: invalid value 'yes' for 'stampDates' (expected true or false)"),
            ("{\"sinkCompleted\": null}", "1:19: invalid value null for 'sinkCompleted' (expected true or false)"),
            ("{\"sinkCompleted\": 0}", "1:19: invalid value 0 for 'sinkCompleted' (expected true or false)"),
            ("{\"bullet\": \"dash\"}", "1:12: invalid value 'dash' for 'bullet' (expected keep, -, * or +)"),
            ("{\"bullet\": \"\"}", "1:12: invalid value '' for 'bullet' (expected keep, -, * or +)"),
            ("{\"bullet\": [\"-\"]}", "1:12: invalid value [...] for 'bullet' (expected keep, -, * or +)"),
            ("{\"indentation\": 8}", "1:17: invalid value 8 for 'indentation' (expected keep, 2, 3 or 4)"),
            ("{\"indentation\": 2.0}", "1:17: invalid value 2.0 for 'indentation' (expected keep, 2, 3 or 4)"),
            ("{\"indentation\": \"2\"}", "1:17: invalid value '2' for 'indentation' (expected keep, 2, 3 or 4)"),
            ("{\"indentation\": 1e400}", "1:17: invalid value 1e400 for 'indentation' (expected keep, 2, 3 or 4)"),
            ("{\"include\": \"*.md\"}", "1:13: invalid value '*.md' for 'include' (expected an array of glob patterns)"),
            ("{\"exclude\": [\"a\", 3]}", "1:19: invalid value 3 in 'exclude' (expected a glob pattern)"),
            ("{\"exclude\": [\"\"]}", "1:14: invalid value '' in 'exclude' (expected a glob pattern)"),
            ("{\"rules\": [\"TD004\"]}", "1:11: invalid value [...] for 'rules' (expected an object of rule codes or names and severities)"),
            ("{\"rules\": {\"TD099\": \"off\"}}", "1:12: unknown rule 'TD099' in 'rules'"),
            ("{\"rules\": {\"overdue-tasks\": \"off\"}}", "1:12: unknown rule 'overdue-tasks' in 'rules' (did you mean 'overdue-task'?)"),
            ("{\"rules\": {\"td004\": \"off\"}}", "1:12: unknown rule 'td004' in 'rules' (did you mean 'TD004'?)"),
            ("{\"rules\": {\"TD004\": \"high\"}}", "1:21: invalid value 'high' for 'TD004' in 'rules' (expected error, warning, info or off)"),
            ("{\"rules\": {\"TD004\": false}}", "1:21: invalid value false for 'TD004' in 'rules' (expected error, warning, info or off)"),
            ("{\"rules\": {\"TD004\": \"off\",\n  \"completed-above-open\": \"error\"}}",
             "2:3: rule 'completed-above-open' in 'rules' is 'TD004' again"),
            ("{\n  \"feildStyle\": \"emoji\"\n}", "2:3: unknown key 'feildStyle' (did you mean 'fieldStyle'?)"),
            ("{\"field-style\": \"emoji\"}", "1:2: unknown key 'field-style' (did you mean 'fieldStyle'?)"),
            ("{\"Include\": []}", "1:2: unknown key 'Include' (did you mean 'include'?)"),
            ("{\"color\": true}", "1:2: unknown key 'color'"),
            ("{\"a\\nb\": 1}", "1:2: unknown key 'a\\nb'"),
            ("{\"\(String(repeating: "k", count: 70))\": 1}", "1:2: unknown key '\(String(repeating: "k", count: 60))...'"),
            ("{\"bullet\": \"\\u0001\"}", "1:12: invalid value '\\u0001' for 'bullet' (expected keep, -, * or +)"),
            ("{\"exclude\": [\"[\\t\"]}", "1:14: invalid pattern in 'exclude': unclosed '[' in pattern '[\\t'"),
            ("{\"stampDates\": true, \"stampDates\": false}", "1:22: duplicate key 'stampDates' (first at 1:2)"),
            ("[]", "1:1: expected a JSON object ({...}) at the top, found [...]"),
            ("\"plain\"", "1:1: expected a JSON object ({...}) at the top, found 'plain'"),
            ("{\"fieldStyle\": \"emoji\",}", "1:24: trailing comma before '}'"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(error(json), "dir/.todofmt.json:" + expected, "for \(json.debugDescription)")
        }
    }

    func testMissingFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-\(UUID().uuidString).json").path
        XCTAssertThrowsError(try Configuration(contentsOf: path)) { error in
            XCTAssertEqual("\(error)", "\(path): no such file")
        }
    }

    func testRuleLevelsDriveTheLinter() throws {
        let text = """
            - [x] Pack
            - [ ] Pay rent due:2026-11-01
            - [?] Ask Bob
            """
        let today = Day("2026-11-21")!
        func lint(_ json: String) throws -> [String] {
            let config = try XCTUnwrap(configuration(json))
            return config.linter(today: today).lint(TodoDocument(text)).map { "\($0.location) \($0.severity) \($0.code)" }
        }
        XCTAssertEqual(try lint("{}"), ["1:3 warning TD003", "1:3 warning TD004", "3:4 info TD009"])
        XCTAssertEqual(try lint("{\"rules\": {\"TD004\": \"off\", \"completed-without-date\": \"error\"}}"),
                       ["1:3 error TD003", "3:4 info TD009"])
        XCTAssertEqual(try lint("{\"rules\": {\"overdue-task\": \"info\", \"TD009\": \"off\"}}"),
                       ["1:3 warning TD003", "1:3 warning TD004", "2:16 info TD014"])
        // A rule given its own default severity runs as it would anyway.
        XCTAssertEqual(try lint("{\"rules\": {\"TD003\": \"warning\"}}"), try lint("{}"))
    }

    func testLevelOfEveryRule() throws {
        let config = try XCTUnwrap(configuration("{\"rules\": {\"TD001\": \"off\", \"TD014\": \"warning\"}}"))
        for rule in LintRule.all {
            let expected: RuleLevel = switch rule.code {
            case "TD001": .off
            case "TD014": .warning
            default: rule.enabledByDefault ? RuleLevel(rawValue: rule.severity.rawValue)! : .off
            }
            XCTAssertEqual(config.level(of: rule), expected, rule.code)
        }
        XCTAssertEqual(Configuration.default.level(of: LintRule.named("overdue-task")!), .off)
        XCTAssertEqual(Configuration.default.linter(today: LintRule.exampleDay).rules, LintRule.all.filter(\.enabledByDefault))
    }

    func testNextOccurrencePlacement() throws {
        XCTAssertEqual(Configuration.default.nextOccurrence, .above)
        let below = try XCTUnwrap(configuration("{\"nextOccurrence\": \"below\"}"))
        XCTAssertEqual(below.nextOccurrence, .below)
        XCTAssertEqual(below.formatOptions(today: LintRule.exampleDay).nextOccurrence, .below)
        XCTAssertTrue(below.json.contains("\"nextOccurrence\": \"below\","))
        XCTAssertEqual(error("{\"nextOccurrence\": \"sideways\"}"), "dir/.todofmt.json:1:20: invalid value 'sideways' for 'nextOccurrence' (expected above or below)")
    }

    func testCustomStatuses() throws {
        let config = try XCTUnwrap(configuration(#"{"statuses": {">": "open", "~": "cancelled", "d": "done", "!": "inProgress"}}"#))
        XCTAssertEqual(config.statuses[">"], .open)
        XCTAssertEqual(config.statuses["~"], .cancelled)
        XCTAssertEqual(config.statuses["d"], .done)
        XCTAssertEqual(config.formatOptions(today: LintRule.exampleDay).statuses, config.statuses)
        XCTAssertTrue(config.json.contains(#""statuses": {"!": "inProgress", ">": "open", "d": "done", "~": "cancelled"},"#), config.json)
        XCTAssertEqual(error(#"{"statuses": {"x": "open"}}"#), "dir/.todofmt.json:1:15: 'x' in 'statuses' is a standard mark; only other marks can be mapped")
        XCTAssertEqual(error(#"{"statuses": {" ": "open"}}"#), "dir/.todofmt.json:1:15: ' ' in 'statuses' is a standard mark; only other marks can be mapped")
        XCTAssertEqual(error(#"{"statuses": {"\t": "open"}}"#), "dir/.todofmt.json:1:15: invalid checkbox mark '\\t' in 'statuses' (expected one character)")
        XCTAssertEqual(error(#"{"statuses": {"ab": "open"}}"#), "dir/.todofmt.json:1:15: invalid checkbox mark 'ab' in 'statuses' (expected one character)")
        XCTAssertEqual(error(#"{"statuses": {"~": "gone"}}"#),
                       "dir/.todofmt.json:1:20: invalid value 'gone' for '~' in 'statuses' (expected open, inProgress, done or cancelled)")
    }

    func testDefaultRendering() {
        // Every rule by code, each at its default: its own severity, or off.
        let rules = LintRule.all.map { "    \"\($0.code)\": \"\($0.enabledByDefault ? $0.severity.rawValue : "off")\"" }
            .joined(separator: ",\n")
        XCTAssertTrue(rules.contains(#""TD001": "error""#) && rules.contains(#""TD014": "off""#))
        XCTAssertEqual(Configuration.default.json, """
            {
              "fieldStyle": "plain",
              "stampDates": true,
              "sinkCompleted": true,
              "bullet": "keep",
              "indentation": "keep",
              "nextOccurrence": "above",
              "statuses": {},
              "globalFilter": "",
              "include": ["todo.md", "todos.md", "*.todo.md"],
              "exclude": [],
              "archive": {"olderThanDays": 0},
              "rules": {
            \(rules)
              }
            }

            """)
    }

    func testRenderingReadsBackToTheSameSettings() throws {
        let json = """
            {"rules": {"TD004": "off", "overdue-task": "error"}, "indentation": 3, "bullet": "+",
             "fieldStyle": "emoji", "sinkCompleted": false,
             "include": ["a \\"quoted\\" name.md", "back\\\\slash/*.md", "tab\\there.md", "ctl\\u0001.md", "é/**/todo.md"],
             "exclude": ["x"]}
            """
        let config = try XCTUnwrap(configuration(json))
        XCTAssertEqual(config.include, ["a \"quoted\" name.md", "back\\slash/*.md", "tab\there.md", "ctl\u{1}.md", "é/**/todo.md"])
        let rendered = config.json
        XCTAssertTrue(rendered.contains(#""include": ["a \"quoted\" name.md", "back\\slash/*.md", "tab\there.md", "ctl\u0001.md", "é/**/todo.md"]"#),
                      rendered)
        let again = try Configuration(json: Array(rendered.utf8), path: ".todofmt.json")
        XCTAssertEqual(again, config)
        XCTAssertEqual(again.json, rendered)
    }
}
