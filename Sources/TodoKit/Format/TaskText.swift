/// The text after a task's checkbox, taken apart: metadata fields, block id, hard line break,
/// and what is left, the title. Ranges are byte offsets into the document buffer.
struct TaskText {
    /// One valid field token as it stands in the text.
    struct Occurrence {
        var range: Range<Int>
        var field: Field
    }

    /// Where the text after the checkbox begins (just past `]`).
    var start = 0
    /// First non-blank byte after the checkbox.
    var coreStart = 0
    /// End of the text proper (before a hard break and trailing white space).
    var coreEnd = 0
    /// Every valid field token, in order.
    private(set) var occurrences: [Occurrence] = []
    /// For each key, by its ``FieldKey/order``, the index of the occurrence that counts, or -1.
    private(set) var chosen = SIMD8<Int32>(repeating: -1)
    /// The block id (`^abc`, caret included): the last token that is not a field.
    var blockID: Range<Int>?
    /// A hard line break kept as written at the end of the line (trailing spaces, or white space and `\`).
    var hardBreak: Range<Int>?
    /// Whether the text ends in a literal backslash that a following line would turn into a hard break.
    var protectsBackslash = false
    /// Whether any white space followed the checkbox.
    var hasSpaceAfterCheckbox = false

    /// Reads the text in `[start, end)`; `paragraphContinues` says whether a hard break there would matter.
    init(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int, paragraphContinues: Bool) {
        read(buf, start: start, end: end, paragraphContinues: paragraphContinues)
    }

    /// An empty text, to be filled by ``read(_:start:end:paragraphContinues:)``.
    init() {}

    /// Reads another task's text into this one, reusing its storage (hot loops keep one `TaskText`).
    mutating func read(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int, paragraphContinues: Bool) {
        self.start = start
        blockID = nil
        hardBreak = nil
        var s = start
        while s < end && isSpaceOrTab(buf[s]) { s += 1 }
        hasSpaceAfterCheckbox = s > start || (start < end && isSpaceOrTab(buf[start]))

        var e = end
        while e > start && isSpaceOrTab(buf[e - 1]) { e -= 1 }
        // Text that is only white space is empty; its trailing spaces may still be a hard break.
        if s > e { s = e }
        coreStart = s
        if paragraphContinues && e < end {
            // Two or more trailing spaces after some text make a hard break when the paragraph goes on.
            var spaces = 0
            var k = end
            while k > e && buf[k - 1] == 0x20 {
                spaces += 1
                k -= 1
            }
            if spaces >= 2 && e > s { hardBreak = e..<end }
        } else if paragraphContinues && e == end && e > s && buf[e - 1] == UInt8(ascii: "\\") && !TaskText.endsInURL(buf, s, e - 1) {
            var backslashes = 0
            var k = e
            while k > s && buf[k - 1] == UInt8(ascii: "\\") {
                backslashes += 1
                k -= 1
            }
            if backslashes % 2 == 1 {
                var w = e - 1
                while w > s && isSpaceOrTab(buf[w - 1]) { w -= 1 }
                hardBreak = w..<end
                e = w
            }
        }
        // A literal backslash before trailing white space would become a hard break if the white
        // space went: such a line keeps one space after it.
        protectsBackslash = false
        if paragraphContinues && hardBreak == nil && e < end && e > s && buf[e - 1] == UInt8(ascii: "\\") {
            var backslashes = 0
            var k = e
            while k > s && buf[k - 1] == UInt8(ascii: "\\") {
                backslashes += 1
                k -= 1
            }
            protectsBackslash = backslashes % 2 == 1
        }
        coreEnd = e
        while occurrences.popLast() != nil {}
        FieldScanner.scan(buf, from: s, to: e, into: &occurrences)
        chosen = SIMD8<Int32>(repeating: -1)
        for index in occurrences.indices {
            chosen[occurrences[index].field.key.order] = Int32(truncatingIfNeeded: index)
        }

        // A block id is the last token that is not a field: `^` and letters, digits or dashes.
        // Earlier duplicates of a key are text, so they end the search.
        let counted = chosen
        var k = e
        var last = occurrences.count - 1
        while true {
            while k > s && isSpaceOrTab(buf[k - 1]) { k -= 1 }
            guard last >= 0, occurrences[last].range.upperBound == k, counted[occurrences[last].field.key.order] == last else { break }
            k = occurrences[last].range.lowerBound
            last -= 1
        }
        var tokenStart = k
        while tokenStart > s && !isSpaceOrTab(buf[tokenStart - 1]) { tokenStart -= 1 }
        if k - tokenStart >= 2 && buf[tokenStart] == UInt8(ascii: "^") && TaskText.isBlockIDBody(buf, tokenStart + 1, k) {
            blockID = tokenStart..<k
        }
    }

    /// Whether the token that ends at `end` is a URL (autolinks take a trailing backslash).
    private static func endsInURL(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var t = end
        while t > start && !isSpaceOrTab(buf[t - 1]) { t -= 1 }
        let token = UnsafeBufferPointer(rebasing: buf[t..<end])
        // An autolink in angle brackets ends at its `>`.
        if token.last == UInt8(ascii: ">") { return false }
        if token.starts(with: "www.".utf8) { return true }
        var i = 0
        while i + 3 <= token.count {
            if token[i] == UInt8(ascii: ":") && token[i + 1] == UInt8(ascii: "/") && token[i + 2] == UInt8(ascii: "/") { return true }
            i += 1
        }
        return false
    }

    private static func isBlockIDBody(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var i = from
        while i < to {
            let c = buf[i]
            let ok = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || isDigit(c) || c == UInt8(ascii: "-")
            if !ok { return false }
            i += 1
        }
        return true
    }

    /// The field of each key that counts: the last valid occurrence (earlier ones stay text).
    func effectiveFields() -> [FieldKey: Int] {
        var chosen: [FieldKey: Int] = [:]
        let slots = chosenFields()
        for order in 0..<7 where slots[order] >= 0 {
            chosen[FieldKey(order: order)] = Int(slots[order])
        }
        return chosen
    }

    /// ``effectiveFields()`` without a dictionary: for each key, by its ``FieldKey/order``, the index
    /// of the occurrence that counts, or -1.
    func chosenFields() -> SIMD8<Int32> {
        chosen
    }

    /// Which occurrences a title leaves out (besides the block id, which it always leaves out).
    enum Removal {
        /// Every field.
        case all
        /// The fields that count (`chosen`), and with `dropEndDates` every done and cancelled date.
        case chosen(dropEndDates: Bool)
        /// The occurrences at these indices, ascending.
        case indices([Int])
    }

    /// The core text with the given occurrences and the block id removed, each with the white space
    /// around it: text on both sides of a removed token ends up one space apart (as Obsidian Tasks
    /// reads a description), and the result is trimmed.
    func title(_ buf: UnsafeBufferPointer<UInt8>, removing removed: [Int]) -> ArraySlice<UInt8> {
        var out = ByteWriter(capacity: coreEnd - coreStart)
        appendTitle(buf, into: &out, removing: .indices(removed.sorted()))
        return out.bytes[...]
    }

    /// Appends ``title(_:removing:)`` to `out`, leaving out what `removal` says.
    func appendTitle(_ buf: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter, removing removal: Removal) {
        let first = out.count
        var k = 0
        @inline(__always) func isRemoved(_ index: Int) -> Bool {
            switch removal {
            case .all:
                return true
            case .chosen(let dropEndDates):
                let key = occurrences[index].field.key.order
                return chosen[key] == index || (dropEndDates && (key == FieldKey.done.order || key == FieldKey.cancelled.order))
            case .indices(let sorted):
                while k < sorted.count && sorted[k] < index { k += 1 }
                return k < sorted.count && sorted[k] == index
            }
        }
        var cursor = coreStart
        // Text was kept before a removed token: the next text kept is one space away from it.
        var separate = false
        // The removed ranges in text order: the occurrences are in order, the block id goes between them.
        var pendingBlockID = blockID
        @inline(__always) func keep(upTo end: Int) {
            guard end > cursor else { return }
            if separate { out.append(0x20) }
            out.append(buf, cursor, end)
            separate = false
        }
        @inline(__always) func remove(_ range: Range<Int>) {
            var a = range.lowerBound
            var b = range.upperBound
            while a > cursor && isSpaceOrTab(buf[a - 1]) { a -= 1 }
            while b < coreEnd && isSpaceOrTab(buf[b]) { b += 1 }
            keep(upTo: a)
            if out.count > first { separate = true }
            if b > cursor { cursor = b }
        }
        for index in occurrences.indices where isRemoved(index) {
            let range = occurrences[index].range
            if let id = pendingBlockID, id.lowerBound < range.lowerBound {
                remove(id)
                pendingBlockID = nil
            }
            remove(range)
        }
        if let id = pendingBlockID { remove(id) }
        keep(upTo: coreEnd)
        var lo = first
        while lo < out.count && isSpaceOrTab(out[lo]) { lo += 1 }
        if lo > first { out.remove(from: first, to: lo) }
        var hi = out.count
        while hi > first && isSpaceOrTab(out[hi - 1]) { hi -= 1 }
        out.truncate(to: hi)
    }
}
