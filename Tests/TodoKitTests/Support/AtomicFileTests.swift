import Foundation
import TestSupport
import XCTest
@testable import TodoKit

final class AtomicFileTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("atomic")
    }

    override func tearDown() {
        directory.remove()
    }

    private func path(_ name: String) -> String { directory.file(name) }

    private func lstatus(_ name: String) -> stat? {
        var info = stat()
        return lstat(path(name), &info) == 0 ? info : nil
    }

    private func assertThrows(_ expected: FileError, _ body: () throws -> Void,
                              file: StaticString = #filePath, line: UInt = #line) {
        do {
            try body()
            XCTFail("no error, expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? FileError, expected, file: file, line: line)
        }
    }

    // MARK: - Reading

    func testReadsWholeFiles() throws {
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try directory.write("big", big)
        try directory.write("empty", [])
        XCTAssertEqual(try AtomicFile.read(path("big")), big)
        XCTAssertEqual(try AtomicFile.read(path("empty")), [])
    }

    /// A large file is read in parts at the same time: the bytes are the one-piece read's, whatever
    /// the number of parts; a file whose size is not the one measured is left to the usual read.
    func testReadsInPartsAsInOnePiece() throws {
        let bytes = (0..<(1_200_000)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ $0 >> 11) }
        try directory.write("todos.md", bytes)
        let fd = open(path("todos.md"), O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        for parts in [2, 3, 7] {
            XCTAssertEqual(AtomicFile.readInParts(from: fd, size: bytes.count, parts: parts), bytes, "\(parts) parts")
            // Grown or shrunk since it was measured: not read in parts.
            XCTAssertNil(AtomicFile.readInParts(from: fd, size: bytes.count - 1, parts: parts), "\(parts) parts")
            XCTAssertNil(AtomicFile.readInParts(from: fd, size: bytes.count + 1, parts: parts), "\(parts) parts")
        }
        XCTAssertNil(AtomicFile.readInParts(from: fd, size: bytes.count, parts: 1), "one part is the usual read")
        XCTAssertEqual(lseek(fd, 0, SEEK_CUR), 0, "the descriptor's offset has not moved")
        // Through the public entry, with parts chosen by size.
        let large = (0..<(5 * AtomicFile.bytesPerPart + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) }
        try directory.write("large.md", large)
        XCTAssertEqual(try AtomicFile.read(path("large.md")), large)
    }

    func testReadErrors() throws {
        assertThrows(.noSuchFile) { _ = try AtomicFile.read(path("missing")) }
        assertThrows(.isDirectory) { _ = try AtomicFile.read(directory.path) }
        try directory.write("file", [1])
        assertThrows(.system(code: ENOTDIR)) { _ = try AtomicFile.read(path("file") + "/below") }
    }

    func testReadPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "the superuser may read any file")
        try directory.write("secret", [1, 2], mode: 0o200)
        assertThrows(.permissionDenied) { _ = try AtomicFile.read(path("secret")) }
    }

    func testReadAllAndWriteAllOnAPipe() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let bytes = Array("through a pipe\n".utf8)
        try AtomicFile.writeAll(bytes, to: fds[1])
        close(fds[1])
        XCTAssertEqual(try AtomicFile.readAll(from: fds[0]), bytes)
        close(fds[0])
    }

    /// A link the kernel makes up for an open pipe (`/dev/fd/63` of a shell's `<(…)`, here
    /// `/proc/self/fd/N`) names `pipe:[…]`, which is no path: replacing it is refused as a file
    /// that is not a regular one, not as a missing file.
    func testAPipesMadeUpLinkIsNotARegularFile() throws {
        #if os(Linux)
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { fds.forEach { close($0) } }
        assertThrows(.notRegularFile) { _ = try AtomicFile.resolvingLinks(Array("/proc/self/fd/\(fds[0])".utf8)) }
        assertThrows(.noSuchFile) { _ = try AtomicFile.resolvingLinks(Array(self.path("missing").utf8)) }
        #else
        throw XCTSkip("Linux's /proc")
        #endif
    }

    // MARK: - Replacing

    func testReplacesContentsAndKeepsMode() throws {
        for (name, mode) in [("a", 0o600), ("b", 0o640), ("c", 0o755), ("d", 0o4755)] {
            try directory.write(name, Array("old contents that are longer\n".utf8), mode: mode)
            let before = try XCTUnwrap(lstatus(name))
            try AtomicFile.write(Array("new\n".utf8), to: path(name))
            XCTAssertEqual(try directory.bytes(name), Array("new\n".utf8), name)
            let after = try XCTUnwrap(lstatus(name))
            XCTAssertEqual(after.st_mode & 0o7777, mode_t(mode), name)
            XCTAssertEqual(after.st_uid, before.st_uid, name)
            XCTAssertEqual(after.st_gid, before.st_gid, name)
            // A new inode: the file was replaced by a rename, never truncated in place.
            XCTAssertNotEqual(after.st_ino, before.st_ino, name)
        }
        XCTAssertEqual(try directory.names(), ["a", "b", "c", "d"], "a temporary file was left behind")
    }

    func testKeepsOwnerAndGroupWhenAllowed() throws {
        try XCTSkipIf(geteuid() != 0, "only the superuser may give a file to someone else")
        try directory.write("theirs", [1], mode: 0o640)
        XCTAssertEqual(chown(path("theirs"), 65534, 65534), 0)
        try AtomicFile.write([2], to: path("theirs"))
        let after = try XCTUnwrap(lstatus("theirs"))
        XCTAssertEqual(after.st_uid, 65534)
        XCTAssertEqual(after.st_gid, 65534)
        XCTAssertEqual(after.st_mode & 0o7777, 0o640)
        XCTAssertEqual(try directory.bytes("theirs"), [2])
    }

    func testWritesEmptyAndLargeContents() throws {
        try directory.write("f", [1, 2, 3])
        try AtomicFile.write([], to: path("f"))
        XCTAssertEqual(try directory.bytes("f"), [])
        let big = [UInt8](repeating: 0x61, count: 5_000_000)
        try AtomicFile.write(big, to: path("f"))
        XCTAssertEqual(try directory.bytes("f"), big)
    }

    func testRelativePathWithoutDirectory() throws {
        try directory.write("here.md", [1])
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try AtomicFile.write([2], to: "here.md")
        XCTAssertEqual(try AtomicFile.read("here.md"), [2])
        XCTAssertEqual(try directory.names(), ["here.md"])
    }

    /// A replacement written a piece at a time ends holding the pieces in order; one that is not
    /// committed leaves the file as it was and no temporary file.
    func testReplacementWritesItsPiecesInOrder() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        try directory.write("todos.md", Array("old\n".utf8), mode: 0o640)
        let replacement = try AtomicFile.Replacement(path("todos.md"))
        for cut in [(0, 10), (10, 10), (10, 200_000), (200_000, 300_000)] {
            try replacement.append(bytes[cut.0..<cut.1])
        }
        XCTAssertEqual(try directory.bytes("todos.md"), Array("old\n".utf8), "untouched before the commit")
        XCTAssertTrue(try replacement.commit(ifStill: Array("old\n".utf8)))
        XCTAssertEqual(try directory.bytes("todos.md"), bytes)
        XCTAssertEqual(lstatus("todos.md").map { Int($0.st_mode & 0o7777) }, 0o640)
        XCTAssertEqual(try directory.names(), ["todos.md"])

        let before = lstatus("todos.md")?.st_ino
        do {
            let abandoned = try AtomicFile.Replacement(path("todos.md"))
            try abandoned.append(Array("never\n".utf8)[...])
            XCTAssertEqual(try directory.names().count, 2, "the temporary file")
        }
        XCTAssertEqual(try directory.bytes("todos.md"), bytes)
        XCTAssertEqual(lstatus("todos.md")?.st_ino, before)
        XCTAssertEqual(try directory.names(), ["todos.md"], "the temporary file is removed")
    }

    // MARK: - Conditional replacement

    func testReplacesOnlyWhatItStillExpects() throws {
        try directory.write("todos.md", Array("old\n".utf8), mode: 0o640)
        XCTAssertTrue(try AtomicFile.write(Array("new\n".utf8), to: path("todos.md"), ifStill: Array("old\n".utf8)))
        XCTAssertEqual(try directory.bytes("todos.md"), Array("new\n".utf8))
        XCTAssertEqual(lstatus("todos.md").map { Int($0.st_mode & 0o7777) }, 0o640)

        // Someone saved after "old" was read: their save stays.
        try directory.write("todos.md", Array("their save\n".utf8))
        let before = lstatus("todos.md")?.st_ino
        XCTAssertFalse(try AtomicFile.write(Array("formatted\n".utf8), to: path("todos.md"), ifStill: Array("old\n".utf8)))
        XCTAssertEqual(try directory.bytes("todos.md"), Array("their save\n".utf8))
        XCTAssertEqual(lstatus("todos.md")?.st_ino, before)
        XCTAssertEqual(try directory.names(), ["todos.md"])
    }

    /// The comparison reads the file a chunk at a time: a file of several chunks is replaced only
    /// when every byte is what was read, whether a difference is in its last byte, in a middle
    /// chunk, or in its length.
    func testComparesLargeFilesChunkByChunk() throws {
        let read = (0..<(700 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        var lastByte = read
        lastByte[lastByte.count - 1] &+= 1
        var middle = read
        middle[300 * 1024] &+= 1
        for save in [lastByte, middle, read + [0x0A], Array(read.dropLast()), Array(read.prefix(256 * 1024))] {
            try directory.write("todos.md", save)
            XCTAssertFalse(try AtomicFile.write(Array("formatted\n".utf8), to: path("todos.md"), ifStill: read))
            XCTAssertEqual(try directory.bytes("todos.md"), save)
        }
        try directory.write("todos.md", read)
        XCTAssertTrue(try AtomicFile.write(Array("formatted\n".utf8), to: path("todos.md"), ifStill: read))
        XCTAssertEqual(try directory.bytes("todos.md"), Array("formatted\n".utf8))
        XCTAssertEqual(try directory.names(), ["todos.md"])
    }

    /// A large file is compared in parts at the same time: the answer is the one-piece answer, for
    /// a difference anywhere (at the parts' edges too) and for the same bytes.
    func testComparesInPartsAsInOnePiece() throws {
        let expected = (0..<(1_200_000)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ $0 >> 11) }
        var positions = [0, 1, 255 * 1024, 256 * 1024, expected.count - 1]
        for parts in [2, 3, 7] {
            for part in 1..<parts {
                let edge = expected.count * part / parts
                positions += [edge - 1, edge, edge + 1]
            }
        }
        let cPath = path("todos.md").utf8CString.map { $0 }
        for position in positions {
            var save = expected
            save[position] &+= 1
            try directory.write("todos.md", save)
            for parts in [1, 2, 3, 7] {
                XCTAssertFalse(try AtomicFile.holds(cPath: cPath, expected, parts: parts), "byte \(position), \(parts) parts")
            }
        }
        try directory.write("todos.md", expected)
        for parts in [1, 2, 3, 7] {
            XCTAssertTrue(try AtomicFile.holds(cPath: cPath, expected, parts: parts), "\(parts) parts")
        }
    }

    /// A save that lands after the comparison, before the swap, is swapped back in: it is never
    /// replaced. Saved here by each way editors write.
    func testSaveAfterTheComparisonIsNeverReplaced() throws {
        try directory.write("probe-a", [])
        try directory.write("probe-b", [])
        let probe = RenameExchange.exchange(Array(path("probe-a").utf8CString), Array(path("probe-b").utf8CString))
        try FileManager.default.removeItem(atPath: path("probe-a"))
        try FileManager.default.removeItem(atPath: path("probe-b"))
        if probe == .unsupported { throw XCTSkip("this file system cannot swap files atomically") }
        let saves: [(String, () throws -> Void)] = [
            ("atomic rename", {
                try self.directory.write("save.tmp", Array("their save\n".utf8))
                XCTAssertEqual(rename(self.path("save.tmp"), self.path("todos.md")), 0)
            }),
            ("in place", { try self.directory.write("todos.md", Array("their save\n".utf8)) }),
            ("delete and create", {
                XCTAssertEqual(unlink(self.path("todos.md")), 0)
                try self.directory.write("todos.md", Array("their save\n".utf8))
            }),
        ]
        for (style, save) in saves {
            try directory.write("todos.md", Array("old\n".utf8))
            let replaced = try AtomicFile.write(Array("formatted\n".utf8), to: path("todos.md"), ifStill: Array("old\n".utf8)) {
                do { try save() } catch { XCTFail("\(style): \(error)") }
            }
            XCTAssertFalse(replaced, style)
            XCTAssertEqual(try directory.bytes("todos.md"), Array("their save\n".utf8), style)
            XCTAssertEqual(try directory.names(), ["todos.md"], style)
        }
    }

    func testExchangeSwapsTwoFiles() throws {
        try directory.write("a", [1])
        try directory.write("b", [2, 2])
        let outcome = RenameExchange.exchange(Array(path("a").utf8CString), Array(path("b").utf8CString))
        if outcome == .unsupported { throw XCTSkip("this file system cannot swap files atomically") }
        XCTAssertEqual(outcome, .exchanged)
        XCTAssertEqual(try directory.bytes("a"), [2, 2])
        XCTAssertEqual(try directory.bytes("b"), [1])
        XCTAssertEqual(RenameExchange.exchange(Array(path("a").utf8CString), Array(path("missing").utf8CString)), .failed(ENOENT))
    }

    func testConditionalReplacementThroughALinkComparesTheTarget() throws {
        try directory.write("real.md", Array("a\n".utf8))
        XCTAssertEqual(symlink("real.md", path("link.md")), 0)
        XCTAssertFalse(try AtomicFile.write(Array("c\n".utf8), to: path("link.md"), ifStill: Array("b\n".utf8)))
        XCTAssertTrue(try AtomicFile.write(Array("c\n".utf8), to: path("link.md"), ifStill: Array("a\n".utf8)))
        XCTAssertEqual(try directory.bytes("real.md"), Array("c\n".utf8))
        XCTAssertEqual(lstatus("link.md").map { $0.st_mode & S_IFMT }, S_IFLNK)
        XCTAssertEqual(try directory.names(), ["link.md", "real.md"])
    }

    func testConditionalReplacementOfAMissingFileThrows() throws {
        assertThrows(.noSuchFile) { _ = try AtomicFile.write([1], to: self.path("gone.md"), ifStill: []) }
        XCTAssertEqual(try directory.names(), [])
    }

    func testSymlinksStayLinksAndTheirTargetIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        try directory.write("real/todos.md", [1], mode: 0o640)
        // relative → relative → absolute → file
        try FileManager.default.createSymbolicLink(atPath: path("real/abs"), withDestinationPath: path("real/todos.md"))
        try FileManager.default.createSymbolicLink(atPath: path("mid"), withDestinationPath: "real/abs")
        try FileManager.default.createSymbolicLink(atPath: path("top"), withDestinationPath: "mid")

        try AtomicFile.write([9, 9], to: path("top"))
        XCTAssertEqual(try directory.bytes("real/todos.md"), [9, 9])
        for link in ["top", "mid", "real/abs"] {
            XCTAssertEqual((lstatus(link)?.st_mode ?? 0) & S_IFMT, S_IFLNK, link)
        }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("top")), "mid")
        XCTAssertEqual((lstatus("real/todos.md")?.st_mode ?? 0) & 0o7777, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("real")).sorted(), ["abs", "todos.md"])
    }

    func testLinkIntoAnotherDirectoryReplacesThere() throws {
        try FileManager.default.createDirectory(atPath: path("x/y"), withIntermediateDirectories: true)
        try directory.write("x/y/t", [1])
        try FileManager.default.createDirectory(atPath: path("links"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("links/l"), withDestinationPath: "../x/y/t")
        try AtomicFile.write([2], to: path("links/l"))
        XCTAssertEqual(try directory.bytes("x/y/t"), [2])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("links")), ["l"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("x/y")), ["t"])
    }

    func testRefusesWhatItMustNotReplace() throws {
        assertThrows(.noSuchFile) { try AtomicFile.write([1], to: path("missing")) }
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "nowhere")
        assertThrows(.noSuchFile) { try AtomicFile.write([1], to: path("dangling")) }
        try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: true)
        assertThrows(.isDirectory) { try AtomicFile.write([1], to: path("dir")) }
        XCTAssertEqual(mkfifo(path("fifo"), 0o644), 0)
        assertThrows(.notRegularFile) { try AtomicFile.write([1], to: path("fifo")) }
        try FileManager.default.createSymbolicLink(atPath: path("loop"), withDestinationPath: "loop")
        assertThrows(.system(code: ELOOP)) { try AtomicFile.write([1], to: path("loop")) }
        XCTAssertEqual(try directory.names(), ["dangling", "dir", "fifo", "loop"])
    }

    /// A FIFO with no writer is refused at once (opening it to read would wait for one), and so
    /// is a device; a regular file, through a link too, is read whole.
    func testReadRegularFileRefusesAFIFOWithoutWaiting() throws {
        XCTAssertEqual(mkfifo(path("fifo"), 0o644), 0)
        assertThrows(.notRegularFile) { _ = try AtomicFile.readRegularFile(path("fifo")) }
        assertThrows(.notRegularFile) { _ = try AtomicFile.readRegularFile("/dev/null") }
        try directory.write("file", [1, 2, 3], mode: 0o644)
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: "file")
        XCTAssertEqual(try AtomicFile.readRegularFile(path("link")), [1, 2, 3])
        assertThrows(.noSuchFile) { _ = try AtomicFile.readRegularFile(path("missing")) }
    }

    func testRefusesReadOnlyFilesEvenForTheSuperuser() throws {
        try directory.write("locked", [1, 2, 3], mode: 0o444)
        let before = try XCTUnwrap(lstatus("locked"))
        assertThrows(.permissionDenied) { try AtomicFile.write([4], to: path("locked")) }
        XCTAssertEqual(try directory.bytes("locked"), [1, 2, 3])
        XCTAssertEqual(lstatus("locked")?.st_ino, before.st_ino)
        XCTAssertEqual(try directory.names(), ["locked"])
    }

    func testUnwritableDirectoryFailsCleanly() throws {
        try XCTSkipIf(geteuid() == 0, "the superuser may write any directory")
        try FileManager.default.createDirectory(atPath: path("shut"), withIntermediateDirectories: true)
        try directory.write("shut/f", [1])
        XCTAssertEqual(chmod(path("shut"), 0o555), 0)
        defer { chmod(path("shut"), 0o755) }
        assertThrows(.cannotCreateTemporaryFile(code: EACCES)) { try AtomicFile.write([2], to: path("shut/f")) }
        XCTAssertEqual(try directory.bytes("shut/f"), [1])
    }

    func testLongNamesStillGetATemporaryFile() throws {
        let name = String(repeating: "é", count: 120) + ".md"  // 243 bytes
        try directory.write(name, [1])
        try AtomicFile.write([2], to: path(name))
        XCTAssertEqual(try directory.bytes(name), [2])
        XCTAssertEqual(try directory.names(), [name])
    }

    func testTemporaryNameIsBesideTheOriginal() {
        XCTAssertEqual(AtomicFile.split(Array("a/b/c.md".utf8)).directory, Array("a/b".utf8))
        XCTAssertEqual(AtomicFile.split(Array("c.md".utf8)).directory, Array(".".utf8))
        XCTAssertEqual(AtomicFile.split(Array("/c.md".utf8)).directory, Array("/".utf8))
        XCTAssertEqual(AtomicFile.split(Array("/c.md".utf8)).name, Array("c.md".utf8))
        // Cut at a character boundary: 200 bytes would split the 100th "é".
        let cut = AtomicFile.truncatedName(Array((String(repeating: "a", count: 1) + String(repeating: "é", count: 150)).utf8))
        XCTAssertEqual(cut.count, 199)
        XCTAssertNotNil(String(validating: cut, as: UTF8.self))
    }

    func testDescriptions() {
        XCTAssertEqual(FileError.noSuchFile.description, "no such file")
        XCTAssertEqual(FileError.isDirectory.description, "is a directory")
        XCTAssertEqual(FileError.permissionDenied.description, "permission denied")
        XCTAssertEqual(FileError.notRegularFile.description, "not a regular file")
        XCTAssertEqual(FileError(errno: ENOSPC).description, "no space left on device")
        XCTAssertEqual(FileError.cannotCreateTemporaryFile(code: EROFS).description,
                       "cannot create temporary file: read-only file system")
        XCTAssertEqual(FileError(errno: ENOENT), .noSuchFile)
        XCTAssertEqual(FileError(errno: EACCES), .permissionDenied)
    }
}
