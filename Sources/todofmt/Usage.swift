/// The texts `todofmt --help` and `todofmt --version` print.
enum Usage {
    /// The version `--version` reports.
    static let version = "todofmt 0.1.0"

    /// The full help text.
    static let help = """
        usage: todofmt [options] [PATH...]
               todofmt watch [options] PATH...
               todofmt lint [--fix] [--format FORMAT] [--rule CODE]... [options] PATH...
               todofmt rules

        Formats Markdown todo lists (todos.md) in place: completed tasks sink to the bottom
        of their list, done and cancelled dates are stamped, fields are written in one
        canonical order and style, and every other byte is left exactly as it was.

        A file is rewritten atomically and only when its content changes; it keeps its
        permissions, a symbolic link keeps pointing at the rewritten file, and a read-only
        file is refused. With no PATH, or with the PATH '-', standard input is formatted to
        standard output. A PATH may be a directory: every todo.md, todos.md and *.todo.md
        under it (any case; not in .git, .build or node_modules, nor what the directory's
        .gitignore lists) is processed; a file named explicitly always is. Files are
        processed in parallel on all cores; output comes in a fixed order.

        watch keeps files formatted while you edit them in any editor: after each save, a
        file that is not canonical is formatted in place (tick a box, save, and the task is
        stamped and sinks). A PATH may be a directory: the todo files under it, found as
        above, are watched, and new ones are picked up within a second. Files are only formatted after a save, never over a
        newer save. One line per action goes to standard error. Stop it with Ctrl-C (SIGINT)
        or SIGTERM; it exits 0. Takes --today, --field-style, --no-stamp and --no-sink; unless
        the date is fixed, each save is stamped with the date it happened.

        lint reports what is probably wrong in todo files, one finding per line as
        'path:line:col: severity: message [TDnnn]' (column in UTF-8 bytes), sorted by file
        and line: impossible dates, misspelled field keys, near-miss tasks, completed tasks
        without a date or above open ones, and more. 'todofmt rules' lists every rule;
        docs/LINT.md explains them. A PATH may be '-' (standard input).

        options:
          --check              change nothing; report each region that formatting would
                               change, as lint does ('PATH:LINE:1: error: would reformat
                               lines 3-5 [TD000]'), and exit 1 if there is one
          --diff               change nothing; print a unified diff of what would change
                               (patch -p1 applies it), and exit 1 if anything would
          --format FORMAT      how --check, --diff and lint report: text (the default),
                               json (one array of objects with path, line, column,
                               severity, code, rule, message), github (workflow commands:
                               ::error file=...,line=...,col=...,title=TD001::message; the
                               default when GITHUB_ACTIONS=true; with --diff the diff is
                               printed too) or sarif (SARIF 2.1.0)
          --today YYYY-MM-DD   the date stamped on newly completed tasks
                               (default: $TODOFMT_TODAY, else the local date)
          --field-style STYLE  how fields are written: plain (due:2026-12-01, the default),
                               emoji (📅 2026-12-01) or dataview ([due:: 2026-12-01])
          --no-stamp           neither add done:/cancelled: dates to completed tasks nor
                               remove them from reopened ones
          --no-sink            leave completed tasks where they are in their lists

        lint options (the options above apply to --fix; --today is also the day the date
        rules compare with):
          --fix                format each file in place first (resolving every fixable
                               finding), then report what remains
          --rule CODE          also run a rule that is off by default, e.g. --rule TD014
                               (overdue tasks); a rule name works too; may be repeated
          -h, --help           print this help and exit
          --version            print the version and exit
          --                   treat every later argument as a PATH, even '-x'

        environment:
          TODOFMT_TODAY        the date for stamping when --today is not given
          NO_COLOR             if set and not empty, --diff output and lint severities are
                               never coloured (they are coloured only when standard
                               output is a terminal)
          GITHUB_ACTIONS       when 'true', lint, --check and --diff report as GitHub
                               workflow commands

        exit status:
          0  done; with --check or --diff: nothing would change;
             watch: stopped by Ctrl-C or SIGTERM
          1  with --check or --diff: some input would be reformatted;
             lint: an error-level finding (warnings and infos alone exit 0)
          2  usage error, or an input could not be read, formatted or written
             (the remaining files are still processed); watch: a PATH cannot be watched

        examples:
          todofmt todos.md                      format todos.md in place
          todofmt --check .                     exit 1 if any todo file below here needs formatting
          todofmt --diff todos.md | less        review what would change
          todofmt --diff todos.md | patch -p1   ... and apply it
          todofmt --today 2026-11-21 < in.md    format standard input to standard output
          todofmt --field-style emoji todos.md  write fields as Obsidian Tasks emoji
          todofmt watch .                       keep every todo file below here formatted
          todofmt lint todos.md                 report problems; exit 1 on errors
          todofmt lint --fix todos.md           format, then report what is left
          todofmt lint --rule TD014 todos.md    also report overdue tasks

        """
}
