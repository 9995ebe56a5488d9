import XCTest

/// Inputs that cannot be formatted: one line on standard error naming the file, exit 2.
final class InputErrorTests: XCTestCase {
    /// Runs every mode on `name` and checks the same error each time, and that nothing changed.
    private func assertFails(_ sandbox: Sandbox, _ name: String, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let before = sandbox.status(name)
        let contents = before.map { _ in try? sandbox.bytes(name) } ?? nil
        for mode in [[], ["--check"], ["--diff"]] {
            let result = try Todofmt.run(mode + ["--today", Samples.today, name], in: sandbox.url)
            XCTAssertEqual(result.status, 2, "\(mode)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(mode)", file: file, line: line)
            XCTAssertEqual(result.stderr, "todofmt: \(name): \(message)\n", "\(mode)", file: file, line: line)
            XCTAssertEqual(sandbox.status(name), before, "\(mode)", file: file, line: line)
            if let contents {
                XCTAssertEqual(try? sandbox.bytes(name), contents, "\(mode)", file: file, line: line)
            }
        }
    }

    func testMissingFile() throws {
        let sandbox = try Sandbox()
        try assertFails(sandbox, "todos.md", "no such file")
        XCTAssertEqual(try sandbox.names(), [])
    }


    func testNotUTF8() throws {
        let sandbox = try Sandbox()
        // "# x\n- [x] a" is 11 bytes; the Latin-1 "é" after it is byte 12.
        try sandbox.write("todos.md", bytes: Array("# x\n- [x] a".utf8) + [0xE9, 0x0A])
        try assertFails(sandbox, "todos.md", "not valid UTF-8 (byte 12)")
    }

    func testBinaryFile() throws {
        let sandbox = try Sandbox()
        // The start of an SQLite database: its header ends in a NUL, the 16th byte.
        try sandbox.write("todos.db", bytes: Array("SQLite format 3".utf8) + [0x00, 0x10, 0x00, 0x01, 0x01])
        try assertFails(sandbox, "todos.db", "binary file (NUL byte at byte 16)")
        // UTF-16 text is binary to todofmt too.
        try sandbox.write("utf16.md", bytes: [0x2D, 0x00, 0x20, 0x00, 0x5B, 0x00])
        try assertFails(sandbox, "utf16.md", "binary file (NUL byte at byte 2)")
    }

    func testDanglingSymlink() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.md"), withDestinationPath: "gone.md")
        try assertFails(sandbox, "link.md", "no such file")
        XCTAssertEqual(try sandbox.names(), ["link.md"])
    }

    func testCheckReportsGoodFilesAndErrorsTogether() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.md", Samples.messy)
        try sandbox.write("b.md", Samples.canonical)
        let result = try sandbox.todofmt("--check", "--today", Samples.today, "a.md", "missing.md", "b.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "a.md:3:1: error: would reformat lines 3-5 [TD000]\n")
        XCTAssertEqual(result.stderr, "todofmt: missing.md: no such file\n")
        XCTAssertEqual(try sandbox.read("a.md"), Samples.messy)
    }
}
