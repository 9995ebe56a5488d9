/// Moves bytes down within one large buffer without holding more memory than the buffer's result:
/// the output of a pass written in parts (``CanonicalForm``) has each part moved down after the one
/// before it, from a stretch of the buffer that was only reserved for it.
enum DownwardMove {
    /// How many bytes are copied between two releases of pages (what the move holds twice at most).
    private static let chunk = 1 << 18

    /// Moves `count` bytes from `source` to `destination`, which lies below it in the same buffer;
    /// the bytes from `destination + count` on are garbage afterwards. When the two ranges do not
    /// overlap, the bytes go in chunks from the top, and the whole pages of each chunk's source above
    /// the new end are given back to the system once copied (on Linux), so that the move never holds
    /// both copies: filling the destination would otherwise make as much memory resident again as
    /// the bytes moved. Overlapping ranges are moved in one `memmove`.
    static func move(_ count: Int, from source: UnsafeMutablePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
        precondition(destination <= source, "a downward move")
        guard count > 0, destination != source else { return }
        guard source - destination >= count else {
            destination.moveInitialize(from: source, count: count)
            return
        }
        let newEnd = destination + count
        var end = count
        while end > 0 {
            let start = max(0, end - chunk)
            (destination + start).moveInitialize(from: source + start, count: end - start)
            // The chunk's source above the new end: nothing reads it again.
            HugePages.releaseWholePages(from: UnsafeMutableRawPointer(max(source + start, newEnd)),
                                        to: UnsafeMutableRawPointer(source + end))
            end = start
        }
    }
}
