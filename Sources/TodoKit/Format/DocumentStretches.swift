#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a large document is cut into stretches that ``TodoFormatter`` formats one at a time, each
/// as a document of its own, so that the work and the memory of a pass over a stretch that changed
/// are those of the stretch, not of the file.
///
/// A stretch starts at a top-level ATX heading that follows a blank line (as the parts of a
/// parallel scan do, ``BlockScanner``): such a heading closes every list, item, paragraph and block
/// quote open before it, and nothing the formatter does crosses it (lists are sunk, renumbered,
/// re-bulleted and re-indented within themselves; a line moves only with its item; a completed
/// task's next occurrence goes into its list). Whether the heading does close everything (no code
/// block, HTML block or Obsidian comment runs across it), and whether the bullet option ties the
/// stretch's last list to the next one, is known only once the stretch before it has been scanned
/// (``TodoFormatter/standsAlone(_:options:)``): where it does not stand alone, that stretch takes
/// the next one with it.
///
/// Not cut: documents smaller than twice ``minimumBytes``. A document with an ignore directive is
/// formatted whole instead (`todofmt-ignore-start` may freeze lines across headings):
/// ``TodoFormatter`` sees one in the parse of a stretch.
enum DocumentStretches {
    /// The smallest stretch: a few are formatted at a time, each on one processor, and each holds
    /// its passes (its parse, its output and the output's parse: about six times its size) until it
    /// is done, so that they stay a small part of a large file's memory.
    static let minimumBytes = 512 << 10

    /// Where stretches start, as byte offsets into `buf`, then `buf.count`: at least two stretches,
    /// or nil when the document is not cut. Read from the bytes around each cut (a line at a time
    /// from at least `minimumBytes` past the last cut to the next heading that may start a
    /// stretch), not from a table of the whole text's lines; the bytes need not have been checked
    /// as UTF-8 (each stretch checks its own).
    /// - Parameters:
    ///   - buf: The text after any byte-order mark.
    ///   - minimumBytes: The smallest stretch (tests choose smaller ones).
    static func starts(_ buf: UnsafeBufferPointer<UInt8>, minimumBytes: Int = minimumBytes) -> [Int]? {
        guard buf.count >= 2 * minimumBytes, let base = buf.baseAddress else { return nil }
        // Where the line after the one at `start` starts: the next LF, which the C library finds many
        // bytes at a time, when no CR comes before it (the usual case). Only the lines around the
        // cuts are read: the bytes of a file mapped into memory are read by the stretches, each on
        // the thread that formats it.
        func nextLineStart(_ start: Int) -> Int? {
            if let next = LineEnding.nextLineFeedStart(in: buf, from: start, to: buf.count),
               memchr(base + start, 0x0D, next - 1 - start) == nil {
                return next
            }
            return LineEnding.nextLineStart(in: buf, from: start, to: buf.count)
        }
        // New lines (a recurring task's next occurrence) get the first line ending a document uses:
        // a stretch's first must be the file's.
        let fileEnding = nextLineStart(0).map { ending(ofLineEndingBefore: $0, buf) } ?? 0
        var starts = [frontMatterEnd(buf, nextLineStart)]
        while true {
            let last = starts[starts.count - 1]
            // The last two megabytes or so are cut smaller and smaller (down to an eighth): each
            // stretch keeps one processor busy, and the last ones handed out keep it busy while the
            // others have nothing left to do (the last of 20 stretches of the canonical 10 MB file,
            // 700 KB, took 3 ms after the one before it).
            let step = max(1, min(minimumBytes, max(minimumBytes / 8, (buf.count - last) / 4)))
            let target = last + step
            guard target < buf.count - step / 2 else { break }
            // The first line that starts at or after `target`; from there on, the lines that start with
            // `#`, which the C library finds many bytes at a time (a `#` inside a line is passed over,
            // and a file without headings is read once).
            let first = LineEnding.isLineStart(in: buf, at: target) ? target : nextLineStart(target) ?? buf.count
            var found: Int?
            var from = first
            while from < buf.count, let hash = memchr(base + from, 0x23, buf.count - from) {
                let line = UnsafeRawPointer(hash) - UnsafeRawPointer(base)
                from = line + 1
                guard line == first || LineEnding.isLineStart(in: buf, at: line) else { continue }
                let previous = lineStart(before: line, buf)
                let next = nextLineStart(line)
                let end = next ?? buf.count
                // A heading after a blank line, two lines on from the last start at least (the blank
                // line is not a stretch's first), ending as the file's first line does (or not at all).
                if previous > last
                    && BlockScanner.isHeadingAfterBlankLine(buf, previous: previous..<contentEnd(ofLineBefore: line, buf),
                                                            line: line..<contentEnd(ofLineBefore: end, buf))
                    && (next == nil || ending(ofLineEndingBefore: end, buf) == fileEnding) {
                    found = line
                    break
                }
            }
            guard let found else { break }
            starts.append(found)
        }
        guard starts.count > 1 else { return nil }
        // Front matter stays with the first stretch.
        starts[0] = 0
        starts.append(buf.count)
        return starts
    }

    /// Where the line before the one that starts at `offset` (at least 1) starts.
    private static func lineStart(before offset: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Int {
        var i = contentEnd(ofLineBefore: offset, buf)
        while i > 0 && buf[i - 1] != 0x0A && buf[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// Where the content of the line that ends just before `offset` ends (before its ending).
    private static func contentEnd(ofLineBefore offset: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Int {
        guard offset > 0 else { return 0 }
        if buf[offset - 1] == 0x0A { return offset >= 2 && buf[offset - 2] == 0x0D ? offset - 2 : offset - 1 }
        return buf[offset - 1] == 0x0D ? offset - 1 : offset
    }

    /// The line ending that ends just before `offset`: its first byte and its length (CR, LF or
    /// CR LF), or 0 when no line ends there.
    private static func ending(ofLineEndingBefore offset: Int, _ buf: UnsafeBufferPointer<UInt8>) -> Int {
        let content = contentEnd(ofLineBefore: offset, buf)
        return offset == content ? 0 : Int(buf[content]) << 8 | (offset - content)
    }

    /// Where the lines after front matter start: the line after a `---` or `...` line that closes
    /// a `---` first line (as ``ParsedDocument/frontMatterLength(_:_:)`` reads it), else 0.
    /// `nextLineStart`: where the line after the one at an offset starts (nil after the last).
    private static func frontMatterEnd(_ buf: UnsafeBufferPointer<UInt8>, _ nextLineStart: (Int) -> Int?) -> Int {
        func lineIs(_ start: Int, _ end: Int, _ fence: StaticString) -> Bool {
            ParsedDocument.isFrontMatterFence(buf, start..<contentEnd(ofLineBefore: end, buf), fence)
        }
        guard var line = nextLineStart(0), line < buf.count, lineIs(0, line, "---") else { return 0 }
        while line < buf.count {
            let end = nextLineStart(line) ?? buf.count
            if lineIs(line, end, "---") || lineIs(line, end, "...") { return end }
            line = end
        }
        return 0
    }
}
