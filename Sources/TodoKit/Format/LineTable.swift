#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each line of a buffer starts and ends, found in one pass.
///
/// A line ends at `\n`, `\r\n` or a lone `\r` (CommonMark's rule). The ending bytes are kept
/// apart from the content so that lines can move while endings stay with their positions.
///
/// One 32-bit word per line: the offset just past the line's ending, shifted left by two, with the
/// ending's length (0, 1 or 2) in the low bits. A line starts where the previous one ends. So the
/// buffer must be shorter than 1 GiB (``ParsedDocument`` refuses longer ones); half the memory of
/// a word of 64 bits, for tables that stay alive as long as their document.
struct LineTable: Sendable {
    /// The largest buffer a table can describe.
    static let maximumBytes = Int(UInt32.max >> 2)

    private var packed: [UInt32] = []

    /// One column of the table, indexed by line: ``LineTable/starts``, ``LineTable/contentEnds`` or ``LineTable/ends``.
    struct Offsets: Sendable {
        fileprivate enum Kind: Sendable { case start, contentEnd, end }
        fileprivate let table: LineTable
        fileprivate let kind: Kind

        subscript(line: Int) -> Int {
            switch kind {
            case .start: table.start(line)
            case .contentEnd: table.contentEnd(line)
            case .end: table.end(line)
            }
        }
    }

    /// Byte offset of each line's first byte.
    var starts: Offsets { Offsets(table: self, kind: .start) }
    /// Byte offset just past each line's content (before its ending).
    var contentEnds: Offsets { Offsets(table: self, kind: .contentEnd) }
    /// Byte offset just past each line's ending.
    var ends: Offsets { Offsets(table: self, kind: .end) }

    var count: Int { packed.count }

    /// Byte offset of the line's first byte.
    @inline(__always) func start(_ line: Int) -> Int {
        line == 0 ? 0 : Int(packed[line - 1] >> 2)
    }

    /// Byte offset just past the line's content.
    @inline(__always) func contentEnd(_ line: Int) -> Int {
        let p = packed[line]
        return Int(p >> 2) - Int(p & 3)
    }

    /// Byte offset just past the line's ending.
    @inline(__always) func end(_ line: Int) -> Int {
        Int(packed[line] >> 2)
    }

    /// The table of `bytes`; a large buffer is split in parts at the same time (``cuts(_:parts:)``;
    /// `parts`: how many, by default one per processor when the buffer is large enough; tests choose).
    init(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int? = nil) {
        precondition(bytes.count <= LineTable.maximumBytes, "buffers of 1 GiB and more are not supported")
        let parts = parts ?? Parallel.parts(bytes.count, minimumPerPart: LineTable.bytesPerPart)
        let cuts = parts > 1 ? LineTable.cuts(bytes, parts: parts) : []
        guard cuts.count > 2 else {
            packed = LineTable.lineEnds(bytes, from: 0, to: bytes.count)
            return
        }
        var tables = [[UInt32]](repeating: [], count: cuts.count - 1)
        tables.withUnsafeMutableBufferPointer { tables in
            // Each part writes only its own element; nothing reads them before all have ended.
            nonisolated(unsafe) let (tables, bytes) = (tables, bytes)
            Parallel.run(tables.count) { part in
                tables[part] = LineTable.lineEnds(bytes, from: cuts[part], to: cuts[part + 1])
            }
        }
        packed = LineTable.joined(tables)
    }

    /// The table of the same buffer after the content of some lines grew or shrank, their
    /// endings kept: `changes`, one per line and in line order, says by how many bytes.
    func resizing(lines changes: [(line: Int, delta: Int)]) -> LineTable {
        var table = self
        table.packed.withUnsafeMutableBufferPointer { packed in
            // A line's word holds the offset past its ending: from a changed line on, every word moves.
            var shift = 0
            for (index, change) in changes.enumerated() {
                shift += change.delta
                let next = index + 1 < changes.count ? changes[index + 1].line : packed.count
                guard shift != 0 else { continue }
                for line in change.line..<next {
                    packed[line] = UInt32(truncatingIfNeeded: Int(packed[line]) + (shift << 2))
                }
            }
        }
        return table
    }

    /// The table of `bytes`, this table's buffer with the lines between its first `prefix` and its
    /// last `suffix` replaced: those lines are kept (the last ones moved by what the buffer gained),
    /// the new ones between are found in `bytes`.
    func splicing(_ bytes: UnsafeBufferPointer<UInt8>, keeping prefix: Int, _ suffix: Int) -> LineTable {
        let shift = bytes.count - (count == 0 ? 0 : end(count - 1))
        let regionStart = start(prefix), regionEnd = suffix == 0 ? bytes.count : start(count - suffix) + shift
        var table = LineTable(joining: [])
        table.packed.reserveCapacity(count + 64)
        table.packed += packed[..<prefix]
        table.packed += LineTable.lineEnds(bytes, from: regionStart, to: regionEnd)
        table.packed += packed[(count - suffix)...].lazy.map { UInt32(truncatingIfNeeded: Int($0) + (shift << 2)) }
        return table
    }

    /// Buffers of at least twice this many bytes are split in parts.
    static let bytesPerPart = 1 << 20

    /// The table of a buffer read in parts (``lineEnds(_:from:to:)`` of consecutive ranges, in order).
    init(joining parts: [[UInt32]]) {
        packed = LineTable.joined(parts)
    }

    private static func joined(_ parts: [[UInt32]]) -> [UInt32] {
        guard parts.count > 1 else { return parts.first ?? [] }
        // The offsets are the buffer's own, so the parts' tables follow one another as they are.
        var packed: [UInt32] = []
        packed.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { packed += part }
        return packed
    }

    /// Where a buffer of `bytes` is cut into `parts` ranges that no line ending spans: just past the
    /// first line feed at or after each equal share (a CR before it stays in the same part); fewer
    /// parts when a share has no line feed. Starts with 0 and ends with the buffer's length.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) -> [Int] {
        let n = bytes.count
        var cuts = [0]
        for part in 1..<max(parts, 1) {
            guard let cut = LineEnding.nextLineFeedStart(in: bytes, from: max(n * part / parts, cuts[cuts.count - 1]), to: n)
            else { break }
            if cut < n { cuts.append(cut) }
        }
        return cuts + [n]
    }

    /// The packed ends of the lines that start in `first..<n`: `first` is 0 or just past a line's
    /// ending, and `n` is the buffer's end or just past a line feed (one of ``cuts(_:parts:)``).
    static func lineEnds(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int, to n: Int) -> [UInt32] {
        var packed: [UInt32] = []
        guard first < n, let base = bytes.baseAddress else { return packed }
        packed.reserveCapacity(min((n - first) / 32 + 16, 1 << 22))
        if memchr(base + first, 0x0D, n - first) == nil {
            // No CR anywhere (the usual case): every line ends at an LF, which the C library finds
            // many bytes at a time.
            var start = first
            while start < n, let found = memchr(base + start, 0x0A, n - start) {
                let i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                packed.append(UInt32(truncatingIfNeeded: (i + 1) << 2 | 1))
                start = i + 1
            }
            if start < n { packed.append(UInt32(truncatingIfNeeded: n << 2)) }
            return packed
        }
        let raw = UnsafeRawPointer(base)
        var start = first
        var i = first
        while i < n {
            // The next `\n` or `\r`, eight bytes at a time.
            if i + 8 <= n {
                let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let found = ByteLanes.zeroBytes(w ^ 0x0A0A_0A0A_0A0A_0A0A) | ByteLanes.zeroBytes(w ^ 0x0D0D_0D0D_0D0D_0D0D)
                if found == 0 {
                    i += 8
                    continue
                }
                // The lowest flag is exact (false flags only sit above a true one).
                i += found.trailingZeroBitCount >> 3
            } else if bytes[i] != 0x0A && bytes[i] != 0x0D {
                i += 1
                continue
            }
            if bytes[i] == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A {
                packed.append(UInt32(truncatingIfNeeded: (i + 2) << 2 | 2))
                i += 2
            } else {
                packed.append(UInt32(truncatingIfNeeded: (i + 1) << 2 | 1))
                i += 1
            }
            start = i
        }
        if start < n { packed.append(UInt32(truncatingIfNeeded: n << 2)) }
        return packed
    }
}
