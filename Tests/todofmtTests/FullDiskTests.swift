import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A file on a full disk: formatting it in place must fail cleanly and leave the original intact.
/// The disk is a real 16 KiB tmpfs, so the write fails inside the kernel as it would on a full disk.
final class FullDiskTests: XCTestCase {
    func testFormattingOnAFullDiskFailsAndKeepsTheOriginal() throws {
        // A non-canonical todo file, then filler until the disk is full.
        try assertFormattingFails(String(repeating: "- [X] pay the bill\n- [ ] call back\n", count: 60), diskSize: "16k", fill: true)
    }

    /// A file of 1 MB or more, cut into stretches, is written a stretch at a time: the disk fills
    /// up in the middle of the new file.
    func testFormattingALargeFileOnAFullDiskFailsAndKeepsTheOriginal() throws {
        var original = "# Todos\n"
        for section in 0..<30_000 { original += "## Part \(section)\n- [x] done \(section)\n- [ ] open \(section)\n" }
        XCTAssertGreaterThan(original.utf8.count, 1 << 20)
        // Room for the file and half of it again.
        try assertFormattingFails(original, diskSize: "\(original.utf8.count * 3 / 2 / 1024)k", fill: false)
    }

    /// Formats `original` in place on a tmpfs of `diskSize`, filled up first when `fill`: the run
    /// must fail with one line, and leave the original and nothing else.
    private func assertFormattingFails(_ original: String, diskSize: String, fill: Bool,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        #if os(Linux)
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-full-\(getpid())")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(diskSize)", "tmpfs", mountPoint.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { throw XCTSkip("cannot run mount") }
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs here (needs root)") }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [mountPoint.path]
            try? umount.run()
            umount.waitUntilExit()
        }

        let todos = mountPoint.appendingPathComponent("todos.md")
        try Data(original.utf8).write(to: todos)
        var expectedNames = ["todos.md"]
        if fill {
            let filler = FileHandle(forWritingAtPath: {
                let path = mountPoint.appendingPathComponent("filler").path
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                return path
            }())!
            while (try? filler.write(contentsOf: Data(repeating: 0x61, count: 512))) != nil {}
            try? filler.close()
            expectedNames.insert("filler", at: 0)
        }

        let result = try Todofmt.run(["--today", "2026-11-21", "todos.md"], in: mountPoint)
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: todos.md: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("no space left on device"), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line", file: file, line: line)
        XCTAssertEqual(try String(contentsOf: todos, encoding: .utf8), original, "the original survives", file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).sorted()
        XCTAssertEqual(left, expectedNames, "no temporary file is left behind", file: file, line: line)
        #else
        throw XCTSkip("tmpfs test is for Linux")
        #endif
    }
}
