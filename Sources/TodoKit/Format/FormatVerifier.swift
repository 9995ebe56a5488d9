/// The safety check run on every formatting result before anyone may write it.
///
/// It parses the output again, independently of how it was built, and proves that
/// - the same non-task lines are there, byte for byte (ignoring only indentation and list numbers,
///   and the bullet characters when the bullet option rewrites them),
/// - the same tasks are there (same completion, title, block id and priority; dates may change),
/// - the same lists hold the same items under the same parents, each spanning as many lines, and
///   each as loose or tight as before,
/// - the same lines are inside fenced code and HTML blocks (a blank line that moved into or out of
///   an unclosed one would change what the block holds),
/// - a second formatting would change nothing (the formatter proves it with its own dry run over
///   the output, before it asks for this check),
/// - the lines inline directives froze are the same lines, at the same positions, byte for byte.
enum FormatVerifier {
    /// Throws `TodoError.verificationFailed` when `output` (already parsed, and known to be stable:
    /// the formatter has proven it) does not hold the same lines, tasks and lists as the input that
    /// `expected` was taken from; `outputTaskKeys`: the output's task keys (``TaskKey``) when already
    /// computed.
    static func verify(_ expected: Expectation, output: ParsedDocument, outputTaskKeys: [UInt64]?) throws(TodoError) {
        if let problem = problem(expected, output, outputTaskKeys: outputTaskKeys) {
            throw .verificationFailed(problem)
        }
    }

    /// What the check needs of the input, taken before the output is parsed, so that the formatter
    /// can let the input's lines and structure go first (they are as large as the output's).
    struct Expectation {
        fileprivate let hasBOM: Bool
        fileprivate let lineCount: Int
        fileprivate let frontMatterLines: Int
        fileprivate let taskCount: Int
        fileprivate let listCount: Int
        fileprivate let keys: Keys
        /// The frozen line ranges and a digest of their bytes.
        fileprivate let frozen: [Range<Int>]
        fileprivate let frozenDigest: UInt64
        /// Whether bullet characters may differ (the bullet option rewrites them).
        fileprivate let anyBullet: Bool

        /// `taskKeys`: the ``TaskKey/of(_:_:_:_:scratch:)`` of every task when already
        /// computed (the formatter does it while it reads the tasks anyway). `options`: what the
        /// formatter was asked to do.
        init(_ input: ParsedDocument, taskKeys: [UInt64]?, options: FormatOptions) {
            anyBullet = options.bullet != .keep
            hasBOM = input.hasBOM
            lineCount = input.lines.count
            frontMatterLines = input.frontMatterLines
            taskCount = input.structure.tasks.count
            listCount = input.structure.lists.count
            keys = input.bytes.withUnsafeBufferPointer { [anyBullet] in Keys(input, $0, taskKeys: taskKeys, anyBullet: anyBullet) }
            frozen = input.directives.frozen
            frozenDigest = FormatVerifier.frozenDigest(input)
        }
    }

    private static func problem(_ a: Expectation, _ b: ParsedDocument, outputTaskKeys: [UInt64]?) -> String? {
        if a.hasBOM != b.hasBOM { return "byte-order mark changed" }
        if a.lineCount != b.lines.count { return "line count changed (\(a.lineCount) → \(b.lines.count))" }
        if a.frontMatterLines != b.frontMatterLines { return "front matter changed" }
        let sb = b.structure
        if a.taskCount != sb.tasks.count { return "task count changed (\(a.taskCount) → \(sb.tasks.count))" }
        if a.listCount != sb.lists.count { return "list count changed (\(a.listCount) → \(sb.lists.count))" }

        let ka = a.keys
        let kb = b.bytes.withUnsafeBufferPointer { Keys(b, $0, taskKeys: outputTaskKeys, anyBullet: a.anyBullet) }
        if ka.nonTaskLines != kb.nonTaskLines { return "a non-task line was lost or altered" }
        if ka.tasks != kb.tasks { return "a task was lost or altered" }
        if ka.rawLines != kb.rawLines { return "a line moved into or out of a code block or an HTML block" }
        if ka.lists != kb.lists { return "a list lost or gained an item, changed its nesting, or turned tight or loose" }
        if a.frozen != b.directives.frozen { return "the lines an ignore directive covers changed" }
        if a.frozenDigest != frozenDigest(b) { return "a line an ignore directive covers was altered" }
        return nil
    }

    /// A hash of the frozen lines' contents (endings excluded: they belong to positions), with
    /// their line numbers.
    private static func frozenDigest(_ doc: ParsedDocument) -> UInt64 {
        guard doc.directives.freezesAnything else { return 0 }
        return doc.bytes.withUnsafeBufferPointer { buf in
            var hash = Hasher64()
            for range in doc.directives.frozen {
                for line in range where line < doc.lines.count {
                    hash.add(word: UInt64(line))
                    hash.add(buf, doc.lines.start(line), doc.lines.contentEnd(line))
                }
            }
            return hash.value
        }
    }

    /// Checks the completion pass (``CompletionPass``): `output` must hold the lines of `input` and
    /// exactly the planned changes: each new task, open, in the list of the task it comes from (the
    /// list grows by one), each `🏁 delete` task gone, every other task and every other line as it was
    /// (list numbers aside).
    static func verify(_ pass: CompletionPass, input: ParsedDocument, output: ParsedDocument) throws(TodoError) {
        let expectedLines = input.lines.count + pass.spawnedKeys.count - pass.deletedKeys.count
        guard output.lines.count == expectedLines else {
            throw .verificationFailed("line count changed (\(input.lines.count) → \(output.lines.count)), expected \(expectedLines)")
        }
        if input.hasBOM != output.hasBOM { throw .verificationFailed("byte-order mark changed") }
        guard input.structure.lists.count == output.structure.lists.count else {
            throw .verificationFailed("list count changed (\(input.structure.lists.count) → \(output.structure.lists.count))")
        }
        for (index, list) in input.structure.lists.enumerated() {
            let after = output.structure.lists[index]
            guard after.ordered == list.ordered, after.itemCount == list.itemCount + (pass.listGrowth[index] ?? 0) else {
                throw .verificationFailed("a list lost or gained an item, or changed its nesting")
            }
        }
        let a = input.bytes.withUnsafeBufferPointer { Keys(input, $0, taskKeys: nil, anyBullet: false) }
        let b = output.bytes.withUnsafeBufferPointer { Keys(output, $0, taskKeys: nil, anyBullet: false) }
        if a.nonTaskLines != b.nonTaskLines { throw .verificationFailed("a non-task line was lost or altered") }
        if a.rawLines != b.rawLines { throw .verificationFailed("a line moved into or out of a code block or an HTML block") }
        var expectedTasks = a.tasks
        for key in pass.spawnedKeys { expectedTasks.add(key) }
        for key in pass.deletedKeys { expectedTasks.remove(key) }
        if expectedTasks != b.tasks { throw .verificationFailed("a task was lost or altered, or a new occurrence is not as planned") }
        let newLines = Set(pass.spawnedLines)
        var found = 0
        for (index, task) in output.structure.tasks.enumerated() where newLines.contains(task.line) {
            let open = output.bytes.withUnsafeBufferPointer { output.status(ofTask: index, $0).0 == .open }
            guard open else { throw .verificationFailed("a new occurrence is not an open task") }
            found += 1
        }
        guard found == pass.spawnedLines.count else { throw .verificationFailed("a new occurrence is not a task") }
    }

    /// Order-independent fingerprints of a document's lines, tasks and list items.
    struct Keys: Equatable {
        var nonTaskLines = Fingerprint()
        /// The non-task lines after which a fenced code block or an HTML block is still open
        /// (``BlockStructure/openRawLines``).
        var rawLines = Fingerprint()
        var tasks = Fingerprint()
        /// Each list keyed by its kind, its items, the item it is nested in and how loose it is.
        var lists = Fingerprint()
        /// Fingerprints `doc`; `taskKeys`: the tasks' keys when already known; `anyBullet`: read every
        /// bullet character as `-`. The lines of a large document are fingerprinted in parts at the
        /// same time (`parts`: how many, by default one per processor for a large document; the
        /// fingerprints are sums, so the parts add up to the whole).
        init(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, taskKeys knownTaskKeys: [UInt64]?, anyBullet: Bool,
             parts: Int? = nil) {
            let s = doc.structure
            var taskKeys: [UInt64]
            if let knownTaskKeys {
                taskKeys = knownTaskKeys
            } else {
                taskKeys = [UInt64](repeating: 0, count: s.tasks.count)
                var scratch = ByteWriter()
                var text = TaskText()
                for task in s.tasks.indices {
                    doc.read(task: task, into: &text, buf)
                    taskKeys[task] = TaskKey.of(doc, task, text, buf, scratch: &scratch)
                }
            }
            let parts = parts ?? Parallel.parts(doc.lines.count, minimumPerPart: Keys.linesPerPart)
            var itemKeys = [UInt64](repeating: 0, count: s.items.count)
            // Each part's sums: of its lines, then of its tasks, then of its lists, then of its lines in
            // code and HTML blocks.
            var partSums = [Fingerprint](repeating: Fingerprint(), count: 4 * parts)
            itemKeys.withUnsafeMutableBufferPointer { itemKeys in
                partSums.withUnsafeMutableBufferPointer { partSums in
                    taskKeys.withUnsafeBufferPointer { taskKeys in
                        // Each part writes the keys of the items that start on its lines, and its own sums.
                        nonisolated(unsafe) let (itemKeys, partSums, taskKeys, buf) = (itemKeys, partSums, taskKeys, buf)
                        Parallel.run(parts) { part in
                            let lines = Parallel.share(part, of: parts, in: doc.lines.count)
                            (partSums[4 * part], partSums[4 * part + 3]) =
                                Keys.fingerprint(lines: lines, of: doc, buf, taskKeys: taskKeys, itemKeys: itemKeys, anyBullet: anyBullet)
                            for key in taskKeys[Parallel.share(part, of: parts, in: taskKeys.count)] {
                                partSums[4 * part + 1].add(key)
                            }
                        }
                        // The lists once every item's key is known.
                        Parallel.run(parts) { part in
                            let lists = Parallel.share(part, of: parts, in: s.lists.count)
                            partSums[4 * part + 2] = Keys.fingerprint(lists: lists, of: s, itemKeys: UnsafeBufferPointer(itemKeys),
                                                                      anyBullet: anyBullet)
                        }
                    }
                }
            }
            for part in 0..<parts {
                nonTaskLines.add(partSums[4 * part])
                tasks.add(partSums[4 * part + 1])
                lists.add(partSums[4 * part + 2])
                rawLines.add(partSums[4 * part + 3])
            }
        }

        /// The fingerprint of `lists`: each keyed by its kind, its items (their keys, in any order),
        /// the item it is nested in and how many of the gaps between its items hold a blank line that
        /// makes it loose (one that no fenced code or HTML block left open by the item above takes in).
        private static func fingerprint(lists: Range<Int>, of s: BlockStructure, itemKeys: UnsafeBufferPointer<UInt64>,
                                        anyBullet: Bool) -> Fingerprint {
            var fingerprint = Fingerprint()
            for index in lists {
                let list = s.lists[index]
                var items = Fingerprint()
                var looseGaps = 0
                var previousLast = Int.max - 1
                for at in list.itemRange {
                    let item = Int(s.listItems[at])
                    items.add(itemKeys[item])
                    let it = s.items[item]
                    if it.startLine > previousLast + 1 && !s.openRawLines[previousLast + 1] { looseGaps += 1 }
                    previousLast = it.lastLine
                }
                var hash = Hasher64()
                hash.add(word: UInt64(looseGaps))
                hash.add(list.ordered ? 1 : 0)
                hash.add(anyBullet && !list.ordered ? UInt8(ascii: "-") : list.delimiter)
                hash.add(word: items.digest)
                hash.add(word: list.parentItem >= 0 ? itemKeys[list.parentItem] : 0)
                fingerprint.add(hash.value)
            }
            return fingerprint
        }

        /// How many lines a part of a document's fingerprinting has at least.
        static let linesPerPart = 65_536

        /// The fingerprints of the non-task lines among `lines`, and of those of them after which a
        /// fenced code or HTML block is still open; stores the key of each item that starts on them
        /// in `itemKeys`.
        private static func fingerprint(lines: Range<Int>, of doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>,
                                        taskKeys: UnsafeBufferPointer<UInt64>, itemKeys: UnsafeMutableBufferPointer<UInt64>,
                                        anyBullet: Bool) -> (lines: Fingerprint, raw: Fingerprint) {
            let s = doc.structure
            var nonTaskLines = Fingerprint()
            var rawLines = Fingerprint()
            // Lines, tasks and items in one walk: tasks and items are recorded in line order, with at
            // most one task per line (a checkbox ends the line's block starts).
            var nextItem = BinarySearch.partitionPoint(in: 0..<s.items.count) { s.items[$0].startLine < lines.lowerBound }
            var nextTask = BinarySearch.partitionPoint(in: 0..<s.tasks.count) { s.tasks[$0].line < lines.lowerBound }
            for line in lines {
                while nextTask < s.tasks.count && s.tasks[nextTask].line < line { nextTask += 1 }
                let taskHere = nextTask < s.tasks.count && s.tasks[nextTask].line == line ? nextTask : -1
                let firstItem = nextItem < s.items.count && s.items[nextItem].startLine == line ? nextItem : -1
                var key = 0 as UInt64
                if taskHere < 0 {
                    key = Keys.lineKey(doc, line, firstItem, buf, anyBullet: anyBullet)
                    nonTaskLines.add(key)
                    if s.openRawLines[line] { rawLines.add(key) }
                }
                var shared: UInt64?
                while nextItem < s.items.count && s.items[nextItem].startLine == line {
                    let item = s.items[nextItem]
                    let itemKey: UInt64
                    if item.task >= 0 {
                        itemKey = taskKeys[item.task]
                    } else if taskHere >= 0 {
                        // An item whose first line holds a nested task (`- - [ ] a`, `1. * [x] b`): that line
                        // is rewritten with the task, so the item is known by the task's identity.
                        itemKey = taskKeys[taskHere] &+ 1
                    } else if nextItem != firstItem {
                        // A later item on its line (`- - - a`, `2. - a`) is keyed by its line as the line's
                        // first item reads it (without that item's number, which renumbering may change),
                        // hashed once per line, not once per item (deep nesting was quadratic).
                        let lineKey = shared ?? Keys.lineKey(doc, line, firstItem, buf, anyBullet: anyBullet)
                        shared = lineKey
                        itemKey = lineKey
                    } else {
                        itemKey = key
                    }
                    // With how many lines the item spans: a line that changed owner (left its item, or
                    // joined the item above as its paragraph's) changes the spans of both.
                    itemKeys[nextItem] = itemKey ^ UInt64(item.lastLine - item.startLine) &* 0x9E37_79B9_7F4A_7C15
                    nextItem += 1
                }
            }
            return (nonTaskLines, rawLines)
        }

        /// A line without its indentation and, on an ordered item's first line, without the number;
        /// with `anyBullet`, the markers of the bullet items that start on the line read as `-`.
        /// The tabs of the indentation count: formatting may add or take away spaces there, but in
        /// a code block white space beyond the block's own indentation is code, so a tab must not
        /// become spaces.
        static func lineKey(_ doc: ParsedDocument, _ line: Int, _ item: Int, _ buf: UnsafeBufferPointer<UInt8>,
                            anyBullet: Bool) -> UInt64 {
            var hash = Hasher64()
            var i = doc.lines.starts[line]
            let end = doc.lines.contentEnds[line]
            while i < end && (buf[i].isSpaceOrTab || buf[i] == UInt8(ascii: ">")) {
                if buf[i] != 0x20 { hash.add(buf[i]) }
                i += 1
            }
            if item >= 0 {
                let it = doc.structure.items[item]
                if it.number >= 0 && i == it.markerStart {
                    hash.add(buf[it.markerEnd - 1])
                    i = it.contentStart
                }
            }
            if anyBullet && item >= 0 {
                var next = item
                let items = doc.structure.items
                while next < items.count && items[next].startLine == line {
                    let marker = items[next].markerStart
                    if items[next].number < 0 && marker >= i {
                        hash.add(buf, i, marker)
                        hash.add(UInt8(ascii: "-"))
                        i = marker + 1
                    }
                    next += 1
                }
            }
            hash.add(buf, i, end)
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
            mixedSum &+= Fingerprint.mix(key)
        }

        /// Adds every key of `other` (the multisets' union).
        mutating func add(_ other: Fingerprint) {
            count += other.count
            sum &+= other.sum
            mixedSum &+= other.mixedSum
        }

        /// Takes one `key` out of the multiset (the reverse of ``add(_:)``).
        mutating func remove(_ key: UInt64) {
            count -= 1
            sum &-= key
            mixedSum &-= Fingerprint.mix(key)
        }

        private static func mix(_ key: UInt64) -> UInt64 {
            var z = key &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
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
}
