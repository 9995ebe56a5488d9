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
    /// The most tasks listed in each group (`limit groups N`), or nil; without grouping, none.
    public var groupLimit: Int?
    /// What the text listing leaves out.
    public var hidden: Set<TaskQueryField> = []

    /// The query without instructions: every task, in file order.
    public init() {}

    /// Parses instructions. An instruction this implementation does not know is an error naming
    /// it, never ignored.
    /// - Parameters:
    ///   - instructions: One instruction per element; blank lines and `#` comments are skipped.
    ///   - today: The day relative dates in filters (`due before tomorrow`) count from.
    /// - Throws: ``TaskQueryError`` naming the first instruction that is unknown or not valid.
    public init(_ instructions: [String], today: Day) throws(TaskQueryError) {
        var parser = TaskQueryParser(today: today)
        for line in instructions {
            let instruction = line.trimmingQuerySpaces
            if instruction.isEmpty || instruction.hasPrefix("#") { continue }
            try parser.apply(instruction, to: &self)
        }
    }

    /// What a listing shows when the user gives no query.
    /// - Returns: A query for open tasks, grouped by file, in file order.
    public static func defaultQuery() -> TaskQuery {
        var query = TaskQuery()
        query.filters = [.done(false)]
        query.groupings = [TaskGrouping(.path)]
        return query
    }

    /// The instructions of every ` ```tasks ` (or `~~~tasks`) block in a Markdown text.
    ///
    /// Code fences are followed as CommonMark reads them: a fence is indented at most three
    /// spaces, and a code block closes only at a fence of the same character, at least as long,
    /// with nothing after it. So a ` ```tasks ` block shown inside a longer fence (` ````text `)
    /// or a `~~~` block is text of that block, not a query.
    /// - Parameter text: Markdown, with LF or CRLF line breaks.
    /// - Returns: One array of lines per block, in text order; a block left open runs to the end
    ///   of the text. Empty when the text has no such block.
    public static func blocks(inMarkdown text: String) -> [[String]] {
        var blocks: [[String]] = []
        // The lines of the tasks block being read, and the fence of the code block the line is in.
        var current: [String]?
        var open: CodeFence?
        // "\r\n" is one Character; a lone "\r" ends a line too, as in CommonMark.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let fence = open {
                if let closing = CodeFence(line), closing.info.isEmpty, closing.character == fence.character,
                   closing.length >= fence.length {
                    if let current { blocks.append(current) }
                    current = nil
                    open = nil
                } else {
                    current?.append(String(line))
                }
            } else if let fence = CodeFence(line) {
                open = fence
                if fence.info.lowercased() == "tasks" { current = [] }
            }
        }
        if let current { blocks.append(current) }
        return blocks
    }

    /// A line that opens or closes a fenced code block: up to three spaces, three or more
    /// backticks or tildes, and an info string (never holding a backtick after backticks).
    private struct CodeFence {
        var character: Character
        var length: Int
        var info: Substring

        init?(_ line: Substring) {
            let indent = line.prefix { $0 == " " }.count
            guard indent <= 3 else { return nil }
            let rest = line.dropFirst(indent)
            guard let character = rest.first, character == "`" || character == "~" else { return nil }
            length = rest.prefix { $0 == character }.count
            info = rest.dropFirst(length).trimmingQuerySpaces
            guard length >= 3, character == "~" || !info.contains("`") else { return nil }
            self.character = character
        }
    }

    /// Runs the query: filters, sorts (stable: ties keep the order given), limits, then groups
    /// (each group cut to ``groupLimit``).
    ///
    /// Works on positions in `tasks`, so no task is copied or hashed until the result is built.
    /// - Parameter tasks: The tasks to query, in the order ties keep.
    /// - Returns: The groups in order (one unnamed group without grouping, none when no task is
    ///   kept) and the number of tasks that matched before the limit.
    public func results(_ tasks: [QueriedTask]) -> TaskQueryResult {
        var kept = tasks.indices.filter { index in filters.allSatisfy { $0.matches(tasks[index]) } }
        let matched = kept.count
        if !sorts.isEmpty {
            kept.sort { a, b in
                for sort in sorts {
                    let order = sort.compare(tasks[a], tasks[b])
                    if order != 0 { return order < 0 }
                }
                return a < b
            }
        }
        if let limit, kept.count > limit { kept.removeSubrange(limit...) }
        guard !groupings.isEmpty else {
            let listed = kept.map { tasks[$0] }
            return TaskQueryResult(groups: listed.isEmpty ? [] : [TaskGroup(names: [], tasks: listed)], matchedCount: matched,
                                   overlaps: false)
        }
        var keys: [[TaskGrouping.Name]] = []
        var members: [[Int]] = []
        var groupOf: [[TaskGrouping.Name]: Int] = [:]
        // Neighbours usually share their group (tasks of one file, one heading): no lookup then.
        var last: (key: [TaskGrouping.Name], group: Int)?
        for index in kept {
            // The first grouping's names start the paths (with one grouping, the default by file,
            // they are the paths: no arrays built per task); each further one extends them.
            let names = groupings[0].names(of: tasks[index])
            var paths = names.count == 1 ? [names] : names.map { [$0] }
            for grouping in groupings.dropFirst() {
                let names = grouping.names(of: tasks[index])
                paths = names.count == 1 ? paths.map { $0 + names } : paths.flatMap { path in names.map { path + [$0] } }
            }
            for path in paths {
                if let last, last.key == path {
                    members[last.group].append(index)
                    continue
                }
                let group: Int
                if let found = groupOf[path] {
                    group = found
                } else {
                    group = keys.count
                    groupOf[path] = group
                    keys.append(path)
                    members.append([])
                }
                members[group].append(index)
                last = (path, group)
            }
        }
        let order = keys.indices.sorted { x, y in
            let a = keys[x], b = keys[y]
            for (level, grouping) in groupings.enumerated() where a[level] != b[level] {
                return grouping.reverse ? b[level] < a[level] : a[level] < b[level]
            }
            return false
        }
        let groups = order.map { group in
            TaskGroup(names: keys[group].map(\.text), tasks: members[group].prefix(groupLimit ?? Int.max).map { tasks[$0] })
        }
        return TaskQueryResult(groups: groups, matchedCount: matched, overlaps: groupings.contains { $0.key == .tags })
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
