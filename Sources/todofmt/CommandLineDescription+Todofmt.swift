import TodoKit

// The one description of todofmt's command line. `--help`, the parser, the man page and the
// shell completions are made from it: an option is added here, with what it does to the parsed
// options; a command, with the function that checks its options and operands.

extension CommandLineDescription {
    /// todofmt's command line.
    static let todofmt = CommandLineDescription(
        program: "todofmt",
        version: "todofmt 0.1.0",
        date: "2026-11-21",
        summary: "format and lint Markdown todo lists",
        paragraphs: [
            "Formats Markdown todo lists (todos.md) in place: completed tasks sink to the bottom of their list, "
                + "done and cancelled dates are stamped, fields are written in one canonical order and style, and "
                + "every other byte is left exactly as it was.",
        ],
        commands: allCommands,
        optionGroups: [
            OptionGroup(title: "options", note: nil,
                        options: [.check, .diff, .format, .color, .today, .fieldStyle, .noStamp, .noSink, .bullet,
                                  .indentation]),
            OptionGroup(title: "lint options",
                        note: "the options above apply to --fix; --today is also the day the date rules compare with",
                        options: [.fix, .rule]),
            OptionGroup(title: "task options",
                        note: "for tasks, add, done, cancel, reopen, start, edit, rm and archive; DATE is YYYY-MM-DD or "
                            + "today, tomorrow, yesterday, a weekday, next week|month|year, in N days|weeks|months|years, "
                            + "+N or -N with d, w, m, y or b (business days), end of week|month|year",
                        options: [.query, .queryFile, .watchResults, .due, .scheduled, .start, .priority, .tag, .file,
                                  .section, .under, .title, .match, .olderThan, .archiveTo]),
            OptionGroup(title: "configuration options",
                        note: "options given on the command line override the configuration file",
                        options: [.config, .noConfig, .stdinFilename, .forceExclude, .effective]),
            OptionGroup(title: "general options", note: nil, options: [.help, .version, .generate, .endOfOptions]),
        ],
        environment: [
            Entry("TODOFMT_TODAY", "the date for stamping when --today is not given"),
            Entry("NO_COLOR", "if set and not empty, nothing is coloured unless --color always is given: --diff "
                + "output, the severities of lint and --check, and overdue tasks (without --color, colour is only "
                + "used on a terminal, and not with TERM=dumb)"),
            Entry("XDG_STATE_HOME", "the undo journal of add, done, cancel, reopen, start, edit, rm and archive is "
                + "kept in $XDG_STATE_HOME/todofmt (default ~/.local/state/todofmt)"),
            Entry("COLUMNS", "the width tasks cuts long titles to on a terminal whose size cannot be asked"),
            Entry("GITHUB_ACTIONS", "when 'true', lint, --check and --diff report as GitHub workflow commands unless "
                + "--format is given"),
        ],
        files: [
            Entry(".todofmt.json", "the configuration: field style, stamping, sinking, bullet, indentation, which files "
                + "a directory walk includes and excludes, lint rule severities and archive defaults; the nearest one "
                + "above each file applies (the search stops at the repository root); see docs/CONFIG.md"),
            Entry("$XDG_STATE_HOME/todofmt/journal", "the undo journal of the commands that change tasks"),
        ],
        exitStatus: [
            Entry("0", "done; with --check or --diff: nothing would change; lint: no error-level finding; "
                + "watch: stopped by Ctrl-C or SIGTERM; lsp: the client said shutdown, then exit"),
            Entry("1", "with --check or --diff: some input would be reformatted; lint: an error-level finding "
                + "(warnings and infos alone exit 0); lsp: the client exited or went away without shutdown"),
            Entry("2", "usage error, or an input could not be read, formatted or written (the remaining files are "
                + "still processed); watch: a PATH cannot be watched; tasks: a query instruction that is not supported; "
                + "a REF that is not a task, an ambiguous --match, a conflict in undo or redo, nothing to undo or redo "
                + "(nothing to archive is 0)"),
        ],
        examples: [
            Entry("todofmt todos.md", "format todos.md in place"),
            Entry("todofmt --check .", "exit 1 if a todo file below here needs formatting"),
            Entry("todofmt --diff todos.md | less", "review what would change"),
            Entry("todofmt --diff todos.md | patch -p1", "... and apply it"),
            Entry("todofmt --today 2026-11-21 < in.md", "format standard input to standard output"),
            Entry("todofmt --field-style emoji todos.md", "write fields as Obsidian Tasks emoji"),
            Entry("todofmt watch .", "keep every todo file below here formatted"),
            Entry("todofmt lint todos.md", "report problems; exit 1 on errors"),
            Entry("todofmt lint --fix todos.md", "format, then report what is left"),
            Entry("todofmt lint --rule TD014 todos.md", "also report overdue tasks"),
            Entry("todofmt help lint", "explain lint and list its options"),
            Entry("todofmt tasks -q 'due before next week' -q 'sort by due' ~/notes", "what is due this week, everywhere"),
            Entry("todofmt add 'Pay rent' --due tomorrow --tag home", "add a task to the nearest todos.md"),
            Entry("todofmt done todos.md:12", "tick the task on line 12"),
            Entry("todofmt undo", "take the last change back"),
            Entry("todofmt archive --older-than 30 .", "move tasks completed over 30 days ago to done.md"),
            Entry("todofmt lsp", "serve an editor as its language server (started by the editor)"),
            Entry("todofmt config --effective todo.md", "print the configuration that applies to todo.md"),
            Entry("todofmt --stdin-filename a/todo.md < buf", "format a buffer as a/todo.md, with its configuration"),
            Entry("todofmt --generate man > todofmt.1", "write this manual page"),
        ],
        seeAlso: ["patch(1)", "git(1)"])

    /// Every command, the default one first; options every command accepts name this list.
    static let allCommands: [CommandDescription] = [.format, .watch, .lint, .rules, .config, .lsp] + shellCommands + [.help]

    /// The commands that list and change tasks from the shell.
    static let shellCommands: [CommandDescription] = [.tasks, .add, .done, .cancel, .reopen, .start, .edit, .rm, .undo, .redo, .archive]

    /// The commands that change a task named by REF.
    static let taskChangeCommands: [CommandDescription] = [.done, .cancel, .reopen, .start, .edit, .rm]
}

extension CommandDescription {
    /// Formatting, the command that runs when no command word is given.
    static let format = CommandDescription(
        name: "format", isDefault: true, operands: "[PATH...]", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.format() },
        summary: "format files in place, or standard input to standard output",
        paragraphs: [
            "A file is rewritten atomically and only when its content changes; it keeps its permissions, a "
                + "symbolic link keeps pointing at the rewritten file, and a read-only file is refused. With no "
                + "PATH, or with the PATH '-', standard input is formatted to standard output.",
            "A PATH may be a directory: every todo file under it is processed (todo.md, todos.md and *.todo.md in "
                + "any case, or what the include and exclude lists of .todofmt.json say; never in .git, .build or "
                + "node_modules, nor what Git ignores: the .gitignore files in and below it and, in a repository, "
                + "those above it and .git/info/exclude); a file named explicitly always is. Files are processed in "
                + "parallel on all cores; output comes in a fixed order.",
        ])

    /// `todofmt watch`.
    static let watch = CommandDescription(
        name: "watch", isDefault: false, operands: "PATH...", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.watch() },
        summary: "keep files formatted while they are edited",
        paragraphs: [
            "watch keeps files formatted while you edit them in any editor: after each save, a file that is not "
                + "canonical is formatted in place (tick a box, save, and the task is stamped and sinks). A PATH "
                + "may be a directory: the todo files under it, found as for formatting, are watched, and new ones "
                + "are picked up within a second. Files are only "
                + "formatted after a save, never over a newer save. One line per action goes to standard error. "
                + "Stop it with Ctrl-C (SIGINT) or SIGTERM; it exits 0. Unless --today or TODOFMT_TODAY fixes the "
                + "date, each save is stamped with the date it happened.",
        ])

    /// `todofmt lint`.
    static let lint = CommandDescription(
        name: "lint", isDefault: false, operands: "PATH...", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.lint() },
        summary: "report what is probably wrong in todo files",
        paragraphs: [
            "lint reports what is probably wrong in todo files, one finding per line as "
                + "'path:line:col: severity: message [TDnnn]' (column in UTF-8 bytes), sorted by file and line: "
                + "impossible dates, misspelled field keys, near-miss tasks, completed tasks without a date or "
                + "above open ones, and more. 'todofmt rules' lists every rule; docs/LINT.md explains them. A PATH "
                + "may be '-' (standard input).",
        ])

    /// `todofmt rules`.
    static let rules = CommandDescription(
        name: "rules", isDefault: false, operands: "", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.rules() },
        summary: "list the lint rules",
        paragraphs: [
            "rules lists every lint rule: its code, its severity (followed by '(off)' when the rule runs only if "
                + "asked for with --rule), whether lint --fix resolves it, its name and what it reports. When the .todofmt.json that "
                + "applies to the current directory maps custom checkbox marks ('statuses'), rules lists them too, "
                + "with the status each stands for.",
        ])

    /// `todofmt config`.
    static let config = CommandDescription(
        name: "config", isDefault: false, operands: "PATH", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.config() },
        summary: "print the configuration that applies to a file",
        paragraphs: [
            "config --effective PATH (or just config PATH) prints the configuration that applies to PATH as JSON "
                + "(every key, every rule "
                + "by code; the output is itself a valid .todofmt.json), with the command-line options given applied. "
                + "One line on standard error names the configuration file used, or says that defaults apply, and "
                + "whether a walk of the current directory would include PATH (and why not). Each file uses the nearest .todofmt.json in its "
                + "directory or above, up to the repository root; files are not merged.",
        ])

    /// `todofmt tasks`.
    static let tasks = CommandDescription(
        name: "tasks", isDefault: false, operands: "[PATH...]", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.tasks() },
        summary: "list tasks across todo files, with Obsidian Tasks queries",
        paragraphs: [
            "tasks lists the tasks of the todo files found under each PATH as for formatting (default '.'), "
                + "one line per task: 'path:line', the checkbox, the title, the priority, recurrence rule and dates "
                + "and, for open tasks, how far the due date is ('due tomorrow', '3 days overdue'; red when overdue "
                + "and yellow when due today on a terminal), then a count. Titles are cut to the terminal's width "
                + "with '…'. With no query it lists the open tasks, grouped by file, in file order.",
            "Each -q gives one instruction of Obsidian Tasks' query language; --query-file reads one per "
                + "line, or every ```tasks block of a Markdown file. Filters: done, not done; "
                + "due|scheduled|starts|happens|created|done|cancelled [before|after|on|in|on or before|on or "
                + "after] DATE (YYYY-MM-DD, two of them for a range, YYYY, YYYY-MM, YYYY-Qq, YYYY-Www, today, "
                + "tomorrow, yesterday, a weekday, this|next|last week|month|quarter|year as calendar ranges, in N "
                + "days); has|no due|scheduled|start|created|done|cancelled|happens date; priority is "
                + "[not|above|below] highest|high|medium|none|low|lowest; has tags; no tags; tags include|do not "
                + "include TAG; description|path|filename|folder|root|heading includes|does not include TEXT; "
                + "description|path|filename|folder|root|heading|tags regex matches|does not match /RE/i; "
                + "status.type is [not] TODO|IN_PROGRESS|DONE|CANCELLED; is [not] recurring; filters in ( ), [ ], "
                + "{ } or \" \" combined with AND, OR, XOR and NOT. Layout: sort by due|priority|scheduled|start, "
                + "created|done|happens, path|description|status [reverse]; sort by tag [reverse] [N]; group by "
                + "filename|folder|path|heading, due|scheduled|start|created|done|cancelled|happens, "
                + "priority|status|status.type|tags [reverse]; limit N; limit groups N; hide|show due date|scheduled "
                + "date|start date|created date|done date|cancelled date|priority|recurrence rule|tags|backlink|task "
                + "count|relative dates. Any other instruction is an error naming it (exit 2). docs/TASKS.md has the "
                + "details and the JSON schema.",
        ])

    /// `todofmt add`.
    static let add = CommandDescription(
        name: "add", isDefault: false, operands: "TITLE...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.add() },
        summary: "add an open task and print its path:line",
        paragraphs: [
            "add appends an open task, stamped created: today, after the open items of the first task list of a "
                + "file (--file; default: the nearest todo file in this directory or above, todos.md before todo.md "
                + "before *.todo.md, in any case, else a new todos.md here, which a line on standard error announces), "
                + "or of --section HEADING, or as the last subtask of --under PATH:LINE; the words of TITLE are joined "
                + "with spaces. It prints the new task's path:line. A failed add writes nothing and creates no file. "
                + "'todofmt undo' takes it back.",
        ])

    /// `todofmt done`.
    static let done = CommandDescription(
        name: "done", isDefault: false, operands: "REF...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.change("done", .status(.done)) },
        summary: "mark tasks done",
        paragraphs: [
            "done ticks each task REF names: 'path:line' as tasks prints it, or --match TEXT (the one task whose "
                + "title contains TEXT, ignoring case, among those that are not done yet; several are an error listing "
                + "them). The task is stamped done: today and sinks below the open items, as formatting does; the "
                + "change goes through the same conflict-safe save as the editor integration and is journaled for "
                + "'todofmt undo'. It prints each task's new path:line. A path:line that is not a task line is an error.",
        ])

    /// `todofmt cancel`.
    static let cancel = CommandDescription(
        name: "cancel", isDefault: false, operands: "REF...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.change("cancel", .status(.cancelled)) },
        summary: "mark tasks cancelled",
        paragraphs: ["cancel marks each task REF names [-], stamped cancelled: today; REF as for done."])

    /// `todofmt reopen`.
    static let reopen = CommandDescription(
        name: "reopen", isDefault: false, operands: "REF...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.change("reopen", .status(.open)) },
        summary: "reopen completed tasks",
        paragraphs: ["reopen marks each task REF names open again and drops its done or cancelled date; REF as for done."])

    /// `todofmt start`.
    static let start = CommandDescription(
        name: "start", isDefault: false, operands: "REF...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.change("start", .status(.inProgress)) },
        summary: "mark tasks in progress",
        paragraphs: ["start marks each task REF names in progress [/]; REF as for done."])

    /// `todofmt edit`.
    static let edit = CommandDescription(
        name: "edit", isDefault: false, operands: "REF", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.edit() },
        summary: "change a task's title, dates or priority",
        paragraphs: [
            "edit changes one task: --title, --due, --scheduled, --start and --priority set them ('none' clears a "
                + "date or the priority); only that line changes. REF as for done.",
        ])

    /// `todofmt rm`.
    static let rm = CommandDescription(
        name: "rm", isDefault: false, operands: "REF...", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.change("rm", .remove) },
        summary: "remove tasks with their subtasks",
        paragraphs: ["rm removes each task REF names, with its subtasks and continuation lines; REF as for done."])

    /// `todofmt undo`.
    static let undo = CommandDescription(
        name: "undo", isDefault: false, operands: "", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.undo(true) },
        summary: "take back the last add, done, cancel, reopen, start, edit, rm or archive",
        paragraphs: [
            "undo takes back the last command that changed tasks. Each such command journals the bytes of the files "
                + "it changed, before and after, in $XDG_STATE_HOME/todofmt (the last 50 commands). A file that "
                + "still holds what the command wrote gets its old bytes back; a file changed since is merged line by "
                + "line, so someone else's later edit survives; when their edit touched the same lines it is a "
                + "conflict: exit 2 and nothing is written. It prints what it undid; with nothing to undo it says so "
                + "and exits 2 (a request that could not be carried out).",
        ])

    /// `todofmt redo`.
    static let redo = CommandDescription(
        name: "redo", isDefault: false, operands: "", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.undo(false) },
        summary: "do again what undo took back",
        paragraphs: ["redo applies again the last command undo took back, with the same rules (nothing to redo: exit 2); any "
            + "new change forgets it."])

    /// `todofmt archive`.
    static let archive = CommandDescription(
        name: "archive", isDefault: false, operands: "[PATH...]", operandCompletion: .paths,
        invocation: { arguments throws(UsageError) in try arguments.archive() },
        summary: "move completed tasks out of their lists",
        paragraphs: [
            "archive moves done and cancelled tasks, with their subtasks and continuation lines, whose done or "
                + "cancelled date is more than --older-than DAYS days before today (default 0: every completed task) "
                + "out of the todo files under each PATH (default '.'): to an archive file (--to FILE, default "
                + "done.md beside the source) under a heading naming the source file and section, newest first; or, "
                + "with --section HEADING, to that section at the end of the same file. .todofmt.json's \"archive\" "
                + "object sets the defaults. The archive is written first, then the source; if the source cannot be "
                + "written the archive is put back. The move is recorded in the state directory first, so that a "
                + "rerun after a crash in between does not copy the crashed run's tasks twice, while a task done "
                + "again with the same lines is archived again (docs/TASKS.md). With nothing to archive it says so on "
                + "standard error and exits 0, so that a scheduled run over a tidy tree succeeds.",
        ])

    /// `todofmt lsp`.
    static let lsp = CommandDescription(
        name: "lsp", isDefault: false, operands: "", operandCompletion: .none,
        invocation: { arguments throws(UsageError) in try arguments.languageServer() },
        summary: "run the language server for editors",
        paragraphs: [
            "lsp speaks the Language Server Protocol 3.17 on standard input and output; an editor starts it. It "
                + "serves Markdown documents: lint findings as diagnostics while you type, formatting (the same "
                + "result as todofmt), code actions (the fixes, Mark done, Mark cancelled, Reopen, Start, Convert to "
                + "task, and source.fixAll.todofmt for format on save), completion of dates, priorities, field keys "
                + "and tags, hover on dates, checkboxes and findings, an outline and folding. Each document uses "
                + "the .todofmt.json that applies to its path, read again when it changes. Nothing but protocol "
                + "is written to standard output. It exits 0 after the client's shutdown and exit, 1 when the "
                + "client exits without shutdown. The README shows how to set it up in Neovim, Helix, VS Code, "
                + "Zed and Emacs.",
        ])

    /// `todofmt help`.
    static let help = CommandDescription(
        name: "help", isDefault: false, operands: "[COMMAND]", operandCompletion: .commands,
        invocation: { arguments throws(UsageError) in try arguments.help() },
        summary: "print the help, or one command's",
        paragraphs: [
            "help prints the help of todofmt; 'todofmt help COMMAND' (or 'todofmt COMMAND --help') prints only "
                + "that command's usage, explanation and options.",
        ])
}

extension OptionDescription {
    /// `--check`
    static let check = OptionDescription(
        flag: ["--check"], commands: [.format],
        summary: "report where inputs would change; change nothing",
        help: "change nothing; report each region that formatting would change, as lint reports findings "
            + "('PATH:LINE:1: error: would reformat lines 3-5 [TD000]'), and exit 1 if there is one",
        apply: { $0.check = true })

    /// `--diff`
    static let diff = OptionDescription(
        flag: ["--diff"], commands: [.format],
        summary: "print a unified diff of what would change",
        help: "change nothing; print a unified diff of what would change (patch -p1 applies it), and exit 1 if "
            + "anything would",
        apply: { $0.diff = true })

    /// `--today`
    static let today = OptionDescription(
        names: ["--today"], value: Value(name: "YYYY-MM-DD", completion: .none),
        commands: [.format, .watch, .lint, .lsp, .tasks, .add, .done, .cancel, .reopen, .start, .edit, .archive],
        repeatable: false,
        summary: "the date stamped on completed tasks",
        help: "the date stamped on newly completed tasks, and the day relative dates count from (default: "
            + "$TODOFMT_TODAY, else the local date)",
        apply: { options, given throws(UsageError) in
            guard let day = Day(given.value) else {
                throw UsageError(message: "invalid date '\(given.value)' for \(given.spelled) (expected YYYY-MM-DD)")
            }
            options.today = day
        })

    /// `--field-style`
    static let fieldStyle = OptionDescription(
        names: ["--field-style"], choosing: FieldStyle.self, placeholder: "STYLE", noun: "field style",
        commands: [.format, .watch, .lint, .config],
        summary: "how fields are written",
        help: "how fields are written",
        apply: { $0.configuration.fieldStyle = $1 })

    /// `--no-stamp`
    static let noStamp = OptionDescription(
        flag: ["--no-stamp"], commands: [.format, .watch, .lint, .config],
        summary: "do not add or remove done and cancelled dates",
        help: "neither add done:/cancelled: dates to completed tasks nor remove them from reopened ones",
        apply: { $0.configuration.stampDates = false })

    /// `--no-sink`
    static let noSink = OptionDescription(
        flag: ["--no-sink"], commands: [.format, .watch, .lint, .config],
        summary: "leave completed tasks where they are",
        help: "leave completed tasks where they are in their lists",
        apply: { $0.configuration.sinkCompleted = false })

    /// `--bullet`
    static let bullet = OptionDescription(
        names: ["--bullet"], choosing: BulletStyle.self, placeholder: "STYLE", noun: "bullet style",
        commands: [.format, .watch, .lint, .config],
        summary: "the marker of bullet lists that hold tasks",
        help: "the marker of bullet lists that hold tasks (a list whose structure would change keeps its markers)",
        apply: { $0.configuration.bullet = $1 })

    /// `--indentation`
    static let indentation = OptionDescription(
        names: ["--indentation"], choosing: IndentationChoice.self, placeholder: "N", noun: "indentation",
        commands: [.format, .watch, .lint, .config],
        summary: "the indentation of nested bullet lists",
        help: "how many columns right of its parent item's marker a nested bullet list's markers sit",
        apply: { $0.configuration.indentation = $1.columns })

    /// `--config`
    static let config = OptionDescription(
        names: ["--config"], value: Value(name: "FILE", completion: .files(suffix: ".json")),
        commands: [.format, .watch, .lint, .config, .tasks, .add, .done, .cancel, .reopen, .start, .edit, .rm, .archive],
        repeatable: false,
        summary: "use this configuration file for every input",
        help: "use FILE (JSON, as .todofmt.json) for every input instead of looking for .todofmt.json files; its "
            + "include and exclude patterns are relative to FILE's directory",
        apply: { options, given throws(UsageError) in
            if options.configuration.source == .none { throw .conflict("--config", "--no-config") }
            options.configuration.source = .file(given.value)
        })

    /// `--no-config`
    static let noConfig = OptionDescription(
        names: ["--no-config"], value: nil,
        commands: [.format, .watch, .lint, .config, .tasks, .add, .done, .cancel, .reopen, .start, .edit, .rm, .archive],
        repeatable: false,
        summary: "ignore .todofmt.json files",
        help: "ignore .todofmt.json files: the defaults and the command-line options apply",
        apply: { options, _ throws(UsageError) in
            if case .file = options.configuration.source { throw .conflict("--config", "--no-config") }
            options.configuration.source = .none
        })

    /// `--stdin-filename`
    static let stdinFilename = OptionDescription(
        names: ["--stdin-filename"], value: Value(name: "PATH", completion: .paths),
        commands: [.format, .lint], repeatable: false,
        summary: "format or lint standard input as if it were PATH",
        help: "read standard input with the configuration that applies to PATH (which need not exist), and report "
            + "it under that name (for editors)",
        apply: { options, given throws(UsageError) in
            guard !given.value.isEmpty else {
                throw UsageError(message: "option '\(given.spelled)' needs a PATH, not an empty string")
            }
            options.configuration.standardInputPath = given.value
        })

    /// `--force-exclude`
    static let forceExclude = OptionDescription(
        flag: ["--force-exclude"], commands: [.format, .lint],
        summary: "skip named files that the configuration excludes",
        help: "apply the configuration's exclude patterns to files named on the command line too (they are "
            + "otherwise always processed), and to the PATH --stdin-filename names (standard input is then "
            + "printed unchanged); for pre-commit hooks and editors, which name every file",
        apply: { $0.configuration.forceExclude = true })

    /// `config --effective`: what config prints; the word says so, and `todofmt config PATH`
    /// means the same.
    static let effective = OptionDescription(
        flag: ["--effective"], commands: [.config],
        summary: "print the effective configuration for PATH",
        help: "with config: print the configuration that applies to PATH as JSON",
        apply: { _ in })

    /// `--color`
    static let color = OptionDescription(
        names: ["--color"], choosing: ColorChoice.self, placeholder: "WHEN", noun: "colour choice",
        commands: [.format, .lint, .tasks],
        summary: "when to colour the output",
        help: "when to colour --diff output, the severities of lint and --check, and overdue tasks",
        apply: { $0.color = $1 })

    /// `lint --fix`
    static let fix = OptionDescription(
        flag: ["--fix"], commands: [.lint],
        summary: "format each file first, then report what remains",
        help: "format each file in place first (resolving every fixable finding), then report what remains",
        apply: { $0.fix = true })

    /// `--format`, for lint, --check and --diff, and for tasks. Which words are valid depends on the
    /// command, so the command checks the word, and the completions offer each command its own.
    static let format = OptionDescription(
        names: ["--format"],
        value: Value(name: "FORMAT", completion: .choices(.init(byCommand: { command in
            command == .tasks ? TasksRequest.Format.choices : ReportFormat.choices
        }))),
        commands: [.format, .lint, .tasks], repeatable: false,
        summary: "how findings or tasks are printed",
        help: "how lint, --check and --diff report findings (text, json, github, sarif), and how tasks lists "
            + "tasks (text, json, tsv)",
        apply: { $0.formatWord = $1.value })

    /// `lint --rule`
    static let rule = OptionDescription(
        names: ["--rule"], value: Value(name: "CODE", completion: .rules), commands: [.lint], repeatable: true,
        summary: "also run a rule that is off by default",
        help: "also run a rule that is off by default, e.g. --rule TD014 (overdue tasks); a rule name works too; "
            + "may be repeated",
        apply: { options, given throws(UsageError) in
            guard let rule = LintRule.named(given.value) else {
                throw UsageError(message: "unknown rule '\(given.value)' for \(given.spelled) (see 'todofmt rules')")
            }
            options.configuration.extraRules.append(rule)
        })

    /// `tasks -q`
    static let query = OptionDescription(
        names: ["-q", "--query"], value: Value(name: "QUERY", completion: .none), commands: [.tasks], repeatable: true,
        summary: "one query instruction",
        help: "one instruction of the query language, e.g. -q 'due before tomorrow' -q 'sort by priority'; may be repeated",
        apply: { $0.shell.instructions.append($1.value) })

    /// `tasks --query-file`
    static let queryFile = OptionDescription(
        names: ["--query-file"], value: Value(name: "FILE", completion: .files(suffix: nil)), commands: [.tasks], repeatable: false,
        summary: "read the query from a file",
        help: "read instructions from FILE, one per line; in a file with ```tasks blocks, each block is run in turn",
        apply: { $0.shell.queryFile = $1.value })

    /// `tasks --watch`
    static let watchResults = OptionDescription(
        flag: ["--watch"], commands: [.tasks],
        summary: "print the result again after every change",
        help: "a live agenda: print the result again whenever a todo file under the PATHs changes (the screen is "
            + "cleared on a terminal; otherwise a '---' line separates text listings, json listings follow one "
            + "another and each tsv listing starts with its header) and at midnight; Ctrl-C exits 0",
        apply: { $0.shell.watch = true })

    /// `--due`
    static let due = OptionDescription(
        names: ["--due"], value: Value(name: "DATE", completion: .none), commands: [.add, .edit], repeatable: false,
        summary: "the due date", help: "the due date ('none' clears it in edit)",
        apply: { $0.shell.due = $1.value })

    /// `--scheduled`
    static let scheduled = OptionDescription(
        names: ["--scheduled"], value: Value(name: "DATE", completion: .none), commands: [.add, .edit], repeatable: false,
        summary: "the scheduled date", help: "the scheduled date ('none' clears it in edit)",
        apply: { $0.shell.scheduled = $1.value })

    /// `--start`
    static let start = OptionDescription(
        names: ["--start"], value: Value(name: "DATE", completion: .none), commands: [.add, .edit], repeatable: false,
        summary: "the start date", help: "the start date ('none' clears it in edit)",
        apply: { $0.shell.start = $1.value })

    /// `--priority`
    static let priority = OptionDescription(
        names: ["--priority"], choosing: PriorityChoice.self, placeholder: "LEVEL", noun: "priority",
        commands: [.add, .edit],
        summary: "the priority", help: "the priority",
        // `none` clears a priority, which only edit has to do.
        offered: .init(byCommand: { command in
            PriorityChoice.allCases.filter { command == .edit || $0 != .cleared }.map { .init($0.word, $0.help) }
        }),
        apply: { $0.shell.priority = $1 })

    /// `add --tag`
    static let tag = OptionDescription(
        names: ["--tag"], value: Value(name: "TAG", completion: .none), commands: [.add], repeatable: true,
        summary: "a tag for the title", help: "append #TAG to the title ('#' optional); may be repeated",
        apply: { $0.shell.tags.append($1.value) })

    /// `add --file`
    static let file = OptionDescription(
        names: ["--file"], value: Value(name: "FILE", completion: .paths), commands: [.add], repeatable: false,
        summary: "the todo file to add to",
        help: "the todo file to add to (created when missing); default: the nearest todo file here or above (todos.md, todo.md, *.todo.md, any case)",
        apply: { $0.shell.file = $1.value })

    /// `--section`
    static let section = OptionDescription(
        names: ["--section"], value: Value(name: "HEADING", completion: .none), commands: [.add, .archive],
        repeatable: false,
        summary: "the section to add to, or to archive into",
        help: "add: put the task in the first task list under this heading (ignoring case); archive: move completed "
            + "tasks to this section at the end of their own file (created when missing) instead of to an archive file",
        apply: { $0.shell.section = $1.value })

    /// `add --under`
    static let under = OptionDescription(
        names: ["--under"], value: Value(name: "PATH:LINE", completion: .none), commands: [.add], repeatable: false,
        summary: "add as a subtask of this task", help: "add the task as the last subtask of the task at PATH:LINE",
        apply: { $0.shell.under = $1.value })

    /// `edit --title`
    static let title = OptionDescription(
        names: ["--title"], value: Value(name: "TITLE", completion: .none), commands: [.edit], repeatable: false,
        summary: "the new title", help: "the new title (fields on the line are kept)",
        apply: { $0.shell.title = $1.value })

    /// `--match`
    static let match = OptionDescription(
        names: ["--match"], value: Value(name: "TEXT", completion: .none), commands: CommandLineDescription.taskChangeCommands,
        repeatable: false,
        summary: "name the task by a piece of its title",
        help: "the one task under the current directory whose title contains TEXT (ignoring case) instead of a "
            + "path:line; none or several is an error listing the candidates",
        apply: { $0.shell.match = $1.value })

    /// `archive --older-than`
    static let olderThan = OptionDescription(
        names: ["--older-than"], value: Value(name: "DAYS", completion: .none), commands: [.archive], repeatable: false,
        summary: "only tasks completed more than DAYS days ago",
        help: "only tasks whose done or cancelled date is more than DAYS days before today (default 0: all; "
            + "completed tasks without a date are archived only when DAYS is 0)",
        apply: { $0.shell.olderThan = $1.value })

    /// `archive --to`
    static let archiveTo = OptionDescription(
        names: ["--to"], value: Value(name: "FILE", completion: .paths), commands: [.archive], repeatable: false,
        summary: "the archive file",
        help: "the archive file, relative to the current directory (default: done.md beside each source file)",
        apply: { $0.shell.archiveTo = $1.value })

    /// `-h`, `--help`
    static let help = OptionDescription(
        flag: ["-h", "--help"], commands: CommandLineDescription.allCommands,
        summary: "print help and exit",
        help: "print this help (after a command: that command's help) and exit",
        apply: { $0.stop = .help })

    /// `--version`
    static let version = OptionDescription(
        flag: ["--version"], commands: CommandLineDescription.allCommands,
        summary: "print the version and exit",
        help: "print the version and exit",
        apply: { $0.stop = .version })

    /// `--generate`
    static let generate = OptionDescription(
        names: ["--generate"], choosing: GeneratedFile.self, placeholder: "KIND", noun: "kind",
        commands: CommandLineDescription.allCommands,
        summary: "print the man page or a shell completion script and exit",
        help: "print a file made from this help to standard output and exit",
        apply: { $0.stop = .generate($1) })

    /// `--`, which the parser handles before looking options up.
    static let endOfOptions = OptionDescription(
        flag: ["--"], commands: CommandLineDescription.allCommands,
        summary: "treat every later argument as a PATH",
        help: "treat every later argument as a PATH, even '-x' or a word such as 'check' (a bare word that is "
            + "neither a command nor a file is refused as an unknown command)",
        apply: { _ in })
}
