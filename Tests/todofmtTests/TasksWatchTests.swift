import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `todofmt tasks --watch` driven in a real terminal: tmux runs it in a detached pane, the test
/// saves a todo file and reads the pane back with capture-pane. Skipped without tmux (.ci/run
/// installs it). Waiting is bounded by generous timeouts; nothing asserts how fast it was.
final class TasksWatchTests: XCTestCase {
    /// A private tmux server (its own socket) with one detached session; killed at the end.
    private final class Tmux {
        let tmux: String
        let socket = "todofmt-test-\(UUID().uuidString.prefix(8))"
        /// The server's socket lives here (`TMUX_TMPDIR`), not in /tmp, so nothing is left behind.
        let directory: Sandbox

        init() throws {
            guard let tmux = Todofmt.which("tmux") else { throw XCTSkip("tmux is not installed") }
            self.tmux = tmux
            directory = try Sandbox()
        }

        deinit {
            _ = try? run(["kill-server"], check: false)
        }

        /// Runs tmux and returns its standard output. Spawned directly and waited for by pid: the
        /// server it forks keeps running, and must not be waited for.
        @discardableResult
        func run(_ arguments: [String], check: Bool = true) throws -> String {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-tmux-\(UUID().uuidString)").path
            defer { unlink(output) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            var environment = ProcessInfo.processInfo.environment
            environment["TMUX_TMPDIR"] = directory.url.path
            environment["TMUX"] = nil
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { envp.forEach { free($0) } }
            guard posix_spawn(&pid, tmux, &actions, nil, argv, envp) == 0 else { throw XCTSkip("cannot run tmux") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            if check { XCTAssertEqual(status, 0, "tmux \(arguments) failed") }
            return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        }

        /// Starts `command` (a shell command line) in a 100×30 pane in `directory`.
        func start(_ command: String, in directory: URL) throws {
            try run(["new-session", "-d", "-s", "watch", "-x", "100", "-y", "30", "-c", directory.path, command])
        }

        /// The pane's text as shown now.
        func pane() -> String {
            (try? run(["capture-pane", "-p", "-t", "watch"])) ?? ""
        }

        /// Waits until the pane satisfies `condition`; returns whether it did.
        func waitFor(_ condition: (String) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 20)
            while !condition(pane()) {
                if Date() > deadline { return false }
                usleep(50_000)
            }
            return true
        }
    }

    private func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The command line for the pane; with `output`, standard output goes to that file (not a terminal).
    private func command(_ arguments: [String], output: String? = nil, todayFile: String? = nil) throws -> String {
        let words = [try Todofmt.binary().path, "tasks", "--watch"] + (todayFile == nil ? ["--today", TaskFixtures.today] : [])
            + arguments
        // NO_COLOR keeps the pane's text plain; the exit status is printed for the test to read.
        return "env -u TODOFMT_TODAY NO_COLOR=1 " + (todayFile.map { "TODOFMT_TEST_TODAY_FILE=" + shellQuoted($0) + " " } ?? "")
            + words.map(shellQuoted).joined(separator: " ") + (output.map { " > " + shellQuoted($0) } ?? "")
            + "; echo \"exit=$?\"; sleep 60"
    }

    func testTheAgendaIsRedrawnAfterASaveAndCtrlCExitsZero() throws {
        let sandbox = try TaskFixtures.sandbox()
        let tmux = try Tmux()
        try tmux.start(try command(["work", "-q", "not done", "-q", "tags include work", "-q", "sort by due"]),
                       in: sandbox.url)
        XCTAssertTrue(tmux.waitFor { $0.contains("3 tasks") }, tmux.pane())
        XCTAssertTrue(tmux.pane().contains("work/todo.md:3 [ ] Write report #work  priority:medium due:2026-11-23 (due today)"),
                      tmux.pane())

        EditorSave.atomicRename.save("""
            # Sprint

            - [ ] Book flights #work due:2026-11-22
            - [ ] Write report #work priority:medium due:2026-11-23
            - [x] Review PR #work done:2026-11-23

            """, to: sandbox.path("work/todo.md"))
        XCTAssertTrue(tmux.waitFor { $0.contains("2 tasks") }, tmux.pane())
        let pane = tmux.pane()
        XCTAssertTrue(pane.contains("work/todo.md:3 [ ] Book flights #work  due:2026-11-22 (1 day overdue)"), pane)
        XCTAssertTrue(pane.contains("work/todo.md:4 [ ] Write report #work"), pane)
        // The screen was cleared: the first listing is gone.
        XCTAssertFalse(pane.contains("3 tasks"), pane)
        XCTAssertFalse(pane.contains("Plan offsite"), pane)

        // A new todo file under the path is picked up.
        try sandbox.write("work/new.todo.md", "- [ ] Fresh #work\n")
        XCTAssertTrue(tmux.waitFor { $0.contains("3 tasks") && $0.contains("work/new.todo.md:1 [ ] Fresh #work") }, tmux.pane())

        try tmux.run(["send-keys", "-t", "watch", "C-c"])
        XCTAssertTrue(tmux.waitFor { $0.contains("exit=0") }, tmux.pane())
    }

    func testOutsideATerminalListingsAreSeparated() throws {
        let sandbox = try TaskFixtures.sandbox()
        let tmux = try Tmux()
        let output = sandbox.path("agenda.txt")
        func written() -> String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        try tmux.start(try command(["wide", "-q", "hide task count"], output: output), in: sandbox.url)
        XCTAssertTrue(WatchProcess.eventually { written().contains("wide/notes.todo.md:2") }, written())
        EditorSave.inPlace.save("- [x] 日本語のタスクを書く due:2026-11-25 done:2026-11-23\n", to: sandbox.path("wide/notes.todo.md"))
        XCTAssertTrue(WatchProcess.eventually { written().contains("---\nwide/notes.todo.md:1 [x] 日本語のタスクを書く  due:2026-11-25 done:2026-11-23\n") },
                      written())
        XCTAssertEqual(written().components(separatedBy: "---\n").first, """
            wide/notes.todo.md:1 [ ] 日本語のタスクを書く  due:2026-11-25 (due in 2 days)
            wide/notes.todo.md:2 [ ] 🎉 Party planning 👨‍👩‍👧 with the family  due:2026-11-23 (due today)

            """)
        XCTAssertFalse(written().contains("\u{1B}["), "no escape sequences outside a terminal")
        try tmux.run(["send-keys", "-t", "watch", "C-c"])
        XCTAssertTrue(tmux.waitFor { $0.contains("exit=0") }, tmux.pane())
    }

    func testMidnightRedrawsWithTheNewDay() throws {
        let sandbox = try TaskFixtures.sandbox()
        let tmux = try Tmux()
        try sandbox.write("today", "2026-11-23\n")
        try tmux.start(try command(["work", "-q", "description includes report"], todayFile: sandbox.path("today")), in: sandbox.url)
        XCTAssertTrue(tmux.waitFor { $0.contains("due:2026-11-23 (due today)") }, tmux.pane())
        // The clock passes midnight; no file changes.
        try sandbox.write("today", "2026-11-24\n")
        XCTAssertTrue(tmux.waitFor { $0.contains("due:2026-11-23 (1 day overdue)") }, tmux.pane())
        XCTAssertFalse(tmux.pane().contains("(due today)"), tmux.pane())
        try tmux.run(["send-keys", "-t", "watch", "C-c"])
        XCTAssertTrue(tmux.waitFor { $0.contains("exit=0") }, tmux.pane())
    }

    /// `todofmt tasks --watch` outside a terminal, standard output and error in files of the
    /// sandbox; killed if the test ends with it still running.
    private final class PipedWatch {
        private let process = Process()
        private let sandbox: Sandbox

        init(_ arguments: [String], in sandbox: Sandbox) throws {
            self.sandbox = sandbox
            try sandbox.write("watch.out", "")
            try sandbox.write("watch.err", "")
            process.executableURL = try Todofmt.binary()
            process.arguments = ["tasks", "--watch", "--today", TaskFixtures.today] + arguments
            process.currentDirectoryURL = sandbox.url
            var environment = ProcessInfo.processInfo.environment
            environment["TODOFMT_TODAY"] = nil
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: sandbox.url.appendingPathComponent("watch.out"))
            process.standardError = try FileHandle(forWritingTo: sandbox.url.appendingPathComponent("watch.err"))
            try process.run()
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        var stdout: String { (try? sandbox.read("watch.out")) ?? "" }
        var stderr: String { (try? sandbox.read("watch.err")) ?? "" }

        /// The exit status once it has exited by itself (after `signal`, when given), or nil when it
        /// is still running after ``WatchProcess/timeout`` or was ended by a signal.
        func exitStatus(after signal: Int32? = nil) -> Int32? {
            if let signal { kill(process.processIdentifier, signal) }
            guard WatchProcess.eventually({ !process.isRunning }) else { return nil }
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }
    }

    /// The JSON documents `text` holds one after another, or nil when it is not such a stream.
    private func jsonDocuments(_ text: String) -> [Any]? {
        var documents: [Any] = []
        var rest = Substring(text)
        while !rest.allSatisfy(\.isWhitespace) {
            // The shortest run of whole lines that is a JSON document.
            var end = rest.startIndex
            var document: Any?
            while document == nil {
                guard let newline = rest[end...].firstIndex(of: "\n") else { return nil }
                end = rest.index(after: newline)
                document = try? JSONSerialization.jsonObject(with: Data(rest[..<end].utf8))
            }
            documents.append(document!)
            rest = rest[end...]
        }
        return documents
    }

    /// In a pipe, JSON listings follow each other with no `---` between them (which made the
    /// stream unreadable), and each TSV listing starts with its header line.
    func testOutsideATerminalJSONAndTSVListingsAreReadableStreams() throws {
        let header = "path\tline\tstatus\tpriority\tcreated\tstart\tscheduled\tdue\tdone\tcancelled\ttags\tsection\tparent\ttitle"
        for format in ["json", "tsv"] {
            let sandbox = try Sandbox()
            try sandbox.write("todo.md", "- [ ] a\n")
            let watch = try PipedWatch(["--format", format, "todo.md"], in: sandbox)
            let first = format == "json" ? "\"title\": \"a\"" : "\ta\n"
            XCTAssertTrue(WatchProcess.eventually { watch.stdout.contains(first) }, watch.stdout)
            EditorSave.inPlace.save("- [ ] a\n- [ ] b\n", to: sandbox.path("todo.md"))
            let second = format == "json" ? "\"title\": \"b\"" : "\tb\n"
            XCTAssertTrue(WatchProcess.eventually { watch.stdout.contains(second) }, watch.stdout)
            XCTAssertEqual(watch.exitStatus(after: SIGINT), 0, watch.stderr)
            let output = watch.stdout
            XCTAssertFalse(output.contains("---"), output)
            if format == "json" {
                let documents = try XCTUnwrap(jsonDocuments(output), output)
                XCTAssertEqual(documents.map { ($0 as? [Any])?.count }, [1, 2], output)
            } else {
                XCTAssertEqual(output.split(separator: "\n").filter { $0 == header }.count, 2, output)
                XCTAssertTrue(output.hasPrefix(header + "\n"), output)
            }
        }
    }

    /// A configuration file found by lookup that breaks, is fixed and changes is read again each
    /// time, without a todo file being saved: its error shows until it is fixed.
    func testAChangedConfigurationFileIsReadAgain() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todo.md", "- [ ] a #task\n- [ ] b\n")
        let watch = try PipedWatch(["--format", "tsv", "todo.md"], in: sandbox)
        XCTAssertTrue(WatchProcess.eventually { watch.stdout.contains("\tb\n") }, watch.stdout)
        try sandbox.write(".todofmt.json", ##"{"globalFilter": "#task", "colour": 1}"##)
        XCTAssertTrue(WatchProcess.eventually { watch.stderr.contains(".todofmt.json:1:") }, watch.stderr)
        try sandbox.write(".todofmt.json", ##"{"globalFilter": "#task"}"##)
        // Only the item with the global filter is a task now.
        XCTAssertTrue(WatchProcess.eventually { watch.stdout.hasSuffix("\ta #task\n") }, watch.stdout)
        let listings = watch.stdout.components(separatedBy: "path\tline").count - 1
        XCTAssertEqual(watch.exitStatus(after: SIGINT), 0, watch.stderr)
        XCTAssertLessThanOrEqual(listings, 3, "a listing per change, not one a second: \(watch.stdout)")
    }

    /// What no save can fix ends the watch at once with exit 2, as it does `tasks` and `watch`.
    func testAMissingConfigFileOrPathEndsTheWatch() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todo.md", "- [ ] a\n")
        let cases: [([String], String)] = [
            (["--config", "missing.json", "todo.md"], "todofmt: missing.json: no such file\n"),
            (["todo.md", "nonexistent"], "todofmt: nonexistent: no such file\n"),
        ]
        for (arguments, message) in cases {
            let watch = try PipedWatch(arguments, in: sandbox)
            XCTAssertEqual(watch.exitStatus(), 2, "\(arguments) kept running")
            XCTAssertEqual(watch.stderr, message, "\(arguments)")
            XCTAssertEqual(watch.stdout, "", "\(arguments)")
        }
    }
}
