import TodoKit
import XCTest

/// What ``TaskArchiver`` moves and where it puts it.
final class TaskArchiverTests: XCTestCase {
    private let today = Day("2026-11-23")!

    func testMovesTopLevelCompletedTasksWithTheirSubtasksAndRenumbers() throws {
        let source = """
            1. [ ] open
            2. [x] done done:2026-11-01
               - [ ] its subtask
               continuation
            3. [ ] open again
               - [x] done subtask of an open task done:2026-11-02

            """
        let plan = try TaskArchiver(olderThanDays: 0, today: today).plan(source: Array(source.utf8),
                                                                         to: .file(archive: [], sourceName: "todos.md"))
        XCTAssertEqual(plan.moved, 1)
        XCTAssertEqual(String(decoding: plan.source, as: UTF8.self), """
            1. [ ] open
            2. [ ] open again
               - [x] done subtask of an open task done:2026-11-02

            """)
        XCTAssertEqual(String(decoding: plan.archive!, as: UTF8.self), """
            ## todos.md

            2. [x] done done:2026-11-01
               - [ ] its subtask
               continuation

            """)
    }

    func testSkipsWhatTheArchiveHoldsAlready() throws {
        let source = "- [x] a done:2026-11-01\n- [x] b done:2026-11-02\n"
        let archive = "# Archive\n\n## todos.md\n\n- [x] a done:2026-11-01\n\n## other.md\n\n- [x] b done:2026-11-02\n"
        let plan = try TaskArchiver(olderThanDays: 0, today: today).plan(source: Array(source.utf8),
                                                                         to: .file(archive: Array(archive.utf8), sourceName: "todos.md"))
        XCTAssertEqual(plan.moved, 2)
        XCTAssertEqual(plan.alreadyArchived, 1)
        XCTAssertEqual(plan.source, [])
        XCTAssertEqual(String(decoding: plan.archive!, as: UTF8.self),
                       "# Archive\n\n## todos.md\n\n- [x] b done:2026-11-02\n- [x] a done:2026-11-01\n\n## other.md\n\n- [x] b done:2026-11-02\n")
    }

    func testAgeAndUndatedTasks() throws {
        let source = "- [x] old done:2026-10-01\n- [x] undated\n- [-] recent cancelled:2026-11-22\n"
        let plan = try TaskArchiver(olderThanDays: 7, today: today).plan(source: Array(source.utf8), to: .section("Archive"))
        XCTAssertEqual(plan.moved, 1)
        XCTAssertEqual(String(decoding: plan.source, as: UTF8.self),
                       "- [x] undated\n- [-] recent cancelled:2026-11-22\n\n## Archive\n\n- [x] old done:2026-10-01\n")
    }

    /// Neither file's bytes may be other than UTF-8 text, and the failure says which one.
    func testBytesThatAreNotTextInEitherFile() {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = Array("- [x] a done:2026-11-01\n".utf8)
        XCTAssertThrowsError(try archiver.plan(source: source, to: .file(archive: [0x61, 0x00, 0x62], sourceName: "todos.md"))) {
            XCTAssertEqual($0 as? TaskArchiver.Failure, .archive(.binary(offset: 1)))
        }
        XCTAssertThrowsError(try archiver.plan(source: source, to: .file(archive: Array("ok\n".utf8) + [0xFF], sourceName: "todos.md"))) {
            XCTAssertEqual($0 as? TaskArchiver.Failure, .archive(.invalidUTF8(offset: 3)))
        }
        XCTAssertThrowsError(try archiver.plan(source: [0xC3], to: .section("Archive"))) {
            XCTAssertEqual($0 as? TaskArchiver.Failure, .source(.invalidUTF8(offset: 0)))
        }
    }

    /// Lines added to an archive (or a section of a file) that ends its lines with CRLF end with CRLF
    /// too, under a new heading or an existing one: the file keeps one kind of line ending.
    func testNewLinesEndAsTheFilesDo() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = Array("- [ ] o\n- [x] a done:2026-11-01\n".utf8)
        let fresh = try archiver.plan(source: source, to: .file(archive: Array("# Done\r\n".utf8), sourceName: "todos.md"))
        XCTAssertEqual(String(decoding: fresh.archive!, as: UTF8.self), "# Done\r\n\r\n## todos.md\r\n\r\n- [x] a done:2026-11-01\r\n")
        let existing = Array("## todos.md\r\n\r\n- [x] b done:2026-10-01\r\n".utf8)
        let under = try archiver.plan(source: source, to: .file(archive: existing, sourceName: "todos.md"))
        XCTAssertEqual(String(decoding: under.archive!, as: UTF8.self),
                       "## todos.md\r\n\r\n- [x] a done:2026-11-01\r\n- [x] b done:2026-10-01\r\n")
        let section = try archiver.plan(source: Array("- [ ] o\r\n- [x] a done:2026-11-01\r\n".utf8), to: .section("Archive"))
        XCTAssertEqual(String(decoding: section.source, as: UTF8.self), "- [ ] o\r\n\r\n## Archive\r\n\r\n- [x] a done:2026-11-01\r\n")
    }
}
