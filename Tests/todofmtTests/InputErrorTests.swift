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

    func testDirectory() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("notes"), withIntermediateDirectories: true)
        try assertFails(sandbox, "notes", "is a directory")
    }

    func testNotUTF8() throws {
        let sandbox = try Sandbox()
        // "# x\n- [x] a" is 11 bytes; the Latin-1 "é" after it is byte 12.
        try sandbox.write("todos.md", bytes: Array("# x\n- [x] a".utf8) + [0xE9, 0x0A])
        try assertFails(sandbox, "todos.md", "not valid UTF-8 (byte 12)")
    }

    func testBinaryFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("image.md", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
        try assertFails(sandbox, "image.md", "binary file (NUL byte at byte 9)")
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
        XCTAssertEqual(result.stdout, "would reformat a.md\n")
        XCTAssertEqual(result.stderr, "todofmt: missing.md: no such file\n")
        XCTAssertEqual(try sandbox.read("a.md"), Samples.messy)
    }
}
