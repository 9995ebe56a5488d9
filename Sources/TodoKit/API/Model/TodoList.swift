#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A todo file as a model: its todos in file order, each with a stable identity, over a document
/// that keeps every byte the model did not change.
///
/// `TodoList` is a value; ``TodoStore`` owns the current one and saves it.
public struct TodoList: Sendable {
    let parsed: ParsedDocument
    /// The todo on each line (nil for lines that hold no task).
    let lineIDs: [TodoID?]
    /// The next identity to hand out.
    var nextID: UInt64

    /// The todos in file order, made when first asked for: the model's operations work on the
    /// identities alone, so a chain of them on a large file does not build every todo each time.
    public var todos: [Todo] {
        madeTodos.value { TodoReader(parsed, identities: .lines(lineIDs)).todos() }
    }
    /// Each todo's index in ``todos``, which is its task's index in the parsed structure, by
    /// identity: `positions[id - firstPosition]`, -1 for an identity not in the list. Identities
    /// are handed out counting up, so the table is dense, and making it is one pass without hashing
    /// (a dictionary of 100,000 todos cost milliseconds on every operation).
    private let positions: [Int32]
    /// The raw identity that `positions[0]` stands for.
    private let firstPosition: UInt64
    /// ``todos`` once made; shared by copies, which have the same document and identities.
    private let madeTodos = LazyValue<[Todo]>()

    /// Parses bytes and gives every task a new identity, as ``TodoStore/load()`` does; throws for
    /// bytes that are not UTF-8 text.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - firstID: the identity the first todo gets; the others count up from it.
    ///   - statuses: custom checkbox marks and their kinds (`.todofmt.json` `statuses`).
    ///   - globalFilter: Obsidian Tasks' global filter: only checklist items containing it are todos.
    /// - Throws: ``TodoError`` for bytes that are not UTF-8 text.
    public init(utf8 bytes: [UInt8], firstID: UInt64 = 1, statuses: StatusMap = .standard, globalFilter: String? = nil) throws(TodoError) {
        self.init(parsed: try ParsedDocument(utf8: bytes, statuses: statuses, globalFilter: globalFilter), lineIDs: nil, nextID: firstID)
    }

    /// The todos of a document already parsed, each with a new identity, as
    /// ``init(utf8:firstID:statuses:globalFilter:)`` gives them for its bytes: an editor that keeps
    /// a ``TodoDocument`` of its text reads the model from the same parse.
    ///
    /// - Parameters:
    ///   - document: the parsed file.
    ///   - firstID: the identity the first todo gets; the others count up from it.
    ///   - statuses: custom checkbox marks and their kinds (`.todofmt.json` `statuses`).
    ///   - globalFilter: Obsidian Tasks' global filter: only checklist items containing it are
    ///     todos (the document is parsed again when it has one).
    public init(_ document: TodoDocument, firstID: UInt64 = 1, statuses: StatusMap = .standard, globalFilter: String? = nil) {
        self.init(parsed: document.parsed.reading(statuses: statuses, globalFilter: globalFilter), lineIDs: nil, nextID: firstID)
    }

    /// Builds the model over a parsed document; task lines without an identity get a new one,
    /// and ``nextID`` ends up above every identity in the list (an identity is handed out once).
    init(parsed: ParsedDocument, lineIDs: [TodoID?]?, nextID: UInt64) {
        self.parsed = parsed
        let tasks = parsed.structure.tasks
        var ids = lineIDs ?? []
        if ids.count != parsed.lines.count { ids = [TodoID?](repeating: nil, count: parsed.lines.count) }
        var next = nextID
        var lowest = UInt64.max, highest: UInt64 = 0
        // One pass over the lines and two over the tasks, on the arrays' memory (100,000 lines on
        // every operation of a large file).
        ids.withUnsafeMutableBufferPointer { ids in
            var isTaskLine = [Bool](repeating: false, count: ids.count)
            isTaskLine.withUnsafeMutableBufferPointer { isTaskLine in
                for task in tasks {
                    isTaskLine[task.line] = true
                    if let id = ids[task.line] { next = max(next, id.rawValue + 1) }
                }
                for line in ids.indices where !isTaskLine[line] && ids[line] != nil { ids[line] = nil }
            }
            for task in tasks {
                let raw: UInt64
                if let id = ids[task.line] {
                    raw = id.rawValue
                } else {
                    raw = next
                    ids[task.line] = TodoID(rawValue: next)
                    next += 1
                }
                lowest = min(lowest, raw)
                highest = max(highest, raw)
            }
        }
        self.lineIDs = ids
        self.nextID = next

        var positions = [Int32](repeating: -1, count: lowest > highest ? 0 : Int(highest - lowest) + 1)
        positions.withUnsafeMutableBufferPointer { positions in
            ids.withUnsafeBufferPointer { ids in
                for (index, task) in tasks.enumerated() {
                    positions[Int(ids[task.line]!.rawValue - lowest)] = Int32(truncatingIfNeeded: index)
                }
            }
        }
        self.positions = positions
        firstPosition = lowest
    }

    /// The list over `parsed`, whose tasks are `other`'s on the same lines (their lines edited in
    /// place): the identities and their positions carry over, the todos are made anew when asked for.
    init(parsed: ParsedDocument, sameTasksAs other: TodoList) {
        precondition(parsed.lines.count == other.parsed.lines.count && parsed.structure.tasks.count == other.parsed.structure.tasks.count,
                     "the same lines and tasks")
        self.parsed = parsed
        lineIDs = other.lineIDs
        nextID = other.nextID
        positions = other.positions
        firstPosition = other.firstPosition
    }

    /// The file's bytes.
    public var utf8: [UInt8] { parsed.utf8 }

    /// The file's text.
    public var text: String { String(decoding: parsed.utf8, as: UTF8.self) }

    /// The todo with an identity, if it is in the list.
    ///
    /// - Parameter id: the identity.
    public subscript(id: TodoID) -> Todo? {
        taskIndex(of: id).map { todos[$0] }
    }

    /// The todo at a position in file order (for index-based selection in a table view).
    ///
    /// - Parameter index: 0-based, in file order.
    /// - Returns: the todo, or nil past the end.
    public func todo(at index: Int) -> Todo? {
        todos.indices.contains(index) ? todos[index] : nil
    }

    /// The position of a todo in file order.
    ///
    /// - Parameter id: the identity.
    /// - Returns: its 0-based index in ``todos``, or nil when it is not in the list.
    public func index(of id: TodoID) -> Int? { taskIndex(of: id) }

    /// The todo whose task line is `line` (1-based), or nil when that line holds no task: a
    /// `path:line` typed by a person names a task only when it points at its first line.
    ///
    /// - Parameter line: 1-based.
    /// - Returns: the todo, or nil.
    public func todo(atLine line: Int) -> Todo? {
        id(atLine: line).flatMap { self[$0] }
    }

    /// The identity of the todo whose task line is `line` (1-based), without making ``todos``.
    ///
    /// - Parameter line: 1-based.
    /// - Returns: the identity, or nil when the line holds no task.
    public func id(atLine line: Int) -> TodoID? {
        guard line >= 1, line <= lineIDs.count else { return nil }
        return lineIDs[line - 1]
    }

    /// The status of the todo whose task line is `line` (1-based), without making ``todos``.
    ///
    /// - Parameter line: 1-based.
    /// - Returns: the status, or nil when the line holds no task.
    public func status(atLine line: Int) -> TaskStatus? {
        guard let id = id(atLine: line), let index = taskIndex(of: id) else { return nil }
        return parsed.bytes.withUnsafeBufferPointer { parsed.status(ofTask: index, $0).0 }
    }

    /// The 1-based line of a todo's task line, without making ``todos``.
    ///
    /// - Parameter id: the identity.
    /// - Returns: the 1-based line, or nil when it is not in the list.
    public func line(of id: TodoID) -> Int? {
        taskIndex(of: id).map { parsed.structure.tasks[$0].line + 1 }
    }

    /// Todos that are not completed, in file order.
    public var open: [Todo] { todos.filter { !$0.isCompleted } }

    /// Done and cancelled todos, in file order.
    public var completed: [Todo] { todos.filter(\.isCompleted) }

    /// Open todos whose due day is before `day`.
    ///
    /// - Parameter day: today.
    /// - Returns: those todos, in file order.
    public func overdue(on day: Day) -> [Todo] { todos.filter { $0.isOverdue(on: day) } }

    /// Open todos due before `day`.
    ///
    /// - Parameter day: the first day not included.
    /// - Returns: those todos, in file order.
    public func due(before day: Day) -> [Todo] {
        todos.filter { !$0.isCompleted && ($0.due.map { $0 < day } ?? false) }
    }

    /// Todos carrying `#tag` (given with or without `#`, compared case-insensitively).
    ///
    /// - Parameter tag: the tag, with or without `#`.
    /// - Returns: those todos, in file order.
    public func tagged(_ tag: String) -> [Todo] {
        let wanted = (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
        return todos.filter { $0.tags.contains { $0.lowercased() == wanted } }
    }

    /// Todos under the heading `section`.
    ///
    /// - Parameter section: the heading's text.
    /// - Returns: those todos, in file order.
    public func inSection(_ section: String) -> [Todo] {
        todos.filter { $0.section == section }
    }

    /// The parsed task index of a todo.
    func taskIndex(of id: TodoID) -> Int? {
        guard id.rawValue >= firstPosition, id.rawValue - firstPosition < UInt64(positions.count) else { return nil }
        let position = positions[Int(id.rawValue - firstPosition)]
        return position < 0 ? nil : Int(position)
    }

    /// Whether a todo is done or cancelled, read from its checkbox without making ``todos``
    /// (nil when it is not in the list).
    func isCompleted(_ id: TodoID) -> Bool? {
        guard let task = taskIndex(of: id) else { return nil }
        return parsed.bytes.withUnsafeBufferPointer { parsed.status(ofTask: task, $0).0.isCompleted }
    }

    /// `#tags` in a title: `#` then letters, digits, `_`, `-` or `/`, not only digits.
    static func tags(in title: String) -> [String] {
        var title = title
        title.makeContiguousUTF8()
        return title.utf8.withContiguousStorageIfAvailable { bytes in
            // Most titles have no `#` at all: one `memchr` instead of a walk over characters.
            guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "#")), bytes.count) != nil else { return [] }
            // In an ASCII title every byte is a character of its own.
            return asciiTags(bytes) ?? characterTags(title, bytes)
        } ?? []
    }

    /// ``tags(in:)`` of a title given as UTF-8, read byte by byte; nil when a byte is not ASCII.
    /// For ASCII, `Character`'s tests are byte tests: its letters are `A`–`Z` and `a`–`z`, its
    /// numbers `0`–`9`, its white space tab to carriage return and the space (`isASCIIWhitespace`).
    private static func asciiTags(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var tags: [String] = []
        var previous = UInt8(ascii: " ")
        var start = -1
        func finish(_ end: Int) {
            if end > start, !bytes[start..<end].allSatisfy(\.isASCIIDigit) {
                tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            start = -1
        }
        for index in bytes.indices {
            let byte = bytes[index]
            if start >= 0 {
                if byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "/") {
                    previous = byte
                    continue
                }
                finish(index)
            }
            if byte == UInt8(ascii: "#") && previous.isASCIIWhitespace {
                start = index + 1
            }
            previous = byte
        }
        if start >= 0 { finish(bytes.count) }
        return tags
    }

    /// ``tags(in:)`` of any title, character by character (a character's first scalar says whether
    /// it is a letter, a number or white space); `bytes` is the title's UTF-8, from which each tag
    /// is taken whole once its end is found.
    private static func characterTags(_ title: String, _ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var tags: [String] = []
        var previous: Character = " "
        var offset = 0
        var start = -1
        var onlyNumbers = true
        func finish(_ end: Int) {
            if end > start, !onlyNumbers {
                tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            start = -1
        }
        for c in title {
            let width = c.utf8.count
            if start >= 0 {
                let isNumber = c.isNumber
                if c.isLetter || isNumber || c == "_" || c == "-" || c == "/" {
                    onlyNumbers = onlyNumbers && isNumber
                    previous = c
                    offset += width
                    continue
                }
                finish(offset)
            }
            if c == "#" && previous.isWhitespace {
                start = offset + width
                onlyNumbers = true
            }
            previous = c
            offset += width
        }
        if start >= 0 { finish(offset) }
        return tags
    }
}
