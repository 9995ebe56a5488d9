/// The lines of a stretch of a text, each with its ending, as ``LineEnding/lineRanges(in:_:)``
/// splits them, kept in 4 bytes a line: where the first starts and where each ends (a table of
/// `Range<Int>` takes 16). For texts shorter than 4 GiB.
struct LineSpans: RandomAccessCollection, Sendable {
    /// Where the first line starts.
    private let first: Int
    /// Where each line ends (just past its ending).
    private let ends: [UInt32]

    /// The lines of `buf[range]` (`range` starts at a line start and ends at a line start or at
    /// the end of `buf`).
    init(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        precondition(buf.count <= Int(UInt32.max), "texts of 4 GiB and more are not supported")
        first = range.lowerBound
        var ends: [UInt32] = []
        ends.reserveCapacity(range.count / 32 + 1)
        LineEnding.forEachLine(in: buf, range) { ends.append(UInt32(truncatingIfNeeded: $0.upperBound)) }
        self.ends = ends
    }

    /// No lines.
    init() {
        (first, ends) = (0, [])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { ends.count }

    /// The bytes of a line, its ending included.
    subscript(line: Int) -> Range<Int> {
        (line == 0 ? first : Int(ends[line - 1]))..<Int(ends[line])
    }
}
