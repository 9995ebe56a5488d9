import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A file on a full disk: formatting it in place must fail cleanly and leave the original intact.
/// The disk is a real 16 KiB tmpfs, so the write fails inside the kernel as it would on a full disk.
final class FullDiskTests: XCTestCase {
    func testFormattingOnAFullDiskFailsAndKeepsTheOriginal() throws {
        #if os(Linux)
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-full-\(getpid())")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mountPoint.path]
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

        // A non-canonical todo file, then filler until the disk is full.
        let original = String(repeating: "- [X] pay the bill\n- [ ] call back\n", count: 60)
        let todos = mountPoint.appendingPathComponent("todos.md")
        try Data(original.utf8).write(to: todos)
        let filler = FileHandle(forWritingAtPath: {
            let path = mountPoint.appendingPathComponent("filler").path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return path
        }())!
        while (try? filler.write(contentsOf: Data(repeating: 0x61, count: 512))) != nil {}
        try? filler.close()

        let result = try Todofmt.run(["--today", "2026-11-21", "todos.md"], in: mountPoint)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: todos.md: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("no space left on device"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertEqual(try String(contentsOf: todos, encoding: .utf8), original, "the original survives")
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).sorted()
        XCTAssertEqual(left, ["filler", "todos.md"], "no temporary file is left behind")
        #else
        throw XCTSkip("tmpfs test is for Linux")
        #endif
    }
}
