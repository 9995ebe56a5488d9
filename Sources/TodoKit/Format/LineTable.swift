/// Where each line of a buffer starts and ends, found in one pass.
///
/// A line ends at `\n`, `\r\n` or a lone `\r` (CommonMark's rule). The ending bytes are kept
/// apart from the content so that lines can move while endings stay with their positions.
struct LineTable: Sendable {
    /// Byte offset of each line's first byte.
    private(set) var starts: [Int] = []
    /// Byte offset just past each line's content (before its ending).
    private(set) var contentEnds: [Int] = []
    /// Byte offset just past each line's ending.
    private(set) var ends: [Int] = []

    var count: Int { starts.count }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var estimated = n / 40 + 1
        if estimated > 1 << 20 { estimated = 1 << 20 }
        starts.reserveCapacity(estimated)
        contentEnds.reserveCapacity(estimated)
        ends.reserveCapacity(estimated)
        var start = 0
        var i = 0
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                append(start, i, i + 1)
                i += 1
                start = i
            } else if c == 0x0D {
                let end = (i + 1 < n && bytes[i + 1] == 0x0A) ? i + 2 : i + 1
                append(start, i, end)
                i = end
                start = i
            } else {
                i += 1
            }
        }
        if start < n { append(start, n, n) }
    }

    private mutating func append(_ start: Int, _ contentEnd: Int, _ end: Int) {
        starts.append(start)
        contentEnds.append(contentEnd)
        ends.append(end)
    }
}
