#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit
import TodoLanguageServer

// The thin front end: parse the arguments, run, and exit with the run's status.
let console = Console()

/// Prints `text` and exits with `status`, or with 2 and a message when standard output could not
/// take it (`todofmt --generate man > /dev/full` must not pass for a written page).
func exit(printing text: String, status: ExitStatus = .ok) -> Never {
    if let failure = console.output(Array(text.utf8), of: nil) {
        console.report(failure)
        exit(ExitStatus.failure.rawValue)
    }
    exit(status.rawValue)
}

let parser = ArgumentParser(environmentToday: getenv("TODOFMT_TODAY").map { String(cString: $0) },
                            inGitHubActions: getenv("GITHUB_ACTIONS").map { String(cString: $0) } == "true")
do {
    switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let command):
        let help = HelpText(description: .todofmt)
        exit(printing: command.map(help.command) ?? help.general())
    case .version:
        exit(printing: CommandLineDescription.todofmt.version + "\n")
    case .generate(let kind):
        exit(printing: kind.render(CommandLineDescription.todofmt))
    case .format(let request):
        FreedMemory.shareOneArena()
        FreedMemory.keepsBlocksBetweenStretches = true
        FormatRunner(request: request, console: console).run(exit: { exit($0.rawValue) })
    case .watch(let request):
        exit(await WatchRunner(request: request, console: console).run().rawValue)
    case .lint(let request):
        FreedMemory.shareOneArena()
        FreedMemory.keepsBlocksBetweenStretches = true
        exit(LintRunner(request: request, console: console).run().rawValue)
    case .rules:
        // The custom statuses of the configuration that applies here are part of what lint knows. A
        // bad configuration file is reported, and the rules are listed all the same.
        do throws(ConfigurationError) {
            let statuses = try ConfigurationResolver().configuration(for: ".").statuses
            exit(printing: LintReport.rulesTable() + LintReport.statusTable(statuses))
        } catch {
            console.report(Diagnostic(nil, .configuration(error)))
            exit(printing: LintReport.rulesTable(), status: .failure)
        }
    case .effectiveConfiguration(let request):
        exit(EffectiveConfigurationRunner(request: request, console: console).run().rawValue)
    case .tasks(let request):
        if request.watch { exit(await TasksWatchRunner(request: request, console: console).run().rawValue) }
        TasksRunner(request: request, console: console).run(exit: { exit($0.rawValue) })
    case .add(let request):
        exit(await TaskEditRunner(console: console).add(request).rawValue)
    case .change(let request):
        exit(await TaskEditRunner(console: console).change(request).rawValue)
    case .undo(let undo):
        exit(TaskEditRunner(console: console).undo(undo).rawValue)
    case .archive(let request):
        exit(ArchiveRunner(request: request, console: console).run().rawValue)
    case .languageServer(let today):
        exit(StandardStreamServer.run(options: LanguageServer.Options(today: today), exit: { exit($0) }))
    }
} catch {
    console.error(error.message)
    exit(ExitStatus.failure.rawValue)
}
