#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regions of lines in which two texts differ, each a run of old lines replaced by a run of new
/// lines; lines end at LF, CR LF or a lone CR.
///
/// Formatting keeps the number of lines, so when both texts have as many lines, the regions are
/// the runs of lines that differ in place, found in one pass (a sunk task's region runs from where
/// it was to where it goes); otherwise they come from a line diff, with lines only inserted right
/// after a changed region joined to it (with the unchanged lines between, on both sides).
/// Only the lines between those the texts share at their start and end are split and compared
/// (the rest is compared as bytes), so one edit in a large text costs little more than finding it.
/// `todofmt --check` reports these regions, and the language server's formatting edits replace
/// exactly them: replacing each region's old lines by its new lines turns the first text into the
/// second.
public struct ChangedLines: Sendable {
    /// One region: the lines `old` of the first text are replaced by the lines `new` of the second
    /// (0-based line indices; either range may be empty).
    public struct Region: Hashable, Sendable {
        /// Lines of the first text.
        public var old: Range<Int>
        /// Lines of the second text.
        public var new: Range<Int>

        /// A region.
        /// - Parameters:
        ///   - old: 0-based indices of the lines of the first text that are replaced.
        ///   - new: 0-based indices of the lines of the second text that replace them.
        public init(old: Range<Int>, new: Range<Int>) {
            self.old = old
            self.new = new
        }
    }

    /// The first text.
    private let old: [UInt8]
    /// The second text.
    private let new: [UInt8]
    /// The lines both texts share before the first that differs (0 when every line was split).
    private let firstLine: Int
    /// The byte ranges of the lines of the first text from ``firstLine`` on, up to where the
    /// lines both texts share at their end begin (every line when all were split).
    let oldTable: LineSpans
    /// The same for the second text.
    private let newTable: LineSpans
    /// Where the lines after ``oldTable``'s start in the first text.
    private let oldTableEnd: Int
    /// Where the lines after ``newTable``'s start in the second text.
    private let newTableEnd: Int

    /// The byte range of each line of the first text, its ending included; empty when the texts
    /// are equal.
    ///
    /// Splits the whole text at each use; ``oldByteRange(ofLines:)`` and ``oldLineCount`` answer
    /// from the lines that were compared, without splitting the text again.
    public var oldLines: [Range<Int>] { regions.isEmpty ? [] : LineEnding.lineRanges(of: old) }
    /// The byte range of each line of the second text, its ending included; empty when the texts
    /// are equal.
    ///
    /// Splits the whole text at each use; ``newByteRange(ofLines:)`` and ``newLineCount`` answer
    /// from the lines that were compared, without splitting the text again.
    public var newLines: [Range<Int>] { regions.isEmpty ? [] : LineEnding.lineRanges(of: new) }
    /// The regions in line order; empty when the texts are equal.
    public let regions: [Region]

    /// How many lines the first text has (a last line without an ending counts).
    public var oldLineCount: Int { Self.lineCount(old, firstLine: firstLine, table: oldTable, tableEnd: oldTableEnd) }
    /// How many lines the second text has (a last line without an ending counts).
    public var newLineCount: Int { Self.lineCount(new, firstLine: firstLine, table: newTable, tableEnd: newTableEnd) }

    /// The bytes of some lines of the first text, their endings included; for no lines, an empty
    /// range where the first of them would start (the end of the text past its last line).
    /// - Parameter lines: 0-based line indices, as in a ``Region``'s `old`.
    /// - Returns: A range of byte offsets into the first text.
    public func oldByteRange(ofLines lines: Range<Int>) -> Range<Int> {
        Self.byteRange(lines, in: old, firstLine: firstLine, table: oldTable, tableEnd: oldTableEnd)
    }

    /// The bytes of some lines of the second text, their endings included; for no lines, an
    /// empty range where the first of them would start (the end of the text past its last line).
    /// - Parameter lines: 0-based line indices, as in a ``Region``'s `new`.
    /// - Returns: A range of byte offsets into the second text.
    public func newByteRange(ofLines lines: Range<Int>) -> Range<Int> {
        Self.byteRange(lines, in: new, firstLine: firstLine, table: newTable, tableEnd: newTableEnd)
    }

    /// Compares two texts.
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text; equal bytes give no regions.
    public init(old: [UInt8], new: [UInt8]) {
        self.init(old: old, new: new, trimmed: true)
    }

    /// Compares two texts; `trimmed: false` splits and compares every line, as a reference for
    /// tests of the default, which splits only the lines between those the texts share at their
    /// start and end (``CommonEnds``). Large texts are split, both at the same time, and their
    /// lines compared in place in parts at the same time; `parts`: how many (tests choose).
    init(old: [UInt8], new: [UInt8], trimmed: Bool, parts: Int? = nil) {
        self.old = old
        self.new = new
        guard !SameBytes.equal(old, new) else {
            (firstLine, oldTable, newTable, oldTableEnd, newTableEnd, regions) = (0, LineSpans(), LineSpans(), 0, 0, [])
            return
        }
        if trimmed {
            let (ends, oldMiddle, newMiddle) = old.withUnsafeBufferPointer { oldBytes in
                new.withUnsafeBufferPointer { newBytes in
                    let ends = CommonEnds(old: oldBytes, new: newBytes, lineFeedOnly: false)
                    let parts = parts ?? Parallel.parts(ends.oldEnd + ends.newEnd - 2 * ends.start, minimumPerPart: Self.bytesPerPart)
                    let (oldMiddle, newMiddle) = Self.lineRanges(oldBytes, ends.start..<ends.oldEnd, newBytes, ends.start..<ends.newEnd,
                                                                 together: parts > 1)
                    return (ends, oldMiddle, newMiddle)
                }
            }
            // The shared lines are as many on both sides, so the texts have as many lines when
            // the lines between do, and then each shared line sits at the same index in both.
            var regions: [Region]?
            if oldMiddle.count == newMiddle.count {
                regions = Self.regionsInPlace(old, new, oldMiddle, newMiddle, parts: parts).map {
                    Region(old: ($0.lowerBound + ends.prefixLines)..<($0.upperBound + ends.prefixLines),
                           new: ($0.lowerBound + ends.prefixLines)..<($0.upperBound + ends.prefixLines))
                }
            } else if CommonEnds.onlyMiddleChanges(old: old, new: new, oldMiddle: oldMiddle, newMiddle: newMiddle, ends: ends) {
                regions = [Region(old: ends.prefixLines..<(ends.prefixLines + oldMiddle.count),
                                  new: ends.prefixLines..<(ends.prefixLines + newMiddle.count))]
            }
            if let regions {
                (firstLine, oldTable, newTable) = (ends.prefixLines, oldMiddle, newMiddle)
                (oldTableEnd, newTableEnd) = (ends.oldEnd, ends.newEnd)
                self.regions = regions
                return
            }
        }
        let oldLines = old.withUnsafeBufferPointer { LineSpans($0, 0..<$0.count) }
        let newLines = new.withUnsafeBufferPointer { LineSpans($0, 0..<$0.count) }
        var regions: [Region] = []
        if oldLines.count == newLines.count {
            regions = Self.regionsInPlace(old, new, oldLines, newLines, parts: parts)
                .map { Region(old: $0, new: $0) }
        } else {
            let diff = LineDiff(oldLines: oldLines.map { LineKey(old[$0]) }, newLines: newLines.map { LineKey(new[$0]) })
            for hunk in diff.hunks() {
                if hunk.old.isEmpty, let last = regions.last, !last.old.isEmpty {
                    // Both sides take the unchanged lines between, so that the region still says
                    // exactly which lines replace which.
                    regions[regions.count - 1] = Region(old: last.old.lowerBound..<max(hunk.old.lowerBound, last.old.upperBound),
                                                        new: last.new.lowerBound..<hunk.new.upperBound)
                } else {
                    regions.append(Region(old: hunk.old, new: hunk.new))
                }
            }
        }
        (firstLine, oldTable, newTable) = (0, oldLines, newLines)
        (oldTableEnd, newTableEnd) = (old.count, new.count)
        self.regions = regions
    }

    /// Texts of fewer bytes (both sides together) are split and compared on one thread.
    static let bytesPerPart = 1 << 20

    /// The ``regions`` of two texts when they have as many lines, nil when they do not: the lines
    /// between those they share at their start and end (``CommonEnds``) are walked in step and
    /// compared in place, without a table of either's lines (a large file's check compares each
    /// stretch it formats with its input, where the bytes lie: `TodoFormatter`).
    package static func regionsInPlace(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) -> [Region]? {
        guard !SameBytes.equal(old, 0..<old.count, new, 0..<new.count) else { return [] }
        let ends = CommonEnds(old: old, new: new, lineFeedOnly: false)
        // Where no CR lies between the shared ends (the usual case), each line ends at the next LF,
        // which the C library finds many bytes at a time.
        let lineFeedOnly = memchr(old.baseAddress! + ends.start, 0x0D, ends.oldEnd - ends.start) == nil
            && memchr(new.baseAddress! + ends.start, 0x0D, ends.newEnd - ends.start) == nil
        func nextLine(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
            let next = lineFeedOnly ? LineEnding.nextLineFeedStart(in: text, from: start, to: end)
                : LineEnding.nextLineStart(in: text, from: start, to: end)
            return next ?? end
        }
        var runs = RunsInPlace()
        var (i, j, line) = (ends.start, ends.start, ends.prefixLines)
        while i < ends.oldEnd && j < ends.newEnd {
            let (oldNext, newNext) = (nextLine(old, i, ends.oldEnd), nextLine(new, j, ends.newEnd))
            runs.add(line, same: SameBytes.equal(old, i..<oldNext, new, j..<newNext))
            (i, j, line) = (oldNext, newNext, line + 1)
        }
        // The lines between are as many on both sides when both run out together.
        guard i == ends.oldEnd && j == ends.newEnd else { return nil }
        return runs.regions(endingAt: line)
    }

    /// ``regionsInPlace(old:new:)`` for texts whose lines are known (their parses' tables): the
    /// lines are compared where the tables say they lie, not looked for again.
    static func regionsInPlace(old: UnsafeBufferPointer<UInt8>, lines oldLines: LineTable,
                               new: UnsafeBufferPointer<UInt8>, lines newLines: LineTable) -> [Region]? {
        guard oldLines.count == newLines.count else { return nil }
        var runs = RunsInPlace()
        for line in 0..<oldLines.count {
            runs.add(line, same: SameBytes.equal(old, oldLines.start(line)..<oldLines.end(line), new, newLines.start(line)..<newLines.end(line)))
        }
        return runs.regions(endingAt: oldLines.count)
    }

    /// The regions of two texts with as many lines, from their lines compared one after another in
    /// order: each run of lines that differ is a region, at the same lines on both sides.
    private struct RunsInPlace {
        private var regions: [Region] = []
        /// The first line of the run that differs so far, if one does.
        private var first: Int?

        /// Line `line` (the one after the last added) is `same` on both sides, or not.
        @inline(__always) mutating func add(_ line: Int, same: Bool) {
            if !same {
                if first == nil { first = line }
            } else if let start = first {
                regions.append(Region(old: start..<line, new: start..<line))
                first = nil
            }
        }

        /// The regions, once the lines before `end` have been added.
        consuming func regions(endingAt end: Int) -> [Region] {
            if let start = first { regions.append(Region(old: start..<end, new: start..<end)) }
            return regions
        }
    }

    /// The lines of `old[oldRange]` and of `new[newRange]` (``LineEnding/lineRanges(in:_:)``);
    /// `together`: the two split at the same time.
    private static func lineRanges(_ old: UnsafeBufferPointer<UInt8>, _ oldRange: Range<Int>,
                                   _ new: UnsafeBufferPointer<UInt8>, _ newRange: Range<Int>,
                                   together: Bool) -> (old: LineSpans, new: LineSpans) {
        guard together else { return (LineSpans(old, oldRange), LineSpans(new, newRange)) }
        var tables = [LineSpans(), LineSpans()]
        tables.withUnsafeMutableBufferPointer { tables in
            // Each side writes only its own table.
            nonisolated(unsafe) let (tables, old, new) = (tables, old, new)
            Parallel.run(2) { side in
                tables[side] = side == 0 ? LineSpans(old, oldRange) : LineSpans(new, newRange)
            }
        }
        return (tables[0], tables[1])
    }

    /// The runs of lines that differ in place between two texts with as many lines (indices
    /// into the tables), looked for in `parts` stretches of lines at the same time (by default
    /// one, or one per processor when the lines hold many bytes); a run that reaches the end of a
    /// stretch and one that starts the next are one run.
    private static func regionsInPlace(_ old: [UInt8], _ new: [UInt8], _ oldLines: LineSpans, _ newLines: LineSpans,
                                       parts: Int?) -> [Range<Int>] {
        let bytes = (oldLines.last?.upperBound ?? 0) - (oldLines.first?.lowerBound ?? 0)
            + (newLines.last?.upperBound ?? 0) - (newLines.first?.lowerBound ?? 0)
        let parts = parts ?? Parallel.parts(bytes, minimumPerPart: bytesPerPart)
        guard parts > 1, oldLines.count >= parts else { return runs(old, new, oldLines, newLines, 0..<oldLines.count) }
        var found = [[Range<Int>]](repeating: [], count: parts)
        found.withUnsafeMutableBufferPointer { found in
            // Each part writes only its own runs.
            nonisolated(unsafe) let found = found
            Parallel.run(parts) { part in
                found[part] = runs(old, new, oldLines, newLines, Parallel.share(part, of: parts, in: oldLines.count))
            }
        }
        var regions = found[0]
        for run in found.dropFirst().joined() {
            if let last = regions.last, last.upperBound == run.lowerBound {
                regions[regions.count - 1] = last.lowerBound..<run.upperBound
            } else {
                regions.append(run)
            }
        }
        return regions
    }

    /// The runs of lines among `lines` (indices into the tables) that differ in place.
    private static func runs(_ old: [UInt8], _ new: [UInt8], _ oldLines: LineSpans, _ newLines: LineSpans,
                             _ lines: Range<Int>) -> [Range<Int>] {
        var regions: [Range<Int>] = []
        // Line by line with memcmp on the two buffers (a slice per line cost more than the comparison).
        old.withUnsafeBufferPointer { oldBytes in
            new.withUnsafeBufferPointer { newBytes in
                var start: Int?
                for i in lines.lowerBound...lines.upperBound {
                    let differs = i < lines.upperBound && !SameBytes.equal(oldBytes, oldLines[i], newBytes, newLines[i])
                    if differs, start == nil { start = i }
                    if !differs, let first = start {
                        regions.append(first..<i)
                        start = nil
                    }
                }
            }
        }
        return regions
    }

    /// How many lines `text` has: those before the table, in it, and after it.
    private static func lineCount(_ text: [UInt8], firstLine: Int, table: LineSpans, tableEnd: Int) -> Int {
        guard tableEnd < text.count else { return firstLine + table.count }
        let after = text.withUnsafeBufferPointer { CommonEnds.lineEndingCount($0, tableEnd..<$0.count, lineFeedOnly: false) }
        let last = text[text.count - 1]
        return firstLine + table.count + after + (last == 0x0A || last == 0x0D ? 0 : 1)
    }

    /// The bytes of `lines` of `text`, from the table when it holds them, else from a new split.
    private static func byteRange(_ lines: Range<Int>, in text: [UInt8], firstLine: Int, table: LineSpans, tableEnd: Int) -> Range<Int> {
        let local = (lines.lowerBound - firstLine)..<(lines.upperBound - firstLine)
        if local.lowerBound >= 0, local.upperBound <= table.count {
            let lower = local.lowerBound < table.count ? table[local.lowerBound].lowerBound : tableEnd
            return lines.isEmpty ? lower..<lower : lower..<table[local.upperBound - 1].upperBound
        }
        let all = LineEnding.lineRanges(of: text)
        let lower = lines.lowerBound < all.count ? all[lines.lowerBound].lowerBound : text.count
        return lines.isEmpty ? lower..<lower : lower..<all[lines.upperBound - 1].upperBound
    }
}
