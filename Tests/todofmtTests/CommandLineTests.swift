@testable import todofmt
import XCTest

/// Help, version and usage errors.
final class CommandLineTests: XCTestCase {
    func testHelpAnswersTheQuestions() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.todofmt("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stderr, "")
        XCTAssertTrue(help.stdout.hasPrefix("usage: todofmt [options] [PATH...]\n"), help.stdout)
        for option in ["--check", "--diff", "--today YYYY-MM-DD", "--field-style STYLE", "plain", "emoji", "dataview",
                       "--no-stamp", "--no-sink", "-h, --help", "--version", "--", "TODOFMT_TODAY", "NO_COLOR",
                       "exit status:", "examples:", "standard input"] {
            XCTAssertTrue(help.stdout.contains(option), "help does not mention \(option)")
        }
        for status in ["  0  ", "  1  ", "  2  "] {
            XCTAssertTrue(help.stdout.contains(status), "help does not explain exit status \(status)")
        }

        let short = try sandbox.todofmt("-h")
        XCTAssertEqual(short.status, 0)
        XCTAssertEqual(short.stdout, help.stdout)
        XCTAssertEqual(short.stderr, "")
    }

    /// Every line of the help fits an 80-column terminal, an emoji counted as the two columns it takes.
    func testHelpFitsEightyColumns() throws {
        let sandbox = try Sandbox()
        var texts = [try sandbox.todofmt("--help").stdout]
        for command in CommandLineDescription.todofmt.commands {
            texts.append(try sandbox.todofmt("help", command.name).stdout)
        }
        for text in texts {
            for line in text.split(separator: "\n") where DisplayWidth.of(line) > 80 {
                XCTFail("\(DisplayWidth.of(line)) columns: \(line)")
            }
        }
    }

    /// `-h` before the command word explains that command, as after it; a word that is an option's
    /// value or follows `--` is no command word.
    func testHelpBeforeTheCommandWordExplainsTheCommand() throws {
        let sandbox = try Sandbox()
        let lint = try sandbox.todofmt("help", "lint").stdout
        XCTAssertTrue(lint.hasPrefix("usage: todofmt lint "), lint)
        XCTAssertEqual(try sandbox.todofmt("-h", "lint").stdout, lint)
        XCTAssertEqual(try sandbox.todofmt("--help", "--today", Samples.today, "lint", "todos.md").stdout, lint)
        let general = try sandbox.todofmt("--help").stdout
        XCTAssertEqual(try sandbox.todofmt("-h", "--today", "lint").stdout, general)
        XCTAssertEqual(try sandbox.todofmt("-h", "--", "lint").stdout, general)
        XCTAssertEqual(try sandbox.todofmt("todos.md", "-h", "lint").stdout, general)
    }

    func testHelpWinsOverPathsAndChangesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        let result = try sandbox.todofmt("todos.md", "--help")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("usage: todofmt"))
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messy)
    }

    func testCommandHelpListsOnlyThatCommandsOptions() throws {
        let sandbox = try Sandbox()
        let lint = try sandbox.todofmt("lint", "--help")
        XCTAssertEqual(lint.status, 0)
        XCTAssertEqual(lint.stderr, "")
        XCTAssertTrue(lint.stdout.hasPrefix("usage: todofmt lint [--fix] [--rule CODE]... [options] PATH...\n"),
                      lint.stdout)
        for option in ["--fix", "--format FORMAT", "--rule CODE", "--today YYYY-MM-DD", "-h, --help"] {
            XCTAssertTrue(lint.stdout.contains("  \(option)  "), "lint help does not list \(option)")
        }
        XCTAssertFalse(lint.stdout.contains("  --check  "), lint.stdout)
        XCTAssertEqual(try sandbox.todofmt("help", "lint").stdout, lint.stdout)

        let rules = try sandbox.todofmt("help", "rules")
        XCTAssertTrue(rules.stdout.hasPrefix("usage: todofmt rules\n"), rules.stdout)
        XCTAssertFalse(rules.stdout.contains("--today"), rules.stdout)
        // The default command has no word, but help knows it by name.
        let format = try sandbox.todofmt("help", "format")
        XCTAssertTrue(format.stdout.hasPrefix("usage: todofmt [options] [PATH...]\n"), format.stdout)
        XCTAssertTrue(format.stdout.contains("  --check  "), format.stdout)
        XCTAssertFalse(format.stdout.contains("--fix"), format.stdout)
        XCTAssertEqual(try sandbox.todofmt("help").stdout, try sandbox.todofmt("--help").stdout)

        let cases: [([String], String)] = [
            (["help", "nope"], "todofmt: unknown command 'nope' (see 'todofmt --help')\n"),
            (["help", "lint", "watch"], "todofmt: help takes one COMMAND, got 'watch'\n"),
            (["help", "--fix"], "todofmt: option '--fix' can only be used with lint\n"),
            (["rules", "--today", "2026-11-21"], "todofmt: option '--today' cannot be used with rules\n"),
        ]
        for (arguments, message) in cases {
            let result = try Todofmt.run(arguments, in: sandbox.url)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testVersion() throws {
        let result = try Sandbox().todofmt("--version")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "todofmt 0.1.0\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testUnknownOptionIsAUsageErrorAndTouchesNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        for option in ["--x", "-x", "--checkk", "-hx"] {
            let result = try sandbox.todofmt("--today", Samples.today, "todos.md", option)
            XCTAssertEqual(result.status, 2, option)
            XCTAssertEqual(result.stdout, "", option)
            XCTAssertEqual(result.stderr, "todofmt: unknown option '\(option)' (see 'todofmt --help')\n")
        }
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messy)
    }

    func testOptionValuesAreChecked() throws {
        let sandbox = try Sandbox()
        let cases: [([String], String)] = [
            (["--today"], "todofmt: option '--today' needs a value (see 'todofmt --help')\n"),
            (["--field-style"], "todofmt: option '--field-style' needs a value (see 'todofmt --help')\n"),
            (["--today", "2026-02-30"], "todofmt: invalid date '2026-02-30' for --today (expected YYYY-MM-DD)\n"),
            (["--today=tomorrow"], "todofmt: invalid date 'tomorrow' for --today (expected YYYY-MM-DD)\n"),
            (["--field-style", "fancy"],
             "todofmt: invalid field style 'fancy' for --field-style (expected plain, emoji or dataview)\n"),
            (["--check=yes"], "todofmt: option '--check' takes no value\n"),
            (["-", "-"], "todofmt: standard input ('-') given more than once\n"),
            (["--format", "json"], "todofmt: option '--format' can only be used with lint, tasks, --check or --diff\n"),
        ]
        for (arguments, message) in cases {
            let result = try Todofmt.run(arguments, in: sandbox.url, stdin: Array(Samples.messy.utf8))
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testInlineValuesWork() throws {
        let result = try Sandbox().todofmt("--today=\(Samples.today)", "--field-style=plain", stdin: Samples.messy)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, Samples.messyFormatted)
    }

    func testDoubleDashEndsOptions() throws {
        let sandbox = try Sandbox()
        try sandbox.write("--odd.md", Samples.messy)
        let result = try sandbox.todofmt("--today", Samples.today, "--", "--odd.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.read("--odd.md"), Samples.messyFormatted)

        let missing = try sandbox.todofmt("--", "--help")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "todofmt: --help: no such file\n")
    }

    /// A mistyped or guessed command word is refused before any file is touched: formatting the
    /// other paths in place is not what `todofmt check todos.md` or `todofmt lnit .` asked for.
    func testAWordThatIsNeitherACommandNorAFileIsRefusedAndTouchesNothing() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: true)
        try sandbox.write("sub/todos.md", Samples.messy)
        let cases: [([String], String)] = [
            (["check", "sub/todos.md"], "unknown command 'check' (did you mean --check?)"),
            (["diff", "sub/todos.md"], "unknown command 'diff' (did you mean --diff?)"),
            (["format", "sub"], "unknown command 'format' (todofmt formats the PATHs it is given, with no command word)"),
            (["lnit", "."], "unknown command 'lnit' (did you mean 'lint'?)"),
            (["tsaks", "sub"], "unknown command 'tsaks' (did you mean 'tasks'?)"),
            (["--check", "chek", "sub"], "unknown command 'chek' (did you mean --check?)"),
            (["notes", "sub/todos.md"], "unknown command 'notes', and no file of that name (see 'todofmt --help')"),
            (["--today", Samples.today, "check"], "unknown command 'check' (did you mean --check?)"),
            // Any case, and digits after the first letter.
            (["Check", "sub/todos.md"], "unknown command 'Check' (did you mean --check?)"),
            (["LINT", "sub"], "unknown command 'LINT' (did you mean 'lint'?)"),
            (["done2", "sub"], "unknown command 'done2' (did you mean 'done'?)"),
            // A single letter is near no command, and `--` (the end of options) is no flag to suggest.
            (["x", "sub/todos.md"], "unknown command 'x', and no file of that name (see 'todofmt --help')"),
        ]
        for (arguments, message) in cases {
            let result = try sandbox.todofmt(arguments, stdin: Samples.messy)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "todofmt: \(message)\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(try sandbox.read("sub/todos.md"), Samples.messy, "\(arguments)")
        }
    }

    /// Only a word that names nothing is refused: a file of that name is formatted, `--` names one,
    /// and a path that is not a bare word is a missing file as before.
    func testAFileNamedLikeACommandWordIsStillFormatted() throws {
        let sandbox = try Sandbox()
        try sandbox.write("check", Samples.messy)
        try sandbox.write("todos.md", Samples.messy)
        let existing = try sandbox.todofmt("--today", Samples.today, "check", "todos.md")
        XCTAssertEqual(existing.status, 0, existing.stderr)
        XCTAssertEqual(try sandbox.read("check"), Samples.messyFormatted)
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messyFormatted)

        let dashed = try sandbox.todofmt("--today", Samples.today, "--", "diff")
        XCTAssertEqual(dashed.status, 2)
        XCTAssertEqual(dashed.stderr, "todofmt: diff: no such file\n")
        let dotted = try sandbox.todofmt("--today", Samples.today, "--check", "notes.md")
        XCTAssertEqual(dotted.status, 2)
        XCTAssertEqual(dotted.stderr, "todofmt: notes.md: no such file\n")
    }
}
