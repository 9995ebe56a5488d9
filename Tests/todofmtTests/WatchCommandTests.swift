import Foundation
import XCTest

/// `todofmt watch` end to end: the real binary watching real files while the test saves them the
/// way editors do. Waiting is bounded by generous timeouts; nothing asserts how fast it was.
final class WatchCommandTests: XCTestCase {
    /// A save with a completed task above an open one: not canonical.
    private static func unsorted(_ tag: String) -> String {
        "- [x] a\(tag)\n- [ ] b\(tag)\n"
    }

    /// ``unsorted(_:)`` formatted with ``Samples/today``.
    private static func sorted(_ tag: String) -> String {
        "- [ ] b\(tag)\n- [x] a\(tag) done:\(Samples.today)\n"
    }

    /// Waits until `name` holds `expected`; returns whether it did.
    @discardableResult
    private func assertFormatted(_ sandbox: Sandbox, _ name: String, _ expected: String, _ watch: WatchProcess,
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let done = WatchProcess.eventually { (try? sandbox.read(name)) == expected }
        XCTAssertTrue(done, "\(name) holds \((try? sandbox.read(name)).debugDescription), "
                      + "expected \(expected.debugDescription); stderr: \(watch.stderr)", file: file, line: line)
        return done
    }

    private func assertStops(_ watch: WatchProcess, with signal: Int32 = SIGINT,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(watch.stop(with: signal), 0, "stderr: \(watch.stderr)", file: file, line: line)
    }

    // MARK: Save styles

    /// Three saves in one style; each is formatted, with one `formatted` line per save.
    private func saves(_ style: EditorSave) throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        XCTAssertEqual(watch.lines.first, "todofmt: watching 1 file")
        for round in 1...3 {
            style.save(Self.unsorted("\(round)"), to: sandbox.path("todos.md"))
            assertFormatted(sandbox, "todos.md", Self.sorted("\(round)"), watch)
            XCTAssertTrue(WatchProcess.eventually {
                watch.lines.filter { $0 == "todofmt: todos.md: formatted" }.count == round
            }, watch.stderr)
        }
        assertStops(watch)
        // Replacing the file can look like a delete for a moment; nothing else may be said.
        let allowed: Set = ["todofmt: watching 1 file", "todofmt: todos.md: formatted", "todofmt: todos.md: deleted"]
        XCTAssertTrue(watch.lines.allSatisfy(allowed.contains), watch.stderr)
        XCTAssertEqual(watch.lines.filter { $0 == "todofmt: todos.md: formatted" }.count, 3, watch.stderr)
        XCTAssertEqual(try sandbox.names(), ["todos.md"], "a temporary file was left behind")
    }

    func testInPlaceSave() throws { try saves(.inPlace) }
    func testAtomicRenameSave() throws { try saves(.atomicRename) }
    func testVimStyleSave() throws { try saves(.vimStyle) }
    func testDeleteAndRecreate() throws { try saves(.deleteAndRecreate) }

    func testDeleteIsReportedAndTheFileIsFormattedWhenItComesBack() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        XCTAssertEqual(unlink(sandbox.path("todos.md")), 0)
        XCTAssertTrue(watch.waitForLine("todofmt: todos.md: deleted"), watch.stderr)
        EditorSave.inPlace.save(Self.unsorted("x"), to: sandbox.path("todos.md"))
        assertFormatted(sandbox, "todos.md", Self.sorted("x"), watch)
        assertStops(watch)
        XCTAssertEqual(watch.lines, ["todofmt: watching 1 file", "todofmt: todos.md: deleted", "todofmt: todos.md: formatted"])
    }

    func testParentDirectoryRenamedAwayAndBack() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("notes"), withIntermediateDirectories: true)
        try sandbox.write("notes/todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "notes/todos.md"], in: sandbox.url)
        XCTAssertEqual(rename(sandbox.path("notes"), sandbox.path("away")), 0)
        XCTAssertTrue(watch.waitForLine("todofmt: notes/todos.md: deleted"), watch.stderr)
        XCTAssertEqual(rename(sandbox.path("away"), sandbox.path("notes")), 0)
        EditorSave.atomicRename.save(Self.unsorted("x"), to: sandbox.path("notes/todos.md"))
        assertFormatted(sandbox, "notes/todos.md", Self.sorted("x"), watch)
        assertStops(watch)
    }

    func testBurstOfSavesEndsFormattedFromTheLastOne() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        for index in 0..<200 {
            EditorSave.atomicRename.save(Self.unsorted("\(index)"), to: sandbox.path("todos.md"))
        }
        assertFormatted(sandbox, "todos.md", Self.sorted("199"), watch)
        assertStops(watch)
    }

    // MARK: Real editors and tools

    /// Ticking a box in vim, with both of its ways of writing, stamps and sinks the task.
    func testTickingABoxInVim() throws {
        let vim = "/usr/bin/vim"
        guard FileManager.default.isExecutableFile(atPath: vim) else { throw XCTSkip("vim is not installed") }
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] a\n- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        // backupcopy=no: rename to a backup, write a new file; backupcopy=yes: copy, write in place.
        for (setting, task, expected) in [("no", "a", "- [ ] b\n- [x] a done:\(Samples.today)\n"),
                                          ("yes", "b", "- [x] b done:\(Samples.today)\n- [x] a done:\(Samples.today)\n")] {
            let vimRun = try WatchProcess.runTool(vim, [
                "-u", "NONE", "-i", "NONE", "-N", "-n", "-es",
                "-c", "set backupcopy=\(setting) writebackup nobackup",
                "-c", "%s/\\[ \\] \(task)/[x] \(task)/", "-c", "wq", "todos.md",
            ], in: sandbox.url)
            XCTAssertEqual(vimRun, 0, "vim failed")
            assertFormatted(sandbox, "todos.md", expected, watch)
        }
        assertStops(watch)
        XCTAssertEqual(watch.lines.filter { $0 == "todofmt: todos.md: formatted" }.count, 2, watch.stderr)
        XCTAssertEqual(try sandbox.names(), ["todos.md"])
    }

    func testSedInPlace() throws {
        let sed = ["/usr/bin/sed", "/bin/sed"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let sed else { throw XCTSkip("sed is not installed") }
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] a\n- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        XCTAssertEqual(try WatchProcess.runTool(sed, ["-i", "s/\\[ \\] a/[x] a/", "todos.md"], in: sandbox.url), 0)
        assertFormatted(sandbox, "todos.md", "- [ ] b\n- [x] a done:\(Samples.today)\n", watch)
        assertStops(watch)
    }

    // MARK: Never over a newer save

    /// A second save lands right after the first, at varying distances around the watcher's
    /// debounce. Whatever the watcher read first, the file must end as the last save formatted:
    /// had the first save's formatting been written over the second, the watcher would take that
    /// write for its own and the file would stay that way.
    func testASaveRacingTheFormatterIsNeverLost() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        for round in 0..<30 {
            EditorSave.atomicRename.save(Self.unsorted("first\(round)"), to: sandbox.path("todos.md"))
            usleep(useconds_t(round % 15) * 2_000)
            EditorSave.atomicRename.save(Self.unsorted("last\(round)"), to: sandbox.path("todos.md"))
            guard assertFormatted(sandbox, "todos.md", Self.sorted("last\(round)"), watch) else { break }
        }
        assertStops(watch)
    }

    // MARK: Directories

    func testDirectoryWatchesTodoFilesAndPicksUpNewOnes() throws {
        let sandbox = try Sandbox()
        for directory in ["sub/deeper", ".git", ".build", "node_modules/pkg"] {
            try FileManager.default.createDirectory(atPath: sandbox.path(directory), withIntermediateDirectories: true)
        }
        for name in ["todos.md", "sub/TODO.md", "sub/deeper/Work.Todo.md", "notes.md", "todo.txt",
                     ".git/todo.md", ".build/todos.md", "node_modules/pkg/TODO.md"] {
            try sandbox.write(name, Self.unsorted("0"))
        }
        let watch = try WatchProcess(["--today", Samples.today, "."], in: sandbox.url)
        XCTAssertEqual(watch.lines, ["todofmt: watching 3 files"])

        // Files already there are left alone until they are saved.
        EditorSave.atomicRename.save(Self.unsorted("1"), to: sandbox.path("sub/deeper/Work.Todo.md"))
        assertFormatted(sandbox, "sub/deeper/Work.Todo.md", Self.sorted("1"), watch)
        XCTAssertTrue(watch.waitForLine("todofmt: sub/deeper/Work.Todo.md: formatted"), watch.stderr)

        // A new todo file is a save: it is watched and formatted.
        try FileManager.default.createDirectory(atPath: sandbox.path("new"), withIntermediateDirectories: true)
        try sandbox.write("new/todos.md", Self.unsorted("2"))
        assertFormatted(sandbox, "new/todos.md", Self.sorted("2"), watch)
        EditorSave.inPlace.save(Self.unsorted("3"), to: sandbox.path("new/todos.md"))
        assertFormatted(sandbox, "new/todos.md", Self.sorted("3"), watch)
        assertStops(watch)

        XCTAssertEqual(watch.lines, [
            "todofmt: watching 3 files",
            "todofmt: sub/deeper/Work.Todo.md: formatted",
            "todofmt: new/todos.md: watching",
            "todofmt: new/todos.md: formatted",
            "todofmt: new/todos.md: formatted",
        ])
        for name in ["todos.md", "sub/TODO.md", "notes.md", "todo.txt", ".git/todo.md", ".build/todos.md",
                     "node_modules/pkg/TODO.md"] {
            XCTAssertEqual(try sandbox.read(name), Self.unsorted("0"), name)
        }
    }

    /// An edited `exclude` takes a walked file out of the watch at the next walk: its saves are left
    /// as they are. A file named on the command line stays watched whatever the configuration says.
    func testAFileTheConfigurationNoLongerSelectsIsNoLongerWatched() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("sub"), withIntermediateDirectories: true)
        try sandbox.write("todos.md", Self.unsorted("0"))
        try sandbox.write("sub/todos.md", Self.unsorted("0"))
        let watch = try WatchProcess(["--today", Samples.today, ".", "sub/todos.md"], in: sandbox.url)
        XCTAssertEqual(watch.lines, ["todofmt: watching 2 files"])
        try sandbox.write(".todofmt.json", "{\"exclude\": [\"todos.md\", \"sub/\"]}\n")
        XCTAssertTrue(watch.waitForLine("todofmt: todos.md: not watched (the configuration no longer selects it)"), watch.stderr)
        EditorSave.atomicRename.save(Self.unsorted("1"), to: sandbox.path("todos.md"))
        EditorSave.atomicRename.save(Self.unsorted("2"), to: sandbox.path("sub/todos.md"))
        assertFormatted(sandbox, "sub/todos.md", Self.sorted("2"), watch)
        assertStops(watch)
        XCTAssertEqual(try sandbox.read("todos.md"), Self.unsorted("1"))
    }

    func testFileNamedTwiceIsWatchedOnce() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md", "./todos.md", "."], in: sandbox.url)
        XCTAssertEqual(watch.lines, ["todofmt: watching 1 file"])
        EditorSave.atomicRename.save(Self.unsorted("x"), to: sandbox.path("todos.md"))
        assertFormatted(sandbox, "todos.md", Self.sorted("x"), watch)
        XCTAssertTrue(watch.waitForLine("todofmt: todos.md: formatted"), watch.stderr)
        assertStops(watch)
        XCTAssertEqual(watch.lines, ["todofmt: watching 1 file", "todofmt: todos.md: formatted"])
    }

    // MARK: Options, errors, signals

    func testFormattingOptionsApply() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let options = ["--today", "2026-01-02", "--field-style", "emoji", "--no-sink"]
        let watch = try WatchProcess(options + ["todos.md"], in: sandbox.url)
        let saved = "- [x] a due:2026-03-04\n- [ ] b priority:high\n"
        EditorSave.atomicRename.save(saved, to: sandbox.path("todos.md"))
        // The same options in the format command give the same result.
        let expected = try Todofmt.run(options, in: sandbox.url, stdin: Array(saved.utf8))
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertEqual(expected.stdout, "- [x] a 📅 2026-03-04 ✅ 2026-01-02\n- [ ] b ⏫\n")
        assertFormatted(sandbox, "todos.md", expected.stdout, watch)
        assertStops(watch)
    }

    func testUnreadableSaveIsOneLineAndWatchingGoesOn() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        let binary = "- [x] a\n\u{0}\n"
        // The message is the one the format command gives for the same file.
        let other = try Sandbox()
        try other.write("todos.md", binary)
        let refused = try other.todofmt("todos.md")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("todofmt: todos.md: "), refused.stderr)

        EditorSave.atomicRename.save(binary, to: sandbox.path("todos.md"))
        XCTAssertTrue(watch.waitForLine(String(refused.stderr.dropLast())), watch.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), "- [x] a\n\u{0}\n")
        EditorSave.atomicRename.save(Self.unsorted("x"), to: sandbox.path("todos.md"))
        assertFormatted(sandbox, "todos.md", Self.sorted("x"), watch)
        assertStops(watch)
    }

    func testSigtermEndsItCleanly() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        EditorSave.atomicRename.save(Self.unsorted("x"), to: sandbox.path("todos.md"))
        assertFormatted(sandbox, "todos.md", Self.sorted("x"), watch)
        assertStops(watch, with: SIGTERM)
        XCTAssertEqual(try sandbox.names(), ["todos.md"])
    }

    func testUsageAndPathErrors() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        let cases: [([String], String)] = [
            (["watch"], "todofmt: watch needs a PATH (see 'todofmt --help')\n"),
            (["watch", "--check", "todos.md"], "todofmt: option '--check' cannot be used with watch\n"),
            (["--diff", "watch", "todos.md"], "todofmt: option '--diff' cannot be used with watch\n"),
            (["watch", "-"], "todofmt: watch cannot watch standard input ('-')\n"),
            (["watch", "todos.md", "missing.md"], "todofmt: missing.md: no such file\n"),
            (["watch", "/dev/null"], "todofmt: /dev/null: not a regular file\n"),
        ]
        for (arguments, message) in cases {
            let result = try Todofmt.run(arguments, in: sandbox.url)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messy)

        // After `--`, `watch` is a file to format.
        try sandbox.write("watch", Samples.messy)
        let formatted = try sandbox.todofmt("--today", Samples.today, "--", "watch")
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(try sandbox.read("watch"), Samples.messyFormatted)

        let help = try sandbox.todofmt("--help")
        XCTAssertTrue(help.stdout.contains("todofmt watch [options] PATH..."), help.stdout)
        XCTAssertTrue(help.stdout.contains("SIGTERM"), help.stdout)
    }
}
