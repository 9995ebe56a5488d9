import TodoKit

/// Runs `todofmt tasks`: reads the todo files under the paths, runs each query and prints it.
struct TasksRunner {
    let request: TasksRequest
    let console: Console

    /// The queries the request names, parsed against `today`; each ```tasks block of a query
    /// file is one query, the `-q` instructions added to each.
    static func queries(_ request: TasksRequest, today: Day) throws(Diagnostic) -> [TaskQuery] {
        var blocks: [[String]] = [[]]
        if let file = request.queryFile {
            var bytes: [UInt8]
            do {
                bytes = try AtomicFile.read(file)
            } catch {
                throw Diagnostic(file, .file(error))
            }
            // A byte-order mark, as an editor may write one, is not part of the first instruction.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            let text = String(decoding: bytes, as: UTF8.self)
            let found = TaskQuery.blocks(inMarkdown: text)
            // Lines end at "\n", "\r\n" (one Character) or a lone "\r", as in Markdown.
            blocks = found.isEmpty
                ? [text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)]
                : found
        }
        do {
            return try blocks.map { block throws(TaskQueryError) in
                let instructions = block + request.instructions
                let meaningful = instructions.contains { line in
                    let trimmed = line.drop { $0 == " " || $0 == "\t" }
                    return !trimmed.isEmpty && !trimmed.hasPrefix("#")
                }
                return meaningful ? try TaskQuery(instructions, today: today) : .defaultQuery()
            }
        } catch {
            throw Diagnostic(nil, .query(error))
        }
    }

    /// The tasks of every todo file under the paths, in walk order, with one error line per file
    /// that could not be read and per configuration file that cannot be used (the files under it
    /// are not read); nil when the configuration source itself (`--config FILE`) cannot be used.
    static func collect(_ request: TasksRequest, console: Console) -> (tasks: [QueriedTask], failed: Bool)? {
        guard let configured = ConfiguredInputs(paths: request.paths, overrides: request.configuration, console: console) else {
            return nil
        }
        let inputs = configured.list.inputs
        let configurations = configured.configurations
        let outcomes = ParallelMap.map(inputs.count) { index -> Result<[QueriedTask], Diagnostic> in
            var path = inputs[index].path
            // Not read: its configuration file cannot be used (reported once, below).
            guard let configuration = configurations[index] else { return .success([]) }
            do {
                let bytes = try AtomicFile.read(path)
                if path.hasPrefix("./") { path.removeFirst(2) }
                return .success(try QueriedTask.tasks(in: bytes, path: path, statuses: configuration.statuses,
                                                      globalFilter: configuration.globalFilter, today: request.today))
            } catch {
                return .failure(Diagnostic(path, error: error))
            }
        }
        var failed = configured.printErrors(to: console)
        var tasks: [QueriedTask] = []
        for outcome in outcomes {
            switch outcome {
            // One file's tasks are taken as they are (appending copies each task).
            case .success(let found): if tasks.isEmpty { tasks = found } else { tasks += found }
            case .failure(let failure):
                console.report(failure)
                failed = true
            }
        }
        return (tasks, failed)
    }

    /// Everything the queries print over `tasks`, as UTF-8.
    static func listing(_ queries: [TaskQuery], _ tasks: [QueriedTask], request: TasksRequest, today: Day,
                        console: Console) -> [UInt8] {
        let colored = console.colorsOutput(request.color)
        let width = console.isTerminal ? DisplayWidth.terminalColumns() ?? 80 : nil
        var out: [UInt8] = []
        for (index, query) in queries.enumerated() {
            if index > 0 && request.format == .text { out.append(UInt8(ascii: "\n")) }
            let renderer = TaskListRenderer(hidden: query.hidden, today: today, colored: colored, width: width,
                                            showsControls: console.isTerminal)
            let rendered = renderer.render(query.results(tasks), as: request.format)
            if out.isEmpty { out = rendered } else { out += rendered }
        }
        return out
    }

    /// Prints the listing once (`tasks --watch` is ``TasksWatchRunner``) and ends the process with
    /// `exit`: `.failure` when a query or a file failed, else `.ok`. The process ends while it still
    /// holds the tasks: freeing the 127,000 tasks of a 10 MB file one by one took 15 ms.
    func run(exit: (ExitStatus) -> Never) -> Never {
        let queries: [TaskQuery]
        do {
            queries = try Self.queries(request, today: request.today)
        } catch {
            console.report(error)
            exit(.failure)
        }
        guard let (tasks, failed) = Self.collect(request, console: console) else { exit(.failure) }
        withExtendedLifetime(tasks) { () -> Never in
            if let error = console.output(Self.listing(queries, tasks, request: request, today: request.today, console: console)) {
                console.report(Diagnostic(nil, .standardOutput(error)))
                exit(.failure)
            }
            exit(failed ? .failure : .ok)
        }
    }
}
