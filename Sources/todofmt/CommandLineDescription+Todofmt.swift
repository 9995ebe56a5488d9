import TodoKit

// The one description of todofmt's command line. `--help`, the parser, the man page and the
// shell completions are made from it; add an option here, then give it a case in ArgumentParser.

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
                        options: [.check, .diff, .format, .today, .fieldStyle, .noStamp, .noSink, .bullet, .indentation]),
            OptionGroup(title: "lint options",
                        note: "the options above apply to --fix; --today is also the day the date rules compare with",
                        options: [.fix, .rule]),
            OptionGroup(title: "configuration options",
                        note: "options given on the command line override the configuration file",
                        options: [.config, .noConfig, .stdinFilename, .forceExclude, .effective]),
            OptionGroup(title: "general options", note: nil, options: [.help, .version, .generate, .endOfOptions]),
        ],
        environment: [
            Entry("TODOFMT_TODAY", "the date for stamping when --today is not given"),
            Entry("NO_COLOR", "if set and not empty, --diff output and lint severities are never coloured "
                + "(they are coloured only when standard output is a terminal)"),
            Entry("GITHUB_ACTIONS", "when 'true', lint, --check and --diff report as GitHub workflow commands unless "
                + "--format is given"),
        ],
        files: [
            Entry(".todofmt.json", "the configuration: field style, stamping, sinking, bullet, indentation, which files "
                + "a directory walk includes and excludes, and lint rule severities; the nearest one above each "
                + "file applies (the search stops at the repository root); see docs/CONFIG.md"),
        ],
        exitStatus: [
            Entry("0", "done; with --check or --diff: nothing would change; lint: no error-level finding; "
                + "watch: stopped by Ctrl-C or SIGTERM"),
            Entry("1", "with --check or --diff: some input would be reformatted; lint: an error-level finding "
                + "(warnings and infos alone exit 0)"),
            Entry("2", "usage error, or an input could not be read, formatted or written (the remaining files are "
                + "still processed); watch: a PATH cannot be watched"),
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
            Entry("todofmt config --effective todo.md", "print the configuration that applies to todo.md"),
            Entry("todofmt --stdin-filename a/todo.md < buf", "format a buffer as a/todo.md, with its configuration"),
            Entry("todofmt --generate man > todofmt.1", "write this manual page"),
        ],
        seeAlso: ["patch(1)", "git(1)"])

    /// Every command, the default one first; options every command accepts name this list.
    static let allCommands: [CommandDescription] = [.format, .watch, .lint, .rules, .config, .help]
}

extension CommandDescription {
    /// Formatting, the command that runs when no command word is given.
    static let format = CommandDescription(
        name: "format", isDefault: true, operands: "[PATH...]", operandCompletion: .paths,
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
        summary: "list the lint rules",
        paragraphs: [
            "rules lists every lint rule: its code, its severity ('off' when it runs only if asked for with "
                + "--rule), whether lint --fix resolves it, its name and what it reports. When the .todofmt.json that "
                + "applies to the current directory maps custom checkbox marks ('statuses'), rules lists them too, "
                + "with the status each stands for.",
        ])

    /// `todofmt config`.
    static let config = CommandDescription(
        name: "config", isDefault: false, operands: "PATH", operandCompletion: .paths,
        summary: "print the configuration that applies to a file",
        paragraphs: [
            "config --effective PATH (or just config PATH) prints the configuration that applies to PATH as JSON "
                + "(every key, every rule "
                + "by code; the output is itself a valid .todofmt.json), with the command-line options given applied. "
                + "One line on standard error names the configuration file used, or says that defaults apply, and "
                + "whether a directory walk would include PATH. Each file uses the nearest .todofmt.json in its "
                + "directory or above, up to the repository root; files are not merged.",
        ])

    /// `todofmt help`.
    static let help = CommandDescription(
        name: "help", isDefault: false, operands: "[COMMAND]", operandCompletion: .commands,
        summary: "print the help, or one command's",
        paragraphs: [
            "help prints the help of todofmt; 'todofmt help COMMAND' (or 'todofmt COMMAND --help') prints only "
                + "that command's usage, explanation and options.",
        ])
}

extension OptionDescription {
    /// `--check`
    static let check = OptionDescription(
        names: ["--check"], value: nil, commands: [.format], repeatable: false,
        summary: "report where inputs would change; change nothing",
        help: "change nothing; report each region that formatting would change, as lint reports findings "
            + "('PATH:LINE:1: error: would reformat lines 3-5 [TD000]'), and exit 1 if there is one")

    /// `--diff`
    static let diff = OptionDescription(
        names: ["--diff"], value: nil, commands: [.format], repeatable: false,
        summary: "print a unified diff of what would change",
        help: "change nothing; print a unified diff of what would change (patch -p1 applies it), and exit 1 if "
            + "anything would")

    /// `--today`
    static let today = OptionDescription(
        names: ["--today"], value: Value(name: "YYYY-MM-DD", completion: .none),
        commands: [.format, .watch, .lint], repeatable: false,
        summary: "the date stamped on completed tasks",
        help: "the date stamped on newly completed tasks (default: $TODOFMT_TODAY, else the local date)")

    /// `--field-style`
    static let fieldStyle = OptionDescription(
        names: ["--field-style"],
        value: Value(name: "STYLE", completion: .choices([
            .init("plain", "due:2026-12-01, the default"),
            .init("emoji", "📅 2026-12-01"),
            .init("dataview", "[due:: 2026-12-01]"),
        ])),
        commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "how fields are written",
        help: "how fields are written")

    /// `--no-stamp`
    static let noStamp = OptionDescription(
        names: ["--no-stamp"], value: nil, commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "do not add or remove done and cancelled dates",
        help: "neither add done:/cancelled: dates to completed tasks nor remove them from reopened ones")

    /// `--no-sink`
    static let noSink = OptionDescription(
        names: ["--no-sink"], value: nil, commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "leave completed tasks where they are",
        help: "leave completed tasks where they are in their lists")

    /// `--bullet`
    static let bullet = OptionDescription(
        names: ["--bullet"],
        value: Value(name: "STYLE", completion: .choices([
            .init("keep", "markers as written, the default"),
            .init("-", "- [ ] task"),
            .init("*", "* [ ] task"),
            .init("+", "+ [ ] task"),
        ])),
        commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "the marker of bullet lists that hold tasks",
        help: "the marker of bullet lists that hold tasks (a list whose structure would change keeps its markers)")

    /// `--indentation`
    static let indentation = OptionDescription(
        names: ["--indentation"],
        value: Value(name: "N", completion: .choices([
            .init("keep", "as written, the default"),
            .init("2", "nested list markers two columns right of their parent's"),
            .init("3", "three columns"),
            .init("4", "four columns"),
        ])),
        commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "the indentation of nested bullet lists",
        help: "how many columns right of its parent item's marker a nested bullet list's markers sit")

    /// `--config`
    static let config = OptionDescription(
        names: ["--config"], value: Value(name: "FILE", completion: .paths),
        commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "use this configuration file for every input",
        help: "use FILE (JSON, as .todofmt.json) for every input instead of looking for .todofmt.json files; its "
            + "include and exclude patterns are relative to FILE's directory")

    /// `--no-config`
    static let noConfig = OptionDescription(
        names: ["--no-config"], value: nil, commands: [.format, .watch, .lint, .config], repeatable: false,
        summary: "ignore .todofmt.json files",
        help: "ignore .todofmt.json files: the defaults and the command-line options apply")

    /// `--stdin-filename`
    static let stdinFilename = OptionDescription(
        names: ["--stdin-filename"], value: Value(name: "PATH", completion: .paths),
        commands: [.format, .lint], repeatable: false,
        summary: "format or lint standard input as if it were PATH",
        help: "read standard input with the configuration that applies to PATH (which need not exist), and report "
            + "it under that name (for editors)")

    /// `--force-exclude`
    static let forceExclude = OptionDescription(
        names: ["--force-exclude"], value: nil, commands: [.format, .lint], repeatable: false,
        summary: "skip named files that the configuration excludes",
        help: "apply the configuration's exclude patterns to files named on the command line too (they are "
            + "otherwise always processed); for pre-commit hooks, which name every staged file")

    /// `config --effective`
    static let effective = OptionDescription(
        names: ["--effective"], value: nil, commands: [.config], repeatable: false,
        summary: "print the effective configuration for PATH",
        help: "print the configuration that applies to PATH as JSON")

    /// `lint --fix`
    static let fix = OptionDescription(
        names: ["--fix"], value: nil, commands: [.lint], repeatable: false,
        summary: "format each file first, then report what remains",
        help: "format each file in place first (resolving every fixable finding), then report what remains")

    /// `--format`, for lint, --check and --diff
    static let format = OptionDescription(
        names: ["--format"],
        value: Value(name: "FORMAT", completion: .choices([
            .init("text", "path:line:col: severity: message [TDnnn]; the default"),
            .init("json", "one array of objects with path, line, column, severity, code, rule and message"),
            .init("github", "GitHub Actions workflow commands, ::error file=...::message; the default when "
                + "GITHUB_ACTIONS=true; with --diff, the diff is printed too"),
            .init("sarif", "a SARIF 2.1.0 log for code-scanning tools"),
        ])),
        commands: [.format, .lint], repeatable: false,
        summary: "how findings are printed",
        help: "how lint, --check and --diff report findings")

    /// `lint --rule`
    static let rule = OptionDescription(
        names: ["--rule"], value: Value(name: "CODE", completion: .rules), commands: [.lint], repeatable: true,
        summary: "also run a rule that is off by default",
        help: "also run a rule that is off by default, e.g. --rule TD014 (overdue tasks); a rule name works too; "
            + "may be repeated")

    /// `-h`, `--help`
    static let help = OptionDescription(
        names: ["-h", "--help"], value: nil, commands: CommandLineDescription.allCommands, repeatable: false,
        summary: "print help and exit",
        help: "print this help (after a command: that command's help) and exit")

    /// `--version`
    static let version = OptionDescription(
        names: ["--version"], value: nil, commands: CommandLineDescription.allCommands, repeatable: false,
        summary: "print the version and exit",
        help: "print the version and exit")

    /// `--generate`
    static let generate = OptionDescription(
        names: ["--generate"],
        value: Value(name: "KIND", completion: .choices([
            .init("man", "this manual as a roff man page"),
            .init("complete-bash", "bash completion script"),
            .init("complete-zsh", "zsh completion script"),
            .init("complete-fish", "fish completion script"),
        ])),
        commands: CommandLineDescription.allCommands, repeatable: false,
        summary: "print the man page or a shell completion script and exit",
        help: "print a file made from this help to standard output and exit")

    /// `--`, which the parser handles before looking options up.
    static let endOfOptions = OptionDescription(
        names: ["--"], value: nil, commands: CommandLineDescription.allCommands, repeatable: false,
        summary: "treat every later argument as a PATH",
        help: "treat every later argument as a PATH, even '-x'")
}
