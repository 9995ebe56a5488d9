import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Runs todofmt on a stream that holds `bytes` and then stays open, never ending, as `/dev/zero`
    /// or a stalled producer does: the FIFO `stream` in the sandbox, or standard input when the
    /// arguments do not name it. The status is nil when todofmt was still running after
    /// ``WatchProcess/timeout``: it waited for an end that never comes.
    private func runOnEndlessStream(_ arguments: [String], _ bytes: [UInt8], in sandbox: Sandbox) throws
        -> (status: Int32?, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try Todofmt.binary()
        process.arguments = arguments
        process.currentDirectoryURL = sandbox.url
        try sandbox.write("out", "")
        try sandbox.write("err", "")
        process.standardOutput = try FileHandle(forWritingTo: sandbox.url.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: sandbox.url.appendingPathComponent("err"))
        let writer: FileHandle
        if arguments.contains("stream") {
            unlink(sandbox.path("stream"))
            XCTAssertEqual(mkfifo(sandbox.path("stream"), 0o600), 0)
            // Open for reading too, so that opening does not wait for todofmt.
            let fd = open(sandbox.path("stream"), O_RDWR)
            XCTAssertGreaterThanOrEqual(fd, 0)
            writer = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            process.standardInput = FileHandle.nullDevice
        } else {
            let pipe = Pipe()
            writer = pipe.fileHandleForWriting
            process.standardInput = pipe
        }
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? writer.close()
        }
        // More than a pipe holds: written while todofmt reads.
        DispatchQueue.global().async { try? writer.write(contentsOf: bytes) }
        let ended = WatchProcess.eventually { !process.isRunning }
        if ended { process.waitUntilExit() }
        return (ended && process.terminationReason == .exit ? process.terminationStatus : nil,
                try sandbox.read("out"), try sandbox.read("err"))
    }

    /// A NUL byte in a stream ends reading there, with the error its whole would have given: an
    /// endless stream (`lint /dev/zero`) was read into memory until the machine ran out of it.
    func testANULByteEndsAStreamThatNeverEnds() throws {
        let sandbox = try Sandbox()
        // The NUL is byte 12 of a FIFO's first read.
        let short = Array("- [ ] a\nxyz".utf8) + [0] + Array("- [ ] b\n".utf8)
        for arguments in [["lint", "stream"], ["--check", "stream"], ["--diff", "stream"], ["tasks", "stream"]] {
            let result = try runOnEndlessStream(arguments, short, in: sandbox)
            XCTAssertEqual(result.status, 2, "\(arguments): still reading")
            XCTAssertEqual(result.stderr, "todofmt: stream: binary file (NUL byte at byte 12)\n", "\(arguments)")
        }
        // On standard input, after more than one read's worth of text.
        let long = Array("- [ ] a\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 200_000) + [0, 0x0A]
        for arguments in [["-"], ["--check", "-"], ["lint", "-"]] {
            let result = try runOnEndlessStream(arguments, long, in: sandbox)
            XCTAssertEqual(result.status, 2, "\(arguments): still reading")
            XCTAssertEqual(result.stderr, "todofmt: <stdin>: binary file (NUL byte at byte 200009)\n", "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
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
