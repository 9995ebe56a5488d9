/// A query in Obsidian Tasks' language, parsed: filters, sorting, grouping, a limit and what
/// the listing hides. It is a value; ``results(_:)`` runs it over tasks.
///
/// ```swift
/// let query = try TaskQuery(["not done", "due before next week", "sort by due"], today: today)
/// let result = query.results(tasks)
/// ```
///
/// Relative dates (`today`, `next week`, `in 3 days`) are resolved against the `today` given when
/// parsing: parse again when the day changes.
public struct TaskQuery: Hashable, Sendable {
    /// Every filter must keep a task (the instructions' lines are joined with AND).
    public var filters: [TaskFilter] = []
    /// The sort keys, most significant first; ties keep file order.
    public var sorts: [TaskSort] = []
    /// The groupings, outermost first.
    public var groupings: [TaskGrouping] = []
    /// The most tasks listed, or nil.
    public var limit: Int?
    /// What the text listing leaves out.
    public var hidden: Set<TaskQueryField> = []

    /// The query without instructions: every task, in file order.
    public init() {}

    /// Parses instructions, one per element (blank lines and `#` comments are skipped). An
    /// instruction this implementation does not know is an error naming it, never ignored.
    public init(_ instructions: [String], today: Day) throws(TaskQueryError) {
        var parser = TaskQueryParser(today: today)
        for line in instructions {
            let instruction = line.trimmingQuerySpaces
            if instruction.isEmpty || instruction.hasPrefix("#") { continue }
            try parser.apply(instruction, to: &self)
        }
    }

    /// What a listing shows when the user gives no query: open tasks, grouped by file, in file order.
    public static func defaultQuery() -> TaskQuery {
        var query = TaskQuery()
        query.filters = [.done(false)]
        query.groupings = [TaskGrouping(.path)]
        return query
    }

    /// The instructions of every ` ```tasks ` block in a Markdown text, block by block.
    public static func blocks(inMarkdown text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var fence = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.trimmingQuerySpaces
            if current == nil {
                for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
                    let ticks = trimmed.prefix { $0 == marker.first! }
                    if trimmed.dropFirst(ticks.count).trimmingQuerySpaces.lowercased() == "tasks" {
                        current = []
                        fence = String(ticks)
                    }
                }
            } else if trimmed.hasPrefix(fence) && trimmed.allSatisfy({ $0 == fence.first! }) {
                blocks.append(current!)
                current = nil
            } else {
                current!.append(String(line))
            }
        }
        if let current { blocks.append(current) }
        return blocks
    }

    /// Runs the query: filters, sorts (stable: ties keep the order given), limits, then groups.
    public func results(_ tasks: [QueriedTask]) -> TaskQueryResult {
        var kept = tasks.filter { task in filters.allSatisfy { $0.matches(task) } }
        let matched = kept.count
        if !sorts.isEmpty {
            kept = kept.enumerated().sorted { a, b in
                for sort in sorts {
                    let order = sort.compare(a.element, b.element)
                    if order != 0 { return order < 0 }
                }
                return a.offset < b.offset
            }.map(\.element)
        }
        if let limit, kept.count > limit { kept = Array(kept[..<limit]) }
        guard !groupings.isEmpty else {
            return TaskQueryResult(groups: kept.isEmpty ? [] : [TaskGroup(names: [], tasks: kept)], tasks: kept,
                                   matchedCount: matched)
        }
        var groups: [[TaskGrouping.Name]: [QueriedTask]] = [:]
        for task in kept {
            var paths: [[TaskGrouping.Name]] = [[]]
            for grouping in groupings {
                let names = grouping.names(of: task)
                paths = paths.flatMap { path in names.map { path + [$0] } }
            }
            for path in paths { groups[path, default: []].append(task) }
        }
        let ordered = groups.keys.sorted { a, b in
            for (level, grouping) in groupings.enumerated() where a[level] != b[level] {
                return grouping.reverse ? b[level] < a[level] : a[level] < b[level]
            }
            return false
        }
        var seen: Set<QueriedTask> = []
        var listed: [QueriedTask] = []
        let result = ordered.map { key in
            let tasks = groups[key]!
            for task in tasks where seen.insert(task).inserted { listed.append(task) }
            return TaskGroup(names: key.map(\.text), tasks: tasks)
        }
        return TaskQueryResult(groups: result, tasks: listed, matchedCount: matched)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingQuerySpaces: Substring {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
