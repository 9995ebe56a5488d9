import TodoKit

/// A document the client opened: its text as UTF-8 bytes, the start of each line, and the
/// conversion between LSP positions and byte offsets.
///
/// Lines end at LF, CR LF or a lone CR, as both the protocol and the linter count them.
struct TextDocument: Sendable {
    /// A position as the protocol gives it: 0-based line and character (in the session's encoding).
    struct Position: Hashable, Sendable {
        var line: Int
        var character: Int
    }

    let uri: String
    /// The file the URI names (`file:` URIs only): its configuration applies.
    let path: String?
    var version: Int
    private(set) var bytes: [UInt8]
    /// The byte offset where each line starts; never empty.
    private(set) var lineStarts: [Int] = [0]
    /// The parse of ``bytes``, made when first asked for.
    private var parsed: (document: TodoDocument, list: TodoList?)?
    /// The statuses and global filter ``parsed``'s list was read with.
    private var listReading: (statuses: StatusMap, globalFilter: String?)?
    /// Which opening this is, among all the documents the session opened (the server counts them):
    /// a request that parsed a document closed and opened again since must not store its copy back.
    let opening: Int
    /// Incremented on every change.
    private(set) var generation = 0
    /// What tells this text apart from every other text the session has held: its opening and its
    /// changes since.
    var revision: Revision { Revision(opening: opening, generation: generation) }

    /// A text's place in the session: see ``revision``.
    struct Revision: Hashable, Sendable {
        var opening: Int
        var generation: Int
    }
    /// The lint findings of this text, with the configuration generation they were made with; nil
    /// until linted, and after a change.
    var findings: (configuration: Int, findings: [Finding])?

    init(uri: String, version: Int, text: String, opening: Int = 0) {
        self.uri = uri
        self.opening = opening
        path = TextDocument.path(ofURI: uri)
        self.version = version
        bytes = Array(text.utf8)
        indexLines(from: 0, to: bytes.count, last: true)
    }

    /// The document parsed (valid UTF-8 without NUL bytes), cached until the next change.
    mutating func document() -> TodoDocument? {
        if let parsed { return parsed.document }
        guard let document = try? TodoDocument(utf8: bytes) else { return nil }
        parsed = (document, nil)
        return document
    }

    /// The document as the model sees it with a configuration's custom statuses and global filter,
    /// cached until the next change.
    mutating func todoList(statuses: StatusMap, globalFilter: String?) -> TodoList? {
        if let list = parsed?.list, let reading = listReading, reading.statuses == statuses, reading.globalFilter == globalFilter {
            return list
        }
        guard let document = document() else { return nil }
        let list = TodoList(document, statuses: statuses, globalFilter: globalFilter)
        parsed = (document, list)
        listReading = (statuses, globalFilter)
        return list
    }

    // MARK: - Changes

    /// Replaces the bytes between two positions with `text` (an incremental change), or the whole
    /// text when `range` is nil.
    ///
    /// Only the lines the change touches are scanned again for line breaks; the starts of the
    /// lines after it move by the change in length.
    mutating func replace(_ range: (Position, Position)?, with text: String, encoding: PositionEncoding) {
        parsed = nil
        findings = nil
        generation += 1
        guard let (from, to) = range else {
            bytes = Array(text.utf8)
            lineStarts = [0]
            indexLines(from: 0, to: bytes.count, last: true)
            return
        }
        let lower = offset(of: from, encoding: encoding)
        let upper = max(lower, offset(of: to, encoding: encoding))
        let inserted = Array(text.utf8)
        bytes.replaceSubrange(lower..<upper, with: inserted)
        let delta = inserted.count - (upper - lower)
        // From the line holding the byte before the change (a CR there may now end its line with
        // the LF inserted after it) to the first line whose line break lies wholly after the change.
        let first = line(containing: max(lower - 1, 0))
        var kept = first + 1
        while kept < lineStarts.count && lineStarts[kept] < upper + 2 { kept += 1 }
        let moved = lineStarts[kept...].map { $0 + delta }
        lineStarts.removeSubrange((first + 1)...)
        indexLines(from: lineStarts[first], to: moved.first ?? bytes.count, last: moved.isEmpty)
        lineStarts += moved
    }

    /// Appends the start of every line that begins after `start` and before `end` (at `end` too
    /// when `last`: a final line break starts an empty last line).
    private mutating func indexLines(from start: Int, to end: Int, last: Bool) {
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { buf in
            var i = start
            while let next = LineEnding.nextLineStart(in: buf, from: i, to: end) {
                if next < end || (last && next == end) { starts.append(next) }
                i = next
            }
        }
        lineStarts += starts
    }

    /// The line that holds byte `offset`.
    private func line(containing offset: Int) -> Int {
        // The last line starting at or before `offset`; the first line starts at 0.
        max(0, BinarySearch.partitionPoint(in: lineStarts.indices) { lineStarts[$0] <= offset } - 1)
    }

    // MARK: - Lines

    /// The number of lines; a final line break starts an empty last line, as editors count.
    var lineCount: Int { lineStarts.count }

    /// The bytes of line `line` without its ending.
    func contentRange(ofLine line: Int) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// How many bytes the parser's columns on `line` leave out: the byte-order mark on the first
    /// line (the parser reads the text after it; an editor counts it as a character).
    func columnShift(line: Int) -> Int {
        line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The text of line `line` without its ending.
    func text(ofLine line: Int) -> String {
        String(decoding: bytes[contentRange(ofLine: line)], as: UTF8.self)
    }

    // MARK: - Positions

    /// The byte offset of a position; a line past the end is the end of the document, a
    /// character past the end of its line is the line's end, and a position inside a character
    /// (half a surrogate pair, a byte inside a UTF-8 sequence) is that character's start.
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let content = contentRange(ofLine: position.line)
        var i = content.lowerBound
        var units = 0
        while i < content.upperBound {
            let width = Self.scalarWidth(bytes[i])
            let size = encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            if units + size > position.character { break }
            units += size
            i += width
        }
        return min(i, content.upperBound)
    }

    /// The position of a byte offset.
    func position(of offset: Int, encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        let line = line(containing: offset)
        return Position(line: line, character: units(from: lineStarts[line], to: offset, encoding: encoding))
    }

    /// The position at UTF-8 column `column` (0-based) of line `line`.
    func position(line: Int, utf8Column column: Int, encoding: PositionEncoding) -> Position {
        guard line < lineStarts.count else { return position(of: bytes.count, encoding: encoding) }
        let content = contentRange(ofLine: line)
        return Position(line: line, character: units(from: content.lowerBound,
                                                     to: min(content.lowerBound + column, content.upperBound),
                                                     encoding: encoding))
    }

    /// How many code units of `encoding` the bytes from `start` to `end` are.
    private func units(from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
        if encoding == .utf8 { return end - start }
        var units = 0
        var i = start
        while i < end {
            let width = Self.scalarWidth(bytes[i])
            units += width == 4 ? 2 : 1
            i += width
        }
        return units
    }

    private static func scalarWidth(_ leading: UInt8) -> Int {
        switch leading {
        case 0..<0x80: 1
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    // MARK: - URIs

    /// The path of a `file:` URI, percent-decoded; nil for other schemes.
    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: only the local host is ours.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
            rest = Array(rest[slash...])
        } else {
            return nil
        }
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count,
               let high = hexValue(rest[i + 1]), let low = hexValue(rest[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
