// The registry: every rule described once. docs/LINT.md lists the same codes (a test checks it).
extension LintRule {
    /// Every rule, in code order.
    public static let all: [LintRule] = [
        unformatted, invalidDate, endDateOnOpenTask, completedWithoutDate, completedAboveOpen, endDateInFuture,
        dueBeforeCreated, completedParentWithOpenSubtasks, nonCanonicalCheckbox, unknownStatus,
        nearMissTask, misspelledFieldKey, duplicateTask, emptyTask, overdueTask, unknownDirective, unmatchedDirective,
        duplicateField, unknownRecurrence, unknownDatePhrase, unknownDependency, emojiFieldNotAtEnd,
    ]

    static let unformatted = LintRule(
        code: "TD000", number: 0, name: "unformatted", severity: .error, enabledByDefault: false, fixable: true,
        summary: "lines that formatting would change (what `todofmt --check` and `--diff` report)",
        rationale: "A file that is not in canonical form fails `todofmt --check`; each finding marks one region "
            + "the formatter would rewrite, so a CI log shows where, not only that.",
        triggers: [
            Example("- [x] Pay rent done:2026-11-20\n- [ ] Book taxi\n", line: 1, column: 1),
            Example("# Home\n\n- [ ]  Renew passport\n", line: 3, column: 1),
        ],
        passes: ["- [ ] Book taxi\n- [x] Pay rent done:2026-11-20\n", "Text only\n", "- [ ]\n"])

    static let invalidDate = LintRule(
        code: "TD001", number: 1, name: "invalid-date", severity: .error, enabledByDefault: true, fixable: false,
        summary: "a field with a date that does not exist or is not written YYYY-MM-DD",
        rationale: "The formatter reads `due:2026-02-30` as plain text, so the task silently has no due date.",
        triggers: [
            Example("- [ ] Pay rent due:2026-02-30\n", line: 1, column: 16),
            Example("- [ ] a 📅 2025-02-29\n", line: 1, column: 9),
            Example("- [ ] a [due:: 2026-13-01]\n", line: 1, column: 9),
            Example("- [ ] a due:2026-1-5\n", line: 1, column: 9),
            Example("- [ ] a 📅2026-13-01\n", line: 1, column: 9),
        ],
        passes: [
            "- [ ] Pay rent due:2026-02-28\n", "- [ ] a `due:2026-02-30`\n", "- [ ] a 📅2026-12-01\n", "```\n- [ ] a due:2026-02-30\n```\n",
            "- a due:2026-02-30\n", "- [ ] meet at 12:30\n", "- [ ] a due:2026-02-30,\n",
        ])

    static let endDateOnOpenTask = LintRule(
        code: "TD002", number: 2, name: "end-date-on-open-task", severity: .warning, enabledByDefault: true, fixable: true,
        summary: "a task that is not completed carries a done or cancelled date",
        rationale: "A reopened task keeps a stale end date; formatting removes it.",
        triggers: [Example("- [ ] Pay rent done:2026-11-01\n", line: 1, column: 16)],
        passes: ["- [x] Pay rent done:2026-11-01\n", "- [ ] Pay rent due:2026-11-01\n", "- [ ] a `done:2026-11-01`\n"])

    static let completedWithoutDate = LintRule(
        code: "TD003", number: 3, name: "completed-without-date", severity: .warning, enabledByDefault: true, fixable: true,
        summary: "a done or cancelled task has no done or cancelled date",
        rationale: "Without an end date nobody can tell when the task was finished; formatting stamps today.",
        triggers: [Example("- [x] Pay rent\n", line: 1, column: 3), Example("1. [-] Party\n", line: 1, column: 4)],
        passes: ["- [x] Pay rent done:2026-11-20\n", "- [-] Party cancelled:2026-11-20\n", "- [x] Party cancelled:2026-11-20\n",
                 "- [x]\n", "- [ ] Pay rent\n"])

    static let completedAboveOpen = LintRule(
        code: "TD004", number: 4, name: "completed-above-open", severity: .warning, enabledByDefault: true, fixable: true,
        summary: "a completed task stands above items of its list that are not completed",
        rationale: "Open work belongs at the top of a list; formatting sinks completed tasks.",
        triggers: [Example("- [x] Pack done:2026-11-20\n- [ ] Book taxi\n", line: 1, column: 3)],
        passes: ["- [ ] Book taxi\n- [x] Pack done:2026-11-20\n", "- [x] a done:2026-11-20\n\n# Next\n\n- [ ] b\n",
                 "- [ ] Trip\n  - [x] Pack done:2026-11-20\n- [ ] Book\n"])

    static let endDateInFuture = LintRule(
        code: "TD005", number: 5, name: "end-date-in-future", severity: .error, enabledByDefault: true, fixable: false,
        summary: "a completed task's done or cancelled date is after today",
        rationale: "A task cannot have been finished on a day that has not come yet; usually a typo.",
        triggers: [Example("- [x] Pay rent done:2026-12-01\n", line: 1, column: 16)],
        passes: ["- [x] Pay rent done:2026-11-21\n", "- [ ] Pay rent due:2026-12-01\n"])

    static let dueBeforeCreated = LintRule(
        code: "TD006", number: 6, name: "due-before-created", severity: .error, enabledByDefault: true, fixable: false,
        summary: "a task is due before the day it was created",
        rationale: "One of the two dates is wrong.",
        triggers: [Example("- [ ] a created:2026-11-10 due:2026-11-01\n", line: 1, column: 28)],
        passes: ["- [ ] a created:2026-11-01 due:2026-11-01\n", "- [ ] a due:2026-11-01\n"])

    static let completedParentWithOpenSubtasks = LintRule(
        code: "TD007", number: 7, name: "completed-parent-with-open-subtasks", severity: .warning, enabledByDefault: true,
        fixable: false,
        summary: "a completed task has subtasks that are not completed",
        rationale: "Either the parent is not really done or the subtasks were forgotten.",
        triggers: [Example("- [x] Pack done:2026-11-20\n  - [ ] Find passport\n", line: 1, column: 3)],
        passes: ["- [x] Pack done:2026-11-20\n  - [x] Find passport done:2026-11-20\n", "- [ ] Pack\n  - [ ] Find passport\n"])

    static let nonCanonicalCheckbox = LintRule(
        code: "TD008", number: 8, name: "non-canonical-checkbox", severity: .warning, enabledByDefault: true, fixable: true,
        summary: "a checkbox written `[X]`, or not followed by exactly one space",
        rationale: "One spelling keeps diffs and searches simple; formatting writes `[x]` and one space.",
        triggers: [
            Example("- [X] Pay rent done:2026-11-20\n", line: 1, column: 4),
            Example("- [ ]  Pay rent\n", line: 1, column: 6),
            Example("- [ ]\tPay rent\n", line: 1, column: 6),
        ],
        passes: ["- [x] Pay rent done:2026-11-20\n", "- [ ] Pay rent\n", "-   [ ] Pay rent\n", "- [ ]  \n"])

    static let unknownStatus = LintRule(
        code: "TD009", number: 9, name: "unknown-status", severity: .info, enabledByDefault: true, fixable: false,
        summary: "a checkbox mark other than space, x, X, - or / that the configuration's statuses do not map",
        rationale: "Custom marks such as `[?]` are kept and read as open unless `statuses` in .todofmt.json maps them; other tools may not know them.",
        triggers: [Example("- [?] Ask Bob\n", line: 1, column: 4)],
        passes: ["- [ ] a\n", "- [/] a\n", "- [-] a cancelled:2026-11-20\n", "- [x] a done:2026-11-20\n"])

    static let nearMissTask = LintRule(
        code: "TD010", number: 10, name: "near-miss-task", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a line that looks like a task but is not one",
        rationale: "`- [x]foo`, `-[ ] a` or `[ ] a` render as text: the task is invisible to every tool.",
        triggers: [
            Example("- [x]foo\n", line: 1, column: 3),
            Example("-[ ] a\n", line: 1, column: 1),
            Example("[ ] a\n", line: 1, column: 1),
            Example("- [\t] a\n", line: 1, column: 3),
            Example("- []\n", line: 1, column: 3),
            Example("- [ x] a\n", line: 1, column: 3),
            Example("> -[ ] a\n", line: 1, column: 3),
            Example("- [ ] a\n  -[ ] b\n", line: 2, column: 3),
            Example("1. -[ ] a\n", line: 1, column: 4),
        ],
        passes: ["- [ ] a\n", "- [link](https://example.com)\n", "- [x](https://example.com)\n", "```\n-[ ] a\n```\n",
                 "    [ ] a\n", "> [!todo] Title\n> - [ ] a\n", "---\n[ ] a\n---\n# Tasks\n", "- [link] text\n",
                 "[x]: https://example.com\n", "- [[]] -\n", "- [[Page]] notes\n", "- [[x]]foo\n", "%%\n-[ ] a\n%%\n"])

    static let misspelledFieldKey = LintRule(
        code: "TD011", number: 11, name: "misspelled-field-key", severity: .error, enabledByDefault: true, fixable: false,
        summary: "an unknown key followed by a date or a relative date, one or two edits away from a field key",
        rationale: "`deu:2026-01-01` is plain text, so the task silently has no due date.",
        triggers: [
            Example("- [ ] a deu:2026-01-01\n", line: 1, column: 9),
            Example("- [ ] a deu:tomorrow\n", line: 1, column: 9),
            Example("- [ ] a dué:2026-01-01\n", line: 1, column: 9),
            Example("- [ ] a [deu:: 2026-01-01]\n", line: 1, column: 9),
            Example("- [ ] a schedule:2026-01-01\n", line: 1, column: 9),
            Example("- [ ] a Due:2026-01-01\n", line: 1, column: 9),
            Example("- [x] a completion:2026-01-01\n", line: 1, column: 9),
            Example("- [x] a [done:: 2026-01-01]\n", line: 1, column: 9),
        ],
        passes: ["- [ ] a due:2026-01-01\n", "- [ ] a date:2026-01-01\n", "- [ ] a end:2026-01-01\n", "- [ ] a deu:soon\n",
                 "- [ ] a `deu:2026-01-01`\n", "- a deu:2026-01-01\n",
                 "- [x] a [completion:: 2026-01-01]\n", "- [ ] a [deu:: soon]\n"])

    static let duplicateTask = LintRule(
        code: "TD012", number: 12, name: "duplicate-task", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a task with the same title as an earlier task in the same list",
        rationale: "Usually the same task written down twice.",
        triggers: [Example("- [ ] Buy milk\n- [ ] Buy milk due:2026-12-01\n", line: 2, column: 3)],
        passes: ["- [ ] Buy milk\n- [ ] Buy bread\n", "- [ ] Buy milk\n\n# Later\n\n- [ ] Buy milk\n",
                 "- [ ] Shop\n  - [ ] Buy milk\n- [ ] Buy milk\n"])

    static let emptyTask = LintRule(
        code: "TD013", number: 13, name: "empty-task", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a task with no title",
        rationale: "A checkbox with nothing to do is a leftover.",
        triggers: [Example("- [ ]\n", line: 1, column: 3), Example("- [ ] due:2026-12-01\n", line: 1, column: 3)],
        passes: ["- [ ] a\n", "- [ ] `code`\n"])

    static let overdueTask = LintRule(
        code: "TD014", number: 14, name: "overdue-task", severity: .warning, enabledByDefault: false, fixable: false,
        summary: "a task that is not completed is past its due date",
        rationale: "Useful in a daily CI job; off by default because the result changes with the date.",
        triggers: [Example("- [ ] Pay rent due:2026-11-20\n", line: 1, column: 16)],
        passes: ["- [ ] Pay rent due:2026-11-21\n", "- [x] Pay rent due:2026-11-01 done:2026-11-02\n"])

    static let unknownDirective = LintRule(
        code: "TD015", number: 15, name: "unknown-directive", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a `todofmt-` comment the tool does not know, or a rule name no rule has",
        rationale: "A misspelled directive (`todofmt-ignroe`, `todofmt-disable TD04`) silently does nothing.",
        triggers: [
            Example("<!-- todofmt-ignroe -->\n- [ ] a\n", line: 1, column: 6),
            Example("<!-- todofmt-disable TD04 -->\n- [ ] a\n", line: 1, column: 22),
            Example("<!-- todofmt-disable completed-above-open, nosuch-rule -->\n", line: 1, column: 44),
            Example("<!-- todofmt-ignore this list -->\n- [x] a\n- [ ] b\n", line: 1, column: 21),
        ],
        passes: ["<!-- todofmt-ignore -->\n- [ ] a\n", "<!-- todofmt-disable TD004,duplicate-task -->\n",
                 "<!--todofmt-enable-->\n", "```\n<!-- todofmt-nonsense -->\n```\n", "text <!-- todofmt-nonsense -->\n",
                 "<!-- todofmtignore -->\n", "<!-- todofmt-disable TD015 -->\n<!-- todofmt-nonsense -->\n"])

    static let unmatchedDirective = LintRule(
        code: "TD016", number: 16, name: "unmatched-directive", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "`todofmt-ignore` with no list right after it, or an ignore region that is not closed or not opened",
        rationale: "The directive does not cover what its author meant: nothing, or the whole rest of the file.",
        triggers: [
            Example("<!-- todofmt-ignore -->\nText.\n\n- [ ] a\n", line: 1, column: 6),
            Example("- [ ] a\n\n<!-- todofmt-ignore-end -->\n", line: 3, column: 6),
            Example("<!-- todofmt-ignore-start -->\n- [x] a\n- [ ] b\n", line: 1, column: 6),
            Example("- [ ] a\n  <!-- todofmt-ignore -->\n- [ ] b\n", line: 2, column: 8),
        ],
        passes: ["<!-- todofmt-ignore -->\n\n- [ ] a\n", "<!-- todofmt-ignore-start -->\n- [x] a\n<!-- todofmt-ignore-end -->\n",
                 "> <!-- todofmt-ignore -->\n> - [ ] a\n", "- [ ] a\n  <!-- todofmt-ignore -->\n  - [ ] b\n"])

    static let duplicateField = LintRule(
        code: "TD017", number: 17, name: "duplicate-field", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a task that gives one field twice: the last counts, the earlier one stays text",
        rationale: "Obsidian Tasks reads the leftmost and todofmt the last (docs/FORMAT.md says why), so the two tools disagree about the task.",
        triggers: [
            Example("- [ ] a due:2026-01-01 due:2026-02-02\n", line: 1, column: 9),
            Example("- [ ] a 📅 2026-01-01 [due:: 2026-02-02]\n", line: 1, column: 9),
            Example("- [ ] a ⏫ priority:low\n", line: 1, column: 9),
        ],
        passes: ["- [ ] a due:2026-01-01 start:2026-01-01\n", "- [ ] a due:2026-01-01 `due:2026-02-02`\n",
                 "- [ ] a done:2026-01-01 done:2026-01-02\n"])

    static let unknownRecurrence = LintRule(
        code: "TD018", number: 18, name: "unknown-recurrence", severity: .error, enabledByDefault: true, fixable: false,
        summary: "a recurrence (`🔁`, `rec:`, `[repeat:: ]`) whose rule todofmt does not understand",
        rationale: "The rule stays text, so ticking the task leaves no next occurrence; todofmt never guesses a rule.",
        triggers: [
            Example("- [ ] Water plants 🔁 every blue moon\n", line: 1, column: 20),
            Example("- [ ] a rec:sometimes\n", line: 1, column: 9),
            Example("- [ ] a [repeat:: every 0 days]\n", line: 1, column: 9),
            Example("- [ ] a 🔁\n", line: 1, column: 9),
            Example("- [ ] a 🔁 every week for 3 times 📅 2026-12-01\n", line: 1, column: 9),
            Example("- [ ] a 🔁 every -2 weeks\n", line: 1, column: 9),
        ],
        passes: ["- [ ] a 🔁 every week\n", "- [ ] a rec:+1w\n", "- [ ] a [repeat:: every month on the last Friday]\n",
                 "- [ ] a `rec:sometimes`\n", "- a rec:sometimes\n", "- [ ] record:sometimes\n"])

    static let unknownDatePhrase = LintRule(
        code: "TD019", number: 19, name: "unknown-date-word", severity: .error, enabledByDefault: true, fixable: false,
        summary: "a date field whose value is a word that is neither a date nor a relative date",
        rationale: "`due:soon` is text, so the task has no due date; `due:tomorrow` and `📅 friday` become dates.",
        triggers: [
            Example("- [ ] Pay rent due:soon\n", line: 1, column: 16),
            Example("- [ ] a 📅 tomorow\n", line: 1, column: 14),
            Example("- [ ] a [scheduled:: someday]\n", line: 1, column: 9),
        ],
        passes: ["- [ ] a due:tomorrow\n", "- [ ] a 📅 next week\n", "- [ ] a [due:: in 3 days]\n", "- [ ] a due:2026-02-30\n",
                 "- [ ] see https://example.com/due:x\n", "- [ ] a `due:soon`\n", "- [ ] a due:\n"])

    static let unknownDependency = LintRule(
        code: "TD020", number: 20, name: "unknown-dependency", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "a task depends on (`⛔`) an id that no task in the file or the walk has (`🆔`)",
        rationale: "Obsidian Tasks treats a task whose dependency does not exist as blocked by nothing; usually a typo or a deleted task.",
        triggers: [
            Example("- [ ] Review ⛔ draft2\n- [ ] Draft 🆔 draft1\n", line: 1, column: 14),
            Example("- [ ] a dependsOn:x,y\n- [ ] b id:x\n", line: 1, column: 9),
        ],
        passes: ["- [ ] Review ⛔ draft1\n- [ ] Draft 🆔 draft1\n", "- [ ] a [dependsOn:: b1] [id:: a1]\n- [x] b [id:: b1] [completion:: 2026-11-20]\n"])

    static let emojiFieldNotAtEnd = LintRule(
        code: "TD021", number: 21, name: "emoji-field-not-at-end", severity: .warning, enabledByDefault: true, fixable: false,
        summary: "an emoji field with ordinary text after it, which makes it text",
        rationale: "Obsidian Tasks reads emoji fields only at the end of the line, and so does todofmt: `📅 2026-12-01 call Bob` has no due date.",
        triggers: [
            Example("- [ ] 📅 2026-12-01 call Bob\n", line: 1, column: 7),
            Example("- [ ] ⏫ call Bob\n", line: 1, column: 7),
            Example("- [ ] a 🔁 every week (b)\n", line: 1, column: 9),
        ],
        passes: ["- [ ] call Bob 📅 2026-12-01\n", "- [ ] call Bob ⏫ #work ^id\n", "- [ ] due:2026-12-01 call Bob\n",
                 "- [ ] call Bob 📅 soon later\n"])
}
