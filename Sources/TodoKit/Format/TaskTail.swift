/// The one writer of a task line from its `[` to the end: `[m] title fields ^id`, one space apart,
/// `options.fieldStyle.spacesBeforeField` before each field, then the line's hard break if it has one.
///
/// The canonical form writes every task line it rewrites with it, and the model every line it edits
/// or adds (``bytes(mark:title:fields:style:blockID:hardBreak:paragraphContinues:protectsBackslash:)``),
/// so that both end a line the same way: when the paragraph goes on after the line, a body that ends
/// in a literal backslash gets one space after it, or the backslash and the line ending would read
/// as a hard line break and the title would lose it.
enum TaskTail {
    /// Writes `[`, the mark bytes `buf[markFrom..<markTo]` (`x` instead when `done`), `]` and the space
    /// before the body; returns where the body starts in `out`.
    @inline(__always)
    static func open(mark buf: UnsafeBufferPointer<UInt8>, _ markFrom: Int, _ markTo: Int, done: Bool,
                     into out: inout ByteWriter) -> Int {
        if done || markTo - markFrom == 1 {
            // The usual checkbox, one byte between the brackets: `[`, the mark, `]` and the space in one word.
            let mark = done ? UInt8(ascii: "x") : buf[markFrom]
            out.append(word: 0x205D_005B | UInt64(mark) << 8, count: 4)
            return out.count
        }
        out.append(UInt8(ascii: "["))
        out.append(buf, markFrom, markTo)
        out.append(UInt8(ascii: "]"))
        out.append(0x20)
        return out.count
    }

    /// Writes the spaces before a field (none when the body is still empty).
    @inline(__always)
    static func separateField(body: Int, style: FieldStyle, into out: inout ByteWriter) {
        guard out.count > body else { return }
        for _ in 0..<style.spacesBeforeField { out.append(0x20) }
    }

    /// Writes a block id (`buf[from..<to]`) after what the body holds, one space apart.
    @inline(__always)
    static func appendBlockID(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, body: Int, into out: inout ByteWriter) {
        if out.count > body { out.append(0x20) }
        out.append(buf, from, to)
    }

    /// Ends the line written since `body`: with no body, the checkbox stands alone (with a space
    /// after it when `spaceWhenEmpty`: GitHub draws an empty checkbox only then); else the hard break
    /// `buf[hardBreak]` follows, or, when the paragraph continues on the next line and the body ends
    /// in an odd run of backslashes that the line's reader would take as a hard break (or that had
    /// white space after it: `protectsBackslash`), one space that keeps the backslash literal.
    static func close(body: Int, hardBreak: Range<Int>?, in buf: UnsafeBufferPointer<UInt8>, paragraphContinues: Bool,
                      protectsBackslash: Bool, spaceWhenEmpty: Bool, into out: inout ByteWriter) {
        if out.count == body {
            // With no text there is nothing for a hard break to break.
            if !spaceWhenEmpty { out.truncate(to: body - 1) }
            return
        }
        if let hardBreak {
            out.append(buf, hardBreak.lowerBound, hardBreak.upperBound)
            return
        }
        guard paragraphContinues || protectsBackslash else { return }
        let needsSpace = out.withBytes { written -> Bool in
            var backslashes = 0
            var k = written.count
            while k > body && written[k - 1] == UInt8(ascii: "\\") {
                backslashes += 1
                k -= 1
            }
            guard backslashes % 2 == 1 else { return false }
            return protectsBackslash || !TaskText.endsInURL(written, body, written.count - 1)
        }
        // Still a literal backslash, not a line break.
        if needsSpace { out.append(0x20) }
    }

    /// A whole tail from values, for lines the model writes: `mark` in the checkbox, `title`, then
    /// `fields` in the order given, `blockID` and `hardBreak`; an empty body leaves `[m] ` (GitHub
    /// draws an empty checkbox only when white space follows it), or `[m]` when not
    /// `spaceWhenEmpty` (a line whose text all went: its checkbox stays paragraph text, as the
    /// formatter leaves it). `paragraphContinues`: the line's paragraph goes on on the next line;
    /// `protectsBackslash`: the edited line's text ended in a literal backslash kept by the white
    /// space after it (``TaskText/protectsBackslash``).
    static func bytes(mark: [UInt8], title: some Collection<UInt8>, fields: [Field], style: FieldStyle,
                      blockID: [UInt8]?, hardBreak: [UInt8]?, paragraphContinues: Bool, protectsBackslash: Bool = false,
                      spaceWhenEmpty: Bool = true) -> [UInt8] {
        var out = ByteWriter(capacity: 64 + title.count)
        let body = mark.withUnsafeBufferPointer { open(mark: $0, 0, $0.count, done: false, into: &out) }
        for byte in title { out.append(byte) }
        for field in fields {
            separateField(body: body, style: style, into: &out)
            out.append(contentsOf: field.written(in: style))
        }
        if let blockID {
            blockID.withUnsafeBufferPointer { appendBlockID($0, 0, $0.count, body: body, into: &out) }
        }
        let ending = hardBreak ?? []
        ending.withUnsafeBufferPointer { ending in
            close(body: body, hardBreak: hardBreak == nil ? nil : 0..<ending.count, in: ending, paragraphContinues: paragraphContinues,
                  protectsBackslash: protectsBackslash, spaceWhenEmpty: spaceWhenEmpty, into: &out)
        }
        return out.bytes
    }
}
