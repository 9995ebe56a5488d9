import TodoKit

/// What a command line asks `todofmt` to do.
enum Invocation: Equatable {
    /// Print the help text: the whole program's, or one command's.
    case help(CommandDescription?)
    /// Print the version.
    case version
    /// Print the man page or a completion script (`--generate KIND`).
    case generate(GeneratedFile)
    /// Format inputs (the default command).
    case format(FormatRequest)
    /// Keep files formatted while they are edited (`todofmt watch`).
    case watch(WatchRequest)
    /// Report lint findings (`todofmt lint`).
    case lint(LintRequest)
    /// List the lint rules (`todofmt rules`).
    case rules
    /// Serve an editor over the Language Server Protocol (`todofmt lsp`); the day when
    /// `--today` or `TODOFMT_TODAY` pins it.
    case languageServer(today: Day?)
    /// Print the configuration that applies to a path (`todofmt config --effective PATH`).
    case effectiveConfiguration(EffectiveConfigurationRequest)
    /// List tasks (`todofmt tasks`).
    case tasks(TasksRequest)
    /// Add a task (`todofmt add`).
    case add(AddRequest)
    /// Change tasks (`todofmt done|cancel|reopen|start|edit|rm`).
    case change(TaskChangeRequest)
    /// `todofmt undo` (true) or `todofmt redo` (false).
    case undo(Bool)
    /// Move completed tasks away (`todofmt archive`).
    case archive(ArchiveRequest)
}
