/// A line-based unified diff between two texts, printed like `diff -u` and `git diff` so that
/// `patch -p1` and `git apply` accept it.
///
/// Lines end at LF; a CR stays part of its line. The diff is minimal (Myers) except for huge,
/// mostly unrelated inputs, and needs memory linear in the size of the inputs. When the lines
/// between those the texts share at their start and end are all changed (one edit in a large
/// file), only those lines are split and the time is in proportion to them. Where several
/// shortest diffs exist, runs of changes are placed as `diff -u` and Git place them.
public struct UnifiedDiff: Sendable {
    /// How many unchanged lines are shown before and after each change.
    public let context: Int

    private let old: [UInt8]
    private let new: [UInt8]
    private let oldLines: [Range<Int>]
    private let newLines: [Range<Int>]
    private let hunks: [Hunk]

    /// One `@@` block: a run of edits with its surrounding context.
    private struct Hunk: Sendable {
        var oldStart: Int
        var oldCount: Int
        var newStart: Int
        var newCount: Int
        var lines: [Line]
    }

    /// A line of a hunk and the index of the line in its file.
    private enum Line: Sendable {
        case unchanged(old: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    /// Compares two texts.
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text.
    ///   - context: How many unchanged lines are shown before and after each change.
    public init(old: [UInt8], new: [UInt8], context: Int = 3) {
        self.init(old: old, new: new, context: context, costLimit: 4096)
    }

    /// Compares two texts; `trimmed: false` splits and diffs every line, as a reference for tests
    /// of the trimmed path.
    init(old: [UInt8], new: [UInt8], context: Int, costLimit: Int, trimmed: Bool = true) {
        self.old = old
        self.new = new
        self.context = max(context, 0)
        if trimmed, let window = UnifiedDiff.changedLinesOnly(old: old, new: new, context: self.context) {
            (oldLines, newLines, hunks) = window
            return
        }
        oldLines = LineEnding.lineFeedRanges(of: old)
        newLines = LineEnding.lineFeedRanges(of: new)

        let edits = LineDiff(oldLines: oldLines.lazy.map { LineKey(old[$0]) },
                             newLines: newLines.lazy.map { LineKey(new[$0]) }, costLimit: costLimit)
        hunks = UnifiedDiff.hunks(deleted: edits.deleted, inserted: edits.inserted, context: self.context)
    }

    /// The diff from the lines between the texts' shared ends alone, when it is known to be
    /// what diffing every line gives (``CommonEnds/onlyMiddleChanges(old:new:oldMiddle:newMiddle:ends:)``):
    /// the lines shown (context and changes; hunks index them) and the hunks (none for equal
    /// texts). Nil when the lines between need a real diff.
    private static func changedLinesOnly(old: [UInt8], new: [UInt8], context: Int)
        -> (oldLines: [Range<Int>], newLines: [Range<Int>], hunks: [Hunk])? {
        let window = old.withUnsafeBufferPointer { oldBytes in
            new.withUnsafeBufferPointer { newBytes -> (CommonEnds, [Range<Int>], [Range<Int>])? in
                let ends = CommonEnds(old: oldBytes, new: newBytes, lineFeedOnly: true)
                // Mostly changed texts (one not yet formatted) gain nothing: diff them whole.
                guard ends.oldEnd - ends.start + ends.newEnd - ends.start <= (oldBytes.count + newBytes.count) / 4 else { return nil }
                return (ends, LineEnding.lineFeedRanges(in: oldBytes, ends.start..<ends.oldEnd),
                        LineEnding.lineFeedRanges(in: newBytes, ends.start..<ends.newEnd))
            }
        }
        guard let (ends, oldMiddle, newMiddle) = window else { return nil }
        guard !oldMiddle.isEmpty || !newMiddle.isEmpty else { return ([], [], []) }
        guard CommonEnds.onlyMiddleChanges(old: old, new: new, oldMiddle: oldMiddle, newMiddle: newMiddle, ends: ends)
        else { return nil }
        let (before, after) = old.withUnsafeBufferPointer { buf in
            (CommonEnds.lines(buf, before: ends.start, count: min(context, ends.prefixLines), lineFeedOnly: true),
             CommonEnds.lines(buf, from: ends.oldEnd, count: context, lineFeedOnly: true))
        }
        let shift = ends.newEnd - ends.oldEnd
        let oldLines = before + oldMiddle + after
        let newLines = before + newMiddle + after.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }
        let unchanged = { (count: Int) in [Bool](repeating: false, count: count) }
        let hunks = hunks(deleted: unchanged(before.count) + [Bool](repeating: true, count: oldMiddle.count) + unchanged(after.count),
                          inserted: unchanged(before.count) + [Bool](repeating: true, count: newMiddle.count) + unchanged(after.count),
                          context: context, firstLine: ends.prefixLines - before.count)
        return (oldLines, newLines, hunks)
    }

    /// Whether the two texts are equal.
    public var isEmpty: Bool { hunks.isEmpty }

    /// The diff as bytes: `--- oldLabel`, `+++ newLabel`, then the hunks.
    ///
    /// Labels are written as given (callers add `a/` and `b/`); a label with a space gets a
    /// trailing tab, and one with a quote, backslash or control character is C-quoted, as Git
    /// does, so that `patch` reads it back.
    /// - Parameters:
    ///   - oldLabel: The name of the first text.
    ///   - newLabel: The name of the second text.
    ///   - colored: Whether ANSI colours mark the headers (bold), hunk ranges (cyan), removed lines
    ///     (red) and added lines (green).
    /// - Returns: The diff, each line ending in LF (a last line without one is followed by
    ///   `\ No newline at end of file`); empty when the texts are equal.
    public func rendered(oldLabel: String, newLabel: String, colored: Bool = false) -> [UInt8] {
        guard !hunks.isEmpty else { return [] }
        var out: [UInt8] = []
        let bold: [UInt8] = colored ? Array("\u{1B}[1m".utf8) : []
        let cyan: [UInt8] = colored ? Array("\u{1B}[36m".utf8) : []
        let red: [UInt8] = colored ? Array("\u{1B}[31m".utf8) : []
        let green: [UInt8] = colored ? Array("\u{1B}[32m".utf8) : []
        let reset: [UInt8] = colored ? Array("\u{1B}[m".utf8) : []
        let newline = UInt8(ascii: "\n")

        out += bold + Array("--- ".utf8) + UnifiedDiff.quoted(oldLabel) + reset + [newline]
        out += bold + Array("+++ ".utf8) + UnifiedDiff.quoted(newLabel) + reset + [newline]
        for hunk in hunks {
            let header = "@@ -\(UnifiedDiff.range(hunk.oldStart, hunk.oldCount)) +\(UnifiedDiff.range(hunk.newStart, hunk.newCount)) @@"
            out += cyan + Array(header.utf8) + reset + [newline]
            for line in hunk.lines {
                let bytes: [UInt8], lines: [Range<Int>], index: Int, prefix: UInt8, color: [UInt8]
                switch line {
                case .unchanged(let i): (bytes, lines, index, prefix, color) = (old, oldLines, i, UInt8(ascii: " "), [])
                case .removed(let i): (bytes, lines, index, prefix, color) = (old, oldLines, i, UInt8(ascii: "-"), red)
                case .added(let j): (bytes, lines, index, prefix, color) = (new, newLines, j, UInt8(ascii: "+"), green)
                }
                var text = bytes[lines[index]]
                let hasNewline = text.last == newline
                if hasNewline { text = text.dropLast() }
                out += color
                out.append(prefix)
                out += text
                out += color.isEmpty ? [] : reset
                out.append(newline)
                if !hasNewline { out += Array("\\ No newline at end of file\n".utf8) }
            }
        }
        return out
    }

    /// Groups the edits into hunks: changes closer than two contexts share a hunk. The edits are
    /// those of the lines from `firstLine` on (in both texts), which hunks number from there.
    private static func hunks(deleted: [Bool], inserted: [Bool], context: Int, firstLine: Int = 0) -> [Hunk] {
        // The edit script in output order: within a change, removals before additions.
        var script: [Line] = []
        script.reserveCapacity(max(deleted.count, inserted.count))
        var i = 0, j = 0
        while i < deleted.count || j < inserted.count {
            if i < deleted.count, deleted[i] {
                script.append(.removed(old: i)); i += 1
            } else if j < inserted.count, inserted[j] {
                script.append(.added(new: j)); j += 1
            } else {
                script.append(.unchanged(old: i)); i += 1; j += 1
            }
        }

        // Runs of consecutive changes, as ranges of the script.
        var runs: [Range<Int>] = []
        for (index, line) in script.enumerated() {
            if case .unchanged = line { continue }
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }

        var result: [Hunk] = []
        var cursor = 0, oldLine = firstLine, newLine = firstLine
        var k = 0
        while k < runs.count {
            let first = runs[k]
            var last = first
            // Runs whose gap the two contexts would cover share a hunk.
            while k + 1 < runs.count, runs[k + 1].lowerBound - last.upperBound <= 2 * context {
                k += 1
                last = runs[k]
            }
            k += 1
            let start = max(0, first.lowerBound - context)
            let stop = min(script.count, last.upperBound + context)
            let skipped = counts(script[cursor..<start])
            oldLine += skipped.old
            newLine += skipped.new
            let covered = counts(script[start..<stop])
            var hunk = Hunk(oldStart: oldLine, oldCount: covered.old, newStart: newLine, newCount: covered.new,
                            lines: Array(script[start..<stop]))
            oldLine += hunk.oldCount
            newLine += hunk.newCount
            cursor = stop
            // 1-based starts; an empty range names the line before it, as diff does.
            if hunk.oldCount > 0 { hunk.oldStart += 1 }
            if hunk.newCount > 0 { hunk.newStart += 1 }
            result.append(hunk)
        }
        return result
    }

    /// How many old and new lines a stretch of the script covers.
    private static func counts(_ lines: ArraySlice<Line>) -> (old: Int, new: Int) {
        var old = 0, new = 0
        for line in lines {
            switch line {
            case .unchanged: old += 1; new += 1
            case .removed: old += 1
            case .added: new += 1
            }
        }
        return (old, new)
    }

    /// A hunk range as diff writes it: `start` alone for one line, else `start,count`.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// A file label as Git writes it: C-quoted when it holds a quote, backslash or control
    /// character; followed by a tab when it holds a space, so `patch` finds where it ends.
    static func quoted(_ label: String) -> [UInt8] {
        let bytes = Array(label.utf8)
        let needsQuotes = bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsQuotes else {
            return bytes.contains(UInt8(ascii: " ")) ? bytes + [UInt8(ascii: "\t")] : bytes
        }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\t"): out += Array("\\t".utf8)
            case UInt8(ascii: "\n"): out += Array("\\n".utf8)
            case 0..<0x20, 0x7F:
                out.append(UInt8(ascii: "\\"))
                out += [byte >> 6, (byte >> 3) & 7, byte & 7].map { UInt8(ascii: "0") + $0 }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
