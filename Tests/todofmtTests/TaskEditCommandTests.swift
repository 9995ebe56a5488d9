import Foundation
import XCTest

/// `todofmt add`, `done|cancel|reopen|start|edit|rm` and `undo|redo` end to end on copies of the
/// fixture tree, with the journal in the sandbox (`XDG_STATE_HOME`).
final class TaskEditCommandTests: XCTestCase {
    private var sandbox: Sandbox!
    private var original: [UInt8] = []

    override func setUpWithError() throws {
        sandbox = try TaskFixtures.sandbox()
        original = try sandbox.bytes("todos.md")
    }

    override func tearDown() {
        sandbox = nil
    }

    @discardableResult
    private func run(_ arguments: String..., in directory: String? = nil, environment: [String: String] = [:],
                     expect status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Todofmt.Result {
        let url = directory.map { sandbox.url.appendingPathComponent($0) } ?? sandbox.url
        let result = try Todofmt.run(arguments + (["undo", "redo", "rm"].contains(arguments[0]) ? [] : ["--today", TaskFixtures.today]),
                                     in: url, environment: environment.merging(["XDG_STATE_HOME": sandbox.path("state")]) { $1 })
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    private func lines(_ name: String = "todos.md") throws -> [String] {
        try sandbox.read(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: - add

    func testAddUndoRedoRoundTripsByteForByte() throws {
        let added = try run("add", "Buy", "milk", "--due", "tomorrow", "--tag", "shop", "--priority", "medium")
        XCTAssertEqual(added.stdout, "todos.md:7\n")
        XCTAssertEqual(try lines()[6], "- [ ] Buy milk #shop priority:medium created:2026-11-23 due:2026-11-24")
        let after = try sandbox.bytes("todos.md")
        XCTAssertEqual(try run("undo").stdout, "undid: add todos.md\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try run("redo").stdout, "redid: add todos.md\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), after)
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try run("undo", expect: 2).stderr, "todofmt: nothing to undo\n")
    }

    /// Fields typed in the title are read as the file reads them and written canonically, so the
    /// file stays canonical; a done date on the new open task is refused (exit 2, one line, nothing
    /// written).
    func testAddReadsFieldsTypedInTheTitle() throws {
        XCTAssertEqual(try run("add", "Call mom due:tomorrow #family").stdout, "todos.md:7\n")
        XCTAssertEqual(try lines()[6], "- [ ] Call mom #family created:2026-11-23 due:2026-11-24")
        XCTAssertEqual(try run("--check", "todos.md").status, 0)
        let before = try sandbox.bytes("todos.md")
        let refused = try run("add", "Ask about done:2026-11-01 invoice", expect: 2)
        XCTAssertEqual(refused.stderr, "todofmt: todos.md: 'done:2026-11-01' in the title: a task that is not completed has no done "
            + "date; write it in backticks to keep it as text\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), before)
    }

    /// `add` takes `--config` and `--no-config` as the other task commands do: the configuration
    /// given writes the new task's fields in its style; none, in the default one.
    /// A title with no text is refused with exit 2 and one line, nothing written: an empty one as a
    /// usage error, one of fields only by the store, which would write a task without a title.
    func testAddWithoutATitleIsRefused() throws {
        XCTAssertEqual(try run("add", "", expect: 2).stderr, "todofmt: add needs a TITLE (see 'todofmt help add')\n")
        XCTAssertEqual(try run("add", "due:tomorrow", expect: 2).stderr, "todofmt: todos.md: a todo needs a title: text besides its fields\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    func testAddWithConfigAndNoConfig() throws {
        try sandbox.write("emoji.json", "{\"fieldStyle\": \"emoji\"}\n")
        XCTAssertEqual(try run("add", "Post parcel", "--due", "2026-11-30", "--config", "emoji.json").stdout, "todos.md:7\n")
        XCTAssertEqual(try lines()[6], "- [ ] Post parcel ➕ 2026-11-23 📅 2026-11-30")
        XCTAssertEqual(try run("add", "Buy stamps", "--due", "2026-11-30", "--no-config").stdout, "todos.md:8\n")
        XCTAssertEqual(try lines()[7], "- [ ] Buy stamps created:2026-11-23 due:2026-11-30")
        XCTAssertEqual(try run("add", "x", "--config", "emoji.json", "--no-config", expect: 2).stderr,
                       "todofmt: options '--config' and '--no-config' cannot be used together\n")
    }

    /// A configuration error is printed as format and lint print it, naming only the
    /// configuration file; an empty `--tag` says so.
    func testAddAndDoneReportABadConfigurationAsFormatDoes() throws {
        try sandbox.write(".todofmt.json", "{\n  \"a\": 1\n}\n")
        for arguments in [["add", "x"], ["done", "todos.md:3"]] {
            let result = try Todofmt.run(arguments + ["--today", TaskFixtures.today], in: sandbox.url,
                                         environment: ["XDG_STATE_HOME": sandbox.path("state")])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "todofmt: .todofmt.json:2:3: unknown key 'a'\n", "\(arguments)")
        }
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        try FileManager.default.removeItem(atPath: sandbox.path(".todofmt.json"))
        XCTAssertEqual(try run("add", "x", "--tag", "#", expect: 2).stderr, "todofmt: invalid tag '#' for --tag (empty tag)\n")
        XCTAssertEqual(try run("add", "x", "--tag", "a b", expect: 2).stderr, "todofmt: invalid tag 'a b' for --tag (one word)\n")
    }

    func testAddToASectionWithEveryDate() throws {
        let added = try run("add", "Pick up parcel", "--section", "errands", "--scheduled", "friday", "--start", "2026-11-25",
                            "--due", "in 2 weeks", "--tag", "#post", "--tag", "town")
        XCTAssertEqual(added.stdout, "todos.md:13\n")
        XCTAssertEqual(try lines()[12],
                       "- [ ] Pick up parcel #post #town created:2026-11-23 start:2026-11-25 scheduled:2026-11-27 due:2026-12-07")
        XCTAssertEqual(try lines()[13], "- [-] Return library book cancelled:2026-11-19")
        try run("add", "x", "--section", "Nowhere", expect: 2)
        try run("add", "x", "--due", "someday", expect: 2)
        // `none` clears a priority in edit; a new task has none, so add expects a level.
        XCTAssertEqual(try run("add", "x", "--priority", "none", expect: 2).stderr,
                       "todofmt: invalid priority 'none' for --priority (expected highest, high, medium, low or lowest)\n")
        XCTAssertEqual(try run("edit", "todos.md:3", "--priority", "urgent", expect: 2).stderr,
                       "todofmt: invalid priority 'urgent' for --priority (expected highest, high, medium, low, lowest or none)\n")
    }

    func testAddUnderATaskAndInTheNearestFileAbove() throws {
        XCTAssertEqual(try run("add", "Look in the drawer", "--under", "todos.md:4").stdout, "todos.md:6\n")
        XCTAssertEqual(try lines()[5], "  - [ ] Look in the drawer created:2026-11-23")
        XCTAssertEqual(try run("add", "x", "--under", "todos.md:1", expect: 2).stderr, "todofmt: todos.md:1: not a task line\n")

        try FileManager.default.createDirectory(atPath: sandbox.path("work/deep/er"), withIntermediateDirectories: true)
        // After the last open item, above the done one.
        XCTAssertEqual(try run("add", "From below", in: "work/deep/er").stdout, "../../todo.md:7\n")
        XCTAssertEqual(try lines("work/todo.md")[6], "- [ ] From below created:2026-11-23")
    }

    func testAddCreatesTodosMdWhenThereIsNone() throws {
        let empty = try Sandbox()
        let result = try Todofmt.run(["add", "First", "--today", TaskFixtures.today], in: empty.url,
                                     environment: ["XDG_STATE_HOME": empty.path("state")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "todofmt: created todos.md\n")
        XCTAssertEqual(result.stdout, "todos.md:1\n")
        XCTAssertEqual(try empty.read("todos.md"), "- [ ] First created:2026-11-23\n")
    }

    /// Runs `todofmt` in `sandbox` (its journal inside it), in `directory` below it.
    private func run(in sandbox: Sandbox, _ arguments: String..., directory: String = "", expect status: Int32 = 0,
                     file: StaticString = #filePath, line: UInt = #line) throws -> Todofmt.Result {
        let result = try Todofmt.run(arguments + ["--today", TaskFixtures.today], in: sandbox.url.appendingPathComponent(directory),
                                     environment: ["XDG_STATE_HOME": sandbox.path("state")])
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        return result
    }

    /// A failed add writes nothing and leaves no new file behind; `--under` never creates its file.
    func testAFailedAddCreatesNoFile() throws {
        let empty = try Sandbox()
        XCTAssertEqual(try run(in: empty, "add", "x done:2026-01-01", expect: 2).stderr, "todofmt: todos.md: 'done:2026-01-01' in the "
            + "title: a task that is not completed has no done date; write it in backticks to keep it as text\n")
        XCTAssertEqual(try run(in: empty, "add", "--section", "Nope", "hi", expect: 2).stderr, "todofmt: todos.md: no section \"Nope\"\n")
        XCTAssertEqual(try run(in: empty, "add", "--under", "typo.md:3", "hi", expect: 2).stderr, "todofmt: typo.md: no such file\n")
        XCTAssertEqual(try run(in: empty, "add", "--file", "new.md", "--section", "Nope", "hi", expect: 2).stderr,
                       "todofmt: new.md: no section \"Nope\"\n")
        // The directory of a new file is named, not the temporary file that could not be made in it.
        XCTAssertEqual(try run(in: empty, "add", "--file", "nope/x.md", "hi", expect: 2).stderr, "todofmt: nope/: no such directory\n")
        try empty.write("plain", "")
        XCTAssertEqual(try run(in: empty, "add", "--file", "plain/x.md", "hi", expect: 2).stderr, "todofmt: plain/: not a directory\n")
        try FileManager.default.removeItem(atPath: empty.path("plain"))
        XCTAssertEqual(try empty.names().filter { !$0.hasPrefix("state") }, [])
        let created = try run(in: empty, "add", "--file", "new.md", "hi")
        XCTAssertEqual(created.stdout, "new.md:1\n")
        XCTAssertEqual(created.stderr, "todofmt: created new.md\n")
    }

    /// A file that ends inside a fenced code block, an HTML comment or a %% comment: the new line
    /// would be no task there. The add is refused with one line, nothing written.
    func testAddAtTheEndOfAnUnclosedBlockIsRefused() throws {
        let empty = try Sandbox()
        for text in ["# Notes\n\n```\ncode\n", "# Notes\n\n<!-- draft\n", "# Notes\n\n%%\nhidden\n"] {
            try empty.write("todos.md", text)
            let result = try run(in: empty, "add", "x", expect: 2)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "todofmt: todos.md: the new task would be inside a code block or comment that is not closed, "
                + "where it is no task; nothing was written\n")
            XCTAssertEqual(try empty.read("todos.md"), text)
        }
        // A task list above the block takes the task.
        try empty.write("todos.md", "- [ ] a\n\n```\ncode\n")
        XCTAssertEqual(try run(in: empty, "add", "x").stdout, "todos.md:2\n")
        XCTAssertEqual(try empty.read("todos.md"), "- [ ] a\n- [ ] x created:2026-11-23\n\n```\ncode\n")
    }

    /// add looks for the names a directory walk takes (todo.md, todos.md, *.todo.md, any case),
    /// nearest directory first; in one directory todos.md, then todo.md, then *.todo.md.
    func testAddFindsTheTodoFileAsTheWalkNamesIt() throws {
        let tree = try Sandbox()
        try FileManager.default.createDirectory(atPath: tree.path("sub/deeper"), withIntermediateDirectories: true)
        try tree.write("todos.md", "- [ ] top\n")
        try tree.write("sub/TODO.md", "- [ ] sub\n")
        XCTAssertEqual(try run(in: tree, "add", "one", directory: "sub/deeper").stdout, "../TODO.md:2\n")
        XCTAssertEqual(try run(in: tree, "add", "two", directory: "sub").stdout, "TODO.md:3\n")
        try tree.write("sub/work.todo.md", "- [ ] work\n")
        try tree.write("sub/Todos.md", "- [ ] todos\n")
        XCTAssertEqual(try run(in: tree, "add", "three", directory: "sub").stdout, "Todos.md:2\n")
        try FileManager.default.removeItem(atPath: tree.path("sub/Todos.md"))
        try FileManager.default.removeItem(atPath: tree.path("sub/TODO.md"))
        XCTAssertEqual(try run(in: tree, "add", "four", directory: "sub").stdout, "work.todo.md:2\n")
        XCTAssertEqual(try tree.read("todos.md"), "- [ ] top\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.path("sub")).sorted(), ["deeper", "work.todo.md"])
    }

    /// A FIFO named as a todo file is refused at once, one line, by the commands that would
    /// replace it (they waited forever for a writer). A watchdog opens the FIFO for writing after
    /// a while, so that a command that waits ends, late, and the test fails rather than hangs.
    func testAFIFOIsRefusedWithoutWaiting() throws {
        XCTAssertEqual(mkfifo(sandbox.path("f.md"), 0o644), 0)
        let fifo = sandbox.path("f.md")
        let watchdog = Thread {
            Thread.sleep(forTimeInterval: 20)
            let fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { close(fd) }
        }
        watchdog.start()
        let started = Date()
        for arguments in [["f.md"], ["done", "f.md:1"], ["add", "--file", "f.md", "x"], ["archive", "f.md"]] {
            let result = try Todofmt.run(arguments + ["--today", TaskFixtures.today], in: sandbox.url,
                                         environment: ["XDG_STATE_HOME": sandbox.path("state")])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "todofmt: f.md: not a regular file\n", "\(arguments)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "a command waited for a writer")
        watchdog.cancel()
    }

    // MARK: - done, cancel, reopen, start

    func testDoneStampsSinksAndUndoRestoresTheBytes() throws {
        XCTAssertEqual(try run("done", "todos.md:3").stdout, "todos.md:6\n")
        XCTAssertEqual(try lines()[2...6], [
            "- [ ] Call plumber #home due:2026-11-20",
            "  - [ ] Find the number",
            "- [/] Paint the fence #home/garden start:2026-11-22 scheduled:2026-11-23",
            "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23",
            "- [x] Buy paint #home created:2026-11-10 done:2026-11-18",
        ])
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    func testSeveralReferencesInOneFileFollowTheirTasks() throws {
        // Both are ticked in one write (as ticking them in an editor and formatting would), and
        // each is followed by identity: the two sink together, in file order.
        XCTAssertEqual(try run("done", "todos.md:3", "todos.md:4", "work/todo.md:3").stdout,
                       "todos.md:4\ntodos.md:5\nwork/todo.md:6\n")
        let done = try sandbox.todofmt("tasks", "-q", "done", "-q", "done on 2026-11-23", "--format", "tsv")
        XCTAssertEqual(done.stdout.split(separator: "\n").map { $0.split(separator: "\t").last! }.dropFirst(),
                       ["Pay rent #home #money", "Call plumber #home", "Write report #work"])
        XCTAssertEqual(try run("undo").stdout, "undid: done todos.md:3 todos.md:4 work/todo.md:3\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try sandbox.read("work/todo.md"), try String(contentsOf: TaskFixtures.directory.appendingPathComponent("work/todo.md"), encoding: .utf8))
    }

    /// Two spellings of one file (`todos.md`, `./todos.md`, a symbolic link) name one file: its
    /// tasks change in one write and sink together, in file order, and the journal has one change
    /// for it (two stores used to write it twice, the second task sinking above the first).
    func testReferencesToOneFileByTwoNamesAreOneWrite() throws {
        XCTAssertEqual(symlink("todos.md", sandbox.path("link.md")), 0)
        XCTAssertEqual(try run("done", "todos.md:3", "./todos.md:4").stdout, "todos.md:4\ntodos.md:5\n")
        XCTAssertEqual(try lines()[3...4], [
            "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23",
            "- [x] Call plumber #home due:2026-11-20 done:2026-11-23",
        ])
        XCTAssertEqual(try run("undo").stdout, "undid: done todos.md:3 ./todos.md:4\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try run("done", "link.md:3", "todos.md:4").stdout, "link.md:4\nlink.md:5\n")
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    func testCancelReopenStart() throws {
        XCTAssertEqual(try run("cancel", "todos.md:11").stdout, "todos.md:12\n")
        XCTAssertEqual(try lines()[11], "- [-] Renew passport priority:low due:2026-12-15 cancelled:2026-11-23")
        try run("reopen", "todos.md:12")
        XCTAssertEqual(try lines()[11], "- [ ] Renew passport priority:low due:2026-12-15")
        try run("start", "todos.md:7")
        XCTAssertEqual(try lines()[6], "- [/] Buy paint #home created:2026-11-10")
        try run("undo"); try run("undo"); try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    func testAReferenceThatIsNotATaskLineIsAnErrorAndNothingIsWritten() throws {
        for reference in ["todos.md:1", "todos.md:2"] {
            XCTAssertEqual(try run("done", "todos.md:3", reference, expect: 2).stderr, "todofmt: \(reference): not a task line\n")
        }
        // Past the end: how long the file is, rather than "not a task line".
        XCTAssertEqual(try run("done", "todos.md:3", "todos.md:14", expect: 2).stderr,
                       "todofmt: todos.md:14: past the end of the file (13 lines)\n")
        XCTAssertEqual(try run("add", "x", "--under", "todos.md:99", expect: 2).stderr,
                       "todofmt: todos.md:99: past the end of the file (13 lines)\n")
        try sandbox.write("one.md", "- [ ] a")
        XCTAssertEqual(try run("done", "one.md:2", expect: 2).stderr, "todofmt: one.md:2: past the end of the file (1 line)\n")
        XCTAssertEqual(try run("done", "todos.md", expect: 2).stderr,
                       "todofmt: invalid task 'todos.md' (expected PATH:LINE as 'todofmt tasks' prints it, or --match TEXT)\n")
        // The store's error names the file; the message names it once.
        XCTAssertEqual(try run("done", "missing.md:3", expect: 2).stderr, "todofmt: missing.md: no such file\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try run("undo", expect: 2).stderr, "todofmt: nothing to undo\n")
    }

    func testMatch() throws {
        XCTAssertEqual(try run("done", "--match", "PLUMBER").stdout, "todos.md:5\n")
        let ambiguous = try run("done", "--match", "pa", expect: 2)
        XCTAssertEqual(ambiguous.stderr, """
            todofmt: 4 tasks have 'pa' in their title; name one by PATH:LINE:
            todofmt:   todos.md:3 [ ] Pay rent #home #money  priority:high created:2026-11-01 due:2026-11-24 (due tomorrow)
            todofmt:   todos.md:4 [/] Paint the fence #home/garden  start:2026-11-22 scheduled:2026-11-23
            todofmt:   todos.md:11 [ ] Renew passport  priority:low due:2026-12-15 (due in 22 days)
            todofmt:   wide/notes.todo.md:2 [ ] 🎉 Party planning 👨‍👩‍👧 with the family  due:2026-11-23 (due today)

            """)
        XCTAssertEqual(try run("rm", "--match", "no such thing", expect: 2).stderr, "todofmt: no task that rm would change has 'no such thing' in its title\n")
        // Only tasks the change would change are candidates: Buy paint is done already, Call plumber too.
        XCTAssertEqual(try run("done", "--match", "paint").stdout, "todos.md:4\n")
        XCTAssertEqual(try run("reopen", "--match", "buy paint").stdout, "todos.md:4\n")
        try run("done", "--match", "x", "todos.md:3", expect: 2)
    }

    // MARK: - edit, rm

    func testEditChangesOnlyThatLineAndClears() throws {
        XCTAssertEqual(try run("edit", "todos.md:3", "--title", "Pay the rent #home", "--due", "next week", "--priority", "none",
                               "--scheduled", "2026-11-28").stdout, "todos.md:3\n")
        var expected = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expected[2] = "- [ ] Pay the rent #home created:2026-11-01 scheduled:2026-11-28 due:2026-11-30"
        XCTAssertEqual(try lines(), expected)
        try run("edit", "todos.md:3", "--due", "none", "--scheduled", "none")
        XCTAssertEqual(try lines()[2], "- [ ] Pay the rent #home created:2026-11-01")
        try run("edit", "todos.md:3", expect: 2)
        try run("undo"); try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    func testRemoveTakesSubtasksAlong() throws {
        XCTAssertEqual(try run("rm", "todos.md:4").stdout, "")
        XCTAssertEqual(try lines()[2...4], [
            "- [ ] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24",
            "- [/] Paint the fence #home/garden start:2026-11-22 scheduled:2026-11-23",
            "- [x] Buy paint #home created:2026-11-10 done:2026-11-18",
        ])
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    /// undo, redo and rm use no date, so an invalid `TODOFMT_TODAY` does not stop them (rm cannot
    /// even take `--today`); a command that stamps one still refuses it.
    func testCommandsThatUseNoDateIgnoreAnInvalidTodofmtToday() throws {
        let bogus = ["TODOFMT_TODAY": "bogus"]
        try run("rm", "todos.md:4", environment: bogus)
        try run("rm", "--match", "rent", environment: bogus)
        XCTAssertEqual(try run("undo", environment: bogus).stdout, "undid: rm --match rent\n")
        XCTAssertEqual(try run("redo", environment: bogus).stdout, "redid: rm --match rent\n")
        try run("undo", environment: bogus)
        try run("undo", environment: bogus)
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        let done = try Todofmt.run(["done", "todos.md:3"], in: sandbox.url,
                                   environment: bogus.merging(["XDG_STATE_HOME": sandbox.path("state")]) { $1 })
        XCTAssertEqual(done.status, 2)
        XCTAssertEqual(done.stderr, "todofmt: invalid date 'bogus' in TODOFMT_TODAY (expected YYYY-MM-DD)\n")
    }

    // MARK: - undo after someone else's edit

    func testUndoKeepsALaterEditBySomeoneElse() throws {
        try run("done", "todos.md:3")
        var edited = try lines()
        edited[10] = "- [ ] Renew passport priority:low due:2026-12-20"
        try sandbox.write("todos.md", edited.joined(separator: "\n"))
        try run("undo")
        var expected = String(decoding: original, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expected[10] = "- [ ] Renew passport priority:low due:2026-12-20"
        XCTAssertEqual(try lines(), expected)
        // Redo takes the tick back in, and the edit still survives.
        try run("redo")
        XCTAssertEqual(try lines()[5], "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23")
        XCTAssertEqual(try lines()[10], "- [ ] Renew passport priority:low due:2026-12-20")
    }

    func testUndoOfLinesSomeoneElseChangedIsAConflictAndWritesNothing() throws {
        try run("done", "todos.md:3")
        var edited = try lines()
        edited[5] = "- [x] Pay rent, all of it #home done:2026-11-23"
        let theirs = edited.joined(separator: "\n")
        try sandbox.write("todos.md", theirs)
        let result = try run("undo", expect: 2)
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: conflict: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was written"), result.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), theirs)
        // The entry stays, so undo can be tried again once the clash is resolved by hand.
        try sandbox.write("todos.md", lines().enumerated().map { $0.offset == 5
            ? "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23" : $0.element }
            .joined(separator: "\n"))
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
    }

    // MARK: - someone else saves while a command runs

    /// Writes todos.md's lines changed by `edit` to `theirs.md`: the save another program makes
    /// while a command runs (`TODOFMT_TEST_SAVE_MEANWHILE`). Returns the text.
    @discardableResult
    private func theirSave(_ edit: (inout [String]) -> Void) throws -> String {
        var lines = try self.lines()
        edit(&lines)
        let text = lines.joined(separator: "\n")
        try sandbox.write("theirs.md", text)
        return text
    }

    /// `done` reloads the save that landed before its write and ticks the task in it; the journal
    /// records what that write replaced (their save), so undo keeps their save.
    func testUndoKeepsASaveThatLandedWhileDoneRan() throws {
        let theirs = try theirSave { $0.insert("- [ ] Hand edit", at: 13) }
        XCTAssertEqual(try run("done", "todos.md:3", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "write:theirs.md"]).stdout,
                       "todos.md:6\n")
        XCTAssertEqual(try lines()[5], "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23")
        XCTAssertEqual(try lines()[13], "- [ ] Hand edit")
        try run("undo")
        XCTAssertEqual(try sandbox.read("todos.md"), theirs)
        try run("redo")
        XCTAssertEqual(try lines()[5], "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23")
        XCTAssertEqual(try lines()[13], "- [ ] Hand edit")
    }

    /// The new task's line is printed, not that of a task the other program added meanwhile.
    func testAddPrintsItsOwnLineAfterASaveMeanwhile() throws {
        let theirs = try theirSave { $0.insert("- [ ] Hand edit", at: 3) }
        XCTAssertEqual(try run("add", "New task", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "write:theirs.md"]).stdout,
                       "todos.md:8\n")
        XCTAssertEqual(try lines()[3], "- [ ] Hand edit")
        XCTAssertEqual(try lines()[7], "- [ ] New task created:2026-11-23")
        try run("undo")
        XCTAssertEqual(try sandbox.read("todos.md"), theirs)
    }

    /// `--match` finds the task in its own read of the files; when the file changed before the
    /// command read it to change it, the task is looked for again, never taken by its old line.
    func testMatchLooksAgainInTheTextItChanges() throws {
        try theirSave { $0.insert("- [ ] Inserted at the top", at: 2) }
        XCTAssertEqual(try run("done", "--match", "plumber", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "load:theirs.md"]).stdout,
                       "todos.md:6\n")
        XCTAssertEqual(try lines()[2...7], [
            "- [ ] Inserted at the top",
            "- [ ] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24",
            "- [/] Paint the fence #home/garden start:2026-11-22 scheduled:2026-11-23",
            "- [x] Call plumber #home due:2026-11-20 done:2026-11-23",
            "  - [ ] Find the number",
            "- [x] Buy paint #home created:2026-11-10 done:2026-11-18",
        ])

        let theirs = try theirSave { $0[4] = "- [ ] Call the electrician #home due:2026-11-20" }
        let refused = try run("done", "--match", "paint the", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "load:theirs.md"],
                              expect: 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "todofmt: todos.md: changed while the task was looked for; 0 tasks that done would change "
            + "have 'paint the' in their title now; nothing was written\n")
        XCTAssertEqual(try sandbox.read("todos.md"), theirs)
    }

    /// A `path:line` names the task on that line when the command read the file; a save that
    /// lands before the write moves it, and the command follows it by identity; a task whose line
    /// someone else changed is a conflict, and nothing is written.
    func testPathLineFollowsItsTaskThroughASaveMeanwhile() throws {
        try theirSave { $0.insert("- [ ] Inserted at the top", at: 2) }
        XCTAssertEqual(try run("done", "todos.md:3", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "write:theirs.md"]).stdout,
                       "todos.md:7\n")
        XCTAssertEqual(try lines()[2], "- [ ] Inserted at the top")
        XCTAssertEqual(try lines()[6], "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23")

        let theirs = try theirSave { $0[2] = "- [ ] Inserted, then renamed" }
        let refused = try run("done", "todos.md:3", environment: ["TODOFMT_TEST_SAVE_MEANWHILE": "write:theirs.md"], expect: 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "todofmt: todos.md: conflict: 'Inserted at the top' was changed or removed in the file by "
            + "someone else; nothing was written\n")
        XCTAssertEqual(try sandbox.read("todos.md"), theirs)
    }

    /// A command takes the journal's lock before it reads the files it changes and keeps it until
    /// its entry is recorded: while another command holds the lock, it has not read the file yet,
    /// so entries are in the order of the writes and undo finds each file as the newest entry left
    /// it. The test holds the lock and waits until `done` is blocked on it (listed in /proc/locks as
    /// a waiter): the file must still be as it was.
    func testACommandHoldsTheJournalFromItsReadToItsEntry() throws {
        #if os(Linux)
        let directory = sandbox.path("state/todofmt/journal")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(directory + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        let process = Process()
        process.executableURL = try Todofmt.binary()
        process.arguments = ["done", "todos.md:3", "--today", TaskFixtures.today]
        process.currentDirectoryURL = sandbox.url
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": sandbox.path("state")]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = Substring(String(process.processIdentifier))
        func waiting() -> Bool {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            return locks.split(separator: "\n").contains { $0.contains("->") && $0.split(separator: " ").contains(pid) }
        }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && !waiting() && Date() < deadline { usleep(5_000) }
        XCTAssertTrue(waiting(), "done did not wait for the journal's lock")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original, "done wrote before it held the journal's lock")
        XCTAssertEqual(flock(fd, LOCK_UN), 0)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try lines()[5], "- [x] Pay rent #home #money priority:high created:2026-11-01 due:2026-11-24 done:2026-11-23")
        try run("undo")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        #else
        throw XCTSkip("/proc/locks lists the waiters of a lock on Linux only")
        #endif
    }

    /// Only tasks that were changed are printed: a file that cannot be written prints nothing,
    /// and the files changed before it are journaled.
    func testATaskThatWasNotChangedIsNotPrinted() throws {
        XCTAssertEqual(chmod(sandbox.path("todos.md"), 0o444), 0)
        let result = try run("done", "work/todo.md:3", "todos.md:3", expect: 2)
        XCTAssertEqual(result.stdout, "work/todo.md:6\n")
        XCTAssertEqual(result.stderr, "todofmt: todos.md: permission denied\n")
        XCTAssertEqual(try sandbox.bytes("todos.md"), original)
        XCTAssertEqual(try run("undo").stdout, "undid: done work/todo.md:3 todos.md:3\n")
        XCTAssertEqual(try sandbox.read("work/todo.md"),
                       try String(contentsOf: TaskFixtures.directory.appendingPathComponent("work/todo.md"), encoding: .utf8))
    }

    func testANewChangeForgetsRedo() throws {
        try run("done", "todos.md:3")
        try run("undo")
        try run("done", "todos.md:4")
        XCTAssertEqual(try run("redo", expect: 2).stderr, "todofmt: nothing to redo\n")
    }

    /// Cancelling a done task (or ticking a cancelled one) takes its old end date out and stamps
    /// the new one: a cancelled task with a done date would be neither.
    func testCancellingADoneTaskChangesItsEndDate() throws {
        try sandbox.write("swap.md", "- [ ] a\n- [x] b done:2026-11-20\n- [-] c cancelled:2026-11-19\n")
        XCTAssertEqual(try run("cancel", "swap.md:2").stdout, "swap.md:2\n")
        XCTAssertEqual(try run("done", "swap.md:3").stdout, "swap.md:3\n")
        XCTAssertEqual(try lines("swap.md"), ["- [ ] a", "- [-] b cancelled:\(TaskFixtures.today)", "- [x] c done:\(TaskFixtures.today)", ""])
        // A task that has the status already is left as it is, and the command says so.
        let again = try run("done", "swap.md:3")
        XCTAssertEqual(again.stdout, "swap.md:3\n")
        XCTAssertEqual(again.stderr, "todofmt: swap.md:3: already done\n")
        XCTAssertEqual(try lines("swap.md")[2], "- [x] c done:\(TaskFixtures.today)")
    }
}
