/// Moves completed tasks out of their lists: into an archive file, under a heading naming the
/// source file and section, newest first; or into a section at the end of the file itself.
///
/// Only top-level tasks move, each with its subtasks and continuation lines (a completed subtask
/// of an open task stays with its parent). Items inside block quotes stay. The tasks are taken
/// out with the model's own removal, so ordered lists are renumbered and nothing else changes.
///
/// The two files are written by the caller, archive first, with the plan's ``ArchivePlan/pending``
/// recorded before (``PendingArchives``) and removed after. Given that record, the plan of a run
/// that stopped after writing the archive and before writing the source removes the tasks it had
/// copied from the source without copying them again; every other task is copied, even one whose
/// exact lines the archive already holds (a chore done twice).
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
        /// No place under the heading (nor for a new heading at the end) where the tasks would
        /// leave every other line of the file they go into reading as it did: the file ends in a
        /// code block or an HTML block that is never closed, say.
        case noPlace(heading: String)
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
    ///   - interrupted: the recorded move between the same two files that did not finish
    ///     (``PendingArchives/move(from:to:)``), if any. While the todo file holds exactly what that
    ///     move read, its tasks move whatever their age, and those the archive holds more copies of
    ///     than before that move are only removed from the todo file (``ArchivePlan/alreadyArchived``).
    ///     Ignored for ``Destination/section(_:)``.
    /// - Returns: the new bytes of the source and of the destination, and what moved.
    /// - Throws: ``Failure`` naming the file whose bytes are not UTF-8 text, or the heading under
    ///   which the tasks cannot go without changing how the rest of the file reads.
    public func plan(source bytes: [UInt8], to destination: Destination,
                     resuming interrupted: PendingArchive? = nil) throws(Failure) -> ArchivePlan {
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
        var archiveName: String?
        switch destination {
        case .section(let name): sectionName = name
        case .file(_, let sourceName): archiveName = sourceName
        }
        // The interrupted move's tasks, by heading and lines: those it had copied when the todo file
        // still holds what it read; else those it may have copied (for ``ArchivePlan/possibleDuplicates``).
        var resumed: [CopiesKey: PendingArchive.Copies] = [:]
        var unconfirmed: [CopiesKey: PendingArchive.Copies] = [:]
        let sourceDigest = ContentDigest(bytes)
        if let interrupted, archiveName != nil, sourceDigest != interrupted.sourceAfter, !interrupted.todoFileWrittenByMove {
            let unfinished = interrupted.isUnfinished(source: sourceDigest)
            for copies in interrupted.copies {
                let key = CopiesKey(heading: copies.heading, lines: copies.lines)
                if unfinished { resumed[key] = copies } else { unconfirmed[key] = copies }
            }
        }
        var resumedLeft = resumed.mapValues(\.count)

        var chosen: [(todo: Todo, block: [UInt8], heading: String, date: Day?)] = []
        for todo in list.todos where todo.isCompleted && todo.parent == nil {
            if let sectionName, todo.section?.lowercased() == sectionName.lowercased() { continue }
            let date = todo.done ?? todo.cancelled
            let oldEnough = olderThanDays == 0 || date.map { $0.days(until: today) > olderThanDays } ?? false
            if !oldEnough && resumed.isEmpty { continue }
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
            let heading = archiveName.map { name in todo.section.map { "\(name) › \($0)" } ?? name } ?? ""
            let key = CopiesKey(heading: heading, lines: block)
            if let left = resumedLeft[key], left > 0 {
                resumedLeft[key] = left - 1
            } else if !oldEnough {
                continue
            }
            chosen.append((todo, block, heading, date))
        }
        let unchanged = ArchivePlan(source: bytes, archive: nil, moved: 0, alreadyArchived: 0, possibleDuplicates: 0,
                                    archiveBeforeMove: nil, pending: nil)
        guard !chosen.isEmpty else {
            if case .file(let archive, _) = destination {
                return ArchivePlan(source: bytes, archive: archive, moved: 0, alreadyArchived: 0, possibleDuplicates: 0,
                                   archiveBeforeMove: archive, pending: nil)
            }
            return unchanged
        }
        let editor = TodoListEditor(today: today, fieldStyle: .default, sinkNow: false)
        // The identities come from this very list, so removing them cannot fail.
        guard let removed = try? editor.apply(.remove(chosen.map(\.todo.id)), to: list) else { return unchanged }
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
            guard let result = Self.insert(ordered.map(\.block), under: name, into: removed.utf8) else {
                throw .noPlace(heading: name)
            }
            return ArchivePlan(source: result, archive: nil, moved: chosen.count, alreadyArchived: 0, possibleDuplicates: 0,
                               archiveBeforeMove: nil, pending: nil)
        case .file(let archive, _):
            let original = ArchiveLines(archive)
            let firstLineFeed = bytes.firstIndex(of: 0x0A)
            let sourceEndsLinesWithCRLF = firstLineFeed.map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
            var output = archive
            var beforeMove = ArchiveLines(archive)
            var already = 0
            var possibleDuplicates = 0
            var copies: [PendingArchive.Copies] = []
            // One heading per section, in the order the sections first appear.
            var headings: [String] = []
            var groups: [String: [[UInt8]]] = [:]
            for entry in ordered {
                if groups[entry.heading] == nil { headings.append(entry.heading) }
                groups[entry.heading, default: []].append(entry.block)
            }
            for heading in headings {
                let blocks = groups[heading]!
                // Of each distinct block, how many copies the interrupted move left here (not copied again).
                var leftovers: [[UInt8]: Int] = [:]
                var counted: Set<[UInt8]> = []
                for block in blocks where counted.insert(block).inserted {
                    let count = blocks.count { $0 == block }
                    let present = original.occurrences(of: block, under: heading).count
                    let key = CopiesKey(heading: heading, lines: block)
                    var left = 0
                    if let earlier = resumed[key] {
                        left = min(count, earlier.count, max(0, present - earlier.copiesBefore))
                        beforeMove.remove(left, of: block, under: heading)
                    } else if let earlier = unconfirmed[key] {
                        possibleDuplicates += min(count, earlier.count, max(0, present - earlier.copiesBefore))
                    }
                    leftovers[block] = left
                    already += left
                    copies.append(.init(heading: heading, lines: block, copiesBefore: present - left, count: count))
                }
                var fresh: [[UInt8]] = []
                for block in blocks {
                    if let left = leftovers[block], left > 0 {
                        leftovers[block] = left - 1
                    } else {
                        fresh.append(block)
                    }
                }
                guard let inserted = Self.insert(fresh, under: heading, into: output, crlfWhenEmpty: sourceEndsLinesWithCRLF)
                else { throw .noPlace(heading: heading) }
                output = inserted
            }
            let pending = PendingArchive(sourceBefore: sourceDigest, sourceAfter: ContentDigest(removed.utf8), copies: copies)
            return ArchivePlan(source: removed.utf8, archive: output, moved: chosen.count, alreadyArchived: already,
                               possibleDuplicates: possibleDuplicates, archiveBeforeMove: beforeMove.bytes, pending: pending)
        }
    }

    /// Identical task blocks under one heading.
    private struct CopiesKey: Hashable {
        let heading: String
        let lines: [UInt8]
    }

    private func isBlank(_ doc: ParsedDocument, _ line: Int) -> Bool {
        doc.bytes[doc.lines.starts[line]..<doc.lines.contentEnds[line]].allSatisfy(\.isSpaceOrTab)
    }

}
