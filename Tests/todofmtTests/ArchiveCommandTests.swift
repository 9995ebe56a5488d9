import Foundation
import XCTest

/// `todofmt archive` end to end on copies of the fixture tree: where tasks go, and that across the
/// two files nothing is lost or duplicated when the second write fails or the process dies between.
final class ArchiveCommandTests: XCTestCase {
    private var sandbox: Sandbox!

    override func setUpWithError() throws {
        sandbox = try TaskFixtures.sandbox()
    }

    override func tearDown() {
        sandbox = nil
    }

    @discardableResult
    private func archive(_ arguments: [String] = [], environment: [String: String] = [:], expect status: Int32 = 0,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Todofmt.Result {
        let result = try sandbox.todofmt(["archive", "--today", TaskFixtures.today] + arguments,
                                         environment: ["XDG_STATE_HOME": sandbox.path("state")].merging(environment) { $1 })
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        return result
    }

    private let homeArchive = """
        ## todos.md › Errands

        - [-] Return library book cancelled:2026-11-19

        ## todos.md › Home

        - [x] Buy paint #home created:2026-11-10 done:2026-11-18

        """

    private let homeWithout = """
        # Home

        - [ ] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24
        - [ ] Call plumber #home due:2026-11-20
          - [ ] Find the number
        - [/] Paint the fence #home/garden start:2026-11-22 scheduled:2026-11-23

        ## Errands

        - [ ] Renew passport priority:low due:2026-12-15
        - [ ] Post letter priority:lowest scheduled:2026-11-27

        """

    func testArchivesEveryCompletedTaskToDoneMdBesideItsFile() throws {
        let result = try archive()
        XCTAssertEqual(result.stdout, """
            todos.md: archived 2 tasks to done.md
            work/todo.md: archived 1 task to work/done.md

            """)
        XCTAssertEqual(try sandbox.read("done.md"), homeArchive)
        XCTAssertEqual(try sandbox.read("todos.md"), homeWithout)
        XCTAssertEqual(try sandbox.read("work/done.md"), "## todo.md › Sprint\n\n- [x] Ship release #work due:2026-11-21 done:2026-11-21\n")
        // Nothing left to do the second time.
        let again = try archive()
        XCTAssertEqual(again.stderr, "todofmt: nothing to archive\n")
        XCTAssertEqual(try sandbox.read("done.md"), homeArchive)
        // Undo puts both files of both sources back.
        let undo = try sandbox.todofmt(["undo"], environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(undo.stdout, "undid: archive .\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), try Data(contentsOf: TaskFixtures.directory.appendingPathComponent("todos.md")).map { $0 })
    }

    /// Two todo files that share one archive: the journal entry holds that archive once, from
    /// before the first file's tasks to after the second's, so one undo puts all three files back
    /// (it used to find the archive "saved meanwhile" and stay stuck on the stack).
    func testUndoOfTwoFilesSharingAnArchive() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/a.todo.md", "- [ ] o\n- [x] a done:2026-11-01\n")
        try sandbox.write("lists/b.todo.md", "- [ ] p\n- [x] b done:2026-11-01\n")
        XCTAssertEqual(try archive(["lists"]).stdout, "lists/a.todo.md: archived 1 task to lists/done.md\n"
            + "lists/b.todo.md: archived 1 task to lists/done.md\n")
        XCTAssertEqual(try sandbox.read("lists/done.md"), "## a.todo.md\n\n- [x] a done:2026-11-01\n\n## b.todo.md\n\n- [x] b done:2026-11-01\n")
        let state = ["XDG_STATE_HOME": sandbox.path("state")]
        let undo = try sandbox.todofmt(["undo"], environment: state)
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(try sandbox.read("lists/a.todo.md"), "- [ ] o\n- [x] a done:2026-11-01\n")
        XCTAssertEqual(try sandbox.read("lists/b.todo.md"), "- [ ] p\n- [x] b done:2026-11-01\n")
        XCTAssertEqual(try sandbox.read("lists/done.md"), "")
        let redo = try sandbox.todofmt(["redo"], environment: state)
        XCTAssertEqual(redo.status, 0, redo.stderr)
        XCTAssertEqual(try sandbox.read("lists/done.md"), "## a.todo.md\n\n- [x] a done:2026-11-01\n\n## b.todo.md\n\n- [x] b done:2026-11-01\n")
        XCTAssertEqual(try sandbox.read("lists/b.todo.md"), "- [ ] p\n")
    }

    /// Tasks are not appended to an archive that is not text: one line naming it, exit 2, and
    /// both files as they were.
    func testAnArchiveThatIsNotTextIsRefused() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/t.todo.md", "- [x] c done:2026-11-01\n")
        for (name, bytes) in [("bin.md", [0x89, 0x50, 0x00, 0x01] as [UInt8]), ("latin1.md", Array("caf".utf8) + [0xE9, 0x0A])] {
            try sandbox.write("lists/\(name)", bytes: bytes)
            let result = try archive(["--to", "lists/\(name)", "lists/t.todo.md"], expect: 2)
            let problem = name == "bin.md" ? "binary file (NUL byte at byte 3)" : "not valid UTF-8 (byte 4)"
            XCTAssertEqual(result.stderr, "todofmt: lists/\(name): \(problem); nothing was archived from lists/t.todo.md\n")
            XCTAssertEqual(try sandbox.bytes("lists/\(name)"), bytes)
            XCTAssertEqual(try sandbox.read("lists/t.todo.md"), "- [x] c done:2026-11-01\n")
        }
    }

    func testOlderThanAndNewestFirstUnderAnExistingHeading() throws {
        XCTAssertEqual(try archive(["--older-than", "4", "todos.md"]).stdout, "todos.md: archived 1 task to done.md\n")
        XCTAssertEqual(try sandbox.read("done.md"), "## todos.md › Home\n\n- [x] Buy paint #home created:2026-11-10 done:2026-11-18\n")
        let done = try sandbox.todofmt(["done", "todos.md:3", "--today", "2026-11-20"], environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try archive(["--older-than", "2", "todos.md"]).stdout, "todos.md: archived 2 tasks to done.md\n")
        XCTAssertEqual(try sandbox.read("done.md"), """
            ## todos.md › Home

            - [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-20
            - [x] Buy paint #home created:2026-11-10 done:2026-11-18

            ## todos.md › Errands

            - [-] Return library book cancelled:2026-11-19

            """)
    }

    func testAWriteFailureBetweenTheTwoWritesRollsTheArchiveBack() throws {
        let before = try sandbox.bytes("todos.md")
        // No archive yet: it is removed again.
        let first = try archive(["todos.md"], environment: ["TODOFMT_ARCHIVE_FAULT": "source-write"], expect: 2)
        XCTAssertEqual(first.stderr, "todofmt: todos.md: injected write failure (TODOFMT_ARCHIVE_FAULT); done.md was restored\n")
        XCTAssertNil(sandbox.status("done.md"))
        XCTAssertEqual(try sandbox.bytes("todos.md"), before)
        // An archive that exists gets its bytes back.
        try sandbox.write("done.md", "# Done\n\nolder things\n")
        try archive(["todos.md"], environment: ["TODOFMT_ARCHIVE_FAULT": "source-write"], expect: 2)
        XCTAssertEqual(try sandbox.read("done.md"), "# Done\n\nolder things\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), before)
        XCTAssertEqual(try sandbox.names().filter { $0.hasPrefix(".") }, [], "a temporary file was left behind")
        XCTAssertEqual(try pendingRecords(), [], "the record goes with the rollback")
    }

    func testARerunAfterACrashBetweenTheWritesDoesNotCopyTwice() throws {
        let crashed = try sandbox.todofmt(["archive", "--today", TaskFixtures.today, "todos.md"],
                                          environment: ["XDG_STATE_HOME": sandbox.path("state"), "TODOFMT_ARCHIVE_FAULT": "crash"])
        XCTAssertEqual(crashed.status, 70)
        XCTAssertEqual(try sandbox.read("done.md"), homeArchive, "the archive was written first")
        XCTAssertTrue(try sandbox.read("todos.md").contains("Buy paint"), "the source was not")
        XCTAssertEqual(try pendingRecords().count, 1, "the move was recorded before the archive was written")
        let rerun = try archive(["todos.md"])
        XCTAssertEqual(rerun.stdout, "todos.md: archived 2 tasks to done.md (2 already there from an earlier run, not copied again)\n")
        XCTAssertEqual(rerun.stderr, "")
        XCTAssertEqual(try sandbox.read("done.md"), homeArchive)
        XCTAssertEqual(try sandbox.read("todos.md"), homeWithout)
        XCTAssertEqual(try pendingRecords(), [], "the record goes once the move is complete")
        // Undo takes the whole move back, the crashed run's copies too.
        let undo = try sandbox.todofmt(["undo"], environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(try sandbox.read("done.md"), "")
        XCTAssertEqual(try sandbox.bytes("todos.md"), try Data(contentsOf: TaskFixtures.directory.appendingPathComponent("todos.md")).map { $0 })
    }

    /// The records of unfinished moves in the sandbox's state directory.
    private func pendingRecords() throws -> [String] {
        let directory = sandbox.path("state/todofmt/journal/archiving")
        guard FileManager.default.fileExists(atPath: directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory)
    }

    /// A chore done again after its first time was archived, with the same lines (no dates, or
    /// done twice in a day), is archived again: it used to be taken for a crashed run's leftover,
    /// removed from the todo file and never copied.
    func testATaskDoneAgainIsArchivedAgain() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        let chores = "- [ ] Water plants\n- [x] Take out trash\n- [x] Call mom done:2026-11-21\n"
        try sandbox.write("lists/todos.md", chores)
        XCTAssertEqual(try archive(["lists"]).stdout, "lists/todos.md: archived 2 tasks to lists/done.md\n")
        try sandbox.write("lists/todos.md", chores)
        let again = try archive(["lists"])
        XCTAssertEqual(again.stdout, "lists/todos.md: archived 2 tasks to lists/done.md\n")
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(try sandbox.read("lists/todos.md"), "- [ ] Water plants\n")
        XCTAssertEqual(try sandbox.read("lists/done.md"), """
            ## todos.md

            - [x] Call mom done:2026-11-21
            - [x] Take out trash
            - [x] Call mom done:2026-11-21
            - [x] Take out trash

            """)
        XCTAssertEqual(try pendingRecords(), [])
        // Undo takes the second move back, and only it.
        let undo = try sandbox.todofmt(["undo"], environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(try sandbox.read("lists/todos.md"), chores)
        XCTAssertEqual(try sandbox.read("lists/done.md"), "## todos.md\n\n- [x] Call mom done:2026-11-21\n- [x] Take out trash\n")
    }

    /// A crash between the writes, when the archive already held the same chore from an earlier
    /// run: the rerun takes the crashed run's copy as done and copies nothing, and the earlier copy
    /// stays; two copies in all, one per time the chore was done.
    func testARerunAfterACrashTellsTheCrashedCopyFromAnEarlierOne() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/todos.md", "- [x] Take out trash\n")
        try archive(["lists"])
        try sandbox.write("lists/todos.md", "- [x] Take out trash\n")
        let twice = "## todos.md\n\n- [x] Take out trash\n- [x] Take out trash\n"
        try archive(["lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash"], expect: 70)
        XCTAssertEqual(try sandbox.read("lists/done.md"), twice)
        XCTAssertEqual(try archive(["lists"]).stdout,
                       "lists/todos.md: archived 1 task to lists/done.md (1 already there from an earlier run, not copied again)\n")
        XCTAssertEqual(try sandbox.read("lists/done.md"), twice)
        XCTAssertEqual(try sandbox.read("lists/todos.md"), "")
        XCTAssertEqual(try pendingRecords(), [])
    }

    /// A crash after both writes, before the record was removed: the record is of no use once the
    /// todo file has been written, even when the same chore is ticked again to the very same bytes.
    /// The chore is copied, never dropped; while the todo file is the very file that run wrote
    /// (edited in place since), the move is known to have finished, and there is no warning (there
    /// used to be one, that a task may be there twice). A todo file replaced since (an editor's
    /// save) may be one the crashed run never wrote: then the warning stays. A crash between the two
    /// writes and an edit since is warned of too.
    func testARecordLeftByACrashAfterBothWritesIsNotResumed() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/todos.md", "- [x] Take out trash\n")
        try archive(["lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash-after-source"], expect: 70)
        XCTAssertEqual(try sandbox.read("lists/todos.md"), "")
        XCTAssertEqual(try pendingRecords().count, 1)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: sandbox.path("lists/todos.md")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("- [x] Take out trash\n".utf8))
        try handle.close()
        let again = try archive(["lists"])
        XCTAssertEqual(again.stdout, "lists/todos.md: archived 1 task to lists/done.md\n")
        XCTAssertEqual(again.stderr, "")
        XCTAssertEqual(try sandbox.read("lists/done.md"), "## todos.md\n\n- [x] Take out trash\n- [x] Take out trash\n")
        XCTAssertEqual(try pendingRecords(), [])

        let warning = "todofmt: lists/todos.md: an earlier run archiving into lists/done.md was interrupted, and "
            + "lists/todos.md has changed since: 1 task archived now may be in lists/done.md twice\n"
        try sandbox.write("lists/todos.md", "- [x] Take out trash\n")
        try archive(["lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash-after-source"], expect: 70)
        try sandbox.write("lists/new.md", "- [x] Take out trash\n")
        XCTAssertEqual(rename(sandbox.path("lists/new.md"), sandbox.path("lists/todos.md")), 0)
        XCTAssertEqual(try archive(["lists"]).stderr, warning)
        XCTAssertEqual(try pendingRecords(), [])

        try sandbox.write("lists/todos.md", "- [x] Take out trash\n")
        try archive(["lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash"], expect: 70)
        try sandbox.write("lists/todos.md", "- [x] Take out trash\n- [ ] Mop\n")
        XCTAssertEqual(try archive(["lists"]).stderr, warning)
        XCTAssertEqual(try sandbox.read("lists/todos.md"), "- [ ] Mop\n")
        XCTAssertEqual(try pendingRecords(), [])

        // With nothing to archive, such a record is just removed.
        try sandbox.write("lists/todos.md", "- [x] Sweep\n")
        try archive(["lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash-after-source"], expect: 70)
        try sandbox.write("lists/todos.md", "- [ ] Mop\n")
        XCTAssertEqual(try archive(["lists"]).stderr, "todofmt: nothing to archive\n")
        XCTAssertEqual(try pendingRecords(), [])
    }

    /// Two todo files archiving into one done.md, the second crashing between its writes: the
    /// rerun completes its move and copies the first file's new task with the same lines.
    func testACrashWithTwoFilesSharingAnArchive() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/a.todo.md", "- [x] Take out trash\n")
        try sandbox.write("lists/b.todo.md", "- [x] Take out trash\n")
        try archive(["--to", "lists/done.md", "lists"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash"], expect: 70)
        XCTAssertEqual(try sandbox.read("lists/a.todo.md"), "- [x] Take out trash\n", "the first file crashed")
        try sandbox.write("lists/b.todo.md", "- [x] Take out trash\n- [x] Take out trash\n")
        let rerun = try archive(["--to", "lists/done.md", "lists"])
        XCTAssertEqual(rerun.stdout, "lists/a.todo.md: archived 1 task to lists/done.md (1 already there from an earlier run, "
            + "not copied again)\nlists/b.todo.md: archived 2 tasks to lists/done.md\n")
        // The headings name each file from the archive's directory.
        XCTAssertEqual(try sandbox.read("lists/done.md"), "## a.todo.md\n\n- [x] Take out trash\n\n"
            + "## b.todo.md\n\n- [x] Take out trash\n- [x] Take out trash\n")
        XCTAssertEqual(try pendingRecords(), [])
    }

    /// Undo of a rerun that resumed the second of two files sharing an archive takes the crashed
    /// run's copies out of the archive too, as for one file.
    func testUndoOfARerunThatResumedTheSecondFile() throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("lists"), withIntermediateDirectories: true)
        try sandbox.write("lists/a.todo.md", "# A\n\n- [ ] a open\n- [x] a done\n")
        try sandbox.write("lists/b.todo.md", "# B\n\n- [ ] b open\n- [x] b done\n")
        try sandbox.write("lists/done.md", "# Archive\n")
        try archive(["lists/b.todo.md"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash"], expect: 70)
        try archive(["lists"])
        let undo = try sandbox.todofmt(["undo"], environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(try sandbox.read("lists/done.md"), "# Archive\n")
        XCTAssertEqual(try sandbox.read("lists/b.todo.md"), "# B\n\n- [ ] b open\n- [x] b done\n")
        try archive(["lists"])
        XCTAssertEqual(try sandbox.read("lists/done.md").components(separatedBy: "- [x] b done").count, 2)
    }

    func testToASectionOfTheSameFile() throws {
        XCTAssertEqual(try archive(["--section", "Archive", "work"]).stdout, "work/todo.md: archived 1 task to section 'Archive'\n")
        XCTAssertEqual(try sandbox.read("work/todo.md"), """
            # Sprint

            - [ ] Write report #work priority:medium due:2026-11-23
            - [ ] Review PR #work #review priority:highest start:2026-11-25 due:2026-11-26
            - [ ] Plan offsite #work due:2026-12-02
            - [ ] Someday idea

            ## Archive

            - [x] Ship release #work due:2026-11-21 done:2026-11-21

            """)
        // Tasks already in the section stay where they are.
        XCTAssertEqual(try archive(["--section", "archive", "work"]).stderr, "todofmt: nothing to archive\n")
    }

    /// Archived tasks never take in what follows them: a paragraph right below `## Archive` (or an
    /// archive heading) used to become a lazy continuation line of the last task, and a plain
    /// `archive` then carried it out of the todo file with that task. And `## Archive` in a code
    /// block is no heading: the tasks used to go into the code block, and were tasks no more.
    func testArchivedTasksLeaveTheLinesAroundThemAsTheyAre() throws {
        try sandbox.write("todos.md", "# Home\n\n- [ ] open\n- [x] T1\n\n## Archive\nsome text\n")
        try archive(["--section", "Archive", "todos.md"])
        XCTAssertEqual(try sandbox.read("todos.md"), "# Home\n\n- [ ] open\n\n## Archive\n\n- [x] T1\n\nsome text\n")
        try archive(["todos.md"])
        XCTAssertEqual(try sandbox.read("todos.md"), "# Home\n\n- [ ] open\n\n## Archive\n\n\nsome text\n")
        XCTAssertEqual(try sandbox.read("done.md"), "## todos.md › Archive\n\n- [x] T1\n")

        try sandbox.write("todos.md", "# Home\n\n- [ ] open\n- [x] T2\n")
        try sandbox.write("done.md", "## todos.md › Home\nNotes about archive\n")
        try archive(["todos.md"])
        XCTAssertEqual(try sandbox.read("done.md"), "## todos.md › Home\n\n- [x] T2\n\nNotes about archive\n")

        let fenced = "# Home\n\n- [ ] open\n- [x] Trash done:2026-11-20\n\n```markdown\n## Archive\nexample\n```\n"
        try sandbox.write("todos.md", fenced)
        try archive(["--section", "Archive", "todos.md"])
        XCTAssertEqual(try sandbox.read("todos.md"), "# Home\n\n- [ ] open\n\n```markdown\n## Archive\nexample\n```\n"
            + "\n## Archive\n\n- [x] Trash done:2026-11-20\n")
        let done = try sandbox.todofmt(["tasks", "-q", "done", "todos.md", "--today", TaskFixtures.today])
        XCTAssertTrue(done.stdout.contains("Trash"), done.stdout)
    }

    /// An archive that is the todo file itself, by any name (a symbolic or a hard link), is an
    /// error (exit 2), not "nothing to archive"; nothing is written.
    func testAnArchiveThatIsTheSourceIsAnError() throws {
        let original = try sandbox.bytes("todos.md")
        XCTAssertEqual(symlink("todos.md", sandbox.path("link.md")), 0)
        XCTAssertEqual(link(sandbox.path("todos.md"), sandbox.path("hard.md")), 0)
        for to in ["todos.md", "./todos.md", "link.md", "hard.md"] {
            let result = try archive(["--to", to, "todos.md"], expect: 2)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "todofmt: todos.md: the archive (--to \(to)) is this todo file itself; name another file, "
                + "or archive into a section with --section\n")
        }
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    /// A new archive gets the todo file's permission bits: tasks kept private stay private.
    func testANewArchiveTakesTheSourcesMode() throws {
        XCTAssertEqual(chmod(sandbox.path("todos.md"), 0o600), 0)
        try archive(["todos.md"])
        XCTAssertEqual(sandbox.status("done.md").map { $0.mode & 0o777 }, 0o600)
    }

    /// The heading names the todo file by its path from the archive's directory, however it was
    /// typed: a rerun after a crash from elsewhere finds the crashed copy and copies nothing twice.
    func testTheHeadingNamesTheFileFromTheArchivesDirectory() throws {
        try archive(["work", "--to", "all.md"], environment: ["TODOFMT_ARCHIVE_FAULT": "crash"], expect: 70)
        let result = try Todofmt.run(["archive", "--today", TaskFixtures.today, ".", "--to", "../all.md"],
                                     in: sandbox.url.appendingPathComponent("work"), stdin: nil,
                                     environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let archived = try sandbox.read("all.md")
        XCTAssertTrue(archived.hasPrefix("## work/todo.md › Sprint\n"), archived)
        XCTAssertEqual(archived.components(separatedBy: "- [x] Ship release").count, 2, archived)
    }

    func testConfigurationAndTo() throws {
        try sandbox.write("work/.todofmt.json", #"{"archive": {"olderThanDays": 1, "to": "old.md"}}"#)
        XCTAssertEqual(try archive(["work"]).stdout, "work/todo.md: archived 1 task to work/old.md\n")
        XCTAssertEqual(try archive(["--to", "all.md", "todos.md"]).stdout, "todos.md: archived 2 tasks to all.md\n")
        XCTAssertTrue(try sandbox.read("all.md").hasPrefix("## todos.md › Errands\n"))
        try sandbox.write("work/.todofmt.json", #"{"archive": {"olderThanDays": -1}}"#)
        let bad = try archive(["work"], expect: 2)
        XCTAssertTrue(bad.stderr.contains("invalid value -1 for 'archive.olderThanDays'"), bad.stderr)
        XCTAssertEqual(try archive(["--to", "x.md", "--section", "A"], expect: 2).stderr,
                       "todofmt: options '--to' and '--section' cannot be used together\n")
    }
}
