/// Moves completed tasks out of their lists: into an archive file, under a heading naming the
/// source file and section, newest first; or into a section at the end of the file itself.
///
/// Only top-level tasks move, each with its subtasks and continuation lines (a completed subtask
/// of an open task stays with its parent). Items inside block quotes stay. The tasks are taken
/// out with the model's own removal, so ordered lists are renumbered and nothing else changes.
///
/// The two files are written by the caller, archive first. A task whose exact lines the archive
/// already holds under its heading is not copied again: so a run that stopped after writing the
/// archive and before writing the source is completed by running it again, without duplicates.
public struct TaskArchiver: Sendable {
    /// Where archived tasks go.
    public enum Destination: Hashable, Sendable {
        /// An archive file, holding these bytes now (empty when it does not exist); the heading
        /// names the source file (`todos.md`), to which the section is added (`todos.md › Work`).
        case file(archive: [UInt8], sourceName: String)
        /// The heading of this name in the file itself (created at the end when missing).
        case section(String)
    }

    /// Why no plan can be made: the bytes of one of the two files are not UTF-8 text.
    public enum Failure: Error, Hashable, Sendable {
        /// The todo file's bytes.
        case source(TodoError)
        /// The archive file's bytes (``Destination/file(archive:sourceName:)``): tasks are not
        /// appended to a binary file or one that is not UTF-8.
        case archive(TodoError)
    }

    /// Tasks completed more than this many days before ``today`` move; 0: every completed task.
    public var olderThanDays: Int
    /// The day the age is counted from.
    public var today: Day
    /// Custom checkbox marks and their kinds: a mark mapped to done or cancelled is completed.
    public var statuses: StatusMap
    /// Obsidian Tasks' global filter: only checklist items containing it are tasks to archive.
    public var globalFilter: String?

    /// An archiver.
    ///
    /// - Parameters:
    ///   - olderThanDays: how many days ago a todo must have been completed to move.
    ///   - today: the day counted from.
    ///   - statuses: custom checkbox marks and their kinds (`.todofmt.json` `statuses`).
    ///   - globalFilter: Obsidian Tasks' global filter: only checklist items containing it are todos.
    public init(olderThanDays: Int, today: Day, statuses: StatusMap = .standard, globalFilter: String? = nil) {
        self.olderThanDays = olderThanDays
        self.today = today
        self.statuses = statuses
        self.globalFilter = globalFilter
    }

    /// The plan for one file; bytes that are not UTF-8 text, in the todo file or the archive, are an error.
    ///
    /// - Parameters:
    ///   - bytes: the todo file's bytes.
    ///   - destination: where the completed todos go.
    /// - Returns: the new bytes of the source and of the destination, and what moved.
    /// - Throws: ``Failure`` naming the file whose bytes are not UTF-8 text.
    public func plan(source bytes: [UInt8], to destination: Destination) throws(Failure) -> ArchivePlan {
        let list: TodoList
        do {
            list = try TodoList(utf8: bytes, statuses: statuses, globalFilter: globalFilter)
        } catch {
            throw .source(error)
        }
        if case .file(let archive, _) = destination {
            do {
                try TodoDocument.validate(archive)
            } catch {
                throw .archive(error)
            }
        }
        let doc = list.parsed
        let s = doc.structure
        var sectionName: String?
        if case .section(let name) = destination { sectionName = name }

        var chosen: [(todo: Todo, block: [UInt8], date: Day?)] = []
        for todo in list.todos where todo.isCompleted && todo.parent == nil {
            if let sectionName, todo.section?.lowercased() == sectionName.lowercased() { continue }
            let date = todo.done ?? todo.cancelled
            if olderThanDays > 0 {
                guard let date, date.days(until: today) > olderThanDays else { continue }
            }
            let item = s.items[s.tasks[list.taskIndex(of: todo.id)!].item]
            let indent = item.markerStart - doc.lines.starts[item.startLine]
            let prefix = doc.bytes[doc.lines.starts[item.startLine]..<item.markerStart]
            guard prefix.allSatisfy(\.isSpaceOrTab) else { continue }
            var last = item.lastLine
            while last > item.startLine && isBlank(doc, last) { last -= 1 }
            var block: [UInt8] = []
            for line in item.startLine...last {
                var content = doc.bytes[doc.lines.starts[line]..<doc.lines.contentEnds[line]]
                var removed = 0
                while removed < indent, let first = content.first, first.isSpaceOrTab {
                    content = content.dropFirst()
                    removed += 1
                }
                block += content
                block.append(0x0A)
            }
            chosen.append((todo, block, date))
        }
        guard !chosen.isEmpty else {
            if case .file(let archive, _) = destination { return ArchivePlan(source: bytes, archive: archive, moved: 0, alreadyArchived: 0) }
            return ArchivePlan(source: bytes, archive: nil, moved: 0, alreadyArchived: 0)
        }
        let editor = TodoListEditor(today: today, fieldStyle: .default, sinkNow: false)
        // The identities come from this very list, so removing them cannot fail.
        guard let removed = try? editor.apply(.remove(chosen.map(\.todo.id)), to: list) else {
            return ArchivePlan(source: bytes, archive: nil, moved: 0, alreadyArchived: 0)
        }
        // Newest first; tasks without a date after dated ones, in file order.
        let ordered = chosen.enumerated().sorted { a, b in
            switch (a.element.date, b.element.date) {
            case (let x?, let y?) where x != y: return x > y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.offset < b.offset
            }
        }.map(\.element)

        switch destination {
        case .section(let name):
            let blocks = ordered.map(\.block)
            let result = Self.insert(blocks, under: name, into: removed.utf8, skippingPresent: false)
            return ArchivePlan(source: result.bytes, archive: nil, moved: chosen.count, alreadyArchived: 0)
        case .file(let archive, let sourceName):
            var output = archive
            var already = 0
            // One heading per section, in the order the sections first appear.
            var headings: [String] = []
            var groups: [String: [[UInt8]]] = [:]
            for entry in ordered {
                let heading = entry.todo.section.map { "\(sourceName) › \($0)" } ?? sourceName
                if groups[heading] == nil { headings.append(heading) }
                groups[heading, default: []].append(entry.block)
            }
            for heading in headings {
                let result = Self.insert(groups[heading]!, under: heading, into: output, skippingPresent: true)
                output = result.bytes
                already += result.skipped
            }
            return ArchivePlan(source: removed.utf8, archive: output, moved: chosen.count, alreadyArchived: already)
        }
    }

    private func isBlank(_ doc: ParsedDocument, _ line: Int) -> Bool {
        doc.bytes[doc.lines.starts[line]..<doc.lines.contentEnds[line]].allSatisfy(\.isSpaceOrTab)
    }

    /// Inserts blocks right below the heading `title` (any level, compared ignoring case), or
    /// appends `## title` and the blocks. With `skippingPresent`, a block whose lines already stand
    /// under that heading is left out. The new lines end as the file's first line does (CRLF or LF).
    static func insert(_ blocks: [[UInt8]], under title: String, into bytes: [UInt8],
                       skippingPresent: Bool) -> (bytes: [UInt8], skipped: Int) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let endsWithNewline = bytes.last == 0x0A
        if endsWithNewline { lines.removeLast() }
        let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        // A new line as the file ends its lines (each line here is without its LF).
        func ended(_ line: [UInt8]) -> [UInt8] { crlf ? line + [0x0D] : line }
        let wanted = title.lowercased()
        func headingText(_ line: [UInt8]) -> String? {
            var text = line[...]
            if text.last == 0x0D { text = text.dropLast() }
            let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
            guard (1...6).contains(hashes), text.count > hashes, text[text.startIndex + hashes] == 0x20 else { return nil }
            return String(decoding: text.dropFirst(hashes + 1), as: UTF8.self).lowercased()
        }
        guard let headingLine = lines.firstIndex(where: { headingText($0) == wanted }) else {
            var out = bytes
            let newline = ended([]) + [0x0A]
            if !out.isEmpty {
                if !endsWithNewline { out += newline }
                out += newline
            }
            out += Array("## \(title)".utf8) + newline + newline
            for block in blocks {
                for line in block.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() { out += Array(line) + newline }
            }
            return (out, 0)
        }
        // The heading's section runs to the next heading of the same or a higher level.
        let level = lines[headingLine].prefix { $0 == UInt8(ascii: "#") }.count
        var end = headingLine + 1
        while end < lines.count {
            if headingText(lines[end]) != nil, lines[end].prefix(while: { $0 == UInt8(ascii: "#") }).count <= level { break }
            end += 1
        }
        let section = lines[(headingLine + 1)..<end].map { $0.last == 0x0D ? Array($0.dropLast()) : $0 }
        var fresh: [[UInt8]] = []
        var skipped = 0
        for block in blocks {
            let blockLines = block.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) }
            let present = skippingPresent && section.indices.contains { start in
                start + blockLines.count <= section.count && Array(section[start..<(start + blockLines.count)]) == blockLines
            }
            if present { skipped += 1 } else { fresh.append(block) }
        }
        var insertAt = headingLine + 1
        var needsBlankBefore = true
        if insertAt < lines.count, lines[insertAt].allSatisfy({ $0.isSpaceOrTab || $0 == 0x0D }) {
            insertAt += 1
            needsBlankBefore = false
        }
        var inserted: [[UInt8]] = needsBlankBefore ? [ended([])] : []
        for block in fresh {
            inserted += block.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { ended(Array($0)) }
        }
        // A blank line separates the new items from what follows unless a list continues there.
        if insertAt < lines.count, !lines[insertAt].isEmpty, headingText(lines[insertAt]) != nil { inserted.append(ended([])) }
        guard !fresh.isEmpty else { return (bytes, skipped) }
        let atEnd = insertAt >= lines.count
        lines.insert(contentsOf: inserted, at: insertAt)
        return (Array(lines.joined(separator: [0x0A])) + (endsWithNewline || atEnd ? [0x0A] : []), skipped)
    }
}
