import TodoKit

extension LanguageServer {
    /// `textDocument/documentSymbol`: the headings as an outline, each with its tasks (open and
    /// completed counts in its detail), subtasks under their tasks.
    func documentSymbols(_ params: JSONValue, in document: inout TextDocument) throws -> JSONValue {
        guard let parsed = document.document() else { return .arr([]) }
        let outline = DocumentOutline(parsed)
        let tasks = parsed.tasks
        let ends = sectionEnds(outline, in: document)
        // completedBefore[i]: how many of the first i tasks are completed.
        var completedBefore = [0]
        completedBefore.reserveCapacity(tasks.count + 1)
        for task in tasks { completedBefore.append(completedBefore[completedBefore.count - 1] + (task.status.isCompleted ? 1 : 0)) }
        func detail(_ heading: Int) -> String {
            let (open, completed) = counts(tasks, completedBefore: completedBefore,
                                           on: (outline.headings[heading].line + 1)...max(outline.headings[heading].line + 1, ends[heading]))
            return "\(open) open, \(completed) completed"
        }

        /// A symbol being built: its JSON members but children, and its children.
        final class Node {
            var members: [JSONMember]
            var children: [Node] = []
            init(_ members: [JSONMember]) { self.members = members }
            var json: JSONValue {
                JSONValue(kind: .object(members + (children.isEmpty ? [] : [JSONMember(key: "children", value: .arr(children.map(\.json)))])))
            }
        }
        func lineRange(_ first: Int, _ last: Int) -> JSONValue {
            let end = document.contentRange(ofLine: min(last, document.lineCount - 1))
            return Self.json(TextDocument.Position(line: first, character: 0), document.position(of: end.upperBound, encoding: encoding))
        }
        func members(_ name: String, detail: String?, kind: Int, first: Int, last: Int) -> [JSONMember] {
            var members = [JSONMember(key: "name", value: .str(name.isEmpty ? "(untitled)" : name))]
            if let detail { members.append(JSONMember(key: "detail", value: .str(detail))) }
            members += [JSONMember(key: "kind", value: .int(kind)),
                        JSONMember(key: "range", value: lineRange(first, last)),
                        JSONMember(key: "selectionRange", value: lineRange(first, first))]
            return members
        }

        var roots: [Node] = []
        // Open headings, innermost last, with their levels.
        var sections: [(level: Int, node: Node)] = []
        var headingIndex = 0
        // The node of each task, to put subtasks under their parent.
        var taskNodes: [Int: Node] = [:]
        for item in outline.items {
            while headingIndex < outline.headings.count && outline.headings[headingIndex].line < item.line {
                let heading = outline.headings[headingIndex]
                while let last = sections.last, last.level >= heading.level { sections.removeLast() }
                let node = Node(members(heading.title, detail: detail(headingIndex), kind: 15,
                                        first: heading.line, last: ends[headingIndex]))
                if let parent = sections.last { parent.node.children.append(node) } else { roots.append(node) }
                sections.append((heading.level, node))
                headingIndex += 1
            }
            guard let taskIndex = item.task else { continue }
            let task = tasks[taskIndex]
            let status = task.status.isCompleted ? (task.status == .done ? "done" : "cancelled")
                : task.status == .inProgress ? "in progress" : "open"
            let node = Node(members(task.title, detail: status, kind: 24, first: item.line, last: item.lastLine))
            taskNodes[taskIndex] = node
            if let parent = task.parent, let parentNode = taskNodes[parent] {
                parentNode.children.append(node)
            } else if let section = sections.last {
                section.node.children.append(node)
            } else {
                roots.append(node)
            }
        }
        // Headings after the last item.
        while headingIndex < outline.headings.count {
            let heading = outline.headings[headingIndex]
            while let last = sections.last, last.level >= heading.level { sections.removeLast() }
            let node = Node(members(heading.title, detail: detail(headingIndex), kind: 15, first: heading.line, last: ends[headingIndex]))
            if let parent = sections.last { parent.node.children.append(node) } else { roots.append(node) }
            sections.append((heading.level, node))
            headingIndex += 1
        }
        return .arr(roots.map(\.json))
    }

    /// `textDocument/foldingRange`: each section (a heading to the line before the next heading
    /// of its level or above, blank lines at its end left out) and each list item with more lines.
    func foldingRanges(_ params: JSONValue) throws -> JSONValue {
        var document = try document(params)
        guard let parsed = document.document() else { return .arr([]) }
        keep(document)
        let outline = DocumentOutline(parsed)
        var ranges: [JSONValue] = []
        for (index, end) in sectionEnds(outline, in: document).enumerated() where end > outline.headings[index].line {
            ranges.append(.obj(["startLine": .int(outline.headings[index].line), "endLine": .int(end), "kind": .str("region")]))
        }
        for item in outline.items where item.lastLine > item.line {
            ranges.append(.obj(["startLine": .int(item.line), "endLine": .int(item.lastLine), "kind": .str("region")]))
        }
        return .arr(ranges)
    }

    /// The last line of each heading's section, without the blank lines at its end.
    private func sectionEnds(_ outline: DocumentOutline, in document: TextDocument) -> [Int] {
        let headings = outline.headings
        var ends: [Int] = []
        ends.reserveCapacity(headings.count)
        for (index, heading) in headings.enumerated() {
            var end = (headings[(index + 1)...].first { $0.level <= heading.level }?.line ?? outline.lineCount) - 1
            while end > heading.line && document.contentRange(ofLine: end).allSatisfy({
                document.bytes[$0] == 0x20 || document.bytes[$0] == 0x09 }) {
                end -= 1
            }
            ends.append(max(heading.line, end))
        }
        return ends
    }

    /// How many of `tasks` (in line order) stand on lines `lines` (0-based), open and completed.
    private func counts(_ tasks: [TaskLine], completedBefore: [Int], on lines: ClosedRange<Int>) -> (open: Int, completed: Int) {
        func firstTask(from line: Int) -> Int {
            var low = 0, high = tasks.count
            while low < high {
                let mid = (low + high) / 2
                if tasks[mid].location.line - 1 < line { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let first = firstTask(from: lines.lowerBound), end = firstTask(from: lines.upperBound + 1)
        let completed = completedBefore[end] - completedBefore[first]
        return (end - first - completed, completed)
    }
}
