import TodoKit

extension LanguageServer {
    /// `textDocument/documentSymbol`: the headings as an outline, each with its tasks (open and
    /// completed counts in its detail), subtasks under their tasks. The result is written as JSON
    /// text directly: a large file has tens of thousands of symbols.
    func documentSymbols(_ params: JSONValue, in document: inout TextDocument) throws -> [UInt8] {
        guard let parsed = document.document() else { return Array("[]".utf8) }
        let outline = DocumentOutline(parsed)
        let tasks = parsed.tasks
        let ends = sectionEnds(outline, in: document)
        // completedBefore[i]: how many of the first i tasks are completed.
        var completedBefore = [0]
        completedBefore.reserveCapacity(tasks.count + 1)
        for task in tasks { completedBefore.append(completedBefore[completedBefore.count - 1] + (task.status.isCompleted ? 1 : 0)) }

        /// A symbol: what it shows, the lines it spans, and its children (indices into `symbols`).
        struct Symbol {
            var name: String
            var detail: String
            var kind: Int
            var first: Int
            var last: Int
            var children: [Int] = []
        }
        var symbols: [Symbol] = []
        symbols.reserveCapacity(outline.headings.count + tasks.count)
        var roots: [Int] = []
        // Open headings, innermost last, with their levels.
        var sections: [(level: Int, symbol: Int)] = []
        // The symbol of each task, to put subtasks under their parent.
        var taskSymbols: [Int: Int] = [:]
        var headingIndex = 0

        func addHeadings(before line: Int) {
            while headingIndex < outline.headings.count && outline.headings[headingIndex].line < line {
                let heading = outline.headings[headingIndex]
                while let last = sections.last, last.level >= heading.level { sections.removeLast() }
                let (open, completed) = counts(tasks, completedBefore: completedBefore,
                                               on: (heading.line + 1)...max(heading.line + 1, ends[headingIndex]))
                symbols.append(Symbol(name: heading.title, detail: "\(open) open, \(completed) completed", kind: 15,
                                      first: heading.line, last: ends[headingIndex]))
                if let parent = sections.last { symbols[parent.symbol].children.append(symbols.count - 1) } else { roots.append(symbols.count - 1) }
                sections.append((heading.level, symbols.count - 1))
                headingIndex += 1
            }
        }
        for item in outline.items {
            addHeadings(before: item.line)
            guard let taskIndex = item.task else { continue }
            let task = tasks[taskIndex]
            let status = task.status.isCompleted ? (task.status == .done ? "done" : "cancelled")
                : task.status == .inProgress ? "in progress" : "open"
            symbols.append(Symbol(name: task.title, detail: status, kind: 24, first: item.line, last: item.lastLine))
            let index = symbols.count - 1
            taskSymbols[taskIndex] = index
            if let parent = task.parent, let parentSymbol = taskSymbols[parent] {
                symbols[parentSymbol].children.append(index)
            } else if let section = sections.last {
                symbols[section.symbol].children.append(index)
            } else {
                roots.append(index)
            }
        }
        addHeadings(before: Int.max)

        var out: [UInt8] = []
        out.reserveCapacity(symbols.count * 200)
        func writeRange(_ first: Int, _ last: Int) {
            let end = document.position(of: document.contentRange(ofLine: min(last, document.lineCount - 1)).upperBound,
                                        encoding: encoding)
            out += #"{"start":{"line":"#.utf8
            out += String(first).utf8
            out += #","character":0},"end":{"line":"#.utf8
            out += String(end.line).utf8
            out += #","character":"#.utf8
            out += String(end.character).utf8
            out += "}}".utf8
        }
        func write(_ list: [Int]) {
            out.append(UInt8(ascii: "["))
            for (position, index) in list.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                let symbol = symbols[index]
                out += #"{"name":"#.utf8
                JSONWriter.writeString(symbol.name.isEmpty ? "(untitled)" : symbol.name, into: &out)
                out += #","detail":"#.utf8
                JSONWriter.writeString(symbol.detail, into: &out)
                out += #","kind":"#.utf8
                out += String(symbol.kind).utf8
                out += #","range":"#.utf8
                writeRange(symbol.first, symbol.last)
                out += #","selectionRange":"#.utf8
                writeRange(symbol.first, symbol.first)
                if !symbol.children.isEmpty {
                    out += #","children":"#.utf8
                    write(symbol.children)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        write(roots)
        return out
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
            while end > heading.line && document.contentRange(ofLine: end).allSatisfy({ document.bytes[$0].isSpaceOrTab }) {
                end -= 1
            }
            ends.append(max(heading.line, end))
        }
        return ends
    }

    /// How many of `tasks` (in line order) stand on lines `lines` (0-based), open and completed.
    private func counts(_ tasks: [TaskLine], completedBefore: [Int], on lines: ClosedRange<Int>) -> (open: Int, completed: Int) {
        let first = Self.firstTask(tasks, from: lines.lowerBound), end = Self.firstTask(tasks, from: lines.upperBound + 1)
        let completed = completedBefore[end] - completedBefore[first]
        return (end - first - completed, completed)
    }
}
