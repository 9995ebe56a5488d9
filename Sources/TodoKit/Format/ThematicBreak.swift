/// CommonMark's thematic break (`***`, `- - -`, `___`): three or more of one marker byte, with
/// only spaces and tabs between and after them. The one home of the test the block scanner and
/// the canonical form both make.
enum ThematicBreak {
    /// What reading a line from a start offset found.
    enum Scan: Equatable {
        /// The rest of the line is a thematic break.
        case thematicBreak
        /// It is not: the first byte is not a marker, or there are fewer than three markers.
        case notABreak
        /// It is not: the byte at this offset is neither the marker nor a space or tab (every
        /// start before it on the line fails here too).
        case failed(at: Int)
    }

    /// Whether `byte` can make a thematic break: `*`, `-` or `_`.
    @inline(__always) static func isMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// Reads `start..<end`, each byte through `byteAt`, as a thematic break.
    /// - Parameters:
    ///   - start: The offset of the first byte, which must be the marker.
    ///   - end: The end of the line's content (before its ending).
    ///   - byteAt: The byte at an offset (the text as it is, or as it will be after edits).
    /// - Returns: Whether the bytes are a thematic break, and if not, where the test failed.
    @inline(__always) static func scan(from start: Int, to end: Int, byteAt: (Int) -> UInt8) -> Scan {
        guard start < end else { return .notABreak }
        let marker = byteAt(start)
        guard isMarker(marker) else { return .notABreak }
        var count = 0
        var j = start
        while j < end {
            let b = byteAt(j)
            if b == marker {
                count += 1
            } else if !b.isSpaceOrTab {
                return .failed(at: j)
            }
            j += 1
        }
        return count >= 3 ? .thematicBreak : .notABreak
    }
}
