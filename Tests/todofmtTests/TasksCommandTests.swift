import Foundation
import XCTest

/// `todofmt tasks` end to end on the fixture tree (see ``TaskFixtures``): which tasks each query
/// instruction selects, in which order, and how they are printed.
final class TasksCommandTests: XCTestCase {
    private var sandbox: Sandbox!

    override func setUpWithError() throws {
        sandbox = try TaskFixtures.sandbox()
    }

    override func tearDown() {
        sandbox = nil
    }

    /// The `path:line` of every task the instructions list, in order (from the TSV output).
    private func refs(_ instructions: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let result = try sandbox.todofmt(["tasks", "--today", TaskFixtures.today, "--format", "tsv"]
            + instructions.flatMap { ["-q", $0] })
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        let rows = result.stdout.split(separator: "\n").dropFirst()
        return rows.map { row in
            let cells = row.split(separator: "\t", omittingEmptySubsequences: false)
            return "\(cells[0]):\(cells[1])"
        }
    }

    private func check(_ cases: [([String], [String])], file: StaticString = #filePath, line: UInt = #line) throws {
        for (instructions, expected) in cases {
            XCTAssertEqual(try refs(instructions, file: file, line: line), expected, "\(instructions)", file: file, line: line)
        }
    }

    // Short names for the fixture's tasks.
    private let a = "todos.md:3", b = "todos.md:4", c = "todos.md:5", d = "todos.md:6", e = "todos.md:7"
    private let f = "todos.md:11", g = "todos.md:12", h = "todos.md:13"
    private let n = "wide/notes.todo.md:1", o = "wide/notes.todo.md:2"
    private let i = "work/todo.md:3", j = "work/todo.md:4", k = "work/todo.md:5", l = "work/todo.md:6", m = "work/todo.md:7"

    func testDoneAndStatus() throws {
        try check([
            (["not done"], [a, b, c, d, f, g, n, o, i, j, k, l]),
            (["done"], [e, h, m]),
            (["status.type is IN_PROGRESS"], [d]),
            (["status.type is CANCELLED"], [h]),
            (["status.type is DONE"], [e, m]),
            (["status.type is not TODO"], [d, e, h, m]),
        ])
    }

    /// `-qdone` reads as `-q done`, as getopt has it (and as zsh's and fish's completions offer it).
    func testAShortOptionsValueMayFollowIt() throws {
        let attached = try sandbox.todofmt(["tasks", "--today", TaskFixtures.today, "--format", "tsv", "-qdone"])
        XCTAssertEqual(attached.status, 0, attached.stderr)
        XCTAssertEqual(attached.stdout, try sandbox.todofmt(["tasks", "--today", TaskFixtures.today, "--format", "tsv",
                                                              "-q", "done"]).stdout)
        XCTAssertEqual(try refs(["done"]), [e, h, m])
        let flag = try sandbox.todofmt(["tasks", "-hx"])
        XCTAssertEqual(flag.status, 2)
        XCTAssertEqual(flag.stderr, "todofmt: unknown option '-hx' (see 'todofmt --help')\n")
    }

    func testAbsoluteDates() throws {
        try check([
            (["due before 2026-11-24"], [b, o, i, m]),
            (["due on 2026-11-23"], [o, i]),
            (["due 2026-11-23"], [o, i]),
            (["due after 2026-12-02"], [f]),
            (["due on or before 2026-11-21"], [b, m]),
            (["due on or after 2026-12-02"], [f, k]),
            (["due 2026-11-20 2026-11-23"], [b, o, i, m]),
            (["due in 2026-11-20 2026-11-23"], [b, o, i, m]),
            // Numbered ranges: a month, an ISO week, a quarter, a year.
            (["due in 2026-12"], [f, k]),
            (["happens in 2026-W48"], [a, d, g, n, o, i, j]),
            (["due before 2026-W48"], [b, m]),
            (["due in 2026-Q4", "due after 2026-11"], [f, k]),
            (["due 2027"], []),
            (["scheduled before 2026-11-25"], [d]),
            (["happens on 2026-11-23"], [d, o, i]),
            (["created before 2026-11-05"], [a]),
            (["done after 2026-11-19"], [m]),
            (["done 2026-11-18"], [e]),
            (["cancelled before 2026-11-20"], [h]),
            // Tasks without a start date pass every starts filter, as in Obsidian Tasks.
            (["starts after 2026-11-23"], [a, b, c, e, f, g, h, n, o, i, j, k, l, m]),
            (["starts before 2026-11-23"], [a, b, c, d, e, f, g, h, n, o, i, k, l, m]),
        ])
    }

    func testRelativeDates() throws {
        try check([
            (["due today"], [o, i]),
            (["due on today"], [o, i]),
            (["due tomorrow"], [a]),
            (["due before tomorrow"], [b, o, i, m]),
            (["due yesterday"], []),
            (["due this week"], [a, n, o, i, j]),
            (["due next week"], [k]),
            (["due in next week"], [k]),
            (["due after next week"], [f]),
            (["due last week"], [b, m]),
            (["due this month"], [a, b, n, o, i, j, m]),
            (["due next month"], [f, k]),
            (["due in 3 days"], [j]),
            (["due before wednesday"], [a, b, o, i, m]),
            (["due on wed"], [n]),
            (["scheduled after today"], [g]),
        ])
    }

    func testHasAndNoDates() throws {
        try check([
            (["has due date"], [a, b, f, n, o, i, j, k, m]),
            (["no due date"], [c, d, e, g, h, l]),
            (["has start date"], [d, j]),
            (["has scheduled date"], [d, g]),
            (["has created date"], [a, e]),
            (["has done date"], [e, m]),
            (["has cancelled date"], [h]),
            (["no happens date"], [c, e, h, l]),
        ])
    }

    func testPriority() throws {
        try check([
            (["priority is high"], [a]),
            (["priority is above medium"], [a, j]),
            (["priority is below none"], [f, g]),
            (["priority is none"], [b, c, d, e, h, n, o, k, l, m]),
            (["priority is highest"], [j]),
            (["priority is not none"], [a, f, g, i, j]),
        ])
    }

    func testTagsAndText() throws {
        try check([
            (["tags include home"], [a, b, d, e]),
            (["tags include #work"], [i, j, k, m]),
            (["tag includes money"], [a]),
            (["tags do not include home"], [c, f, g, h, n, o, i, j, k, l, m]),
            (["description includes REPORT"], [i]),
            (["description does not include e"], [n]),
            (["path includes work/"], [i, j, k, l, m]),
            (["path does not include todos"], [n, o, i, j, k, l, m]),
            (["heading includes errands"], [f, g, h]),
            (["heading does not include home"], [f, g, h, n, o, i, j, k, l, m]),
            (["description includes 日本"], [n]),
            (["has tags"], [a, b, d, e, i, j, k, m]),
            (["filename includes todo.md"], [n, o, i, j, k, l, m]),
            (["folder includes work"], [i, j, k, l, m]),
            (["root regex matches /^wide\\/$/"], [n, o]),
            (["folder includes ./"], [a, b, c, d, e, f, g, h]),
            (["no tags"], [c, f, g, h, n, o, l]),
        ])
    }

    func testRegex() throws {
        try check([
            (["description regex matches /^(pay|post) /i"], [a, g]),
            (["description regex matches /^[A-Z][a-z]+ (r|p)\\w+$/"], [f]),
            (["description regex does not match /[aeiou]/"], [n]),
            (["tags regex matches /^#home\\/garden$/"], [d]),
            // Each tag is tested on its own: #money is the second tag of a.
            (["tags regex matches /^#money$/"], [a]),
            (["tags regex does not match /^#home$/"], [c, d, f, g, h, n, o, i, j, k, l, m]),
            (["heading regex matches /^S.r/"], [i, j, k, l, m]),
            (["path regex matches /\\.todo\\.md$/"], [n, o]),
            (["description regex matches /o{2}|l{2}/"], [b, h]),
            // The `i` flag folds letters only: `\\W` stays "not a word character", which is, as in
            // JavaScript, anything but an ASCII letter, digit or `_` (日 and 🎉 alike).
            (["description regex matches /^\\W/i"], [n, o]),
            (["description regex matches /^\\w/"], [a, b, c, d, e, f, g, h, i, j, k, l, m]),
        ])
    }

    func testBooleanCombinations() throws {
        try check([
            (["(due today) OR (priority is highest)"], [o, i, j]),
            (["(tags include home) AND NOT (done)"], [a, b, d]),
            (["NOT (done)"], [a, b, c, d, f, g, n, o, i, j, k, l]),
            (["NOT(done)"], [a, b, c, d, f, g, n, o, i, j, k, l]),
            (["NOT NOT (done)"], [e, h, m]),
            // Any one kind of delimiter per line, as in Obsidian Tasks.
            (["[due today] OR [priority is highest]"], [o, i, j]),
            (["{tags include home} AND NOT {done}"], [a, b, d]),
            (["\"due today\" XOR \"tags include work\""], [o, j, k, m]),
            (["(tags include work) AND ((due before 2026-11-24) OR (has start date))"], [i, j, m]),
            (["(due today) XOR (tags include work)"], [o, j, k, m]),
            // XOR binds tighter than AND, as in Obsidian Tasks: the done work task m is left out.
            (["(tags include work) XOR (due today) AND (not done)"], [o, j, k]),
            // Titles include their tags: "#money" has "on".
            (["(not done) AND (description regex matches /(a|o)n/)"], [a, o, k]),
            // Lines are joined with AND.
            (["not done", "tags include home"], [a, b, d]),
        ])
    }

    /// Runs of spaces and tabs between words are one separator in every instruction.
    func testRunsOfSpacesAndTabs() throws {
        try check([
            (["priority  is\thigh"], [a]),
            (["not  done", "tags\tinclude  work", "sort  by  due  reverse"], [k, j, i]),
            (["description\tincludes report"], [i]),
            (["due  before  2026-11-21"], [b]),
        ])
    }

    func testSortingAndLimit() throws {
        try check([
            (["not done", "sort by due"], [b, o, i, a, n, j, k, f, c, d, g, l]),
            (["not done", "sort by due reverse"], [f, k, j, n, a, o, i, b, c, d, g, l]),
            (["not done", "sort by priority"], [j, a, i, b, c, d, n, o, k, l, f, g]),
            (["not done", "sort by priority", "sort by due"], [j, a, i, b, o, n, k, c, d, l, f, g]),
            (["sort by status", "limit 5"], [a, b, c, f, g]),
            (["done", "sort by done reverse"], [m, h, e]),
            (["has due date", "sort by path reverse", "limit to 3 tasks"], [i, j, k]),
            (["not done", "sort by description", "limit 4"], [b, c, d, a]),
            (["not done", "sort by scheduled"], [d, g, a, b, c, f, n, o, i, j, k, l]),
            (["sort by created"], [a, e, b, c, d, f, g, h, n, o, i, j, k, l, m]),
            (["has start date", "sort by start reverse"], [j, d]),
            (["not done", "sort by happens", "limit 4"], [b, d, o, i]),
            // #home, #home/garden, #home, #work…: ties keep file order, untagged tasks last.
            (["sort by tag", "limit 6"], [a, b, e, d, i, j]),
            (["sort by tag 2", "limit 2"], [a, j]),
        ])
    }

    func testGroupingOrdersGroups() throws {
        try check([
            (["not done", "group by priority"], [j, a, i, b, c, d, n, o, k, l, f, g]),
            // Done, then Todo, as Obsidian Tasks groups them.
            (["group by status", "has due date"], [m, a, b, f, n, o, i, j, k]),
            (["group by status.type", "tags include home"], [d, a, b, e]),
            // Headings in alphabetical order, tasks without one last.
            (["group by heading", "not done"], [f, g, a, b, c, d, i, j, k, l, n, o]),
            (["group by heading reverse", "not done"], [n, o, i, j, k, l, a, b, c, d, f, g]),
            (["group by filename", "has due date"], [n, o, i, j, k, m, a, b, f]),
            (["group by folder", "has due date"], [a, b, f, n, o, i, j, k, m]),
            (["group by due", "has due date"], [b, m, o, i, a, n, j, k, f]),
            // d starts 11-22, before its scheduled day; j starts 11-25, before its due day.
            (["group by happens", "not done", "has happens date"], [b, d, o, i, a, n, j, g, k, f]),
            (["group by done", "done"], [e, m, h]),
            (["group by heading", "limit groups 1"], [f, a, i, n]),
            (["group by heading", "sort by due", "limit groups to 2 tasks"], [f, g, b, a, m, i, o, n]),
            // #home, #home/garden, #money, #review, #work; a task with two tags is listed once, in its first group.
            (["group by tags", "tags include o"], [a, b, e, d, j, i, k, m]),
        ])
    }

    func testTextOutputWithGroupsHintsAndCount() throws {
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "-q", "not done", "-q", "has due date",
                                         "-q", "group by heading", "-q", "sort by due")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            Errands
            todos.md:11 [ ] Renew passport  priority:low due:2026-12-15 (due in 22 days)

            Home
            todos.md:4 [ ] Call plumber #home  due:2026-11-20 (3 days overdue)
            todos.md:3 [ ] Pay rent #home #money  priority:high created:2026-11-01 due:2026-11-24 (due tomorrow)

            Sprint
            work/todo.md:3 [ ] Write report #work  priority:medium due:2026-11-23 (due today)
            work/todo.md:4 [ ] Review PR #work #review  priority:highest start:2026-11-25 due:2026-11-26 (due in 3 days)
            work/todo.md:5 [ ] Plan offsite #work  due:2026-12-02 (due in 9 days)

            (No heading)
            wide/notes.todo.md:2 [ ] 🎉 Party planning 👨‍👩‍👧 with the family  due:2026-11-23 (due today)
            wide/notes.todo.md:1 [ ] 日本語のタスクを書く  due:2026-11-25 (due in 2 days)

            8 tasks

            """)
    }

    /// A large file's tasks are read, and its listing written, in parts at the same time (34,000
    /// tasks make two parts of each): every line is still there, in file order, with its section,
    /// and subtasks name their parents.
    func testALargeFileIsListedWhole() throws {
        var text = ""
        var expected: [String] = []
        var line = 0
        for section in 0..<2 {
            text += "## Part \(section)\n"
            line += 1
            for k in 0..<8_500 {
                text += "- [ ] task \(section)-\(k) due:2026-12-01\n  - [ ] sub \(section)-\(k)\n"
                expected.append("big.md:\(line + 1) [ ] task \(section)-\(k)  due:2026-12-01 (due in 8 days)")
                expected.append("big.md:\(line + 2) [ ] sub \(section)-\(k)")
                line += 2
            }
        }
        try sandbox.write("big.md", text)
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "big.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "big.md\n" + expected.joined(separator: "\n") + "\n\n34000 tasks\n")
        // Parents and sections, as the TSV says them, for tasks on either side of the parts.
        let tsv = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "--format", "tsv", "-q", "group by heading", "big.md")
        XCTAssertEqual(tsv.status, 0, tsv.stderr)
        let table = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try XCTUnwrap(table.first)
        let lineColumn = try XCTUnwrap(header.firstIndex(of: "line")), parentColumn = try XCTUnwrap(header.firstIndex(of: "parent"))
        let sectionColumn = try XCTUnwrap(header.firstIndex(of: "section"))
        XCTAssertEqual(table.count, 1 + 34_000)
        for (index, row) in table.dropFirst().enumerated() {
            let section = index / 17_000
            let taskLine = 1 + section * 17_001 + index % 17_000 + 1
            XCTAssertEqual(row[lineColumn], "\(taskLine)")
            XCTAssertEqual(row[parentColumn], index % 2 == 1 ? "big.md:\(taskLine - 1)" : "")
            XCTAssertEqual(row[sectionColumn], "Part \(section)")
        }
    }

    func testDefaultIsOpenTasksGroupedByFileInFileOrder() throws {
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "wide", "work")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            wide/notes.todo.md
            wide/notes.todo.md:1 [ ] 日本語のタスクを書く  due:2026-11-25 (due in 2 days)
            wide/notes.todo.md:2 [ ] 🎉 Party planning 👨‍👩‍👧 with the family  due:2026-11-23 (due today)

            work/todo.md
            work/todo.md:3 [ ] Write report #work  priority:medium due:2026-11-23 (due today)
            work/todo.md:4 [ ] Review PR #work #review  priority:highest start:2026-11-25 due:2026-11-26 (due in 3 days)
            work/todo.md:5 [ ] Plan offsite #work  due:2026-12-02 (due in 9 days)
            work/todo.md:6 [ ] Someday idea

            6 tasks

            """)
    }

    func testHideShowLimitAndNestedGroups() throws {
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "todos.md",
                                         "-q", "tags include home", "-q", "group by status.type", "-q", "group by tags",
                                         "-q", "hide priority", "-q", "hide created date", "-q", "hide backlink",
                                         "-q", "hide tags", "-q", "show tags", "-q", "hide relative dates", "-q", "limit 3")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            IN_PROGRESS
              #home/garden
            [/] Paint the fence #home/garden  start:2026-11-22 scheduled:2026-11-23

            TODO
              #home
            [ ] Pay rent #home #money  due:2026-11-24
            [ ] Call plumber #home  due:2026-11-20
              #money
            [ ] Pay rent #home #money  due:2026-11-24

            3 of 4 tasks

            """)
        let hidden = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "work", "-q", "done",
                                         "-q", "hide task count", "-q", "hide tags", "-q", "hide done date")
        XCTAssertEqual(hidden.stdout, "work/todo.md:7 [x] Ship release  due:2026-11-21\n")
        // Every tag the task has is hidden, punctuation after it or not.
        try sandbox.write("punctuation.md", "- [ ] Tagged #x, then #y. and #z\n")
        let punctuation = try sandbox.todofmt("tasks", "punctuation.md", "-q", "hide tags", "-q", "hide task count",
                                              "-q", "hide backlink")
        XCTAssertEqual(punctuation.stdout, "[ ] Tagged, then. and\n")
    }

    func testJSONSchema() throws {
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "--format", "json", "todos.md",
                                         "-q", "(has created date) OR (description includes find) OR (status.type is CANCELLED)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [[String: Any]])
        XCTAssertEqual(array.count, 4)
        let keys = ["path", "line", "title", "status", "priority", "created", "start", "scheduled", "due", "done",
                    "cancelled", "tags", "section", "parent", "recurrence"]
        for object in array { XCTAssertEqual(Set(object.keys), Set(keys)) }
        XCTAssertEqual(result.stdout, """
            [
              {"path": "todos.md", "line": 3, "title": "Pay rent #home #money", "status": "open", "priority": "high", "created": "2026-11-01", "start": null, "scheduled": null, "due": "2026-11-24", "done": null, "cancelled": null, "tags": ["#home", "#money"], "section": "Home", "parent": null, "recurrence": null},
              {"path": "todos.md", "line": 5, "title": "Find the number", "status": "open", "priority": null, "created": null, "start": null, "scheduled": null, "due": null, "done": null, "cancelled": null, "tags": [], "section": "Home", "parent": "todos.md:4", "recurrence": null},
              {"path": "todos.md", "line": 7, "title": "Buy paint #home", "status": "done", "priority": null, "created": "2026-11-10", "start": null, "scheduled": null, "due": null, "done": "2026-11-18", "cancelled": null, "tags": ["#home"], "section": "Home", "parent": null, "recurrence": null},
              {"path": "todos.md", "line": 13, "title": "Return library book", "status": "cancelled", "priority": null, "created": null, "start": null, "scheduled": null, "due": null, "done": null, "cancelled": "2026-11-19", "tags": [], "section": "Errands", "parent": null, "recurrence": null}
            ]

            """)
        let progress = try sandbox.todofmt("tasks", "--format", "json", "todos.md", "-q", "status.type is IN_PROGRESS")
        XCTAssertTrue(progress.stdout.contains("\"status\": \"inProgress\""), progress.stdout)
        let empty = try sandbox.todofmt("tasks", "--format", "json", "-q", "description includes nothing like this")
        XCTAssertEqual(empty.stdout, "[]\n")
    }

    func testTSVHeaderAndCells() throws {
        let result = try sandbox.todofmt("tasks", "--format", "tsv", "todos.md", "-q", "description includes find")
        XCTAssertEqual(result.stdout, "path\tline\tstatus\tpriority\tcreated\tstart\tscheduled\tdue\tdone\tcancelled\ttags\tsection\tparent\ttitle\n"
                       + "todos.md\t5\topen\t\t\t\t\t\t\t\t\tHome\ttodos.md:4\tFind the number\n")
    }

    /// A byte-order mark is no part of the first instruction, and a lone CR ends a line, in a plain
    /// query file and in a Markdown one.
    func testQueryFilesWithAByteOrderMarkOrCarriageReturns() throws {
        let expected = try refs(["description includes party"])
        XCTAssertEqual(expected, [o])
        for (name, text) in [("bom.txt", "\u{FEFF}description includes party\r\n"), ("cr.txt", "description includes party\r"),
                             ("bom.md", "\u{FEFF}```tasks\ndescription includes party\n```\n")] {
            try sandbox.write(name, text)
            let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "--query-file", name, "--format", "tsv")
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stdout.split(separator: "\n").count, 2, "\(name): \(result.stdout)")
        }
    }

    func testQueryFileWithTasksBlocksAndPlainLines() throws {
        try sandbox.write("agenda.md", """
            # My agenda

            ```tasks
            due today
            # a comment
            sort by path
            ```

            Some prose.

            ~~~tasks
            done
            limit 1
            ~~~

            """)
        let result = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "--query-file", "agenda.md", "--format", "tsv")
        XCTAssertEqual(result.status, 0, result.stderr)
        let paths = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("path\t") }.map { $0.split(separator: "\t").prefix(2).joined(separator: ":") }
        XCTAssertEqual(paths, [o, i, e])
        // A tasks block shown inside a longer fence is an example, not a query.
        try sandbox.write("shown.md", "````text\n```tasks\ndone\n```\n````\n\n```tasks\ndue today\n```\n")
        let shown = try sandbox.todofmt("tasks", "--today", TaskFixtures.today, "--query-file", "shown.md", "--format", "tsv")
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").prefix(2).joined(separator: ":") },
                       [o, i])
        try sandbox.write("query.txt", "not done\ntags include work\n\n")
        XCTAssertEqual(try refs(["sort by due"]).count, 15)
        let plain = try sandbox.todofmt("tasks", "--query-file", "query.txt", "--format", "tsv", "-q", "limit 2")
        XCTAssertEqual(plain.stdout.split(separator: "\n").count, 3, plain.stdout)
        // CRLF line breaks, in plain lines and in blocks.
        for (name, text) in [("crlf.txt", "not done\r\ntags include work\r\n"), ("crlf.md", "```tasks\r\nnot done\r\ntags include work\r\n```\r\n")] {
            try sandbox.write(name, text)
            let crlf = try sandbox.todofmt("tasks", "--query-file", name, "--format", "tsv")
            XCTAssertEqual(crlf.status, 0, crlf.stderr)
            XCTAssertEqual(crlf.stdout.split(separator: "\n").count, 4, crlf.stdout)
        }
    }

    func testIsRecurringSelectsTasksWithARuleInEverySpelling() throws {
        let vault = try Sandbox()
        try vault.write("todos.md", """
        - [ ] Water plants 🔁 every week 📅 2026-11-24
        - [ ] One-off errand due:2026-11-25
        - [ ] Pay rent rec:+1m due:2026-12-01
        - [ ] Review  [repeat:: every month on the last Friday]
        - [ ] Not a rule 🔁 sometimes

        """)
        let recurring = try vault.todofmt("tasks", "--today", "2026-11-23", "--format", "tsv", "-q", "is recurring")
        XCTAssertEqual(recurring.status, 0, recurring.stderr)
        XCTAssertEqual(recurring.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }, ["1", "3", "4"])
        let json = try vault.todofmt("tasks", "--today", "2026-11-23", "--format", "json", "-q", "is recurring")
        XCTAssertTrue(json.stdout.contains("\"parent\": null, \"recurrence\": \"every week\"}"), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"recurrence\": \"every month on the last Friday\"}"), json.stdout)
        // The text listing shows the rule with the other fields, in canonical order, unless hidden.
        let text = try vault.todofmt("tasks", "--today", "2026-11-23", "-q", "is recurring", "-q", "hide backlink", "-q", "hide task count")
        XCTAssertEqual(text.stdout, """
            [ ] Water plants  rec:+1w due:2026-11-24 (due tomorrow)
            [ ] Pay rent  rec:+1m due:2026-12-01 (due in 8 days)
            [ ] Review  rec:every-month-on-the-last-friday

            """)
        let hidden = try vault.todofmt("tasks", "--today", "2026-11-23", "-q", "is recurring", "-q", "hide recurrence rule",
                                       "-q", "hide backlink", "-q", "hide task count", "-q", "limit 1")
        XCTAssertEqual(hidden.stdout, "[ ] Water plants  due:2026-11-24 (due tomorrow)\n")
        let once = try vault.todofmt("tasks", "--today", "2026-11-23", "--format", "tsv", "-q", "is not recurring")
        XCTAssertEqual(once.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }, ["2", "5"])
    }

    /// A relative date still written in a file not formatted yet counts as the day it names from
    /// `--today`, as formatting would write it: an agenda of a hand-edited file is not wrong.
    func testRelativeDatesInTheFileCountFromToday() throws {
        let vault = try Sandbox()
        try vault.write("todos.md", "- [ ] pay due:tomorrow\n- [ ] b 📅 friday\n- [ ] c [scheduled:: in 3 days]\n- [ ] d\n")
        let json = try vault.todofmt("tasks", "--today", "2026-11-29", "--format", "json")
        XCTAssertEqual(json.status, 0, json.stderr)
        for (title, field) in [("pay", "\"due\": \"2026-11-30\""), ("b", "\"due\": \"2026-12-04\""), ("c", "\"scheduled\": \"2026-12-02\"")] {
            XCTAssertTrue(json.stdout.contains("\"title\": \"\(title)\""), json.stdout)
            XCTAssertTrue(json.stdout.contains(field), "\(field) in \(json.stdout)")
        }
        let due = try vault.todofmt("tasks", "--today", "2026-11-29", "--format", "tsv", "-q", "has due date")
        XCTAssertEqual(due.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }, ["1", "2"])
        let week = try vault.todofmt("tasks", "--today", "2026-11-29", "--format", "tsv", "-q", "due before 2026-12-01")
        XCTAssertEqual(week.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }, ["1"])
        // What formatting writes is the same day.
        XCTAssertEqual(try vault.todofmt("--today", "2026-11-29", "todos.md").status, 0)
        XCTAssertEqual(try vault.read("todos.md"), "- [ ] pay due:2026-11-30\n- [ ] b due:2026-12-04\n- [ ] c scheduled:2026-12-02\n- [ ] d\n")
    }

    func testUnsupportedAndInvalidInstructionsExit2NamingThem() throws {
        let cases: [(String, String)] = [
            ("explain", "todofmt: query instruction 'explain': not supported (see 'todofmt help tasks')\n"),
            ("due before someday", "todofmt: query instruction 'due before someday': invalid date 'someday'\n"),
            ("sort by urgency", "todofmt: query instruction 'sort by urgency': unknown sort key (expected due, priority, scheduled, start, created, done, path, description, status, happens, tag)\n"),
            ("(done) AND", "todofmt: query instruction '(done) AND': expected a parenthesised filter at the end\n"),
            ("description regex matches /(a/", "todofmt: query instruction 'description regex matches /(a/': missing ')' in regular expression\n"),
            ("(done) AND (is recurrent)", "todofmt: query instruction '(done) AND (is recurrent)': not supported (see 'todofmt help tasks')\n"),
        ]
        for (instruction, message) in cases {
            let result = try sandbox.todofmt("tasks", "-q", instruction)
            XCTAssertEqual(result.status, 2, instruction)
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(result.stdout, "")
        }
        let format = try sandbox.todofmt("tasks", "--format", "sarif")
        XCTAssertEqual(format.status, 2)
        XCTAssertEqual(format.stderr, "todofmt: invalid format 'sarif' for --format (expected text, json or tsv)\n")
        let lintTSV = try sandbox.todofmt("lint", "--format", "tsv", "todos.md")
        XCTAssertEqual(lintTSV.status, 2)
    }

    func testUnreadableFileIsReportedAndTheRestListed() throws {
        try sandbox.write("bad.todo.md", bytes: [0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xFF, 0x0A])
        let result = try sandbox.todofmt("tasks", "--format", "tsv", "-q", "tags include work")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("todofmt: bad.todo.md: "), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 5)
    }

    /// A `.todofmt.json` found by lookup that cannot be used is an error, as for format and lint:
    /// the listing is not silently made with the defaults (other files, no global filter).
    func testABrokenConfigurationFoundByLookupIsReported() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("notes"), withIntermediateDirectories: true)
        try sandbox.write("notes/a.md", "- [ ] n1 #task\n- [ ] n2\n")
        try sandbox.write(".todofmt.json", ##"{"include":["notes/*.md"], "globalFilter":"#task", "colour": 1}"## + "\n")
        let walked = try sandbox.todofmt("tasks", "--format", "tsv")
        XCTAssertEqual(walked.status, 2)
        XCTAssertTrue(walked.stderr.contains("todofmt: .todofmt.json:1:52: unknown key 'colour'\n"), walked.stderr)
        XCTAssertEqual(walked.stdout.split(separator: "\n").count, 1, "only the header: \(walked.stdout)")

        // A file under it, named or found, is not listed with the defaults either.
        try sandbox.write("todo.md", "- [ ] t1\n")
        for arguments in [["tasks", "--format", "tsv"], ["tasks", "--format", "tsv", "todo.md"]] {
            let result = try sandbox.todofmt(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "todofmt: .todofmt.json:1:52: unknown key 'colour'\n", "\(arguments)")
            XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, "\(arguments): \(result.stdout)")
        }
    }

    // MARK: - Terminal: colour and width

    func testColoursOnATerminalOnly() throws {
        let arguments = ["tasks", "--today", TaskFixtures.today, "work", "-q", "has due date", "-q", "not done"]
        let terminal = try Terminal.run(arguments, in: sandbox.url, environment: ["COLUMNS": "200"])
        XCTAssertEqual(terminal.status, 0)
        XCTAssertTrue(terminal.output.contains("work/todo.md:3 [ ] \u{1B}[33mWrite report #work  priority:medium due:2026-11-23 (due today)\u{1B}[0m"),
                      terminal.output.debugDescription)
        let overdue = try Terminal.run(["tasks", "--today", "2026-11-30", "work", "-q", "description includes review"],
                                       in: sandbox.url, environment: ["COLUMNS": "200"])
        XCTAssertTrue(overdue.output.contains("\u{1B}[31mReview PR #work #review  priority:highest start:2026-11-25 due:2026-11-26 (4 days overdue)\u{1B}[0m"),
                      overdue.output.debugDescription)
        let noColor = try Terminal.run(arguments, in: sandbox.url, environment: ["COLUMNS": "200", "NO_COLOR": "1"])
        XCTAssertFalse(noColor.output.contains("\u{1B}["), noColor.output.debugDescription)
        let pipe = try sandbox.todofmt(arguments)
        XCTAssertFalse(pipe.stdout.contains("\u{1B}["))
    }

    func testLongTitlesAreCutToTheTerminalWidthCountingWideCharacters() throws {
        try sandbox.write("long.todo.md", """
            - [ ] 日本語のとても長いタスクのタイトルです due:2026-11-30
            - [ ] 🎉🎉🎉 party party party party party
            - [ ] short

            """)
        func lines(columns: Int) throws -> [String] {
            let result = try Terminal.run(["tasks", "--today", TaskFixtures.today, "long.todo.md", "-q", "hide task count"],
                                          in: sandbox.url, environment: ["COLUMNS": "\(columns)", "NO_COLOR": "1"])
            XCTAssertEqual(result.status, 0)
            return result.output.split(separator: "\n").map(String.init)
        }
        // 19 columns of path and box, 32 of fields and hint: the title gets what is left, with
        // CJK characters and emoji two columns each.
        XCTAssertEqual(try lines(columns: 60), [
            "long.todo.md:1 [ ] 日本語の…  due:2026-11-30 (due in 7 days)",
            "long.todo.md:2 [ ] 🎉🎉🎉 party party party party party",
            "long.todo.md:3 [ ] short",
        ])
        // Too narrow for the fields: the title keeps 12 columns, and the fields are cut at the end.
        XCTAssertEqual(try lines(columns: 40), [
            "long.todo.md:1 [ ] 日本語のと…  due:202…",
            "long.todo.md:2 [ ] 🎉🎉🎉 party party p…",
            "long.todo.md:3 [ ] short",
        ])
        XCTAssertEqual(try lines(columns: 30)[1], "long.todo.md:2 [ ] 🎉🎉🎉 par…")
        // A pipe is never cut.
        let pipe = try sandbox.todofmt(["tasks", "long.todo.md"], environment: ["COLUMNS": "20"])
        XCTAssertTrue(pipe.stdout.contains("日本語のとても長いタスクのタイトルです"))
    }

    func testControlCharactersInAFileAreShownNotSentToATerminal() throws {
        // A title that would set the terminal's title, turn the text red and reverse what follows.
        try sandbox.write("evil.todo.md", "## Heading \u{1B}[2J\n\n- [ ] evil \u{1B}]0;pwned\u{07} title \u{1B}[31mred\u{1B}[0m \u{202E}after\ttab\n")
        let arguments = ["tasks", "--today", TaskFixtures.today, "evil.todo.md", "-q", "group by heading"]
        let terminal = try Terminal.run(arguments, in: sandbox.url, environment: ["COLUMNS": "200", "NO_COLOR": "1"])
        XCTAssertEqual(terminal.status, 0)
        XCTAssertFalse(terminal.output.contains("\u{1B}"), terminal.output.debugDescription)
        XCTAssertFalse(terminal.output.contains("\u{202E}"), terminal.output.debugDescription)
        XCTAssertTrue(terminal.output.contains("Heading \u{241B}[2J"), terminal.output.debugDescription)
        XCTAssertTrue(terminal.output.contains("evil.todo.md:3 [ ] evil \u{241B}]0;pwned\u{2407} title \u{241B}[31mred\u{241B}[0m \u{FFFD}after tab"),
                      terminal.output.debugDescription)
        // A pipe gets the title as written, for a program to read.
        let pipe = try sandbox.todofmt(arguments)
        XCTAssertTrue(pipe.stdout.contains("evil \u{1B}]0;pwned\u{07} title"), pipe.stdout.debugDescription)
    }
}
