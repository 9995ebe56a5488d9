/// The safety check run on every formatting result before anyone may write it.
///
/// It parses the output again, independently of how it was built, and proves that
/// - the same non-task lines are there, byte for byte (ignoring only indentation and list numbers),
/// - the same tasks are there (same completion, title, block id and priority; dates may change),
/// - the same lists hold the same items under the same parents,
/// - a second formatting would change nothing.
enum FormatVerifier {
    /// Throws `TodoError.verificationFailed` when `output` is not a faithful formatting of `input`,
    /// or when formatting it again would change it.
    static func verify(input: ParsedDocument, output: [UInt8], options: FormatOptions) throws(TodoError) {
        let out = ParsedDocument(validated: output)
        if let problem = problem(input, out) ?? out.bytes.withUnsafeBufferPointer({ unstable(out, $0, options) }) {
            throw .verificationFailed(problem)
        }
    }

    /// Throws `TodoError.verificationFailed` when `output` (already parsed, and known to be stable)
    /// does not hold the same lines, tasks and lists as `input`.
    static func verify(input: ParsedDocument, output: ParsedDocument) throws(TodoError) {
        if let problem = problem(input, output) {
            throw .verificationFailed(problem)
        }
    }

    private static func problem(_ a: ParsedDocument, _ b: ParsedDocument) -> String? {
        if a.hasBOM != b.hasBOM { return "byte-order mark changed" }
        if a.lines.count != b.lines.count { return "line count changed (\(a.lines.count) → \(b.lines.count))" }
        if a.frontMatterLines != b.frontMatterLines { return "front matter changed" }
        let sa = a.structure, sb = b.structure
        if sa.tasks.count != sb.tasks.count { return "task count changed (\(sa.tasks.count) → \(sb.tasks.count))" }
        if sa.lists.count != sb.lists.count { return "list count changed (\(sa.lists.count) → \(sb.lists.count))" }

        return a.bytes.withUnsafeBufferPointer { ba in
            b.bytes.withUnsafeBufferPointer { bb -> String? in
                let ka = Keys(a, ba), kb = Keys(b, bb)
                if ka.nonTaskLines != kb.nonTaskLines { return "a non-task line was lost or altered" }
                if ka.tasks != kb.tasks { return "a task was lost or altered" }
                if ka.lists != kb.lists { return "a list lost or gained an item, or changed its nesting" }
                return nil
            }
        }
    }

    /// Why formatting `doc` again would change it, if it would.
    private static func unstable(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, _ options: FormatOptions) -> String? {
        let again = CanonicalForm.render(doc, options: options)
        guard again.count != buf.count + (doc.hasBOM ? 3 : 0) || again != doc.utf8 else { return nil }
        // Name the first line that would change.
        let lines = doc.lines
        var line = 0
        var offset = doc.hasBOM ? 3 : 0
        while line < lines.count {
            let length = lines.ends[line] - lines.starts[line]
            if offset + length > again.count || !again[offset..<(offset + length)].elementsEqual(UnsafeBufferPointer(rebasing: buf[lines.starts[line]..<lines.ends[line]])) {
                break
            }
            offset += length
            line += 1
        }
        return "formatting is not stable at line \(line + 1)"
    }

    /// Order-independent fingerprints of a document's lines, tasks and list items.
    private struct Keys {
        var nonTaskLines = Fingerprint()
        var tasks = Fingerprint()
        /// Each list keyed by its kind, its items and the item it is nested in.
        var lists = Fingerprint()

        init(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>) {
            let s = doc.structure
            var listItems = [Fingerprint](repeating: Fingerprint(), count: s.lists.count)
            var itemAtLine = [Int](repeating: -1, count: doc.lines.count)
            for (index, item) in s.items.enumerated() where itemAtLine[item.startLine] < 0 {
                itemAtLine[item.startLine] = index
            }
            var taskKeys = [UInt64](repeating: 0, count: s.tasks.count)
            for task in s.tasks.indices {
                let key = Keys.taskKey(doc, task, buf)
                taskKeys[task] = key
                tasks.add(key)
            }
            // The task on each line, if any (at most one: a checkbox ends the line's block starts).
            var taskAtLine = [Int](repeating: -1, count: doc.lines.count)
            for (index, task) in s.tasks.enumerated() { taskAtLine[task.line] = index }
            for line in 0..<doc.lines.count where taskAtLine[line] < 0 {
                nonTaskLines.add(Keys.lineKey(doc, line, itemAtLine[line], buf))
            }
            var itemKeys = [UInt64](repeating: 0, count: s.items.count)
            var sharedLineKeys = [UInt64?](repeating: nil, count: doc.lines.count)
            for (index, item) in s.items.enumerated() {
                let key: UInt64
                if item.task >= 0 {
                    key = taskKeys[item.task]
                } else if taskAtLine[item.startLine] >= 0 {
                    // An item whose first line holds a nested task (`- - [ ] a`, `1. * [x] b`): that line
                    // is rewritten with the task, so the item is known by the task's identity.
                    key = taskKeys[taskAtLine[item.startLine]] &+ 1
                } else if itemAtLine[item.startLine] != index {
                    // A later item on its line (`- - - a`, `2. - a`) is keyed by its line as the line's
                    // first item reads it (without that item's number, which renumbering may change),
                    // hashed once per line, not once per item (deep nesting was quadratic).
                    let first = itemAtLine[item.startLine]
                    let shared = sharedLineKeys[item.startLine] ?? Keys.lineKey(doc, item.startLine, first, buf)
                    sharedLineKeys[item.startLine] = shared
                    key = shared
                } else {
                    key = Keys.lineKey(doc, item.startLine, index, buf)
                }
                itemKeys[index] = key
                listItems[item.list].add(key)
            }
            for (index, list) in s.lists.enumerated() {
                var hash = Hasher64()
                hash.add(list.ordered ? 1 : 0)
                hash.add(list.delimiter)
                hash.add(word: listItems[index].digest)
                hash.add(word: list.parentItem >= 0 ? itemKeys[list.parentItem] : 0)
                lists.add(hash.value)
            }
        }

        /// A line without its indentation and, on an ordered item's first line, without the number.
        static func lineKey(_ doc: ParsedDocument, _ line: Int, _ item: Int, _ buf: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash = Hasher64()
            var i = doc.lines.starts[line]
            let end = doc.lines.contentEnds[line]
            while i < end && (isSpaceOrTab(buf[i]) || buf[i] == UInt8(ascii: ">")) {
                if buf[i] == UInt8(ascii: ">") { hash.add(buf[i]) }
                i += 1
            }
            if item >= 0 {
                let it = doc.structure.items[item]
                if it.number >= 0 && i == it.markerStart {
                    hash.add(buf[it.markerEnd - 1])
                    i = it.contentStart
                }
            }
            hash.add(buf, i, end)
            return hash.value
        }

        /// A task's identity: completion, title without fields, block id and priority.
        static func taskKey(_ doc: ParsedDocument, _ task: Int, _ buf: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash = Hasher64()
            hash.add(doc.status(ofTask: task, buf).0.isCompleted ? 1 : 0)
            let text = doc.text(ofTask: task, buf)
            let title = text.title(buf, removing: Array(text.occurrences.indices))
            title.withUnsafeBufferPointer { hash.add($0, 0, $0.count) }
            // Title and block id read as one text: dropping a field can turn `^id` into the block id.
            if let id = text.blockID {
                if !title.isEmpty { hash.add(0x20) }
                hash.add(buf, id.lowerBound, id.upperBound)
            }
            if let p = text.effectiveFields()[.priority], case .priority(let level) = text.occurrences[p].field.value {
                hash.add(level.rawValue.utf8.first ?? 0)
                hash.add(UInt8(level.rawValue.utf8.count))
            }
            return hash.value
        }
    }

    /// A multiset of 64-bit keys, compared by count and two independent sums.
    struct Fingerprint: Equatable {
        private var count = 0
        private var sum: UInt64 = 0
        private var mixedSum: UInt64 = 0

        mutating func add(_ key: UInt64) {
            count += 1
            sum &+= key
            var z = key &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            mixedSum &+= z ^ (z >> 31)
        }

        /// The whole multiset as one key.
        var digest: UInt64 {
            var hash = Hasher64()
            hash.add(word: UInt64(count))
            hash.add(word: sum)
            hash.add(word: mixedSum)
            return hash.value
        }
    }

    /// FNV-1a, 64 bits.
    struct Hasher64 {
        private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        mutating func add(word: UInt64) {
            var w = word
            for _ in 0..<8 {
                add(UInt8(truncatingIfNeeded: w))
                w >>= 8
            }
        }

        mutating func add(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
            var v = value
            var i = from
            while i < to {
                v = (v ^ UInt64(buf[i])) &* 0x0000_0100_0000_01B3
                i += 1
            }
            value = v
        }
    }
}
