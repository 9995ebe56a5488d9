import TodoKit
import XCTest

/// The query language as a value: parsing into filters, sorting, grouping, and running over tasks.
final class TaskQueryTests: XCTestCase {
    private let today = Day("2026-11-23")!  // a Monday

    private func tasks(_ text: String, path: String = "todos.md") throws -> [QueriedTask] {
        try QueriedTask.tasks(in: Array(text.utf8), path: path)
    }

    private func titles(_ instructions: [String], _ text: String) throws -> [String] {
        try TaskQuery(instructions, today: today).results(try tasks(text)).tasks.map(\.todo.title)
    }

    func testParsesInstructionsIntoValues() throws {
        let query = try TaskQuery(["not done", "due before next week", "# a comment", "", "sort by due reverse",
                                   "group by tags", "limit to 5 tasks", "hide due date"], today: today)
        XCTAssertEqual(query.filters, [.done(false), .date(.due, .before, DayRange(Day("2026-11-30")!, Day("2026-12-06")!))])
        XCTAssertEqual(query.sorts, [TaskSort(.due, reverse: true)])
        XCTAssertEqual(query.groupings, [TaskGrouping(.tags)])
        XCTAssertEqual(query.limit, 5)
        XCTAssertEqual(query.hidden, [.dueDate])
        XCTAssertEqual(try TaskQuery(["hide recurrence rule", "hide tags"], today: today).hidden, [.recurrenceRule, .tags])
        XCTAssertEqual(try TaskQuery(["(done) OR NOT (has due date)"], today: today).filters,
                       [.or(.done(true), .not(.hasDate(.due, true)))])
        XCTAssertEqual(try TaskQuery(["(done) OR (due today) AND (priority is above low)"], today: today).filters,
                       [.or(.done(true), .and(.date(.due, .on, DayRange(today)), .priority(.above, .low)))])
        // As in Obsidian Tasks, NOT binds tightest, then XOR, then AND, then OR; each operator joins
        // from the left.
        XCTAssertEqual(try TaskQuery(["(done) OR (not done) XOR (done) AND (not done) AND (done)"], today: today).filters,
                       [.or(.done(true), .and(.and(.xor(.done(false), .done(true)), .done(false)), .done(true)))])
        XCTAssertEqual(try TaskQuery(["(done) XOR (not done) XOR (done) OR (done)"], today: today).filters,
                       [.or(.xor(.xor(.done(true), .done(false)), .done(true)), .done(true))])
        XCTAssertEqual(try TaskQuery(["(tags include a) AND (tags include b) XOR (tags include c)"], today: today).filters,
                       [.and(.tags(include: true, "a"), .xor(.tags(include: true, "b"), .tags(include: true, "c")))])
        XCTAssertEqual(try TaskQuery(["(done) XOR NOT (done) AND (done)"], today: today).filters,
                       [.and(.xor(.done(true), .not(.done(true))), .done(true))])
    }

    /// NOT may be repeated and written against its parenthesis, as Obsidian Tasks reads it.
    func testNotNestsAtTheStartOfALine() throws {
        XCTAssertEqual(try TaskQuery(["NOT NOT (done)"], today: today).filters, [.not(.not(.done(true)))])
        XCTAssertEqual(try TaskQuery(["NOT(done)"], today: today).filters, [.not(.done(true))])
        XCTAssertEqual(try TaskQuery(["NOT\t(done) AND\tNOT(not done)"], today: today).filters,
                       [.and(.not(.done(true)), .not(.done(false)))])
        XCTAssertEqual(try TaskQuery(["not done"], today: today).filters, [.done(false)])
    }

    /// A run of spaces and tabs between words is one separator everywhere; the value of a text
    /// or regex filter is kept as written.
    /// Filters may be delimited by `( )`, `[ ]`, `{ }` or `" "`, one kind per line, as in
    /// Obsidian Tasks; a filter whose text holds parentheses can use another kind.
    func testBooleanDelimiters() throws {
        for line in ["(done) OR NOT (has due date)", "[done] OR NOT [has due date]", "{done} OR NOT {has due date}",
                     "\"done\" OR NOT \"has due date\"", "NOT[has due date] OR [done]"] {
            let filters = try TaskQuery([line], today: today).filters
            XCTAssertTrue(filters == [.or(.done(true), .not(.hasDate(.due, true)))] || filters == [.or(.not(.hasDate(.due, true)), .done(true))],
                          line)
        }
        XCTAssertEqual(try TaskQuery(["[description includes (maybe)] OR [description includes (perhaps)]"], today: today).filters,
                       [.or(.text(.description, include: true, "(maybe)"), .text(.description, include: true, "(perhaps)"))])
        XCTAssertEqual(try TaskQuery(["[ [done] AND [has tags] ] OR [no tags]"], today: today).filters,
                       [.or(.and(.done(true), .hasTags(true)), .hasTags(false))])
        XCTAssertEqual(try TaskQuery(["{(done) XOR (has tags)} AND {no due date}"], today: today).filters,
                       [.and(.xor(.done(true), .hasTags(true)), .hasDate(.due, false))])
        for bad in ["(done) AND [has tags]", "\"done\" OR \"not done", "[done] OR [not done"] {
            XCTAssertThrowsError(try TaskQuery([bad], today: today), bad)
        }
    }

    func testRunsOfSpacesAndTabsSeparateWords() throws {
        let query = try TaskQuery(["sort  by  due\treverse", "not  done", "priority  is\thigh", "description\tincludes  two  spaces",
                                   "group\tby  status.type", "hide  due\tdate", "limit  to  5  tasks", "due  before  2026-12-01",
                                   "status.type  is  not  TODO", "has  due\tdate", "description  regex  does  not\tmatch  /a  b/i",
                                   "tags\tdo  not  include  #x"], today: today)
        XCTAssertEqual(query.sorts, [TaskSort(.due, reverse: true)])
        XCTAssertEqual(query.groupings, [TaskGrouping(.statusType)])
        XCTAssertEqual(query.hidden, [.dueDate])
        XCTAssertEqual(query.limit, 5)
        XCTAssertEqual(query.filters, [.done(false), .priority(.equal, .high), .text(.description, include: true, "two  spaces"),
                                       .date(.due, .before, DayRange(Day("2026-12-01")!)), .statusType(.todo, false),
                                       .hasDate(.due, true), .regex(.description, matches: false, try TextPattern("a  b", ignoresCase: true)),
                                       .tags(include: false, "#x")])
    }

    func testRelativeRanges() throws {
        func range(_ text: String) throws -> TaskFilter { try TaskQuery(["due " + text], today: today).filters[0] }
        XCTAssertEqual(try range("this week"), .date(.due, .on, DayRange(Day("2026-11-23")!, Day("2026-11-29")!)))
        XCTAssertEqual(try range("last month"), .date(.due, .on, DayRange(Day("2026-10-01")!, Day("2026-10-31")!)))
        XCTAssertEqual(try range("next year"), .date(.due, .on, DayRange(Day("2027-01-01")!, Day("2027-12-31")!)))
        XCTAssertEqual(try range("in 2 weeks"), .date(.due, .on, DayRange(Day("2026-12-07")!)))
        XCTAssertEqual(try range("2026-12-31 2026-12-01"), .date(.due, .on, DayRange(Day("2026-12-01")!, Day("2026-12-31")!)))
        XCTAssertEqual(try range("this quarter"), .date(.due, .on, DayRange(Day("2026-10-01")!, Day("2026-12-31")!)))
        XCTAssertEqual(try range("next quarter"), .date(.due, .on, DayRange(Day("2027-01-01")!, Day("2027-03-31")!)))
        XCTAssertEqual(try range("last quarter"), .date(.due, .on, DayRange(Day("2026-07-01")!, Day("2026-09-30")!)))
    }

    /// Obsidian Tasks' numbered ranges: a year, a month, a quarter, an ISO week.
    func testNumberedRanges() throws {
        func range(_ text: String) throws -> TaskFilter { try TaskQuery(["due in " + text], today: today).filters[0] }
        func days(_ first: String, _ last: String) -> TaskFilter { .date(.due, .on, DayRange(Day(first)!, Day(last)!)) }
        XCTAssertEqual(try range("2026"), days("2026-01-01", "2026-12-31"))
        XCTAssertEqual(try range("2026-12"), days("2026-12-01", "2026-12-31"))
        XCTAssertEqual(try range("2024-02"), days("2024-02-01", "2024-02-29"))
        XCTAssertEqual(try range("2026-Q4"), days("2026-10-01", "2026-12-31"))
        XCTAssertEqual(try range("2026-q1"), days("2026-01-01", "2026-03-31"))
        XCTAssertEqual(try range("2026-W48"), days("2026-11-23", "2026-11-29"))
        XCTAssertEqual(try range("2026-W01"), days("2025-12-29", "2026-01-04"))
        XCTAssertEqual(try range("2026-W53"), days("2026-12-28", "2027-01-03"))
        XCTAssertEqual(try range("2021-W01"), days("2021-01-04", "2021-01-10"))
        XCTAssertEqual(try TaskQuery(["due before 2026-12"], today: today).filters, [.date(.due, .before, DayRange(Day("2026-12-01")!, Day("2026-12-31")!))])
        for bad in ["2026-13", "2026-00", "2026-Q5", "2026-Q0", "2025-W53", "2026-W00", "2026-W4", "2026-1", "26", "2026-Q12"] {
            XCTAssertThrowsError(try TaskQuery(["due in " + bad], today: today), bad)
        }
    }

    func testIsRecurring() throws {
        let text = "- [ ] a 🔁 every day\n- [ ] b\n- [ ] c rec:2w\n- [x] d [repeat:: every year] done:2026-11-01\n"
        XCTAssertEqual(try titles(["is recurring"], text), ["a", "c", "d"])
        XCTAssertEqual(try titles(["is not recurring"], text), ["b"])
        XCTAssertEqual(try titles(["(is recurring) AND (not done)"], text), ["a", "c"])
        XCTAssertEqual(try TaskQuery(["is recurring"], today: today).filters, [.recurring(true)])
    }

    /// Tags are searched one by one, as Obsidian Tasks does: a regular expression is tested
    /// against each tag, and a `#` given in `tags include` must be in the tag.
    func testTagsAreSearchedOneByOne() throws {
        let text = "- [ ] one #a #b\n- [ ] two #location/home\n- [ ] three #Home/garden\n- [ ] none\n"
        XCTAssertEqual(try titles(["tags regex matches /^#b$/"], text), ["one #a #b"])
        XCTAssertEqual(try titles(["tags regex matches /^#a #b$/"], text), [])
        XCTAssertEqual(try titles(["tags regex does not match /^#a$/"], text), ["two #location/home", "three #Home/garden", "none"])
        XCTAssertEqual(try titles(["tags include #home"], text), ["three #Home/garden"])
        XCTAssertEqual(try titles(["tags include home"], text), ["two #location/home", "three #Home/garden"])
        XCTAssertEqual(try titles(["tags do not include #home"], text), ["one #a #b", "two #location/home", "none"])
        XCTAssertEqual(try titles(["tag includes #a #b"], text), [])
    }

    /// `hide tags` shows the title without every tag the task has, punctuation after a tag
    /// included; a `#` that is not a tag (`#1`, `a#b`) stays.
    func testTitleWithoutTags() throws {
        let text = "- [ ] Tagged #x, then #y. and #z\n- [ ] #first word #a/b-c_d!\n- [ ] issue #1 a#b #日本 end\n- [ ] none\n"
        XCTAssertEqual(try tasks(text).map(\.todo.titleWithoutTags), ["Tagged, then. and", "word!", "issue #1 a#b end", "none"])
        // Text glued to a tag's end stays a word apart.
        XCTAssertEqual(try tasks("- [ ] Ref: issue#12 and #tag#other and C# code\n").map(\.todo.titleWithoutTags),
                       ["Ref: issue#12 and #other and C# code"])
    }

    func testPriorityIsNot() throws {
        let text = "- [ ] a priority:high\n- [ ] b\n- [ ] c priority:low\n"
        XCTAssertEqual(try titles(["priority is not high"], text), ["b", "c"])
        XCTAssertEqual(try titles(["priority is not none"], text), ["a", "c"])
        XCTAssertEqual(try TaskQuery(["priority  is  not  none"], today: today).filters, [.priority(.notEqual, nil)])
    }

    /// `filename`, `folder` and `root` search parts of the path, as in Obsidian Tasks (with `./`
    /// for the current directory, as `group by folder` names it).
    func testFileFilters() throws {
        func paths(_ instruction: String) throws -> [String] {
            let all = try ["todos.md", "work/todo.md", "work/sub/x.todo.md", "/tmp/a/todo.md"].flatMap { try tasks("- [ ] t\n", path: $0) }
            return try TaskQuery([instruction], today: today).results(all).tasks.map(\.path)
        }
        XCTAssertEqual(try paths("filename includes TODO.md"), ["work/todo.md", "work/sub/x.todo.md", "/tmp/a/todo.md"])
        XCTAssertEqual(try paths("filename regex matches /^todos?\\.md$/"), ["todos.md", "work/todo.md", "/tmp/a/todo.md"])
        XCTAssertEqual(try paths("folder includes work/"), ["work/todo.md", "work/sub/x.todo.md"])
        XCTAssertEqual(try paths("folder regex matches /^work\\/$/"), ["work/todo.md"])
        XCTAssertEqual(try paths("folder includes ./"), ["todos.md"])
        XCTAssertEqual(try paths("root does not include work"), ["todos.md", "/tmp/a/todo.md"])
        XCTAssertEqual(try paths("root regex matches /^\\/tmp\\/$/"), ["/tmp/a/todo.md"])
    }

    func testHasTagsAndNoTags() throws {
        let text = "- [ ] one #a\n- [ ] two\n- [ ] three #1\n"
        XCTAssertEqual(try titles(["has tags"], text), ["one #a"])
        XCTAssertEqual(try titles(["no  tags"], text), ["two", "three #1"])
        XCTAssertEqual(try TaskQuery(["NOT (has tags)"], today: today).filters, [.not(.hasTags(true))])
    }

    func testEveryUnknownInstructionIsAnError() {
        for instruction in ["explain", "short mode", "due", "priority is urgent", "tags contain x", "group by urgency",
                            "limit many", "hide edit button", "(done) NAND (not done)", "(done", "status.type is NON_TASK",
                            "happens before the weekend", "description regex matches x"] {
            XCTAssertThrowsError(try TaskQuery([instruction], today: today), instruction)
        }
    }

    func testSortKeepsFileOrderForTiesAndPutsMissingDatesLast() throws {
        let text = """
            - [ ] c due:2026-11-25
            - [ ] none
            - [ ] a due:2026-11-24
            - [ ] b due:2026-11-25

            """
        XCTAssertEqual(try titles(["sort by due"], text), ["a", "c", "b", "none"])
        XCTAssertEqual(try titles(["sort by due reverse"], text), ["c", "b", "a", "none"])
        XCTAssertEqual(try titles(["sort by description reverse", "limit 2"], text), ["none", "c"])
    }

    /// `sort by happens` sorts by the earliest of start, scheduled and due; `sort by tag [N]` by
    /// the Nth tag, ignoring case, tasks without it last.
    func testSortByHappensAndTag() throws {
        let text = "- [ ] a due:2026-11-30 start:2026-11-24\n- [ ] b #Zed #b\n- [ ] c scheduled:2026-11-25 #alpha #c\n- [ ] d #beta\n"
        XCTAssertEqual(try titles(["sort by happens"], text), ["a", "c #alpha #c", "b #Zed #b", "d #beta"])
        XCTAssertEqual(try titles(["sort by tag"], text), ["c #alpha #c", "d #beta", "b #Zed #b", "a"])
        XCTAssertEqual(try titles(["sort by tag reverse"], text), ["b #Zed #b", "d #beta", "c #alpha #c", "a"])
        XCTAssertEqual(try titles(["sort by tag 2"], text), ["b #Zed #b", "c #alpha #c", "a", "d #beta"])
        XCTAssertEqual(try TaskQuery(["sort by tag reverse 2"], today: today).sorts, [TaskSort(.tag, reverse: true, tagNumber: 2)])
        XCTAssertThrowsError(try TaskQuery(["sort by tag 0"], today: today))
        XCTAssertThrowsError(try TaskQuery(["sort by due 2"], today: today))
    }

    func testGroupsAndCounts() throws {
        let text = """
            # A
            - [ ] one #x #y
            # B
            - [ ] two #y
            - [x] three done:2026-11-20

            """
        let result = try TaskQuery(["group by tags", "limit 2"], today: today).results(try tasks(text))
        XCTAssertEqual(result.groups.map(\.names), [["#x"], ["#y"]])
        XCTAssertEqual(result.groups.map { $0.tasks.map(\.todo.title) }, [["one #x #y"], ["one #x #y", "two #y"]])
        XCTAssertEqual(result.tasks.map(\.todo.line), [2, 4])
        XCTAssertEqual(result.matchedCount, 3)
        let perGroup = try TaskQuery(["group by heading", "limit groups 1"], today: today).results(try tasks(text))
        XCTAssertEqual(perGroup.groups.map { $0.tasks.map(\.todo.line) }, [[2], [4]])
        XCTAssertEqual(perGroup.shownCount, 2)
        XCTAssertEqual(perGroup.matchedCount, 3)
        XCTAssertEqual(try TaskQuery(["limit groups to 2 tasks"], today: today).groupLimit, 2)
        // Without grouping, the group limit changes nothing.
        XCTAssertEqual(try TaskQuery(["limit groups 1"], today: today).results(try tasks(text)).tasks.count, 3)
        let nested = try TaskQuery(["group by heading", "group by status"], today: today).results(try tasks(text))
        XCTAssertEqual(nested.groups.map(\.names), [["A", "Todo"], ["B", "Done"], ["B", "Todo"]])
    }

    /// Every date field groups, `happens` by the earliest of start, scheduled and due.
    func testGroupByDates() throws {
        let text = "- [ ] a start:2026-11-25 due:2026-11-24\n- [ ] b scheduled:2026-11-26 created:2026-11-01\n- [x] c done:2026-11-20\n"
        func groups(_ instruction: String) throws -> [[String]] {
            try TaskQuery([instruction], today: today).results(try tasks(text)).groups.map { $0.names + $0.tasks.map(\.todo.title) }
        }
        XCTAssertEqual(try groups("group by happens"),
                       [["2026-11-24 Tuesday", "a"], ["2026-11-26 Thursday", "b"], ["(No happens date)", "c"]])
        XCTAssertEqual(try groups("group by start"), [["2026-11-25 Wednesday", "a"], ["(No start date)", "b", "c"]])
        XCTAssertEqual(try groups("group by created reverse"), [["(No created date)", "a", "c"], ["2026-11-01 Sunday", "b"]])
        XCTAssertEqual(try groups("group by done"), [["2026-11-20 Friday", "c"], ["(No done date)", "a", "b"]])
        XCTAssertEqual(try groups("group by cancelled"), [["(No cancelled date)", "a", "b", "c"]])
    }

    /// `group by status` makes Obsidian Tasks' two groups, `Done` first; `group by status.type`
    /// its four, in progress first.
    func testGroupByStatusAndStatusType() throws {
        let text = "- [ ] open\n- [x] done\n- [/] going\n- [-] dropped\n- [?] asked\n"
        func groups(_ instruction: String) throws -> [[String]] {
            try TaskQuery([instruction], today: today).results(try tasks(text)).groups.map { $0.names + $0.tasks.map(\.todo.title) }
        }
        XCTAssertEqual(try groups("group by status"), [["Done", "done", "dropped"], ["Todo", "open", "going", "asked"]])
        XCTAssertEqual(try groups("group by status reverse"), [["Todo", "open", "going", "asked"], ["Done", "done", "dropped"]])
        XCTAssertEqual(try groups("group by status.type"),
                       [["IN_PROGRESS", "going"], ["TODO", "open", "asked"], ["DONE", "done"], ["CANCELLED", "dropped"]])
        XCTAssertEqual(try TaskQuery(["group by status.type reverse"], today: today).groupings, [TaskGrouping(.statusType, reverse: true)])
    }

    func testTasksBlocksInMarkdown() {
        let text = "# Notes\n```tasks\nnot done\n```\ntext\n````tasks\ndone\n```\nstill in\n````\n```js\nx\n```\n~~~tasks\nlimit 1"
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: text), [["not done"], ["done", "```", "still in"], ["limit 1"]])
    }

    /// A tasks block shown inside another code block is text of that block: fences close only
    /// with the same character, at least as long, with nothing after them (CommonMark).
    func testTasksBlocksInsideOtherCodeBlocksAreText() {
        let shown = "````text\n```tasks\ndone\n```\n````\n```tasks\nnot done\n```\n"
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: shown), [["not done"]])
        let tilde = "~~~\n```tasks\ndone\n```\n~~~\n~~~~tasks\nlimit 1\n~~~\n```\nlimit 2\n~~~~\n"
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: tilde), [["limit 1", "~~~", "```", "limit 2"]])
        // An info string never closes a block, so "```tasks" inside a js block is code.
        let code = "```js\n```tasks\nx\n```\n"
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: code), [])
        // Up to three spaces of indentation; four make an indented code block.
        let indented = "   ```tasks\n  done\n   ```\n    ```tasks\nnot done\n    ```\n"
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: indented), [["  done"]])
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: "```tasks\r\ndone\r\n```  \r\n"), [["done"]])
        XCTAssertEqual(TaskQuery.blocks(inMarkdown: "```tasks\rdone\r```\r"), [["done"]])
    }

    func testTextPattern() throws {
        func matches(_ pattern: String, _ text: String) throws -> Bool { try TextPattern(slashed: pattern).matches(text) }
        XCTAssertTrue(try matches("/^a.c$/", "abc"))
        XCTAssertFalse(try matches("/^a.c$/", "abcd"))
        XCTAssertTrue(try matches("/colou?r/", "the color"))
        XCTAssertTrue(try matches("/\\bcat\\b/", "a cat!"))
        XCTAssertFalse(try matches("/\\bcat\\b/", "concatenate"))
        XCTAssertTrue(try matches("/[^0-9]{3}-\\d+/", "abc-42"))
        XCTAssertTrue(try matches("/(ab)+c/", "xxababc"))
        XCTAssertTrue(try matches("/HELLO/i", "say hello"))
        XCTAssertFalse(try matches("/HELLO/", "say hello"))
        XCTAssertTrue(try matches("/[A-Z]/i", "lower"))
        XCTAssertTrue(try matches("/a{2,3}b/", "caaab"))
        XCTAssertFalse(try matches("/^a{2,3}b/", "aaaab"))
        XCTAssertTrue(try matches("/a.*?b/", "a--b--b"))
        XCTAssertTrue(try matches("/日本|中国/", "日本語"))
        XCTAssertTrue(try matches("/(a*)*b/", "aaaab"))
        XCTAssertTrue(try matches("/\\//", "a/b"))
        XCTAssertTrue(try matches("/(?:x|y)z/", "yz"))
        for bad in ["abc", "/(a/", "/a)/", "/[a/", "/*a/", "/a/g", "/(?=a)/", "/\\1/", "/a{3,1}/", "/(a{1000}){1000}/"] {
            XCTAssertThrowsError(try TextPattern(slashed: bad), bad)
        }
    }

    /// Alternatives, empty branches, counted and nested repetitions and anchors, as a regular
    /// expression engine reads them (cases checked against Python's `re.search`).
    func testTextPatternSemantics() throws {
        let cases: [(String, String, Bool)] = [
            ("/a(|b)c/", "ac", true), ("/a(|b)c/", "abc", true), ("/a(|b)c/", "abbc", false),
            ("/(a|ab)(c|bcd)(d*)$/", "abcd", true), ("/x*/", "", true), ("/^$/", "", true), ("/^$/", "a", false),
            ("/a$/", "ab", false), ("/b$/", "ab", true), ("/^b/", "ab", false), ("/a{0}b/", "b", true),
            ("/a{2,}/", "a", false), ("/a{2,}/", "caaa", true), ("/(ab){1,2}c/", "abababc", true),
            ("/^(ab){1,2}c/", "abababc", false), ("/\\bend\\b/", "the end", true), ("/\\Bnd/", "end", true),
            ("/\\Bend/", "end", false), ("/[^a-c]+$/", "abcxyz", true), ("/^[^a-c]+$/", "abcxyz", false),
            ("/(a*)+$/", "b", true), ("/(a|b)*c/", "ababab", false), ("/.+/", "\n", false), ("/\\d{4}-\\d\\d/", "due 2026-12", true),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try TextPattern(slashed: pattern).matches(text), expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    /// The `i` flag folds letters only, as in JavaScript: the upper-case escapes keep meaning
    /// "not a digit, word character, space, boundary", in a class too.
    func testIgnoringCaseKeepsTheUpperCaseEscapes() throws {
        let cases: [(String, String, Bool)] = [
            ("/^\\D+$/i", "123", false), ("/^\\D+$/i", "abc", true), ("/[\\D]/i", "123", false), ("/[\\D]/i", "12a", true),
            ("/\\W/i", "abc", false), ("/\\W/i", "a b", true), ("/^\\S+$/i", "a b", false), ("/^\\S+$/i", "AB", true),
            ("/a\\B/i", "a b", false), ("/a\\B/i", "ab", true), ("/[^\\S]/i", "ab", false), ("/ABC\\d/i", "xabc1", true),
            ("/[^A-Z]/i", "abc", false), ("/[a-c]+X/i", "ABCx", true), ("/STRASSE/i", "strasse", true), ("/Ä/i", "ä", true),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try TextPattern(slashed: pattern).matches(text), expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    /// JavaScript's case folding without the `u` flag: each scalar compared as its upper case when
    /// that is one scalar, never a non-ASCII letter as an ASCII one; the text keeps its scalars.
    /// `\\w` and `\\b` are JavaScript's: ASCII letters, digits and `_`.
    func testIgnoringCaseFoldsAsJavaScriptDoes() throws {
        let cases: [(String, String, Bool)] = [
            ("/^[İ]$/i", "İ", true), ("/^.$/i", "İ", true), ("/^\\S$/i", "İ", true),   // one scalar, not "i̇"
            ("/^k$/i", "\u{212A}", false), ("/^[a-z]$/i", "\u{212A}", false),       // the Kelvin sign is no k
            ("/^s$/i", "ſ", false), ("/^ß$/i", "ß", true), ("/^É$/i", "é", true), ("/^[à-ÿ]+$/i", "ÉCOLE", false),
            ("/^\\w$/", "é", false), ("/^\\w+$/", "café", false), ("/caf\\b/", "café", true), ("/^\\W$/", "日", true),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try TextPattern(slashed: pattern).matches(text), expected, "\(pattern) on \(text.debugDescription)")
        }
        // As Obsidian Tasks reads `/…/`: an empty pattern and a repeated flag are errors, not
        // "matches everything".
        for bad in ["//", "//i", "/a/ii"] {
            XCTAssertThrowsError(try TextPattern(slashed: bad), bad)
        }
    }

    /// A global filter that is a tag marks tasks; it is not one of their tags (Obsidian Tasks).
    func testATagGlobalFilterIsNotATag() throws {
        let text = "- [ ] #task one\n- [ ] #task two #home\n- [ ] not a task #x\n"
        let found = try QueriedTask.tasks(in: Array(text.utf8), path: "todos.md", globalFilter: "#task")
        XCTAssertEqual(found.map(\.todo.tags), [[], ["home"]])
        XCTAssertEqual(try TaskQuery(["no tags"], today: today).results(found).tasks.map(\.todo.title), ["#task one"])
        XCTAssertEqual(try TaskQuery(["hide tags"], today: today).results(found).tasks.map(\.todo.titleWithoutTags),
                       ["#task one", "#task two"])
    }

    /// `description` filters and sorting read the title without the global filter, as Obsidian Tasks
    /// does; a filter that is no tag (`TODO`) too, and only where it stands as a word.
    func testDescriptionLeavesOutTheGlobalFilter() throws {
        let text = "- [ ] #task Pay rent\n- [ ] Call #task about taxes\n- [ ] #tasks list #task\n- [ ] #task\n"
        let found = try QueriedTask.tasks(in: Array(text.utf8), path: "todos.md", globalFilter: "#task")
        XCTAssertEqual(found.map(\.description), ["Pay rent", "Call about taxes", "#tasks list", ""])
        func titles(_ instructions: String...) throws -> [String] {
            try TaskQuery(instructions, today: today).results(found).tasks.map(\.todo.title)
        }
        XCTAssertEqual(try titles("description includes task"), ["#tasks list #task"])
        XCTAssertEqual(try titles("description regex matches /^Pay/"), ["#task Pay rent"])
        XCTAssertEqual(try titles("description regex matches /^$/"), ["#task"])
        XCTAssertEqual(try titles("sort by description"),
                       ["#task", "#tasks list #task", "Call #task about taxes", "#task Pay rent"])
        let plain = try QueriedTask.tasks(in: Array("- [ ] TODO call  Bob\n- [ ] call TODOS\n".utf8), path: "todos.md",
                                          globalFilter: "TODO")
        XCTAssertEqual(plain.map(\.description), ["call  Bob", "call TODOS"])
        // Without a global filter the description is the title.
        XCTAssertEqual(try QueriedTask.tasks(in: Array(text.utf8), path: "todos.md").map(\.description),
                       ["#task Pay rent", "Call #task about taxes", "#tasks list #task", "#task"])
    }

    /// Patterns that take a backtracking matcher exponential time (seconds for a title of 25
    /// letters, minutes for 30) are answered at once: every thread of the match is followed at
    /// the same time, each instruction once per position.
    func testNestedRepetitionsDoNotBacktrack() throws {
        let words = try TextPattern(slashed: "/^(\\w+\\s?)+$/")
        XCTAssertFalse(words.matches("Callplumberaboutleakingsinkbeforethefloodtomorrow!"))
        XCTAssertTrue(words.matches("Call plumber about leaking sink"))
        let stars = try TextPattern(slashed: "/(a*)*b/")
        XCTAssertFalse(stars.matches(String(repeating: "a", count: 5_000)))
        XCTAssertTrue(stars.matches(String(repeating: "a", count: 5_000) + "b"))
        let alternatives = try TextPattern(slashed: "/^(a|a?)+$/")
        XCTAssertFalse(alternatives.matches(String(repeating: "a", count: 60) + "!"))
    }
}
