/// The texts `todofmt --help` and `todofmt --version` print.
enum Usage {
    /// The version `--version` reports.
    static let version = "todofmt 0.1.0"

    /// The full help text.
    static let help = """
        usage: todofmt [options] [PATH...]

        Formats Markdown todo lists (todos.md) in place: completed tasks sink to the bottom
        of their list, done and cancelled dates are stamped, fields are written in one
        canonical order and style, and every other byte is left exactly as it was.

        A file is rewritten atomically and only when its content changes; it keeps its
        permissions, a symbolic link keeps pointing at the rewritten file, and a read-only
        file is refused. With no PATH, or with the PATH '-', standard input is formatted to
        standard output.

        options:
          --check              change nothing; print 'would reformat PATH' for each input
                               that is not canonical, and exit 1 if there is one
          --diff               change nothing; print a unified diff of what would change
                               (patch -p1 applies it), and exit 1 if anything would
          --today YYYY-MM-DD   the date stamped on newly completed tasks
                               (default: $TODOFMT_TODAY, else the local date)
          --field-style STYLE  how fields are written: plain (due:2026-12-01, the default),
                               emoji (📅 2026-12-01) or dataview ([due:: 2026-12-01])
          --no-stamp           neither add done:/cancelled: dates to completed tasks nor
                               remove them from reopened ones
          --no-sink            leave completed tasks where they are in their lists
          -h, --help           print this help and exit
          --version            print the version and exit
          --                   treat every later argument as a PATH, even '-x'

        environment:
          TODOFMT_TODAY        the date for stamping when --today is not given
          NO_COLOR             if set and not empty, --diff output is never coloured
                               (it is coloured only when standard output is a terminal)

        exit status:
          0  done; with --check or --diff: nothing would change
          1  with --check or --diff: some input would be reformatted
          2  usage error, or an input could not be read, formatted or written
             (the remaining files are still processed)

        examples:
          todofmt todos.md                      format todos.md in place
          todofmt --check notes/*.md            exit 1 if any file needs formatting
          todofmt --diff todos.md | less        review what would change
          todofmt --diff todos.md | patch -p1   ... and apply it
          todofmt --today 2026-11-21 < in.md    format standard input to standard output
          todofmt --field-style emoji todos.md  write fields as Obsidian Tasks emoji

        """
}
