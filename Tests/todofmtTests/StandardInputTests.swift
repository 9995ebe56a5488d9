import XCTest

/// No path, or `-`: standard input is formatted to standard output.
final class StandardInputTests: XCTestCase {
    func testNoPathFormatsStandardInputToStandardOutput() throws {
        let result = try Sandbox().todofmt("--today", Samples.today, stdin: Samples.messy)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, Samples.messyFormatted)
        XCTAssertEqual(result.stderr, "")
    }

    func testCanonicalInputComesBackByteForByte() throws {
        let input = Samples.canonical.replacingOccurrences(of: "\n", with: "\r\n") + "no final newline"
        let result = try Sandbox().todofmt("--today", Samples.today, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutBytes, Array(input.utf8))
        XCTAssertEqual(result.stderr, "")
    }

    func testEmptyInput() throws {
        let result = try Sandbox().todofmt(stdin: "")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func testDashNamesStandardInputBesideFiles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        let result = try sandbox.todofmt("--today", Samples.today, "-", "todos.md", stdin: "- [X] from stdin\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- [x] from stdin done:2026-11-21\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messyFormatted)
        XCTAssertEqual(try sandbox.names(), ["todos.md"], "'-' must not create a file")
    }

    func testInvalidInputWritesNothingToStandardOutput() throws {
        let sandbox = try Sandbox()
        let bad = try Todofmt.run([], in: sandbox.url, stdin: [0x2D, 0x20, 0xFF, 0x0A])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(bad.stderr, "todofmt: <stdin>: not valid UTF-8 (byte 3)\n")

        let binary = try Todofmt.run(["-"], in: sandbox.url, stdin: [0x61, 0x00, 0x62])
        XCTAssertEqual(binary.status, 2)
        XCTAssertEqual(binary.stdout, "")
        XCTAssertEqual(binary.stderr, "todofmt: <stdin>: binary file (NUL byte at byte 2)\n")
    }

    func testFullStandardOutputIsAnError() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        let sandbox = try Sandbox()
        let result = try Todofmt.run(["--today", Samples.today], in: sandbox.url,
                                     stdin: Array(Samples.messy.utf8), stdout: full)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: <stdin>: cannot write standard output: no space left on device\n")
    }

    /// What help, the version, a generated file and the rules table print is checked as well: a man
    /// page generated to a full disk must not pass for written.
    func testFullStandardOutputFailsEveryPrintingCommand() throws {
        let sandbox = try Sandbox()
        for arguments in [["--help"], ["help", "lint"], ["--version"], ["--generate", "man"], ["rules"]] {
            guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
            let result = try Todofmt.run(arguments, in: sandbox.url, stdout: full)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "todofmt: cannot write standard output: no space left on device\n", "\(arguments)")
        }
    }

    func testCheckAndDiffOnStandardInput() throws {
        let sandbox = try Sandbox()
        let check = try sandbox.todofmt("--check", "--today", Samples.today, stdin: Samples.messy)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "<stdin>:3:1: error: would reformat lines 3-5 [TD000]\n")
        XCTAssertEqual(check.stderr, "")

        let clean = try sandbox.todofmt("--check", "-", stdin: Samples.canonical)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
        XCTAssertEqual(clean.stderr, "")

        let diff = try sandbox.todofmt("--diff", "--today", Samples.today, stdin: "- [X] a\n")
        XCTAssertEqual(diff.status, 1)
        XCTAssertEqual(diff.stdout, """
            --- <stdin>
            +++ <stdin>
            @@ -1 +1 @@
            -- [X] a
            +- [x] a done:2026-11-21

            """)
        XCTAssertEqual(diff.stderr, "")
    }
}
