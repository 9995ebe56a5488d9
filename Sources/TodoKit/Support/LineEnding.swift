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

    /// The byte ranges of the lines of `text`, each with its ending; a last line without an ending
    /// is a line too, and an empty text has none.
    /// - Parameter text: The text to split.
    /// - Returns: The ranges in order; together they cover `text` exactly.
    package static func lineRanges(of text: [UInt8]) -> [Range<Int>] {
        let hasCarriageReturn = text.withUnsafeBufferPointer { buf in
            buf.baseAddress.map { memchr($0, 0x0D, buf.count) != nil } ?? false
        }
        guard hasCarriageReturn else { return lineFeedRanges(of: text) }
        var result: [Range<Int>] = []
        result.reserveCapacity(text.count / 32 + 1)
        text.withUnsafeBufferPointer { buf in
            var start = 0
            while let next = nextLineStart(in: buf, from: start, to: buf.count) {
                result.append(start..<next)
                start = next
            }
            if start < buf.count { result.append(start..<buf.count) }
        }
        return result
    }

    /// The byte ranges of the lines of `text` when only a line feed ends a line (as `diff` and
    /// `patch` read text: a carriage return stays part of its line).
    /// - Parameter text: The text to split.
    /// - Returns: The ranges in order; together they cover `text` exactly.
    package static func lineFeedRanges(of text: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        // Room for lines of 32 bytes on average: a large file's table grows once or not at all.
        result.reserveCapacity(text.count / 32 + 1)
        text.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            // The C library finds line feeds many bytes at a time.
            var start = 0
            while start < buf.count, let found = memchr(base + start, 0x0A, buf.count - start) {
                let end = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                result.append(start..<end)
                start = end
            }
            if start < buf.count { result.append(start..<buf.count) }
        }
        return result
    }
}
