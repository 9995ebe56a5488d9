/// A CommonMark block-structure scanner (GFM flavour) over UTF-8 bytes, one pass, no recursion.
///
/// It follows the parsing strategy of the CommonMark spec: for each line, match the open
/// containers, open new blocks, then add the rest of the line to the tip or continue a paragraph
/// lazily. It records what the formatter, linter and model need: lists (nesting, container,
/// ordered or bullet), items (line ranges, marker and content offsets, numbers), task checkboxes
/// and whether a task's paragraph goes on, ATX headings, HTML comments and Obsidian `%%` comments,
/// and per line whether it is a lazy continuation or paragraph text. Leaf blocks (paragraphs,
/// fenced and indented code, HTML blocks) are tracked just far enough
/// to know which lines can start blocks. A large file is scanned in parts at the same time
/// (``scan(_:lines:skipLines:parts:minimumLines:)``), with the result of one scan from the top.
struct BlockScanner {
    private enum Kind: UInt8 {
        case document, blockQuote, list, item, paragraph, fencedCode, indentedCode, html
    }

    /// One open block. Plain values only, 32-bit numbers (``ParsedDocument`` refuses inputs of
    /// 1 GiB and more), so that the stack lives in memory of its own and a block is cheap to copy.
    private struct Block {
        var kind: Kind
        /// Whether a child block was ever added (an empty item may not span two blank lines); for a
        /// task's paragraph, whether its first line may open a span a later line closes.
        var hasChild = false
        /// For fenced code: the fence byte; for lists: the bullet or the delimiter after the number.
        var fence: UInt8
        /// For lists: whether the items are numbered.
        var ordered: Bool
        /// Whether this block and every one below it is a list, an item or a paragraph (no block quote
        /// and no raw leaf): then a line indented with spaces only matches the items by its column.
        var onlyLists = true
        private var _number, _contentIndent, _task, _lineCount, _startLine, _startOffset: Int32
        private var _innermostItemDepth: Int32 = 0, _contentColumn: Int32 = 0
        private var _lastChildList: Int32 = -1

        init(kind: Kind, fence: UInt8 = 0, ordered: Bool = false, number: Int = 0, contentIndent: Int = 0,
             task: Int = -1, lineCount: Int = 0, startLine: Int = 0, startOffset: Int = 0) {
            self.kind = kind
            self.fence = fence
            self.ordered = ordered
            _number = Int32(truncatingIfNeeded: number)
            _contentIndent = Int32(truncatingIfNeeded: contentIndent)
            _task = Int32(truncatingIfNeeded: task)
            _lineCount = Int32(truncatingIfNeeded: lineCount)
            _startLine = Int32(truncatingIfNeeded: startLine)
            _startOffset = Int32(truncatingIfNeeded: startOffset)
        }

        /// Lists and items: their index in the structure; HTML blocks: their type; fenced code: the
        /// fence's length; block quotes: the number that names them as a container (-2, -3, …).
        var number: Int {
            get { Int(_number) }
            set { _number = Int32(truncatingIfNeeded: newValue) }
        }
        /// For list items: marker indent + padding (the content column relative to the container);
        /// for fenced code: the fence's indentation.
        var contentIndent: Int { Int(_contentIndent) }
        /// For paragraphs that start a task: the task index; -1 otherwise.
        var task: Int {
            get { Int(_task) }
            set { _task = Int32(truncatingIfNeeded: newValue) }
        }
        /// For paragraphs: lines added so far.
        var lineCount: Int {
            get { Int(_lineCount) }
            set { _lineCount = Int32(truncatingIfNeeded: newValue) }
        }
        /// For paragraphs: first line and the byte offset where its text starts.
        var startLine: Int { Int(_startLine) }
        var startOffset: Int { Int(_startOffset) }
        /// Where the innermost item at or below this block is on the stack, 0 if none (set when it is pushed).
        var innermostItemDepth: Int {
            get { Int(_innermostItemDepth) }
            set { _innermostItemDepth = Int32(truncatingIfNeeded: newValue) }
        }
        /// The column where the content of the innermost item at or below this block starts, 0 if
        /// none (meaningful where ``onlyLists``).
        var contentColumn: Int {
            get { Int(_contentColumn) }
            set { _contentColumn = Int32(truncatingIfNeeded: newValue) }
        }
        /// For list items: the last list nested in it so far, -1 for none (kept here, not in the
        /// structure's item: only an item still open gets lists, and every item of a large file
        /// would carry it).
        var lastChildList: Int {
            get { Int(_lastChildList) }
            set { _lastChildList = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The open blocks' storage, grown by doubling; the scanner keeps its base address and depth
    /// (a Swift array's uniqueness and bounds checks on every push and pop cost more than the scan).
    private final class BlockStorage {
        private(set) var base: UnsafeMutablePointer<Block>
        private(set) var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        /// Doubles the room, keeping the first `count` blocks.
        func grow(keeping count: Int) {
            let larger = UnsafeMutablePointer<Block>.allocate(capacity: capacity * 2)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }

        deinit { base.deallocate() }
    }

    private let buf: UnsafeBufferPointer<UInt8>
    private let lines: LineTable
    /// Where the per-line flags go (``BlockStructure/lazyLines``, ``BlockStructure/paragraphLines``,
    /// ``BlockStructure/openRawLines``):
    /// one buffer shared by the scanners of a file's parts, each writing only its own lines.
    private let flags: LineFlags
    private let storage = BlockStorage(capacity: 16)
    /// The open blocks, the document at 0 and the innermost at `depth - 1` (``BlockStorage/base``).
    private var stack: UnsafeMutablePointer<Block>
    private var depth = 1
    private var structure = BlockStructure()

    // Per-line state, as in the reference implementation.
    private var lineIndex = 0
    private var lineStart = 0
    private var lineEnd = 0
    private var offset = 0
    private var column = 0
    private var partiallyConsumedTab = false
    private var nextNonspace = 0
    private var nextNonspaceColumn = 0
    /// Whether the white space scanned up to `nextNonspace` holds a tab (else a column is a byte).
    private var whitespaceHasTab = false
    private var indent = 0
    private var indented = false
    private var blank = false
    private var lastMatched = 0
    private var allClosed = true
    /// Deepest stack index of a block quote whose `>` was consumed on this line, 0 if none.
    private var quoteMarkerDepth = 0
    /// Byte offset where the last failed thematic-break scan stopped (only meaningful on its line).
    private var thematicBreakFailure = 0
    /// Block quotes opened so far (they are numbered as containers).
    private var quoteCount = 0
    /// Whether the document holds `%%` at all (most do not: then no line is looked at for comments).
    private var mayHaveObsidianComments = false
    /// Whether items like `- [ ] text` that join an open list and empty lines among lists take the
    /// short way (``siblingItem()``, ``emptyLineAmongLists()``).
    private let siblingItems: Bool
    /// Whether the line being scanned is inside an Obsidian comment `%% … %%` opened on an earlier line.
    private var insideObsidianComment = false

    private static let codeIndent = 4

    /// The per-line flags the scanners write, one entry per line of the file.
    private struct LineFlags {
        var lazy: UnsafeMutableBufferPointer<Bool>
        var paragraph: UnsafeMutableBufferPointer<Bool>
        var openRaw: UnsafeMutableBufferPointer<Bool>
    }

    /// Files of fewer lines are scanned on one thread (starting threads costs more than it saves;
    /// with ``WorkerPool``'s threads waiting, a split pays from about this many: a 1 MB stretch of a
    /// large file, ``DocumentStretches``).
    static let parallelMinimumLines = 16_384

    /// Scans `buf` (already split into `lines`), skipping the first `skipLines` lines (front matter).
    ///
    /// A large file is cut into parts at top-level ATX headings that follow a blank line, and the
    /// parts are scanned at the same time. Such a heading closes every block a line-by-line scan could
    /// have open there, except a fenced or indented code block, an HTML block or an Obsidian comment,
    /// so a part's scan starts as the scan of a whole document does. Whether that holds is checked
    /// where the previous part ends: when it does not, the previous part's scanner goes on over the
    /// next part's lines instead (the result is always that of one scan from the top).
    ///
    /// `parts` (given, the parts' structures are also joined in two parts each, however small),
    /// `minimumLines` (how many lines a file needs to be cut) and `siblingItems` (whether the
    /// commonest item lines and empty lines among lists take the short way, ``siblingItem()``,
    /// ``emptyLineAmongLists()``) are for tests.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, skipLines: Int,
                     parts: Int? = nil, minimumLines: Int = parallelMinimumLines, siblingItems: Bool = true) -> BlockStructure {
        var lazy = [Bool](repeating: false, count: lines.count)
        var paragraph = [Bool](repeating: false, count: lines.count)
        var openRaw = [Bool](repeating: false, count: lines.count)
        let mayHaveObsidianComments = ObsidianComment.occurs(in: buf)
        var structure = lazy.withUnsafeMutableBufferPointer { lazyFlags in
            paragraph.withUnsafeMutableBufferPointer { paragraphFlags in
                openRaw.withUnsafeMutableBufferPointer { openRawFlags in
                    scan(buf, lines: lines, skipLines: skipLines,
                         flags: LineFlags(lazy: lazyFlags, paragraph: paragraphFlags, openRaw: openRawFlags),
                         bounds: partBounds(buf, lines: lines, from: skipLines, parts: parts, minimumLines: minimumLines),
                         siblingItems: siblingItems, mayHaveObsidianComments: mayHaveObsidianComments,
                         copyParts: parts == nil ? nil : 2)
                }
            }
        }
        structure.mayHaveObsidianComments = mayHaveObsidianComments
        structure.setHTMLCommentStarts(ContinuedSpan.commentStarts(in: buf), lines: lines, clearingMarks: false)
        structure.lazyLines = lazy
        structure.paragraphLines = paragraph
        structure.openRawLines = openRaw
        return structure
    }

    private static func scan(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, skipLines: Int, flags: LineFlags,
                             bounds: [Int], siblingItems: Bool, mayHaveObsidianComments: Bool, copyParts: Int?) -> BlockStructure {
        let parts = bounds.count - 1
        if parts <= 1 {
            var scanner = BlockScanner(buf: buf, lines: lines, flags: flags, mayHaveObsidianComments: mayHaveObsidianComments,
                                       siblingItems: siblingItems, capacity: lines.count)
            scanner.run(from: skipLines, to: lines.count)
            let endsFresh = scanner.endsFresh
            scanner.closeAll()
            var structure = scanner.structure
            structure.fillListItems()
            structure.endsFresh = endsFresh
            return structure
        }
        var scanners = [BlockScanner?](repeating: nil, count: parts)
        scanners.withUnsafeMutableBufferPointer { results in
            // Each part writes only its own element and its own lines' flags; nothing reads them
            // before every part has ended.
            nonisolated(unsafe) let results = results
            nonisolated(unsafe) let buf = buf
            nonisolated(unsafe) let flags = flags
            Parallel.run(parts) { part in
                // The first part's arrays are the result's: room for every line's items and tasks.
                let capacity = part == 0 ? lines.count : bounds[part + 1] - bounds[part]
                var scanner = BlockScanner(buf: buf, lines: lines, flags: flags, mayHaveObsidianComments: mayHaveObsidianComments,
                                           siblingItems: siblingItems, capacity: capacity)
                scanner.run(from: bounds[part], to: bounds[part + 1])
                results[part] = scanner
            }
        }
        // Scanners that started fresh, each with its blocks closed, numbered from their own first line.
        var segments: [(structure: BlockStructure, quotes: Int)] = []
        var scanner = scanners[0].take()!
        for part in 1..<parts {
            let next = scanners[part].take()!
            if scanner.startsFreshAfterBlankLine {
                scanner.closeAll()
                segments.append((scanner.structure, scanner.quoteCount))
                scanner = next
            } else {
                // The previous part ends inside a block the heading does not close: its scanner goes on.
                for line in bounds[part]..<bounds[part + 1] {
                    flags.lazy[line] = false
                    flags.paragraph[line] = false
                    flags.openRaw[line] = false
                }
                scanner.run(from: bounds[part], to: bounds[part + 1])
            }
        }
        let endsFresh = scanner.endsFresh
        scanner.closeAll()
        segments.append((scanner.structure, scanner.quoteCount))
        var structure = BlockStructure(joining: consume segments, copyParts: copyParts)
        structure.endsFresh = endsFresh
        return structure
    }

    /// Scans lines `range` of `buf` alone, as the part of a parallel scan that starts there does:
    /// `range.lowerBound` must be the first line after front matter, or an ATX heading at the left
    /// margin after a blank line that a scan from the top reads as a heading (then no block is open
    /// there). Items, lists, tasks and block quotes are numbered from the part's own (its lists'
    /// items filled in); lines and offsets are `buf`'s. Writes the range's lines' flags into `lazy`,
    /// `paragraph` and `openRaw` (indexed by line). Returns the structure with its blocks closed, and whether
    /// its last line is blank with every open block one that an ATX heading closes
    /// (``BlockStructure/endsFresh``).
    static func scanPart(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, range: Range<Int>,
                         lazy: UnsafeMutableBufferPointer<Bool>, paragraph: UnsafeMutableBufferPointer<Bool>,
                         openRaw: UnsafeMutableBufferPointer<Bool>,
                         mayHaveObsidianComments: Bool) -> (structure: BlockStructure, endsFresh: Bool) {
        var scanner = BlockScanner(buf: buf, lines: lines, flags: LineFlags(lazy: lazy, paragraph: paragraph, openRaw: openRaw),
                                   mayHaveObsidianComments: mayHaveObsidianComments, siblingItems: true, capacity: range.count)
        scanner.run(from: range.lowerBound, to: range.upperBound)
        let endsFresh = scanner.endsFresh
        scanner.closeAll()
        var structure = scanner.structure
        structure.fillListItems()
        return (structure, endsFresh)
    }

    /// The lines where the parts of a parallel scan start, then the line count: one part (no cut)
    /// for small files or files without a suitable heading. A part starts at an ATX heading at the
    /// left margin right after a blank line.
    static func partBounds(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, from first: Int,
                                   parts: Int?, minimumLines: Int) -> [Int] {
        let count = lines.count
        // (The processors are counted only for a file that may be cut: that reads a file in /sys.)
        guard count - first >= minimumLines, let parts = parts ?? Optional(Parallel.available), parts > 1 else { return [first, count] }
        var bounds = [first]
        for part in 1..<parts {
            let target = first + (count - first) * part / parts
            let limit = first + (count - first) * (part + 1) / parts
            var line = max(target, bounds[bounds.count - 1] + 2)
            while line < limit && !isHeadingAfterBlankLine(buf, lines: lines, line) { line += 1 }
            if line < limit { bounds.append(line) }
        }
        bounds.append(count)
        return bounds
    }

    /// Whether `line` (at least 1) is an ATX heading at the left margin right after a blank line:
    /// where a part of a parallel scan, or a stretch of a large file (``DocumentStretches``), may start.
    static func isHeadingAfterBlankLine(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, _ line: Int) -> Bool {
        isHeadingAfterBlankLine(buf, previous: lines.start(line - 1)..<lines.contentEnd(line - 1),
                                line: lines.start(line)..<lines.contentEnd(line))
    }

    /// Whether the line whose content is `line` is an ATX heading at the left margin right after a
    /// blank line, the one whose content is `previous`.
    static func isHeadingAfterBlankLine(_ buf: UnsafeBufferPointer<UInt8>, previous: Range<Int>, line: Range<Int>) -> Bool {
        SpacesAndTabs.isBlank(buf, from: previous.lowerBound, to: previous.upperBound)
            && isATXHeading(buf, at: line.lowerBound, end: line.upperBound)
    }

    /// Whether an ATX heading opens at `start`: `#` to `######`, then white space or `end` (the end
    /// of the line's content).
    private static func isATXHeading(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Bool {
        var j = start
        while j < end && buf[j] == UInt8(ascii: "#") { j += 1 }
        let level = j - start
        return level >= 1 && level <= 6 && (j == end || buf[j].isSpaceOrTab)
    }

    private init(buf: UnsafeBufferPointer<UInt8>, lines: LineTable, flags: LineFlags, mayHaveObsidianComments: Bool,
                 siblingItems: Bool, capacity: Int) {
        self.buf = buf
        self.siblingItems = siblingItems
        self.lines = lines
        self.flags = flags
        self.mayHaveObsidianComments = mayHaveObsidianComments
        stack = storage.base
        stack.initialize(to: Block(kind: .document))
        // At most one task and a few items per line, and a list has an item: capacity beyond what is
        // used stays untouched (growing the lists copied each one, reference and all, every time).
        structure.items.reserveCapacity(capacity)
        structure.tasks.reserveCapacity(capacity)
        structure.lists.reserveCapacity(capacity / 2)
    }

    private mutating func run(from first: Int, to end: Int) {
        var i = first
        while i < end {
            incorporate(line: i)
            i += 1
        }
    }

    private mutating func closeAll() {
        while depth > 1 { finalizeTop() }
    }

    /// Whether the blocks open after the last line scanned (a blank line) would all be closed by an
    /// ATX heading at the left margin, leaving the state a scan from the top of a document has.
    private var startsFreshAfterBlankLine: Bool {
        !insideObsidianComment && !(0..<depth).contains { isRawLeaf(stack[$0].kind) }
    }

    /// ``BlockStructure/endsFresh`` of the lines scanned so far: the last is blank and
    /// ``startsFreshAfterBlankLine`` holds.
    private var endsFresh: Bool {
        guard lineIndex >= 0, lineIndex < lines.count else { return false }
        return SpacesAndTabs.isBlank(buf, from: lines.start(lineIndex), to: lines.contentEnd(lineIndex)) && startsFreshAfterBlankLine
    }

    // MARK: - Line processing

    private mutating func incorporate(line: Int) {
        lineIndex = line
        lineStart = lines.start(line)
        lineEnd = lines.contentEnd(line)
        offset = lineStart
        column = 0
        partiallyConsumedTab = false
        quoteMarkerDepth = 0

        // 0. Obsidian comment lines are opaque: they end every open block, as a heading at the left
        // margin would, and belong to none (docs/FORMAT.md, "Obsidian comments").
        if mayHaveObsidianComments && isObsidianCommentLine() {
            lastMatched = 0
            allClosed = false
            closeUnmatched()
            structure.obsidianCommentLines.append(lineIndex)
            return
        }

        if siblingItems && (siblingItem() || emptyLineAmongLists()) { return }

        // 1. Match the open blocks.
        var matched = 0
        var i = 1
        matching: while i < depth {
            if stack[i].kind == .list {
                // A list always goes on (its items decide), and reads nothing of the line.
                matched = i
                i += 1
                continue
            }
            findNextNonspace()
            switch continues(i) {
            case .matched:
                matched = i
                i += 1
            case .notMatched:
                break matching
            case .consumed:
                // A closing code fence: the line belongs to the fence, which is now closed.
                lastMatched = i
                closeUnmatched()
                finalizeTop()
                markNonBlankLine(blankAtEnd: false)
                return
            }
        }
        lastMatched = matched
        allClosed = (matched == depth - 1)
        var container = matched

        // 2. Open new blocks, unless the matched container is a leaf that takes raw lines.
        var matchedLeaf = isRawLeaf(stack[container].kind)
        while !matchedLeaf {
            findNextNonspace()
            if !indented && !mayStartBlock(byte(nextNonspace)) {
                advanceNextNonspace()
                break
            }
            switch tryBlockStarts(container: container) {
            case .container:
                container = depth - 1
                if stack[container].kind == .item, checkTask(item: stack[container].number) {
                    // The rest of a task's first line is paragraph text (as cmark-gfm reads it).
                    markNonBlankLine(blankAtEnd: false)
                    return
                }
            case .leaf:
                container = depth - 1
                matchedLeaf = true
            case .none:
                advanceNextNonspace()
                matchedLeaf = true
            }
        }

        // 3. Lazy paragraph continuation, or add the line to the tip.
        if !allClosed && !blank && stack[depth - 1].kind == .paragraph {
            flags.lazy[line] = true
            addLineToParagraph()
        } else {
            closeUnmatched()
            let top = stack[depth - 1]
            switch top.kind {
            case .paragraph:
                addLineToParagraph()
            case .fencedCode:
                // Still open after this line (a closing fence was consumed above).
                flags.openRaw[lineIndex] = true
            case .indentedCode:
                break
            case .html:
                let type = top.number
                if type <= 5 {
                    if HTMLBlockStart.endsBlock(type: type, buf, from: offset, to: lineEnd) {
                        finalizeTop()
                    } else {
                        flags.openRaw[lineIndex] = true
                    }
                }
            default:
                if offset < lineEnd && !blank {
                    advanceNextNonspace()
                    flags.paragraph[lineIndex] = true
                    addChild(Block(kind: .paragraph, lineCount: 1, startLine: lineIndex, startOffset: offset))
                }
            }
        }
        markNonBlankLine(blankAtEnd: blank)
    }

    /// Extends the item ranges: the innermost item holding this line ends here at least.
    @inline(__always) private mutating func markNonBlankLine(blankAtEnd: Bool) {
        var limit = depth
        if blankAtEnd {
            // Blank after its containers: it still belongs to items outside a quote whose `>` it carries.
            guard quoteMarkerDepth > 0 else { return }
            limit = quoteMarkerDepth
        }
        let itemDepth = stack[limit - 1].innermostItemDepth
        if itemDepth > 0 { structure.items[stack[itemDepth].number].lastLine = lineIndex }
    }

    private mutating func addLineToParagraph() {
        flags.paragraph[lineIndex] = true
        let top = depth - 1
        stack[top].lineCount += 1
        if stack[top].lineCount == 2 && stack[top].task >= 0 {
            structure.tasks[stack[top].task].paragraphContinues = true
            // A paragraph holds no block: `hasChild` marks one whose first line may open a span
            // that a later line closes, looked for when it ends (``recordContinuedSpan(_:)``).
            let first = stack[top].startLine
            if ContinuedSpan.mayOpen(buf, stack[top].startOffset..<lines.contentEnd(first)) { stack[top].hasChild = true }
        }
    }

    // MARK: - Continuation

    private enum Continuation { case matched, notMatched, consumed }

    @inline(__always) private mutating func continues(_ index: Int) -> Continuation {
        let block = stack[index]
        switch block.kind {
        case .document, .list:
            return .matched
        case .blockQuote:
            if !indented && byte(nextNonspace) == UInt8(ascii: ">") {
                advanceNextNonspace()
                advanceOffset(1, columns: false)
                if isSpaceOrTab(at: offset) { advanceOffset(1, columns: true) }
                quoteMarkerDepth = index
                return .matched
            }
            return .notMatched
        case .item:
            // cmark's order (GitHub's renderer): indentation first, so even a blank line indented to
            // the content keeps an empty item open; an empty item ends at a less indented blank line.
            if indent >= block.contentIndent {
                advanceOffset(block.contentIndent, columns: true)
                return .matched
            }
            if blank && block.hasChild {
                advanceNextNonspace()
                return .matched
            }
            return .notMatched
        case .fencedCode:
            let fence = block.fence, length = block.number, fenceIndent = block.contentIndent
            if !indented && byte(nextNonspace) == fence {
                var j = nextNonspace
                while j < lineEnd && buf[j] == fence { j += 1 }
                if j - nextNonspace >= length && isBlankRest(from: j) { return .consumed }
            }
            var k = fenceIndent
            while k > 0 && isSpaceOrTab(at: offset) {
                advanceOffset(1, columns: true)
                k -= 1
            }
            return .matched
        case .indentedCode:
            if indent >= BlockScanner.codeIndent {
                advanceOffset(BlockScanner.codeIndent, columns: true)
                return .matched
            }
            if blank {
                advanceNextNonspace()
                return .matched
            }
            return .notMatched
        case .html:
            let type = block.number
            return (blank && (type == 6 || type == 7)) ? .notMatched : .matched
        case .paragraph:
            return blank ? .notMatched : .matched
        }
    }

    // MARK: - Block starts

    private enum Start { case none, container, leaf }

    private mutating func tryBlockStarts(container: Int) -> Start {
        let c = byte(nextNonspace)
        let containerIsParagraph = stack[container].kind == .paragraph

        if !indented {
            // Block quote.
            if c == UInt8(ascii: ">") {
                advanceNextNonspace()
                advanceOffset(1, columns: false)
                if isSpaceOrTab(at: offset) { advanceOffset(1, columns: true) }
                quoteCount += 1
                addChild(Block(kind: .blockQuote, number: -1 - quoteCount))
                quoteMarkerDepth = depth - 1
                return .container
            }
            // ATX heading.
            if c == UInt8(ascii: "#") && isATXHeading(at: nextNonspace) {
                recordATXHeading(at: nextNonspace)
                addChild(Block(kind: .paragraph))
                finalizeTop()
                advanceToEnd()
                return .leaf
            }
            // Fenced code.
            if let c, c == UInt8(ascii: "`") || c == UInt8(ascii: "~") {
                var j = nextNonspace
                while j < lineEnd && buf[j] == c { j += 1 }
                let length = j - nextNonspace
                if length >= 3 && (c == UInt8(ascii: "~") || !contains(UInt8(ascii: "`"), from: j, to: lineEnd)) {
                    addChild(Block(kind: .fencedCode, fence: c, number: length, contentIndent: indent))
                    advanceToEnd()
                    return .leaf
                }
            }
            // HTML block.
            if c == UInt8(ascii: "<") {
                let type = HTMLBlockStart.type(buf, at: nextNonspace, end: lineEnd)
                // Type 7 cannot interrupt a paragraph, lazily or not.
                let paragraphContinues = containerIsParagraph
                    || (!allClosed && !blank && stack[depth - 1].kind == .paragraph)
                if type > 0 && (type < 7 || !paragraphContinues) {
                    addChild(Block(kind: .html, number: type))
                    if type == 2 { recordComment(at: nextNonspace) }
                    return .leaf
                }
            }
            // Setext heading underline turns the paragraph into a heading.
            if containerIsParagraph && (c == UInt8(ascii: "=") || c == UInt8(ascii: "-")) && isSetextUnderline(at: nextNonspace) {
                closeUnmatched()
                let paragraph = stack[depth - 1]
                var end = lines.contentEnd(paragraph.startLine)
                while end > paragraph.startOffset && buf[end - 1].isSpaceOrTab { end -= 1 }
                structure.headings.append(BlockStructure.Heading(
                    line: paragraph.startLine, level: c == UInt8(ascii: "=") ? 1 : 2, text: paragraph.startOffset..<end))
                finalizeTop()
                advanceToEnd()
                return .leaf
            }
            // Thematic break.
            if isThematicBreak(at: nextNonspace) {
                addChild(Block(kind: .paragraph))
                finalizeTop()
                advanceToEnd()
                return .leaf
            }
        }
        // List item.
        let containerIsList = stack[container].kind == .list
        if (!indented || containerIsList) && indent < BlockScanner.codeIndent, parseListItem(containerIsParagraph: containerIsParagraph) {
            return .container
        }
        // Indented code.
        if indented && !blank && stack[depth - 1].kind != .paragraph {
            advanceOffset(BlockScanner.codeIndent, columns: true)
            addChild(Block(kind: .indentedCode))
            return .leaf
        }
        return .none
    }

    /// Recognises a list marker at `nextNonspace` and opens the item (and its list when needed).
    @inline(__always) private mutating func parseListItem(containerIsParagraph: Bool) -> Bool {
        let markerStart = nextNonspace
        guard let c = byte(markerStart) else { return false }
        var markerEnd = markerStart
        var number = -1
        var delimiter: UInt8 = 0
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            markerEnd = markerStart + 1
            delimiter = c
        } else if c.isASCIIDigit {
            var j = markerStart
            var value = 0
            while j < lineEnd && j - markerStart < 9 && buf[j].isASCIIDigit {
                value = value * 10 + Int(buf[j] - UInt8(ascii: "0"))
                j += 1
            }
            guard let d = byte(j), d == UInt8(ascii: ".") || d == UInt8(ascii: ")") else { return false }
            guard !containerIsParagraph || value == 1 else { return false }
            number = value
            delimiter = d
            markerEnd = j + 1
        } else {
            return false
        }
        guard markerEnd == lineEnd || buf[markerEnd].isSpaceOrTab else { return false }
        if containerIsParagraph && isBlankRest(from: markerEnd) { return false }

        // Padding: the spaces after the marker, 1...4, else one.
        let markerIndent = indent
        advanceNextNonspace()
        let markerLength = markerEnd - markerStart
        var padding: Int
        let blankItem: Bool
        if markerEnd + 1 < lineEnd && buf[markerEnd] == 0x20 && !buf[markerEnd + 1].isSpaceOrTab {
            // One space, then the content (the usual item): the marker has no tab, nor the space.
            offset = markerEnd + 1
            column += markerLength + 1
            padding = markerLength + 1
            blankItem = false
        } else {
            advanceOffset(markerLength, columns: true)
            let spacesStartColumn = column
            let spacesStartOffset = offset
            let savedTab = partiallyConsumedTab
            while column - spacesStartColumn < 5 && isSpaceOrTab(at: offset) {
                advanceOffset(1, columns: true)
            }
            blankItem = offset >= lineEnd
            let spacesAfterMarker = column - spacesStartColumn
            if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
                padding = markerLength + 1
                column = spacesStartColumn
                offset = spacesStartOffset
                partiallyConsumedTab = savedTab
                if isSpaceOrTab(at: offset) { advanceOffset(1, columns: true) }
            } else {
                padding = markerLength + spacesAfterMarker
            }
            if padding < 1 { padding = 1 }
        }

        // Join the open list when it has the same kind, else start a new one.
        closeUnmatched()
        var list = -1
        if stack[depth - 1].kind == .list {
            let open = stack[depth - 1]
            if open.ordered == (number >= 0) && open.fence == delimiter {
                list = open.number
            } else {
                finalizeTop()
            }
        }
        if list < 0 { list = openList(ordered: number >= 0, delimiter: delimiter) }
        let item = structure.items.count
        structure.items.append(BlockStructure.Item(
            startLine: lineIndex, lastLine: lineIndex, list: list,
            markerStart: markerStart, markerEnd: markerEnd,
            contentStart: blankItem ? lineEnd : offset, number: number))
        addChild(Block(kind: .item, number: item, contentIndent: markerIndent + padding))
        return true
    }

    /// Starts a list in the innermost container (a paragraph on top is closed) and returns its index.
    private mutating func openList(ordered: Bool, delimiter: UInt8) -> Int {
        let list = structure.lists.count
        let itemDepth = innermostItemDepth
        let parent = innermostItem()
        structure.lists.append(BlockStructure.List(parentItem: parent, ordered: ordered, delimiter: delimiter))
        if parent >= 0 {
            if stack[itemDepth].lastChildList >= 0 {
                structure.lists[stack[itemDepth].lastChildList].nextSibling = list
            } else {
                structure.items[parent].firstChildList = list
            }
            stack[itemDepth].lastChildList = list
        } else {
            if structure.lastTopList >= 0 {
                structure.lists[structure.lastTopList].nextSibling = list
            } else {
                structure.firstTopList = list
            }
            structure.lastTopList = list
        }
        addChild(Block(kind: .list, fence: delimiter, ordered: ordered, number: list))
        structure.lists[list].container = containerID(depth - 2)
        return list
    }

    /// After an item opened: a checkbox `[c]` followed by whitespace or the end of the line makes it a task.
    @inline(__always) private mutating func checkTask(item: Int) -> Bool {
        let start = structure.items[item].contentStart
        let after = checkboxEnd(at: start)
        guard after >= 0 else { return false }
        structure.items[item].task = structure.tasks.count
        recordTask(item: item, checkbox: start, checkboxEnd: after)
        return true
    }

    /// Where a checkbox `[c]` at `start` ends when it is followed by whitespace or the end of the
    /// line (the offset after its `]`); -1 when there is none.
    @inline(__always) private func checkboxEnd(at start: Int) -> Int {
        BlockScanner.checkboxEnd(buf, at: start, lineEnd: lineEnd)
    }

    /// Where a checkbox `[c]` at `start` of `buf` ends when it is followed by whitespace or
    /// `lineEnd` (the offset after its `]`); -1 when there is none.
    @inline(__always) static func checkboxEnd(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, lineEnd: Int) -> Int {
        guard start < lineEnd, buf[start] == UInt8(ascii: "[") else { return -1 }
        let markStart = start + 1
        guard markStart < lineEnd else { return -1 }
        let width = UTF8Scalar.width(leadingByte: buf[markStart])
        let close = markStart + width
        guard width > 0, close < lineEnd, buf[close] == UInt8(ascii: "]") else { return -1 }
        if width == 1 {
            let m = buf[markStart]
            // A single space is the open box; other whitespace and brackets are near-misses.
            guard m == UInt8(ascii: " ") || (m > 0x20 && m != UInt8(ascii: "[") && m != UInt8(ascii: "]") && m != 0x7F) else { return -1 }
        } else if UTF8Scalar.isUnicodeWhitespace(buf, at: markStart, width: width) {
            return -1
        }
        let after = close + 1
        guard after == lineEnd || buf[after].isSpaceOrTab else { return -1 }
        return after
    }

    /// Makes the item just opened (on top of the stack, its ``BlockStructure/Item/task`` set to the
    /// next task's index) a task with the checkbox `checkbox..<checkboxEnd`.
    /// `opened`: what the item hands on, when the push just before opened it (``push(_:in:)``).
    @inline(__always) private mutating func recordTask(item: Int, checkbox start: Int, checkboxEnd after: Int,
                                                       in opened: Inherited? = nil) {
        let task = structure.tasks.count
        structure.tasks.append(BlockStructure.Task(line: lineIndex, item: item, checkbox: start, checkboxEnd: after))
        // The rest of the line is the task's paragraph, as cmark-gfm reads it: a checkbox followed by
        // white space is taken off the line, so nothing but white space leaves no paragraph (the next
        // line may start a list); a checkbox right at the end of the line is paragraph text itself.
        if after == lineEnd || !isBlankRest(from: after) {
            flags.paragraph[lineIndex] = true
            let paragraph = Block(kind: .paragraph, task: task, lineCount: 1, startLine: lineIndex, startOffset: after)
            if let opened { push(paragraph, in: opened) } else { push(paragraph) }
        }
    }

    /// The commonest line of a todo file: an item that joins an open list, with nothing but lists
    /// around it, `- [ ] text`, `1. [ ] text` or `- text` indented with spaces to the list's column.
    /// Handles it with a few byte tests and returns `true`, with the outcome of the general steps
    /// (the items around the list go on, the list's open item does not, as its content column is
    /// not reached; the new item joins the list; a checkbox makes it a task, else text that cannot
    /// start a block is its paragraph); any other line is left untouched (`false`).
    @inline(__always) private mutating func siblingItem() -> Bool {
        guard stack[depth - 1].onlyLists else { return false }
        var itemDepth = stack[depth - 1].innermostItemDepth
        guard itemDepth > 0 else { return false }
        // Spaces only up to the marker: a column per byte.
        var marker = lineStart
        while marker < lineEnd && buf[marker] == 0x20 { marker += 1 }
        let indent = marker - lineStart
        var markerEnd = marker + 1
        var number = -1
        // The column the new item's marker is indented from, and the list it joins (-1: a new one).
        let listColumn: Int
        var listDepth = -1
        if indent >= stack[itemDepth].contentColumn {
            // The innermost item goes on, and only a paragraph of its own is open in it: a bullet
            // opens its first list there (a paragraph gives way to a bullet that is not blank).
            guard itemDepth == depth - 1 || (itemDepth == depth - 2 && stack[depth - 1].kind == .paragraph),
                  marker < lineEnd, buf[marker] == UInt8(ascii: "-") || buf[marker] == UInt8(ascii: "+")
                    || buf[marker] == UInt8(ascii: "*") else { return false }
            listColumn = stack[itemDepth].contentColumn
        } else {
            // The list whose open item does not go on while every item around it does.
            while indent < stack[itemDepth - 1].contentColumn {
                itemDepth = stack[itemDepth - 1].innermostItemDepth
            }
            listDepth = itemDepth - 1
            listColumn = stack[listDepth].contentColumn
            // Its marker.
            if stack[listDepth].ordered {
                var j = marker
                var value = 0
                while j < lineEnd && j - marker < 9 && buf[j].isASCIIDigit {
                    value = value * 10 + Int(buf[j] - UInt8(ascii: "0"))
                    j += 1
                }
                guard j > marker, j < lineEnd, buf[j] == stack[listDepth].fence else { return false }
                number = value
                markerEnd = j + 1
            } else {
                guard marker < lineEnd, buf[marker] == stack[listDepth].fence else { return false }
            }
        }
        guard indent - listColumn < BlockScanner.codeIndent else { return false }
        // One space, then a checkbox or text.
        guard markerEnd + 1 < lineEnd, buf[markerEnd] == 0x20 else { return false }
        let checkbox = markerEnd + 1
        let after = checkboxEnd(at: checkbox)
        guard after >= 0 || (!buf[checkbox].isSpaceOrTab && !mayStartBlock(buf[checkbox])) else { return false }

        offset = checkbox
        column = indent + checkbox - marker
        let list: Int
        if listDepth < 0 {
            lastMatched = depth - 1
            allClosed = true
            list = openList(ordered: false, delimiter: buf[marker])
        } else {
            lastMatched = listDepth
            allClosed = false
            closeUnmatched()
            list = stack[listDepth].number
        }
        let item = structure.items.count
        var newItem = BlockStructure.Item(startLine: lineIndex, lastLine: lineIndex, list: list,
                                          markerStart: marker, markerEnd: markerEnd, contentStart: checkbox, number: number)
        if after >= 0 { newItem.task = structure.tasks.count }
        structure.items.append(newItem)
        let opened = push(Block(kind: .item, number: item, contentIndent: indent - listColumn + checkbox - marker))
        if after >= 0 {
            recordTask(item: item, checkbox: checkbox, checkboxEnd: after, in: opened)
        } else {
            flags.paragraph[lineIndex] = true
            push(Block(kind: .paragraph, lineCount: 1, startLine: lineIndex, startOffset: checkbox), in: opened)
        }
        return true
    }

    /// An empty line with nothing but lists open: items that hold a block go on, the rest of the
    /// stack (from the first item that holds none, or the paragraph) is closed, as the general steps
    /// do with a blank line. Returns `false`, untouched, for any other line.
    @inline(__always) private mutating func emptyLineAmongLists() -> Bool {
        guard lineStart == lineEnd, stack[depth - 1].onlyLists else { return false }
        var matched = 0
        while matched + 1 < depth {
            let next = stack[matched + 1]
            guard next.kind == .list || (next.kind == .item && next.hasChild) else { break }
            matched += 1
        }
        lastMatched = matched
        allClosed = false
        closeUnmatched()
        return true
    }

    // MARK: - Tree operations

    @inline(__always) private mutating func addChild(_ block: Block) {
        closeUnmatched()
        while !canContain(stack[depth - 1].kind, block.kind) {
            finalizeTop()
        }
        push(block)
    }

    /// What an open block hands on to the blocks opened in it: ``Block/onlyLists``,
    /// ``Block/innermostItemDepth`` and ``Block/contentColumn``.
    private struct Inherited {
        var onlyLists: Bool
        var innermostItemDepth: Int
        var contentColumn: Int
    }

    /// Opens `block` on top of the stack, whose top can hold it and whose blocks all stay open;
    /// returns what `block` hands on.
    @discardableResult
    @inline(__always) private mutating func push(_ block: Block) -> Inherited {
        push(block, in: Inherited(onlyLists: stack[depth - 1].onlyLists, innermostItemDepth: stack[depth - 1].innermostItemDepth,
                                  contentColumn: stack[depth - 1].contentColumn))
    }

    /// ``push(_:)`` with what the top of the stack hands on given: known already when the push just
    /// before opened the top (an item's paragraph). Read back from the stack right after that push,
    /// those fields were still on their way to memory, written one by one and read as one word: a
    /// load that waited for the stores (`perf annotate`: a quarter of ``siblingItem()``'s samples).
    /// The block is written whole, its fields set first, for the same reason.
    @discardableResult
    @inline(__always) private mutating func push(_ block: Block, in parent: Inherited) -> Inherited {
        stack[depth - 1].hasChild = true
        if depth == storage.capacity {
            storage.grow(keeping: depth)
            stack = storage.base
        }
        let kind = block.kind
        let inherited = Inherited(onlyLists: parent.onlyLists && (kind == .list || kind == .item || kind == .paragraph),
                                  innermostItemDepth: kind == .item ? depth : parent.innermostItemDepth,
                                  contentColumn: parent.contentColumn + (kind == .item ? block.contentIndent : 0))
        var opened = block
        opened.innermostItemDepth = inherited.innermostItemDepth
        opened.onlyLists = inherited.onlyLists
        opened.contentColumn = inherited.contentColumn
        stack[depth] = opened
        depth += 1
        lastMatched = depth - 1
        return inherited
    }

    @inline(__always) private mutating func closeUnmatched() {
        if !allClosed {
            while depth - 1 > lastMatched { finalizeTop() }
            allClosed = true
        }
    }

    @inline(__always) private mutating func finalizeTop() {
        depth -= 1
        if stack[depth].kind == .item {
            // A nested item's last line extends every enclosing item.
            let item = stack[depth].number
            let parent = innermostItem()
            if parent >= 0 && structure.items[parent].lastLine < structure.items[item].lastLine {
                structure.items[parent].lastLine = structure.items[item].lastLine
            }
        } else if stack[depth].kind == .paragraph && stack[depth].hasChild {
            recordContinuedSpan(stack[depth])
        }
        if lastMatched > depth - 1 { lastMatched = depth - 1 }
    }

    /// Records where a code span or HTML comment opens on the first line of a task's `paragraph`
    /// (of two lines or more) that a later line closes.
    @inline(never) private mutating func recordContinuedSpan(_ paragraph: Block) {
        let first = paragraph.startLine, last = first + paragraph.lineCount - 1
        guard let start = ContinuedSpan.start(buf, line: paragraph.startOffset..<lines.contentEnd(first),
                                              rest: lines.start(first + 1)..<lines.contentEnd(last)) else { return }
        structure.tasks[paragraph.task].continuedSpan = start
    }

    /// The container number of the block at `index` on the stack (see ``BlockStructure/List/container``).
    private func containerID(_ index: Int) -> Int {
        switch stack[index].kind {
        case .item, .blockQuote: return stack[index].number
        default: return -1
        }
    }

    /// Records a comment that is a whole HTML block on its line: `<!--` at `start`, a `-->` on the
    /// same line, and nothing but white space after it. (The block just opened is on top of the stack.)
    private mutating func recordComment(at start: Int) {
        var j = start + 4
        while j + 2 < lineEnd {
            if buf[j] == UInt8(ascii: "-") && buf[j + 1] == UInt8(ascii: "-") && buf[j + 2] == UInt8(ascii: ">") { break }
            j += 1
        }
        guard j + 2 < lineEnd, isBlankRest(from: j + 3) else { return }
        structure.comments.append(BlockStructure.Comment(line: lineIndex, start: start, text: (start + 4)..<j,
                                                         container: containerID(depth - 2)))
    }

    /// Where the innermost open item is on the stack, 0 if none.
    private var innermostItemDepth: Int { stack[depth - 1].innermostItemDepth }

    /// The innermost open item (index into the structure's items), -1 if none.
    private func innermostItem() -> Int {
        innermostItemDepth > 0 ? stack[innermostItemDepth].number : -1
    }

    private func canContain(_ parent: Kind, _ child: Kind) -> Bool {
        switch parent {
        case .document, .blockQuote, .item: child != .item
        case .list: child == .item
        default: false
        }
    }

    /// Whether the current line is part of an Obsidian comment: inside one opened earlier (the line
    /// with the closing `%%` included), opening one that runs past the line (an odd number of `%%`
    /// outside code spans), or a whole comment on its own (`%% … %%` and nothing else). A `%%`
    /// inside fenced or indented code or an HTML block opens nothing.
    private mutating func isObsidianCommentLine() -> Bool {
        let markers = ObsidianComment.markerCount(buf, from: lineStart, to: lineEnd)
        if insideObsidianComment {
            if markers % 2 == 1 { insideObsidianComment = false }
            return true
        }
        guard markers > 0, !rawLeafGoesOn() else { return false }
        if markers % 2 == 1 {
            insideObsidianComment = true
            return true
        }
        return ObsidianComment.isWholeLine(buf, from: lineStart, to: lineEnd)
    }

    /// Whether the block on top of the stack is fenced or indented code or an HTML block that the
    /// current line, not read yet, goes on with (and so hides the line's `%%`). Code whose containers
    /// are lists ends on a line indented less than it needs (the item's content column, and four
    /// more for indented code), as the general steps end it: the line's `%%` is read then, wherever
    /// the line stands (`make fuzz` found a task completed on the line after indented code, its next
    /// occurrence inserted above it: the `%%` then followed a task and opened a comment). Under a
    /// block quote, and in an HTML block, the leaf is taken to go on (docs/FORMAT.md).
    private func rawLeafGoesOn() -> Bool {
        let top = stack[depth - 1]
        guard isRawLeaf(top.kind) else { return false }
        guard top.kind != .html, depth >= 2, stack[depth - 2].onlyLists else { return true }
        let indent = TabStop.column(after: buf[lineStart..<SpacesAndTabs.skip(buf, from: lineStart, to: lineEnd)])
        return indent >= top.contentColumn + (top.kind == .indentedCode ? BlockScanner.codeIndent : 0)
    }

    private func isRawLeaf(_ kind: Kind) -> Bool {
        switch kind {
        case .fencedCode, .indentedCode, .html: return true
        default: return false
        }
    }

    // MARK: - Offsets and columns

    @inline(__always) private mutating func findNextNonspace() {
        // Still ahead of `offset`: the scan of this line's white space stands (containers consume it
        // a few columns at a time; scanning it again for each one made deep nesting quadratic).
        if nextNonspace > offset {
            indent = nextNonspaceColumn - column
            indented = indent >= BlockScanner.codeIndent
            return
        }
        var i = offset
        var cols = column
        var hasTab = false
        while i < lineEnd {
            let c = buf[i]
            if c == 0x20 {
                i += 1
                cols += 1
            } else if c == 0x09 {
                i += 1
                cols = TabStop.next(after: cols)
                hasTab = true
            } else {
                break
            }
        }
        whitespaceHasTab = hasTab
        blank = i >= lineEnd
        nextNonspace = i
        nextNonspaceColumn = cols
        indent = cols - column
        indented = indent >= BlockScanner.codeIndent
    }

    private mutating func advanceNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    private mutating func advanceToEnd() {
        offset = lineEnd
    }

    private mutating func advanceOffset(_ count: Int, columns: Bool) {
        // Within white space of spaces only (the usual indentation): one column per byte.
        if offset + count <= nextNonspace && !whitespaceHasTab && !partiallyConsumedTab {
            offset += count
            column += count
            return
        }
        var count = count
        while count > 0 && offset < lineEnd {
            if buf[offset] == 0x09 {
                let charsToTab = TabStop.next(after: column) - column
                if columns {
                    partiallyConsumedTab = charsToTab > count
                    let advance = charsToTab > count ? count : charsToTab
                    column += advance
                    if !partiallyConsumedTab { offset += 1 }
                    count -= advance
                } else {
                    partiallyConsumedTab = false
                    column += charsToTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    // MARK: - Recognisers

    /// The byte at `i` on the current line, `nil` at or past the line's end.
    @inline(__always) private func byte(_ i: Int) -> UInt8? {
        i < lineEnd ? buf[i] : nil
    }

    /// Whether the byte at `i` is a space or a tab on the current line (`false` at or past its end).
    @inline(__always) private func isSpaceOrTab(at i: Int) -> Bool {
        i < lineEnd && buf[i].isSpaceOrTab
    }

    private func mayStartBlock(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        switch c {
        case UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "_"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "-"):
            return true
        default:
            return c.isASCIIDigit
        }
    }

    private func isATXHeading(at start: Int) -> Bool {
        BlockScanner.isATXHeading(buf, at: start, end: lineEnd)
    }

    /// Records an ATX heading's level and text (without the closing `#` sequence).
    private mutating func recordATXHeading(at start: Int) {
        var j = start
        while j < lineEnd && buf[j] == UInt8(ascii: "#") { j += 1 }
        let level = j - start
        while j < lineEnd && buf[j].isSpaceOrTab { j += 1 }
        var end = lineEnd
        while end > j && buf[end - 1].isSpaceOrTab { end -= 1 }
        var k = end
        while k > j && buf[k - 1] == UInt8(ascii: "#") { k -= 1 }
        if k == j || buf[k - 1].isSpaceOrTab {
            end = k
            while end > j && buf[end - 1].isSpaceOrTab { end -= 1 }
        }
        structure.headings.append(BlockStructure.Heading(line: lineIndex, level: level, text: j..<end))
    }

    private func isSetextUnderline(at start: Int) -> Bool {
        let c = buf[start]
        var j = start
        while j < lineEnd && buf[j] == c { j += 1 }
        return isBlankRest(from: j)
    }

    private mutating func isThematicBreak(at start: Int) -> Bool {
        // Every start before the byte where an earlier scan of this line failed fails there too
        // (`- - - … - x` would otherwise be scanned to its end once per list marker).
        if start < thematicBreakFailure { return false }
        let buf = buf
        switch ThematicBreak.scan(from: start, to: lineEnd, byteAt: { buf[$0] }) {
        case .thematicBreak:
            return true
        case .notABreak:
            return false
        case .failed(let at):
            thematicBreakFailure = at
            return false
        }
    }

    /// Whether the current line holds only spaces and tabs from `start` on.
    private func isBlankRest(from start: Int) -> Bool {
        SpacesAndTabs.isBlank(buf, from: start, to: lineEnd)
    }

    private func contains(_ byte: UInt8, from start: Int, to end: Int) -> Bool {
        var j = start
        while j < end {
            if buf[j] == byte { return true }
            j += 1
        }
        return false
    }
}
