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

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return }
        precondition(n <= LineTable.maximumBytes, "buffers of 1 GiB and more are not supported")
        packed.reserveCapacity(min(n / 32 + 16, 1 << 22))
        if memchr(base, 0x0D, n) == nil {
            // No CR anywhere (the usual case): every line ends at an LF, which the C library finds
            // many bytes at a time.
            var start = 0
            while start < n, let found = memchr(base + start, 0x0A, n - start) {
                let i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                packed.append(UInt32(truncatingIfNeeded: (i + 1) << 2 | 1))
                start = i + 1
            }
            if start < n { packed.append(UInt32(truncatingIfNeeded: n << 2)) }
            return
        }
        let raw = UnsafeRawPointer(base)
        var start = 0
        var i = 0
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
    }
}
