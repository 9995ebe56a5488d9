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

    private func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    /// Without the record of an interrupted move, a task is copied even when the archive holds
    /// the same lines under its heading: a chore done and archived again is a second task.
    func testCopiesATaskWhoseLinesTheArchiveHoldsAlready() throws {
        let source = "- [x] a done:2026-11-01\n- [x] b done:2026-11-02\n"
        let archive = "# Archive\n\n## todos.md\n\n- [x] a done:2026-11-01\n\n## other.md\n\n- [x] b done:2026-11-02\n"
        let plan = try TaskArchiver(olderThanDays: 0, today: today).plan(source: Array(source.utf8),
                                                                         to: .file(archive: Array(archive.utf8), sourceName: "todos.md"))
        XCTAssertEqual(plan.moved, 2)
        XCTAssertEqual(plan.alreadyArchived, 0)
        XCTAssertEqual(plan.source, [])
        XCTAssertEqual(text(plan.archive), "# Archive\n\n## todos.md\n\n- [x] b done:2026-11-02\n- [x] a done:2026-11-01\n"
            + "- [x] a done:2026-11-01\n\n## other.md\n\n- [x] b done:2026-11-02\n")
        XCTAssertEqual(plan.archiveBeforeMove, Array(archive.utf8))
        XCTAssertEqual(plan.pending?.copies, [
            .init(heading: "todos.md", lines: Array("- [x] b done:2026-11-02\n".utf8), copiesBefore: 0, count: 1),
            .init(heading: "todos.md", lines: Array("- [x] a done:2026-11-01\n".utf8), copiesBefore: 1, count: 1),
        ])
    }

    /// A chore done twice (two identical lines, one already archived earlier): after a crash that
    /// wrote the archive and not the todo file, the rerun takes exactly the interrupted move's two
    /// copies as done and copies nothing; undoing it takes them out of the archive again.
    func testResumingAMoveThatWroteTheArchive() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = Array("- [ ] open\n- [x] Take out trash\n- [x] Take out trash\n".utf8)
        let earlier = Array("## todos.md\n\n- [x] Take out trash\n".utf8)
        let first = try archiver.plan(source: source, to: .file(archive: earlier, sourceName: "todos.md"))
        XCTAssertEqual(text(first.archive), "## todos.md\n\n- [x] Take out trash\n- [x] Take out trash\n- [x] Take out trash\n")
        XCTAssertEqual(first.pending?.copies, [.init(heading: "todos.md", lines: Array("- [x] Take out trash\n".utf8), copiesBefore: 1, count: 2)])

        let rerun = try archiver.plan(source: source, to: .file(archive: first.archive!, sourceName: "todos.md"), resuming: first.pending)
        XCTAssertEqual(rerun.moved, 2)
        XCTAssertEqual(rerun.alreadyArchived, 2)
        XCTAssertEqual(rerun.archive, first.archive)
        XCTAssertEqual(rerun.source, first.source)
        XCTAssertEqual(rerun.archiveBeforeMove, earlier)
        XCTAssertEqual(rerun.pending, first.pending, "a second crash is resumed the same way")

        // The archive was new: taking the copies out takes their heading too.
        let fresh = try archiver.plan(source: source, to: .file(archive: [], sourceName: "todos.md"))
        let again = try archiver.plan(source: source, to: .file(archive: fresh.archive!, sourceName: "todos.md"), resuming: fresh.pending)
        XCTAssertEqual(again.alreadyArchived, 2)
        XCTAssertEqual(again.archiveBeforeMove, [])
    }

    /// A crash after the record was written and before the archive was: the archive's earlier
    /// copy of the same lines is not this move's, and the task is copied.
    func testResumingAMoveThatDidNotWriteTheArchive() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = Array("- [x] Call mom done:2026-11-21\n".utf8)
        let earlier = Array("## todos.md\n\n- [x] Call mom done:2026-11-21\n".utf8)
        let first = try archiver.plan(source: source, to: .file(archive: earlier, sourceName: "todos.md"))
        let rerun = try archiver.plan(source: source, to: .file(archive: earlier, sourceName: "todos.md"), resuming: first.pending)
        XCTAssertEqual(rerun.alreadyArchived, 0)
        XCTAssertEqual(rerun.archive, first.archive)
        XCTAssertEqual(text(rerun.archive), "## todos.md\n\n- [x] Call mom done:2026-11-21\n- [x] Call mom done:2026-11-21\n")
    }

    /// A record counts only while the todo file holds what the interrupted move read. Once the
    /// move wrote it, the record is finished; a todo file changed since may hold a new task with
    /// the same lines, which is copied (and counted as a possible duplicate).
    func testARecordOfAnotherStateOfTheTodoFileIsNotResumed() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = Array("- [ ] open\n- [x] Take out trash\n".utf8)
        let first = try archiver.plan(source: source, to: .file(archive: [], sourceName: "todos.md"))
        let pending = try XCTUnwrap(first.pending)
        XCTAssertTrue(pending.isObsolete(source: first.source))
        XCTAssertFalse(pending.isObsolete(source: source))

        // Written, then the chore ticked again: copied. (A file ticked back to exactly the bytes
        // the move read is told apart by PendingArchives, from the file's signature.)
        let ticked = first.source + Array("- [x] Take out trash\n- [ ] next\n".utf8)
        let afterWrite = try archiver.plan(source: ticked, to: .file(archive: first.archive!, sourceName: "todos.md"), resuming: pending)
        XCTAssertEqual(afterWrite.alreadyArchived, 0)
        XCTAssertEqual(afterWrite.possibleDuplicates, 1)
        XCTAssertEqual(text(afterWrite.archive), "## todos.md\n\n- [x] Take out trash\n- [x] Take out trash\n")

        // Not written, but edited since: copied again, and said to be a possible duplicate.
        let edited = source + Array("- [ ] new\n".utf8)
        let afterEdit = try archiver.plan(source: edited, to: .file(archive: first.archive!, sourceName: "todos.md"), resuming: pending)
        XCTAssertEqual(afterEdit.alreadyArchived, 0)
        XCTAssertEqual(afterEdit.possibleDuplicates, 1)
        XCTAssertEqual(afterEdit.archiveBeforeMove, first.archive)
    }

    /// The interrupted move's tasks move on the rerun whatever their age: the move is finished
    /// even when the rerun asks for older tasks only.
    func testAResumedMoveTakesItsTasksWhateverTheirAge() throws {
        let source = Array("- [x] recent done:2026-11-22\n- [x] old done:2026-10-01\n".utf8)
        let first = try TaskArchiver(olderThanDays: 0, today: today).plan(source: source, to: .file(archive: [], sourceName: "todos.md"))
        let rerun = try TaskArchiver(olderThanDays: 30, today: today)
            .plan(source: source, to: .file(archive: first.archive!, sourceName: "todos.md"), resuming: first.pending)
        XCTAssertEqual(rerun.moved, 2)
        XCTAssertEqual(rerun.alreadyArchived, 2)
        XCTAssertEqual(rerun.source, [])
        XCTAssertEqual(rerun.archive, first.archive)
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
        // A new archive ends its lines as the todo file does.
        let crlfSource = Array("- [ ] o\r\n- [x] a done:2026-11-01\r\n".utf8)
        let new = try archiver.plan(source: crlfSource, to: .file(archive: [], sourceName: "todos.md"))
        XCTAssertEqual(String(decoding: new.archive!, as: UTF8.self), "## todos.md\r\n\r\n- [x] a done:2026-11-01\r\n")
        let lf = try archiver.plan(source: source, to: .file(archive: [], sourceName: "todos.md"))
        XCTAssertEqual(String(decoding: lf.archive!, as: UTF8.self), "## todos.md\n\n- [x] a done:2026-11-01\n")
    }

    /// Whatever follows the heading, the archived items end where they did and the next lines read
    /// as before: a paragraph right below them used to become a lazy continuation line of the last
    /// one, and went with it when that task was archived to a file next. Indented code right below
    /// the heading would become a paragraph of the item even after a blank line: the items go at the
    /// end of the section then.
    func testWhatFollowsTheInsertedItemsStaysAsItWas() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        // What follows `## Archive` and its line ending, and the lines there after the insertion.
        let cases: [(following: String, section: String)] = [
            ("some text\n", "\n- [x] T1\n\nsome text\n"),
            ("\nsome text\n", "\n- [x] T1\n\nsome text\n"),
            ("- [ ] kept\n", "\n- [x] T1\n- [ ] kept\n"),
            ("* other\n", "\n- [x] T1\n\n* other\n"),
            ("2. two\n", "\n- [x] T1\n\n2. two\n"),
            ("1. one\n", "\n- [x] T1\n\n1. one\n"),
            ("```\ncode\n```\n", "\n- [x] T1\n\n```\ncode\n```\n"),
            ("<div>\nhtml\n</div>\n", "\n- [x] T1\n\n<div>\nhtml\n</div>\n"),
            ("<custom-tag>\n", "\n- [x] T1\n\n<custom-tag>\n"),
            ("> quote\n", "\n- [x] T1\n\n> quote\n"),
            ("| a | b |\n| - | - |\n", "\n- [x] T1\n\n| a | b |\n| - | - |\n"),
            ("***\n", "\n- [x] T1\n\n***\n"),
            ("", "\n- [x] T1\n"),
            // Below the heading these would be the item's own lines, even after a blank line.
            ("  indented text\n", "  indented text\n\n- [x] T1\n"),
            ("    code\n", "    code\n\n- [x] T1\n"),
            ("\n    code\n\n## Next\n", "\n    code\n\n- [x] T1\n\n## Next\n"),
        ]
        for (following, section) in cases {
            let source = "# Home\n\n- [ ] open\n- [x] T1\n\n## Archive\n" + following
            let plan = try archiver.plan(source: Array(source.utf8), to: .section("Archive"))
            XCTAssertEqual(text(plan.source), "# Home\n\n- [ ] open\n\n## Archive\n" + section, following)
            // Archived on to a file, T1 goes alone.
            let next = try archiver.plan(source: plan.source, to: .file(archive: [], sourceName: "todos.md"))
            XCTAssertEqual(next.moved, 1, following)
            XCTAssertEqual(text(next.archive), "## todos.md › Archive\n\n- [x] T1\n", following)
        }
        // The same under a heading of an archive file.
        for (following, section) in cases {
            let archive = "## todos.md › Home\n" + following
            let plan = try archiver.plan(source: Array("# Home\n\n- [x] T1\n".utf8),
                                         to: .file(archive: Array(archive.utf8), sourceName: "todos.md"))
            XCTAssertEqual(text(plan.archive), "## todos.md › Home\n" + section, following)
        }
    }

    /// Tasks go under a heading of the document, never under a line that only looks like one in a
    /// code block (they would be code, no longer tasks); setext and closed ATX headings count, and
    /// so do the headings of an archive that starts with a byte-order mark. A heading in a block
    /// quote or a list item is not the file's own.
    func testOnlyRealHeadingsAreFound() throws {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        let source = "- [ ] open\n- [x] T1\n"
        let cases: [(after: String, result: String)] = [
            ("\n```markdown\n## Archive\nexample\n```\n", "\n```markdown\n## Archive\nexample\n```\n\n## Archive\n\n- [x] T1\n"),
            ("\n~~~\n## Archive\n~~~\n", "\n~~~\n## Archive\n~~~\n\n## Archive\n\n- [x] T1\n"),
            ("\n<!--\n## Archive\n-->\n", "\n<!--\n## Archive\n-->\n\n## Archive\n\n- [x] T1\n"),
            ("\n> ## Archive\n", "\n> ## Archive\n\n## Archive\n\n- [x] T1\n"),
            ("\nArchive\n=======\n\n- [x] old\n", "\nArchive\n=======\n\n- [x] T1\n- [x] old\n"),
            ("\n## Archive ##\n", "\n## Archive ##\n\n- [x] T1\n"),
        ]
        for (after, result) in cases {
            let plan = try archiver.plan(source: Array((source + after).utf8), to: .section("Archive"))
            XCTAssertEqual(text(plan.source), "- [ ] open\n" + result, after)
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let archive = bom + Array("## todos.md\n\n- [x] old\n".utf8)
        let plan = try archiver.plan(source: Array(source.utf8), to: .file(archive: archive, sourceName: "todos.md"))
        XCTAssertEqual(plan.archive, bom + Array("## todos.md\n\n- [x] T1\n- [x] old\n".utf8))
        let fenced = "```\n## todos.md\n```\n"
        let inCode = try archiver.plan(source: Array(source.utf8), to: .file(archive: Array(fenced.utf8), sourceName: "todos.md"))
        XCTAssertEqual(text(inCode.archive), fenced + "\n## todos.md\n\n- [x] T1\n")
    }

    /// A file that ends in a code block left open has no place for the tasks that keeps it as it
    /// reads: the plan fails, naming the heading, rather than turn them into code.
    func testNoPlaceInAFileEndingInAnOpenCodeBlock() {
        let archiver = TaskArchiver(olderThanDays: 0, today: today)
        XCTAssertThrowsError(try archiver.plan(source: Array("- [ ] o\n- [x] a\n\n```\ncode\n".utf8), to: .section("Archive"))) {
            XCTAssertEqual($0 as? TaskArchiver.Failure, .noPlace(heading: "Archive"))
        }
        XCTAssertThrowsError(try archiver.plan(source: Array("- [x] a\n".utf8),
                                               to: .file(archive: Array("## todos.md\n\n    code\n```\n".utf8), sourceName: "todos.md"))) {
            XCTAssertEqual($0 as? TaskArchiver.Failure, .noPlace(heading: "todos.md"))
        }
    }
}
