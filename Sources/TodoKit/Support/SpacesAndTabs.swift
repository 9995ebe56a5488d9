/// Runs of spaces and tabs: the white space of indentation and of CommonMark's blank lines. The one
/// home of "where does the white space end" and "is the rest of this line blank".
package enum SpacesAndTabs {
    /// Where the run of spaces and tabs that starts at `start` ends.
    /// - Parameters:
    ///   - buf: The text.
    ///   - start: Where the run starts.
    ///   - end: Where to stop looking (typically the end of the line's content).
    /// - Returns: The offset of the first byte in `start..<end` that is neither a space nor a tab,
    ///   or `end` when there is none.
    @inlinable @inline(__always) package static func skip(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while i < end && buf[i].isSpaceOrTab { i += 1 }
        return i
    }

    /// Whether `buf[start..<end]` holds nothing but spaces and tabs: a blank line, or the blank rest
    /// of one.
    /// - Parameters:
    ///   - buf: The text.
    ///   - start: The first offset to read.
    ///   - end: The offset after the last one to read.
    /// - Returns: `true` when every byte in `start..<end` is a space or a tab (also when the range is empty).
    @inlinable package static func isBlank(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end {
            if !buf[i].isSpaceOrTab { return false }
            i += 1
        }
        return true
    }
}
