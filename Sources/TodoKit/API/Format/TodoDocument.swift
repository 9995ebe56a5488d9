#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A todo file parsed without loss: printing it gives back every byte that was read.
///
/// Parsing never fails on valid UTF-8; anything that is not a task is kept as it stands.
public struct TodoDocument: Sendable {
    let parsed: ParsedDocument

    /// The tasks in file order, made when first asked for (an editor often needs only the tasks
    /// around its cursor: ``tasks(onLines:)``).
    public var tasks: [TaskLine] {
        madeTasks.value { parsed.bytes.withUnsafeBufferPointer { TodoDocument.taskLines(parsed, $0) } }
    }
    /// ``tasks`` once made; shared by copies, which have the same parse.
    private let madeTasks = LazyValue<[TaskLine]>()

    /// Parses text, with the standard statuses and no global filter.
    /// - Parameter text: The file's content; never refused.
    public init(_ text: String) {
        self.init(parsed: ParsedDocument(validated: Array(text.utf8)))
    }

    /// Parses UTF-8 bytes, with the standard statuses and no global filter.
    /// - Parameter bytes: The file's content.
    /// - Throws: ``TodoError/invalidUTF8(offset:)`` for bytes that are not UTF-8,
    ///   ``TodoError/binary(offset:)`` for a NUL byte.
    public init(utf8 bytes: [UInt8]) throws(TodoError) {
        self.init(parsed: try ParsedDocument(utf8: bytes))
    }

    init(parsed: ParsedDocument) {
        self.parsed = parsed
    }

    /// The tasks whose task lines are among `lines`, in file order, without making ``tasks``
    /// when it has not been made yet.
    /// - Parameter lines: 1-based line numbers.
    /// - Returns: The task lines, as ``tasks`` has them.
    public func tasks(onLines lines: ClosedRange<Int>) -> [TaskLine] {
        let all = parsed.structure.tasks
        // The first task on line `line` (1-based) or after it.
        func first(from line: Int) -> Int { BinarySearch.partitionPoint(in: all.indices) { all[$0].line + 1 < line } }
        let range = first(from: lines.lowerBound)..<first(from: lines.upperBound + 1)
        guard !range.isEmpty else { return [] }
        if madeTasks.isMade { return Array(tasks[range]) }
        return parsed.bytes.withUnsafeBufferPointer { TodoDocument.taskLines(parsed, $0, tasks: range) }
    }

    /// ``TodoError/tooLarge(bytes:)`` for a file of `count` bytes that is too large to parse (the line
    /// table and the structure keep offsets in 32 bits), nil otherwise.
    package static func sizeError(_ count: Int) -> TodoError? {
        count > LineTable.maximumBytes ? .tooLarge(bytes: count) : nil
    }

    /// Checks that bytes are UTF-8 text without NUL bytes. A NUL anywhere means a binary file,
    /// which is the more useful message for an image or a database than its first non-UTF-8 byte.
    /// A large file is checked in parts at the same time (``validatedLines(_:parts:)``).
    static func validate(_ bytes: [UInt8]) throws(TodoError) {
        _ = try validate(bytes, splittingLines: false, parts: nil)
    }

    /// ``validate(_:)``, and the line table of the bytes after a byte-order mark, in one pass over
    /// each part: a large file is cut just past line feeds (``LineTable/cuts(_:parts:)``) and its
    /// parts are checked and split at the same time; the first part in file order with an error
    /// names it, and a NUL anywhere wins. `parts`: how many (by default one per processor when the
    /// file is large enough; tests choose).
    static func validatedLines(_ bytes: [UInt8], parts: Int? = nil) throws(TodoError) -> LineTable {
        try validate(bytes, splittingLines: true, parts: parts)!
    }

    private static func validate(_ bytes: [UInt8], splittingLines: Bool, parts: Int?) throws(TodoError) -> LineTable? {
        if let error = sizeError(bytes.count) { throw error }
        var error: TodoError?
        var lines: LineTable?
        bytes.withUnsafeBufferPointer { buf in
            // Lines are the text's after a byte-order mark (as ``ParsedDocument`` reads it).
            let bom = ParsedDocument.byteOrderMarkLength(buf)
            let text = UnsafeBufferPointer(rebasing: buf[bom...])
            let parts = parts ?? Parallel.parts(buf.count, minimumPerPart: validationMinimumPerPart)
            guard parts > 1 else {
                error = firstError(buf, from: 0, to: buf.count)
                if splittingLines && error == nil { lines = LineTable(text, parts: 1) }
                return
            }
            let cuts = LineTable.cuts(text, parts: parts)
            var errors = [TodoError?](repeating: nil, count: cuts.count - 1)
            var tables = [[UInt32]](repeating: [], count: cuts.count - 1)
            errors.withUnsafeMutableBufferPointer { errors in
                tables.withUnsafeMutableBufferPointer { tables in
                    // Each part writes only its own elements; nothing reads them before all have ended.
                    nonisolated(unsafe) let (errors, tables, buf, text) = (errors, tables, buf, text)
                    Parallel.run(errors.count) { part in
                        errors[part] = firstError(buf, from: part == 0 ? 0 : bom + cuts[part], to: bom + cuts[part + 1])
                        if splittingLines && errors[part] == nil {
                            tables[part] = LineTable.lineEnds(text, from: cuts[part], to: cuts[part + 1])
                        }
                    }
                }
            }
            error = errors.first { if case .binary = $0 { true } else { false } } ?? errors.first { $0 != nil } ?? nil
            if splittingLines && error == nil { lines = LineTable(joining: tables) }
        }
        if let error { throw error }
        return lines
    }

    /// Files of fewer bytes, and parts of more, are validated on one thread.
    static let validationMinimumPerPart = 1 << 20

    /// The first NUL byte in `buf[from..<to]` (``TodoError/binary(offset:)``), else the first byte
    /// there that does not start a valid UTF-8 character (``TodoError/invalidUTF8(offset:)``; the
    /// last one may run past `to`), else nil. `from` starts a character.
    static func firstError(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> TodoError? {
        guard let base = buf.baseAddress, end > from else { return nil }
        if let nul = memchr(base + from, 0, end - from) { return .binary(offset: UnsafeRawPointer(nul) - UnsafeRawPointer(base)) }
        let raw = UnsafeRawPointer(base)
        var i = from
        let n = buf.count
        while i < end {
            let b = buf[i]
            if b < 0x80 {
                i += 1
                // ASCII runs 32 bytes, then eight bytes at a time; in the word that holds a
                // byte with the high bit set, straight to that byte.
                while i + 32 <= end && (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
                    i += 32
                }
                while i + 8 <= end {
                    let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080
                    if high != 0 {
                        i += high.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
                continue
            }
            let width = UTF8Scalar.width(leadingByte: b)
            guard width >= 2, i + width <= n else { return .invalidUTF8(offset: i) }
            var k = 1
            while k < width {
                if buf[i + k] & 0xC0 != 0x80 { return .invalidUTF8(offset: i) }
                k += 1
            }
            // Overlong forms, surrogates and values past U+10FFFF.
            let b1 = buf[i + 1]
            switch width {
            case 2 where b < 0xC2: return .invalidUTF8(offset: i)
            case 3 where (b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0): return .invalidUTF8(offset: i)
            case 4 where (b == 0xF0 && b1 < 0x90) || (b == 0xF4 && b1 >= 0x90) || b > 0xF4: return .invalidUTF8(offset: i)
            default: break
            }
            i += width
        }
        return nil
    }

    /// The document printed back, byte for byte as it was read.
    public var utf8: [UInt8] { parsed.utf8 }

    /// The document printed back as text.
    public var text: String { String(decoding: parsed.utf8, as: UTF8.self) }

    /// The task lines of the tasks in `range` (all when nil); `parent` counts over all the tasks.
    static func taskLines(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, tasks range: Range<Int>? = nil) -> [TaskLine] {
        let s = doc.structure
        // Depth and nearest enclosing task per item, in one pass (parents come before children).
        var depth = [Int](repeating: 0, count: s.items.count)
        var enclosingTask = [Int](repeating: -1, count: s.items.count)
        for (index, item) in s.items.enumerated() {
            let parent = s.lists[item.list].parentItem
            if parent >= 0 {
                depth[index] = depth[parent] + 1
                enclosingTask[index] = s.items[parent].task >= 0 ? s.items[parent].task : enclosingTask[parent]
            }
        }
        let range = range ?? s.tasks.indices
        var result: [TaskLine] = []
        result.reserveCapacity(range.count)
        for index in range {
            let task = s.tasks[index]
            let (status, mark) = doc.status(ofTask: index, buf)
            let text = doc.text(ofTask: index, buf)
            // The occurrence of each key that counts, by key (-1: none), without a dictionary.
            let chosen = text.chosenFields()
            var counted: [Int] = []
            for order in 0..<FieldKey.count where chosen[order] >= 0 { counted.append(Int(chosen[order])) }
            counted.sort()
            let fields = counted.map { text.occurrences[$0].field(buf) }
            // The title the canonical form writes: the fields that count come out, earlier
            // duplicates stay as text, and a task that is not completed loses every end date.
            let title = text.title(buf, removing: text.occurrences.indices.filter { index in
                let key = text.occurrences[index].key
                return any(chosen .== Int32(index)) || (!status.isCompleted && (key == .done || key == .cancelled))
            })
            let lineStart = doc.lines.start(task.line)
            result.append(TaskLine(
                location: SourceLocation(line: task.line + 1, column: task.checkbox - lineStart + 1),
                status: status,
                mark: mark,
                title: String(decoding: title, as: UTF8.self),
                fields: fields,
                blockID: text.blockID.map { String(decoding: UnsafeBufferPointer(rebasing: buf[($0.lowerBound + 1)..<$0.upperBound]), as: UTF8.self) },
                depth: depth[task.item],
                parent: enclosingTask[task.item] >= 0 ? enclosingTask[task.item] : nil,
                source: String(decoding: UnsafeBufferPointer(rebasing: buf[lineStart..<doc.lines.contentEnd(task.line)]), as: UTF8.self)))
        }
        return result
    }
}
