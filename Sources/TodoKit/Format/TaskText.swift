/// The text after a task's checkbox, taken apart: metadata fields, block id, hard line break,
/// and what is left, the title. Ranges are byte offsets into the document buffer.
struct TaskText {
    /// One valid field token as it stands in the text. A plain value (no references): tasks are read
    /// by the million, and their occurrences are copied and dropped without reference counting; the
    /// text of an id or a relative date stays in the document until ``field(_:)`` reads it.
    struct Occurrence {
        /// What an occurrence holds: a value, or where its text is.
        enum Value {
            case day(Day)
            case priority(Priority)
            case recurrence(RecurrenceRule)
            case onCompletion(OnCompletion)
            /// An id, as written at these bytes.
            case text(Range<Int>)
            /// Ids separated by commas (spaces after a comma allowed), at these bytes.
            case ids(Range<Int>)
            /// A relative date, as written at these bytes.
            case relative(Range<Int>)
        }

        // Declared largest first, so that the one-byte key and style fill the value's tail padding.
        var value: Value
        var key: FieldKey
        var style: FieldStyle
        var range: Range<Int>

        init(range: Range<Int>, key: FieldKey, style: FieldStyle, value: Value) {
            self.value = value
            self.key = key
            self.style = style
            self.range = range
        }

        /// The day of a date field holding one.
        var day: Day? {
            if case .day(let d) = value { return d }
            return nil
        }

        /// The day of a date field, a relative date resolved from `today`.
        func day(today: Day, _ buf: UnsafeBufferPointer<UInt8>) -> Day? {
            switch value {
            case .day(let d): d
            case .relative(let r): DatePhrase.resolve(String(decoding: UnsafeBufferPointer(rebasing: buf[r]), as: UTF8.self), today: today)
            default: nil
            }
        }

        /// The priority of a priority field.
        var priority: Priority? {
            if case .priority(let p) = value { return p }
            return nil
        }

        /// Appends the field written in `style` to `out`, as ``Field/write(in:into:)`` writes
        /// ``field(_:)`` with a relative date resolved from `today`, without building the field.
        @inline(__always) func write(in style: FieldStyle, today: Day, _ buf: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter) {
            switch value {
            case .day(let d):
                Field.appendPrefix(of: key, in: style, into: &out)
                d.write(into: &out)
            case .priority(let p):
                if style == .emoji {
                    out.append(p.emojiText)
                    return
                }
                Field.appendPrefix(of: key, in: style, into: &out)
                out.append(p.word)
            case .text, .ids, .relative, .recurrence, .onCompletion:
                writeBuilt(in: style, today: today, buf, into: &out)
                return
            }
            if style == .dataview { out.append(UInt8(ascii: "]")) }
        }

        /// The rarer values, written by building the field.
        @inline(never) private func writeBuilt(in style: FieldStyle, today: Day, _ buf: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter) {
            field(buf).resolved(today: today).write(in: style, into: &out)
        }

        /// The field, its text read from `buf` (the document the occurrence was read from).
        func field(_ buf: UnsafeBufferPointer<UInt8>) -> Field {
            func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: buf[r]), as: UTF8.self) }
            let fieldValue: Field.Value
            switch value {
            case .day(let d): fieldValue = .day(d)
            case .priority(let p): fieldValue = .priority(p)
            case .recurrence(let rule): fieldValue = .recurrence(rule)
            case .onCompletion(let action): fieldValue = .onCompletion(action)
            case .text(let r): fieldValue = .text(text(r))
            case .ids(let r): fieldValue = .text(String(text(r).unicodeScalars.filter { $0 != " " && $0 != "\t" }.map(Character.init)))
            case .relative(let r): fieldValue = .relative(text(r))
            }
            return Field(key: key, value: fieldValue, style: style)
        }
    }

    /// Where the text after the checkbox begins (just past `]`).
    var start = 0
    /// First non-blank byte after the checkbox.
    var coreStart = 0
    /// End of the text proper (before a hard break and trailing white space).
    var coreEnd = 0
    /// Every valid field token, in order.
    private(set) var occurrences: [Occurrence] = []

    /// The one spelling every field of the line uses; nil for a line without fields or one that
    /// mixes spellings (`🔁 every week due:2026-11-20`), which the formatter writes wholly in the
    /// configured style, and so must an edit of it.
    var onlyStyle: FieldStyle? {
        guard let first = occurrences.first?.style, occurrences.allSatisfy({ $0.style == first }) else { return nil }
        return first
    }
    /// For each key, by its ``FieldKey/order``, the index of the occurrence that counts, or -1.
    private(set) var chosen = SIMD16<Int32>(repeating: -1)
    /// The keys that have a field, one bit each by ``FieldKey/order``.
    private(set) var presentKeys: UInt16 = 0
    /// The block id (`^abc`, caret included): the last token that is not a field.
    var blockID: Range<Int>?
    /// A hard line break kept as written at the end of the line (trailing spaces, or white space and `\`).
    var hardBreak: Range<Int>?
    /// Whether the text ends in a literal backslash that a following line would turn into a hard break.
    var protectsBackslash = false
    /// Whether any white space followed the checkbox.
    var hasSpaceAfterCheckbox = false
    /// Where a code span or HTML comment that a later line closes opens (``ContinuedSpan``): the
    /// line ends inside it, so its fields are read only before it, and it is kept as written.
    private(set) var continuedSpan: Int?

    /// Reads the text in `[start, end)`; `paragraphContinues` says whether a hard break there would
    /// matter, `obsidianComments` whether it may hold a `%% … %%` comment, `continuedSpan` where a
    /// span that a later line closes opens (see ``read(_:start:end:paragraphContinues:obsidianComments:htmlComments:continuedSpan:)``).
    init(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int, paragraphContinues: Bool, obsidianComments: Bool = true,
         htmlComments: Bool = true, continuedSpan: Int? = nil) {
        read(buf, start: start, end: end, paragraphContinues: paragraphContinues, obsidianComments: obsidianComments,
             htmlComments: htmlComments, continuedSpan: continuedSpan)
    }

    /// An empty text, to be filled by ``read(_:start:end:paragraphContinues:obsidianComments:htmlComments:continuedSpan:)``.
    init() {}

    /// Reads another task's text into this one, reusing its storage (hot loops keep one `TaskText`).
    /// `obsidianComments`: whether the text may hold a comment `%% … %%`, whose fields are text, as
    /// the rest of the comment is (docs/FORMAT.md); false only where no `%%` can be in it (a
    /// document without one anywhere), which spares the search; `htmlComments` whether it may hold
    /// `<!--` (false only where it holds none: its fields are then read the fast way,
    /// ``FieldScanner/scan(_:from:to:into:)``). `continuedSpan`: where a code span
    /// or HTML comment that a later line of the paragraph closes opens (``BlockStructure/Task/continuedSpan``).
    mutating func read(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int, paragraphContinues: Bool,
                       obsidianComments: Bool = true, htmlComments: Bool = true, continuedSpan: Int? = nil) {
        self.start = start
        self.continuedSpan = continuedSpan
        blockID = nil
        hardBreak = nil
        var s = start
        while s < end && buf[s].isSpaceOrTab { s += 1 }
        hasSpaceAfterCheckbox = s > start || (start < end && buf[start].isSpaceOrTab)

        var e = end
        while e > start && buf[e - 1].isSpaceOrTab { e -= 1 }
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
                while w > s && buf[w - 1].isSpaceOrTab { w -= 1 }
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
        if let continuedSpan {
            // Only the text before the span has fields; the span is text, so no emoji field before it
            // ends the line, and no block id does.
            scanFields(buf, s, min(max(continuedSpan, s), e), htmlComments: htmlComments)
            if obsidianComments && !occurrences.isEmpty { dropFieldsInComments(buf, s, e) }
            occurrences.removeAll { $0.style == .emoji }
            chooseFields()
            return
        }
        scanFields(buf, s, e, htmlComments: htmlComments)
        if obsidianComments && !occurrences.isEmpty { dropFieldsInComments(buf, s, e) }
        chooseFields()
        if let firstEmoji = occurrences.firstIndex(where: { $0.style == .emoji }),
           keepEmojiFieldsOfTrailingRun(buf, s, e, firstEmoji: firstEmoji) { chooseFields() }

        // A block id is the last token that is not a field: `^` and letters, digits or dashes.
        // (Obsidian Tasks takes a block link only as the line's very last token; a `^id` before
        // trailing fields is one here so that dropping a field, an end date say, never turns text
        // into a block id: docs/FORMAT.md.) Earlier duplicates of a key stay text in the title, but
        // they are field tokens here, as in `keepEmojiFieldsOfTrailingRun`: a reopened task drops
        // them too, and a `^id` they alone followed would then end the line.
        var k = e
        var last = occurrences.count - 1
        while true {
            while k > s && buf[k - 1].isSpaceOrTab { k -= 1 }
            guard last >= 0, occurrences[last].range.upperBound == k else { break }
            k = occurrences[last].range.lowerBound
            last -= 1
        }
        let tokenStart = FieldScanner.tokenStart(buf, before: k, from: s)
        if k - tokenStart >= 2 && buf[tokenStart] == UInt8(ascii: "^") && TaskText.isBlockIDBody(buf, tokenStart + 1, k) {
            blockID = tokenStart..<k
        }
    }

    /// Reads the fields of `[s, e)` into ``occurrences``: token by token where the text may hold
    /// `<!--` (a comment's fields are text), else the fast way.
    private mutating func scanFields(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, htmlComments: Bool) {
        if htmlComments {
            FieldScanner.scanTokens(buf, from: s, to: e, into: &occurrences)
        } else {
            FieldScanner.scan(buf, from: s, to: e, into: &occurrences)
        }
    }

    /// Sets ``chosen`` and ``presentKeys`` from ``occurrences``: of each key, the last occurrence.
    private mutating func chooseFields() {
        chosen = SIMD16<Int32>(repeating: -1)
        var present: UInt16 = 0
        // Each index is stored into its key's lane in memory: storing a lane of a copy held in
        // registers (`chosen[order] = …`) wrote the copy out and read the four words back at once,
        // a load that waits for the store (`perf annotate`: a quarter of `read`'s samples). A key's
        // order is below `FieldKey.count` (11), within the 16 lanes.
        withUnsafeMutableBytes(of: &chosen) { lanes in
            for index in occurrences.indices {
                let order = occurrences[index].key.order
                lanes.storeBytes(of: Int32(truncatingIfNeeded: index), toByteOffset: order &* 4, as: Int32.self)
                present |= 1 << UInt16(order)
            }
        }
        presentKeys = present
    }

    /// Drops the emoji fields that stand before the trailing run of the text: Obsidian Tasks reads
    /// emoji fields backwards from the end of the line, through fields, tags and a block id, and
    /// stops at the first ordinary word, so an emoji field before one is text there. Plain and
    /// Dataview fields count anywhere (they are part of the run, too).
    /// Returns whether it dropped any (`firstEmoji`: the index of the first emoji occurrence).
    private mutating func keepEmojiFieldsOfTrailingRun(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, firstEmoji: Int) -> Bool {
        var k = e
        var last = occurrences.count - 1
        var runStart = e
        // Whether a word that is not a field was passed (only the first can be the block id).
        var passedWord = false
        while true {
            while k > s && buf[k - 1].isSpaceOrTab { k -= 1 }
            guard k > s else {
                runStart = s
                break
            }
            if last >= 0 && occurrences[last].range.upperBound == k {
                k = occurrences[last].range.lowerBound
                last -= 1
                runStart = k
                continue
            }
            var t = k
            while t > s && !buf[t - 1].isSpaceOrTab { t -= 1 }
            // A tag (`#word`) does not stop the run, nor does the block id (`^id`: the first word
            // from the end that is not a field, as ``read`` takes it).
            let isTag = buf[t] == UInt8(ascii: "#")
            let isBlockID = !passedWord && buf[t] == UInt8(ascii: "^") && TaskText.isBlockIDBody(buf, t + 1, k)
            guard k - t >= 2, isTag || isBlockID else { break }
            passedWord = true
            k = t
            runStart = t
        }
        guard occurrences[firstEmoji].range.lowerBound < runStart else { return false }
        occurrences.removeAll { $0.style == .emoji && $0.range.lowerBound < runStart }
        return true
    }

    /// Whether the token that ends at `end` is a URL (autolinks take a trailing backslash).
    static func endsInURL(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var t = end
        while t > start && !buf[t - 1].isSpaceOrTab { t -= 1 }
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
            let ok = c.isASCIIAlphanumeric || c == UInt8(ascii: "-")
            if !ok { return false }
            i += 1
        }
        return true
    }

    /// Takes the occurrences inside a comment `%% … %%` of the text `[s, e)` out of the fields
    /// (``ObsidianComment/comments(_:from:to:)``: its markers as the block scanner counts them).
    private mutating func dropFieldsInComments(_ buf: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) {
        let comments = ObsidianComment.comments(buf, from: s, to: e)
        guard !comments.isEmpty else { return }
        occurrences.removeAll { occurrence in comments.contains { $0.overlaps(occurrence.range) } }
    }

    /// The field of each key that counts: the last valid occurrence (earlier ones stay text).
    func effectiveFields() -> [FieldKey: Int] {
        var chosen: [FieldKey: Int] = [:]
        let slots = chosenFields()
        for order in 0..<FieldKey.count where slots[order] >= 0 {
            chosen[FieldKey(order: order)] = Int(slots[order])
        }
        return chosen
    }

    /// ``effectiveFields()`` without a dictionary: for each key, by its ``FieldKey/order``, the index
    /// of the occurrence that counts, or -1.
    func chosenFields() -> SIMD16<Int32> {
        chosen
    }

    /// Appends the text as written (from ``coreStart`` to ``coreEnd``) to `out`, its fields edited
    /// where they stand, for a task whose title would join into a field if its fields were moved
    /// (see ``appendTitle(_:into:removing:)``): each occurrence in `edits` is written again in its
    /// own spelling with the new field, or taken out with the white space before it (nil);
    /// `appended` follow the text, one space apart; the block id is taken out when `dropBlockID`.
    func appendInPlace(_ buf: UnsafeBufferPointer<UInt8>, edits: [Int: Field?], appended: [Field] = [], dropBlockID: Bool = false,
                       into out: inout ByteWriter) {
        var changes: [(range: Range<Int>, field: Field?)] = edits.map { (occurrences[$0.key].range, $0.value) }
        if dropBlockID, let id = blockID { changes.append((id, nil)) }
        changes.sort { $0.range.lowerBound < $1.range.lowerBound }
        let first = out.count
        var cursor = coreStart
        for change in changes {
            var from = change.range.lowerBound
            if change.field == nil {
                while from > cursor && buf[from - 1].isSpaceOrTab { from -= 1 }
            }
            out.append(buf, cursor, from)
            cursor = change.range.upperBound
            if let field = change.field {
                field.write(in: field.style, into: &out)
            } else if out.count == first {
                while cursor < coreEnd && buf[cursor].isSpaceOrTab { cursor += 1 }
            }
        }
        out.append(buf, cursor, coreEnd)
        var end = out.count
        while end > first && out[end - 1].isSpaceOrTab { end -= 1 }
        out.truncate(to: end)
        for field in appended {
            if out.count > first { out.append(0x20) }
            field.write(in: field.style, into: &out)
        }
    }

    /// Whether this text (read from `buf`) has the title without any field of `original` (read from
    /// `originalBuf`): the title a ``TaskKey`` reads.
    func hasTitleWithoutFields(of original: TaskText, _ originalBuf: UnsafeBufferPointer<UInt8>, _ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        var before = ByteWriter(), after = ByteWriter()
        original.appendTitle(originalBuf, into: &before, removing: .all)
        appendTitle(buf, into: &after, removing: .all)
        return before.bytes == after.bytes
    }

    /// Whether the fields that count in this text (read from `buf`) are `fields` (in key order),
    /// spellings aside and relative dates on both sides resolved from `today`.
    func hasFields(_ fields: [Field], _ buf: UnsafeBufferPointer<UInt8>, today: Day) -> Bool {
        var k = 0
        for order in 0..<FieldKey.count where chosen[order] >= 0 {
            let field = occurrences[Int(chosen[order])].field(buf).resolved(today: today)
            guard k < fields.count, fields[k].key == field.key, fields[k].resolved(today: today).value == field.value else { return false }
            k += 1
        }
        return k == fields.count
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

    /// Appends ``title(_:removing:)`` to `out`, leaving out what `removal` says. Returns whether text
    /// on both sides of a removed token was joined (then the title may read differently from its
    /// pieces: ``CanonicalForm`` checks it).
    @discardableResult
    func appendTitle(_ buf: UnsafeBufferPointer<UInt8>, into out: inout ByteWriter, removing removal: Removal) -> Bool {
        let first = out.count
        var k = 0
        @inline(__always) func isRemoved(_ index: Int) -> Bool {
            switch removal {
            case .all:
                return true
            case .chosen(let dropEndDates):
                let key = occurrences[index].key.order
                return chosen[key] == index || (dropEndDates && (key == FieldKey.done.order || key == FieldKey.cancelled.order))
            case .indices(let sorted):
                while k < sorted.count && sorted[k] < index { k += 1 }
                return k < sorted.count && sorted[k] == index
            }
        }
        var cursor = coreStart
        // Text was kept before a removed token: the next text kept is one space away from it.
        var separate = false
        var joined = false
        // The removed ranges in text order: the occurrences are in order, the block id goes between them.
        var pendingBlockID = blockID
        @inline(__always) func keep(upTo end: Int) {
            guard end > cursor else { return }
            if separate {
                out.append(0x20)
                joined = true
            }
            out.append(buf, cursor, end)
            separate = false
        }
        @inline(__always) func remove(_ range: Range<Int>) {
            var a = range.lowerBound
            var b = range.upperBound
            while a > cursor && buf[a - 1].isSpaceOrTab { a -= 1 }
            while b < coreEnd && buf[b].isSpaceOrTab { b += 1 }
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
        while lo < out.count && out[lo].isSpaceOrTab { lo += 1 }
        if lo > first { out.remove(from: first, to: lo) }
        var hi = out.count
        while hi > first && out[hi - 1].isSpaceOrTab { hi -= 1 }
        out.truncate(to: hi)
        return joined
    }
}
