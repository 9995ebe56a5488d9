#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines end, as todofmt reads text: a line feed, a carriage return followed by a line feed,
/// or a lone carriage return each end a line (CommonMark's line endings). The one home of line
/// splitting for the linter, the diffs, the language server and the command line.
package enum LineEnding {
    /// Where the line after the first line ending in `buf[from..<end]` starts.
    ///
    /// A carriage return at `end - 1` still takes the line feed after it (read up to the end of
    /// `buf`, not `end`), so that a CR LF pair is never split in two line endings.
    /// - Parameters:
    ///   - buf: The text.
    ///   - from: Where to start looking.
    ///   - end: Where to stop looking for the first byte of a line ending.
    /// - Returns: The offset just past the first line ending, or `nil` when none starts before `end`.
    @inlinable package static func nextLineStart(in buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        while i < end {
            let byte = buf[i]
            i += 1
            if byte == 0x0A { return i }
            if byte == 0x0D {
                return i < buf.count && buf[i] == 0x0A ? i + 1 : i
            }
        }
        return nil
    }

    /// Whether a line starts at `offset` of `buf`: its start and its end count, and an offset just
    /// past a line ending (but for the CR of a CR LF pair, whose LF is still to come); with
    /// `lineFeedOnly`, only a line feed ends a line.
    @inlinable package static func isLineStart(in buf: UnsafeBufferPointer<UInt8>, at offset: Int, lineFeedOnly: Bool = false) -> Bool {
        guard offset > 0, offset < buf.count else { return true }
        switch buf[offset - 1] {
        case 0x0A: return true
        case 0x0D: return !lineFeedOnly && buf[offset] != 0x0A
        default: return false
        }
    }

    /// Where the line after the first line feed in `buf[from..<end]` starts, when only a line feed
    /// ends a line (the C library finds it many bytes at a time); `nil` when there is none.
    @inlinable package static func nextLineFeedStart(in buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        guard from < end, let base = buf.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
    }

    /// The byte ranges of the lines of `text`, each with its ending; a last line without an ending
    /// is a line too, and an empty text has none.
    /// - Parameter text: The text to split.
    /// - Returns: The ranges in order; together they cover `text` exactly.
    package static func lineRanges(of text: [UInt8]) -> [Range<Int>] {
        text.withUnsafeBufferPointer { lineRanges(in: $0, 0..<$0.count) }
    }

    /// The byte ranges of the lines of `buf[range]`, each with its ending, as offsets into `buf`.
    /// - Parameters:
    ///   - buf: The text.
    ///   - range: Where to split; it starts at a line start and ends at a line start or at the
    ///     end of `buf`.
    /// - Returns: The ranges in order; together they cover `range` exactly.
    package static func lineRanges(in buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        // Room for lines of 32 bytes on average: a large file's table grows once or not at all.
        result.reserveCapacity(range.count / 32 + 1)
        forEachLine(in: buf, range) { result.append($0) }
        return result
    }

    /// Calls `body` with the byte range of each line of `buf[range]`, in order, each with its
    /// ending (``lineRanges(in:_:)``'s lines; with `lineFeedOnly`, ``lineFeedRanges(in:_:)``'s).
    @inline(__always)
    package static func forEachLine(in buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineFeedOnly: Bool = false,
                                    _ body: (Range<Int>) -> Void) {
        let hasCarriageReturn = !lineFeedOnly && (buf.baseAddress.map { memchr($0 + range.lowerBound, 0x0D, range.count) != nil } ?? false)
        var start = range.lowerBound
        if hasCarriageReturn {
            while let next = nextLineStart(in: buf, from: start, to: range.upperBound) {
                body(start..<next)
                start = next
            }
        } else {
            while let next = nextLineFeedStart(in: buf, from: start, to: range.upperBound) {
                body(start..<next)
                start = next
            }
        }
        if start < range.upperBound { body(start..<range.upperBound) }
    }

    /// The byte ranges of the lines of `text` when only a line feed ends a line (as `diff` and
    /// `patch` read text: a carriage return stays part of its line).
    /// - Parameter text: The text to split.
    /// - Returns: The ranges in order; together they cover `text` exactly.
    package static func lineFeedRanges(of text: [UInt8]) -> [Range<Int>] {
        text.withUnsafeBufferPointer { lineFeedRanges(in: $0, 0..<$0.count) }
    }

    /// The byte ranges of the lines of `buf[range]` when only a line feed ends a line, as offsets
    /// into `buf`.
    /// - Parameters:
    ///   - buf: The text.
    ///   - range: Where to split; it starts at a line start.
    /// - Returns: The ranges in order; together they cover `range` exactly.
    package static func lineFeedRanges(in buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(range.count / 32 + 1)
        forEachLine(in: buf, range, lineFeedOnly: true) { result.append($0) }
        return result
    }
}
