/// The regions of lines in which two texts differ, each a run of old lines replaced by a run of new
/// lines; lines end at LF, CR LF or a lone CR.
///
/// Formatting keeps the number of lines, so when both texts have as many lines, the regions are
/// the runs of lines that differ in place, found in one pass (a sunk task's region runs from where
/// it was to where it goes); otherwise they come from a line diff, with lines only inserted right
/// after a changed region joined to it (with the unchanged lines between, on both sides).
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

    /// The byte range of each line of the first text, its ending included.
    public let oldLines: [Range<Int>]
    /// The byte range of each line of the second text, its ending included.
    public let newLines: [Range<Int>]
    /// The regions in line order; empty when the texts are equal.
    public let regions: [Region]

    /// Compares two texts.
    /// - Parameters:
    ///   - old: The first text.
    ///   - new: The second text; equal bytes give no regions.
    public init(old: [UInt8], new: [UInt8]) {
        guard !SameBytes.equal(old, new) else {
            oldLines = []
            newLines = []
            regions = []
            return
        }
        let oldLines = LineEnding.lineRanges(of: old)
        let newLines = LineEnding.lineRanges(of: new)
        var regions: [Region] = []
        if oldLines.count == newLines.count {
            // Line by line with memcmp on the two buffers (a slice per line cost more than the comparison).
            old.withUnsafeBufferPointer { oldBytes in
                new.withUnsafeBufferPointer { newBytes in
                    var start: Int?
                    for i in 0...oldLines.count {
                        let differs = i < oldLines.count && !SameBytes.equal(oldBytes, oldLines[i], newBytes, newLines[i])
                        if differs, start == nil { start = i }
                        if !differs, let first = start {
                            regions.append(Region(old: first..<i, new: first..<i))
                            start = nil
                        }
                    }
                }
            }
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
        self.oldLines = oldLines
        self.newLines = newLines
        self.regions = regions
    }
}
