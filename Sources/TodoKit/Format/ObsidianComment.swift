#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Obsidian's comments: `%%` opens one and the next `%%` closes it, on the same line or many lines
/// later. Nothing inside is rendered, so nothing inside is a task; the block scanner treats the lines
/// of a comment as opaque (``BlockScanner``), and docs/FORMAT.md says how.
enum ObsidianComment {
    /// Whether `%%` occurs anywhere in `buf` (`memchr` for each `%`, so documents without comments
    /// pay one fast pass and nothing more).
    static func occurs(in buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress, buf.count >= 2 else { return false }
        var i = 0
        while i < buf.count - 1 {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "%")), buf.count - 1 - i) else { return false }
            let at = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
            if buf[at + 1] == UInt8(ascii: "%") { return true }
            i = at + 2
        }
        return false
    }

    /// The number of `%%` markers in `[from, to)` outside backtick code spans (`%%%` counts once).
    static func markerCount(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var count = 0
        forEachMarker(buf, from: from, to: end) { _ in count += 1 }
        return count
    }

    /// The comments `%% … %%` within `[from, to)`, each from its opening marker to the end of its
    /// closing one: the markers of ``markerCount(_:from:to:)``, in pairs (an odd last one opens a
    /// comment that runs past `to`, and is left out).
    static func comments(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> [Range<Int>] {
        var comments: [Range<Int>] = []
        var opened: Int?
        forEachMarker(buf, from: from, to: end) { marker in
            if let start = opened {
                comments.append(start..<marker.upperBound)
                opened = nil
            } else {
                opened = marker.lowerBound
            }
        }
        return comments
    }

    /// Calls `body` with each `%%` marker in `[from, to)` outside backtick code spans, in order (a
    /// run of three or more `%` is one marker).
    private static func forEachMarker(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, _ body: (Range<Int>) -> Void) {
        var i = from
        // The line's backtick runs, read once when the first backtick is met.
        var runs: BacktickRuns?
        while i < end {
            let c = buf[i]
            if c == UInt8(ascii: "`") {
                i = BacktickRuns.skipCodeSpan(buf, at: i, end: end, runs: &runs)
                continue
            }
            if c == UInt8(ascii: "%") && i + 1 < end && buf[i + 1] == UInt8(ascii: "%") {
                let start = i
                i += 2
                while i < end && buf[i] == UInt8(ascii: "%") { i += 1 }
                body(start..<i)
                continue
            }
            i += 1
        }
    }

    /// Whether the line `[from, to)` is one comment and nothing else: `%% … %%`, white space around.
    static func isWholeLine(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Bool {
        var start = from, stop = end
        while start < stop && buf[start].isSpaceOrTab { start += 1 }
        while stop > start && buf[stop - 1].isSpaceOrTab { stop -= 1 }
        guard stop - start >= 4 else { return false }
        return buf[start] == UInt8(ascii: "%") && buf[start + 1] == UInt8(ascii: "%")
            && buf[stop - 1] == UInt8(ascii: "%") && buf[stop - 2] == UInt8(ascii: "%")
            && markerCount(buf, from: start, to: stop) == 2
    }
}
