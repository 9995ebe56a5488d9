/// The inline directives of a document and the lines they freeze.
///
/// A *frozen* line is left alone by the formatter (not rewritten, not moved, not re-indented) and
/// by the linter (nothing is reported on it): the lines of a list after `todofmt-ignore`, and the
/// lines from `todofmt-ignore-start` to `todofmt-ignore-end` (both comments included; an unclosed
/// start runs to the end of the file). A list that holds a frozen line is not reordered either.
struct Directives: Sendable {
    /// A directive that does not do what its author probably meant, for the linter.
    struct Problem: Sendable {
        /// Index into ``Directives/all``.
        var directive: Int
        var message: String
    }

    /// Every directive, in line order.
    private(set) var all: [Directive] = []
    /// Sorted, disjoint, non-adjacent ranges of frozen lines.
    private(set) var frozen: [Range<Int>] = []
    /// Unmatched region ends, unclosed starts and ignores with no list after them.
    private(set) var problems: [Problem] = []
    /// One flag per line when any line is frozen; empty otherwise.
    private var frozenFlags: [Bool] = []

    init() {}

    /// Whether any directive is an ignore directive (`todofmt-ignore`, `todofmt-ignore-start` or
    /// `todofmt-ignore-end`), whether it freezes lines or not.
    var holdsIgnoreDirective: Bool {
        all.contains { $0.kind == .ignore || $0.kind == .ignoreStart || $0.kind == .ignoreEnd }
    }

    /// Reads the directives from the comments the scanner recorded.
    init(_ buf: UnsafeBufferPointer<UInt8>, lines: LineTable, structure s: BlockStructure) {
        guard !s.comments.isEmpty else { return }
        all = s.comments.compactMap { Directive($0, buf) }
        guard !all.isEmpty else { return }
        var ranges: [Range<Int>] = []
        var openStart = -1
        var openDirective = -1
        for (index, directive) in all.enumerated() {
            switch directive.kind {
            case .ignoreStart:
                if openStart < 0 {
                    openStart = directive.line
                    openDirective = index
                }
            case .ignoreEnd:
                if openStart >= 0 {
                    ranges.append(openStart..<(directive.line + 1))
                    openStart = -1
                } else {
                    problems.append(Problem(directive: index, message: "todofmt-ignore-end without a todofmt-ignore-start before it"))
                }
            case .ignore:
                if let list = Directives.target(of: directive, buf, lines, s) {
                    ranges.append(s.startLine(ofList: list)..<(s.lastLine(ofList: list) + 1))
                } else {
                    problems.append(Problem(directive: index, message: "todofmt-ignore is not followed by a list"))
                }
            case .disable, .enable, .unknown:
                break
            }
        }
        if openStart >= 0 {
            ranges.append(openStart..<lines.count)
            problems.append(Problem(directive: openDirective, message: "todofmt-ignore-start is never closed (it runs to the end of the file)"))
        }
        guard !ranges.isEmpty else { return }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        for range in ranges {
            if let last = frozen.last, range.lowerBound <= last.upperBound {
                frozen[frozen.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                frozen.append(range)
            }
        }
        frozenFlags = [Bool](repeating: false, count: lines.count)
        for range in frozen {
            for line in range where line < lines.count { frozenFlags[line] = true }
        }
    }

    /// Whether any line is frozen.
    var freezesAnything: Bool { !frozen.isEmpty }

    /// Whether the formatter and the linter leave `line` alone.
    @inline(__always) func isFrozen(_ line: Int) -> Bool {
        !frozenFlags.isEmpty && frozenFlags[line]
    }

    /// Whether any of the lines `first...last` is frozen.
    func freezesAny(from first: Int, through last: Int) -> Bool {
        guard !frozen.isEmpty else { return false }
        // The first range that ends after `first`.
        let index = BinarySearch.partitionPoint(in: frozen.indices) { frozen[$0].upperBound <= first }
        return index < frozen.count && frozen[index].lowerBound <= last
    }

    /// Whether any line of `list` is frozen.
    func freezesAny(ofList list: Int, _ s: BlockStructure) -> Bool {
        freezesAny(from: s.startLine(ofList: list), through: s.lastLine(ofList: list))
    }

    /// The list a `todofmt-ignore` applies to: the list in the comment's container whose first item
    /// starts on the first non-blank line after the comment (`>` markers count as blank).
    private static func target(of directive: Directive, _ buf: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ s: BlockStructure) -> Int? {
        var line = directive.line + 1
        while line < lines.count && isBlank(line, buf, lines) { line += 1 }
        guard line < lines.count else { return nil }
        // Lists are recorded in the order of their first lines; several may start on one line (`- - a`).
        var low = BinarySearch.partitionPoint(in: s.lists.indices) { s.startLine(ofList: $0) < line }
        while low < s.lists.count && s.startLine(ofList: low) == line {
            if s.lists[low].container == directive.container { return low }
            low += 1
        }
        return nil
    }

    private static func isBlank(_ line: Int, _ buf: UnsafeBufferPointer<UInt8>, _ lines: LineTable) -> Bool {
        var i = lines.start(line)
        let end = lines.contentEnd(line)
        while i < end {
            let c = buf[i]
            if !c.isSpaceOrTab && c != UInt8(ascii: ">") { return false }
            i += 1
        }
        return true
    }
}
