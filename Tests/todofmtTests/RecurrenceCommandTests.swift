import Foundation
import XCTest

/// Recurring tasks, relative dates and custom statuses end to end: the built binary on real files,
/// with `.todofmt.json` and `TODOFMT_TODAY`.
final class RecurrenceCommandTests: XCTestCase {
    func testTickedRecurringTaskGetsItsNextOccurrenceOnceInPlace() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "# Home\n\n- [x] Water plants 🔁 every week 📅 2026-11-20\n- [ ] Call mum 📅 friday\n")
        let first = try sandbox.todofmt("todos.md", environment: ["TODOFMT_TODAY": "2026-11-23"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let expected = "# Home\n\n- [ ] Water plants rec:+1w due:2026-11-27\n- [ ] Call mum due:2026-11-27\n"
            + "- [x] Water plants rec:+1w due:2026-11-20 done:2026-11-23\n"
        XCTAssertEqual(try sandbox.read("todos.md"), expected)
        // Formatting again, even on a later day, leaves it: the done date was stamped, so no second occurrence.
        let again = try sandbox.todofmt("--check", "todos.md", environment: ["TODOFMT_TODAY": "2026-12-24"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), expected)
    }

    func testConfigurationPlacesBelowKeepsEmojiAndMapsStatuses() throws {
        let sandbox = try Sandbox()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji", "nextOccurrence": "below", "sinkCompleted": false, "statuses": {"d": "done", "~": "cancelled"}}"#)
        try sandbox.write("todo.md", "- [d] Pay rent [repeat:: every month on the last when done] [due:: 2026-10-31]\n  - [ ] transfer\n- [~] Party\n- [ ] Next\n")
        let result = try sandbox.todofmt("--today", "2026-11-21", "todo.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"),
                       "- [d] Pay rent 🔁 every month on the last when done 📅 2026-10-31 ✅ 2026-11-21\n  - [ ] transfer\n"
                       + "- [ ] Pay rent 🔁 every month on the last when done 📅 2026-11-30\n- [~] Party ❌ 2026-11-21\n- [ ] Next\n")
        // `rules` run here knows the mapped marks.
        let rules = try sandbox.todofmt("rules")
        XCTAssertEqual(rules.status, 0, rules.stderr)
        XCTAssertTrue(rules.stdout.hasSuffix("\nCHECKBOX  STATUS (statuses in .todofmt.json)\n[d]       done\n[~]       cancelled\n"), rules.stdout)
    }

    func testNoStampMeansNoNewOccurrenceAndLintNamesUnknownRulesAndWords() throws {
        let sandbox = try Sandbox()
        let text = "- [ ] a 🔁 every blue moon\n- [ ] b due:soon\n- [ ] c dependsOn:nope\n- [x] d rec:+1d due:2026-11-20\n"
        try sandbox.write("todos.md", text)
        let noStamp = try sandbox.todofmt("--no-stamp", "--today", "2026-11-21", "todos.md")
        XCTAssertEqual(noStamp.status, 0, noStamp.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), text)
        let lint = try sandbox.todofmt("lint", "--today", "2026-11-21", "todos.md")
        XCTAssertEqual(lint.status, 1, lint.stdout)
        XCTAssertTrue(lint.stdout.contains("todos.md:1:9: error: recurrence rule 'every blue moon' is not understood [TD018]"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("todos.md:2:9: error: 'soon' is not a date"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("todos.md:3:9: warning: no task has the id 'nope' [TD020]"), lint.stdout)
    }

    func testSignsSpacesAndDependenciesAreReadAsObsidianTasksUsersMeanThem() throws {
        let sandbox = try Sandbox()
        // A minus inside a phrase is no sign: the date stays text rather than three days later.
        // Words may stand two spaces apart; the next occurrence is blocked by nothing.
        try sandbox.write("todos.md", "- [ ] Call 📅 in -3 days\n- [ ] Post 📅 in  3 days\n"
            + "- [x] Pay rent 🔁 every week  when done 📅 2026-02-01\n- [x] Review ⛔ draft 🔁 every week 📅 2026-01-28\n"
            + "- [x] Bins rec:+1W due:2026-01-30\n- [ ] Draft 🆔 draft\n")
        let result = try sandbox.todofmt("--no-config", "--field-style", "emoji", "--today", "2026-01-30", "todos.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todos.md"), """
            - [ ] Call 📅 in -3 days
            - [ ] Post 📅 2026-02-02
            - [ ] Pay rent 🔁 every week when done 📅 2026-02-06
            - [ ] Review 🔁 every week 📅 2026-02-04
            - [ ] Bins 🔁 every week 📅 2026-02-06
            - [ ] Draft 🆔 draft
            - [x] Pay rent 🔁 every week when done 📅 2026-02-01 ✅ 2026-01-30
            - [x] Review ⛔ draft 🔁 every week 📅 2026-01-28 ✅ 2026-01-30
            - [x] Bins 🔁 every week 📅 2026-01-30 ✅ 2026-01-30

            """)
        let shell = try sandbox.todofmt("add", "--no-config", "--today", "2026-01-30", "--due", "in -3 days", "Later")
        XCTAssertEqual(shell.status, 2, shell.stdout)
    }

    func testLintNamesTheRuleOrDateAsWritten() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] a 🔁 every week for 3 times 📅 2026-02-01\n- [ ] b 🔁 every week until 2026-06-01\n"
            + "- [ ] c 🔁 every week then more.\n- [ ] d 📅 next friday\n- [ ] e 📅 in 3 days call\n- [ ] f 🔁 every -2 weeks\n")
        let lint = try sandbox.todofmt("lint", "--no-config", "--today", "2026-01-30", "todos.md")
        XCTAssertEqual(lint.status, 1, lint.stderr)
        let hint = "write yyyy-mm-dd or a relative date such as tomorrow, friday, next week, in 3 days, +2w, end of month"
        XCTAssertEqual(lint.stdout, """
            todos.md:1:9: error: recurrence rule 'every week for 3 times' is not understood [TD018]
            todos.md:2:9: error: recurrence rule 'every week until 2026-06-01' is not understood [TD018]
            todos.md:3:9: warning: '🔁 every week' is text here: emoji fields are read only at the end of the line, after the text [TD021]
            todos.md:4:14: error: 'next friday' is not a date: \(hint) [TD019]
            todos.md:5:9: warning: '📅 in 3 days' is text here: emoji fields are read only at the end of the line, after the text [TD021]
            todos.md:6:9: error: recurrence rule 'every -2 weeks' is not understood [TD018]

            """)
    }

    func testWatchTicksOnceAndSettles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", "- [ ] Water plants rec:+1w due:2026-11-20\n")
        let watch = try WatchProcess(["--today", Samples.today, "todos.md"], in: sandbox.url)
        XCTAssertEqual(watch.lines.first, "todofmt: watching 1 file")
        // The editor ticks the task (an atomic save, as most editors do).
        EditorSave.atomicRename.save("- [x] Water plants rec:+1w due:2026-11-20\n", to: sandbox.path("todos.md"))
        let expected = "- [ ] Water plants rec:+1w due:2026-11-27\n- [x] Water plants rec:+1w due:2026-11-20 done:2026-11-21\n"
        XCTAssertTrue(WatchProcess.eventually { (try? sandbox.read("todos.md")) == expected }, watch.stderr)
        XCTAssertEqual(watch.stop(), 0, watch.stderr)
        // The watcher's own write did not make a second occurrence.
        XCTAssertEqual(try sandbox.read("todos.md"), expected)
        XCTAssertEqual(watch.lines.filter { $0 == "todofmt: todos.md: formatted" }.count, 1, watch.stderr)
    }

    func testDependenciesAreResolvedAcrossTheFilesOfAWalk() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a.todo.md", "- [ ] Review ⛔ draft1\n- [ ] Ship dependsOn:nowhere\n")
        try sandbox.write("b.todo.md", "- [ ] Draft 🆔 draft1\n")
        let walk = try sandbox.todofmt("lint", ".")
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertEqual(walk.stdout, "a.todo.md:2:12: warning: no task has the id 'nowhere' [TD020]\n")
        // Alone, a.todo.md does not know b's ids.
        let alone = try sandbox.todofmt("lint", "a.todo.md")
        XCTAssertTrue(alone.stdout.contains("a.todo.md:1:14: warning: no task has the id 'draft1' [TD020]"), alone.stdout)
    }

    func testBadStatusesConfigurationIsAOneLineError() throws {
        let sandbox = try Sandbox()
        try sandbox.write(".todofmt.json", #"{"statuses": {"x": "open"}}"#)
        try sandbox.write("todos.md", "- [x] a\n")
        let result = try sandbox.todofmt("todos.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: .todofmt.json:1:15: 'x' in 'statuses' is a standard mark; only other marks can be mapped\n")
        XCTAssertEqual(try sandbox.read("todos.md"), "- [x] a\n")
        // `rules` says the same, and lists the rules all the same.
        let rules = try sandbox.todofmt("rules")
        XCTAssertEqual(rules.status, 2)
        XCTAssertEqual(rules.stderr, result.stderr)
        XCTAssertTrue(rules.stdout.hasPrefix("CODE   SEVERITY"), rules.stdout)
        XCTAssertTrue(rules.stdout.contains("\nTD021  "), rules.stdout)
    }
}
