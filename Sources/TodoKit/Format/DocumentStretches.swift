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

    /// The lines where stretches start, then `lines.count`: at least two stretches, or nil when
    /// the document is not cut.
    /// - Parameters:
    ///   - buf: The text after any byte-order mark.
    ///   - lines: Its lines.
    ///   - minimumBytes: The smallest stretch (tests choose smaller ones).
    static func starts(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, minimumBytes: Int = minimumBytes) -> [Int]? {
        guard buf.count >= 2 * minimumBytes else { return nil }
        let first = ParsedDocument.frontMatterLength(buf, lines)
        // New lines (a recurring task's next occurrence) get the first line ending a document uses:
        // a stretch's first must be the file's.
        let fileEnding = (0..<lines.count).lazy.map { ending(of: $0, buf, lines) }.first { $0 != 0 } ?? 0
        var starts = [first]
        var line = first
        while true {
            // The first line at least `minimumBytes` past the last start (and two lines on).
            let target = lines.start(starts[starts.count - 1]) + minimumBytes
            guard target < buf.count - minimumBytes / 2 else { break }
            line = max(line + 2, BinarySearch.partitionPoint(in: 0..<lines.count) { lines.start($0) < target })
            while line < lines.count && !(BlockScanner.isHeadingAfterBlankLine(buf, lines: lines, line)
                                         && [0, fileEnding].contains(ending(of: line, buf, lines))) {
                line += 1
            }
            guard line < lines.count else { break }
            starts.append(line)
        }
        guard starts.count > 1 else { return nil }
        // Front matter stays with the first stretch.
        starts[0] = 0
        starts.append(lines.count)
        return starts
    }

    /// A line's ending: 0 for none, else its first byte and its length (CR, LF or CR LF).
    private static func ending(of line: Int, _ buf: UnsafeBufferPointer<UInt8>, _ lines: LineTable) -> Int {
        let (content, end) = (lines.contentEnd(line), lines.end(line))
        return end == content ? 0 : Int(buf[content]) << 8 | (end - content)
    }
}
