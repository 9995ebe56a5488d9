/// A small regular expression for `regex matches /…/` (no NSRegularExpression): literals, `.`,
/// classes `[a-z]` `[^…]`, `\d \w \s \D \W \S \b \B`, escapes, anchors `^ $`, groups `( )` and
/// `(?: )`, alternation `|`, and the quantifiers `* + ? {n} {n,} {n,m}` (lazy with `?`). The only
/// flag is `i` (ignore case). Matching backtracks over Unicode scalars and finds a match anywhere.
public struct TextPattern: Hashable, Sendable, CustomStringConvertible {
    indirect enum Node: Hashable, Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(negated: Bool, items: [SetItem])
        case lineStart, lineEnd
        case wordBoundary(Bool)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?, greedy: Bool)
    }

    enum SetItem: Hashable, Sendable {
        case range(Unicode.Scalar, Unicode.Scalar)
        case digit(Bool), word(Bool), space(Bool)
    }

    /// The pattern as written between the slashes.
    public let source: String
    /// The `i` flag.
    public let ignoresCase: Bool
    let root: Node

    /// Reads a pattern as written in a query.
    /// - Parameter text: `/pattern/` or `/pattern/i`.
    /// - Throws: ``TextPatternError`` with the reason as text when the slashes are missing, a flag
    ///   other than `i` follows, or the pattern is not valid.
    public init(slashed text: String) throws(TextPatternError) {
        guard text.hasPrefix("/"), let close = text.lastIndex(of: "/"), close != text.startIndex else {
            throw TextPatternError("a regular expression is written /pattern/ or /pattern/i")
        }
        let flags = text[text.index(after: close)...]
        guard flags.allSatisfy({ $0 == "i" }) else { throw TextPatternError("unsupported regular expression flag '\(flags)'") }
        try self.init(String(text[text.index(after: text.startIndex)..<close]), ignoresCase: !flags.isEmpty)
    }

    /// A pattern without slashes.
    /// - Parameters:
    ///   - source: The pattern.
    ///   - ignoresCase: Whether case is ignored (the `i` flag).
    /// - Throws: ``TextPatternError`` with the reason as text for a pattern that is not valid
    ///   (an unbalanced parenthesis or bracket, a quantifier with nothing to repeat, an
    ///   unsupported escape, group or range).
    public init(_ source: String, ignoresCase: Bool = false) throws(TextPatternError) {
        self.source = source
        self.ignoresCase = ignoresCase
        var parser = Parser(scalars: Array((ignoresCase ? source.lowercased() : source).unicodeScalars))
        root = try parser.parseAlternation()
        if parser.index < parser.scalars.count { throw TextPatternError("unbalanced ')' in regular expression") }
    }

    /// `/source/` with its flags.
    public var description: String { "/\(source)/" + (ignoresCase ? "i" : "") }

    /// Whether the pattern matches somewhere in a text.
    /// - Parameter text: The text to search.
    /// - Returns: `true` when a match starts at any position, the end included.
    public func matches(_ text: String) -> Bool {
        let scalars = Array((ignoresCase ? text.lowercased() : text).unicodeScalars)
        var matcher = Matcher(text: scalars, ignoresCase: ignoresCase)
        for start in 0...scalars.count where matcher.match(root, start, { _ in true }) { return true }
        return false
    }

    // MARK: - Parsing

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func parseAlternation() throws(TextPatternError) -> Node {
            var branches = [try parseSequence()]
            while peek == "|" {
                index += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws(TextPatternError) -> Node {
            var nodes: [Node] = []
            while let c = peek, c != "|", c != ")" {
                let atom = try parseAtom()
                nodes.append(try parseQuantifier(atom))
            }
            return .sequence(nodes)
        }

        mutating func parseQuantifier(_ atom: Node) throws(TextPatternError) -> Node {
            guard let c = peek else { return atom }
            var bounds: (Int, Int?)
            switch c {
            case "*": bounds = (0, nil); index += 1
            case "+": bounds = (1, nil); index += 1
            case "?": bounds = (0, 1); index += 1
            case "{":
                guard let close = scalars[index...].firstIndex(of: "}") else { return atom }
                let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), let low = Int(parts[0]) else { return atom }
                if parts.count == 1 {
                    bounds = (low, low)
                } else if parts[1].isEmpty {
                    bounds = (low, nil)
                } else if let high = Int(parts[1]), high >= low {
                    bounds = (low, high)
                } else {
                    throw TextPatternError("invalid repetition {\(inside)} in regular expression")
                }
                index = close + 1
            default:
                return atom
            }
            var greedy = true
            if peek == "?" { greedy = false; index += 1 }
            if case .repetition = atom { throw TextPatternError("nothing to repeat in regular expression") }
            return .repetition(atom, min: bounds.0, max: bounds.1, greedy: greedy)
        }

        mutating func parseAtom() throws(TextPatternError) -> Node {
            let c = scalars[index]
            index += 1
            switch c {
            case ".": return .any
            case "^": return .lineStart
            case "$": return .lineEnd
            case "*", "+", "?": throw TextPatternError("nothing to repeat in regular expression")
            case "(":
                if peek == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                        throw TextPatternError("lookaround and named groups are not supported in regular expressions")
                    }
                    index += 2
                }
                let inner = try parseAlternation()
                guard peek == ")" else { throw TextPatternError("missing ')' in regular expression") }
                index += 1
                return inner
            case "[": return try parseSet()
            case "\\": return try parseEscape(inSet: false).node
            default: return .scalar(c)
            }
        }

        mutating func parseEscape(inSet: Bool) throws(TextPatternError) -> (node: Node, item: SetItem?) {
            guard let c = peek else { throw TextPatternError("trailing backslash in regular expression") }
            index += 1
            switch c {
            case "d": return (.set(negated: false, items: [.digit(true)]), .digit(true))
            case "D": return (.set(negated: false, items: [.digit(false)]), .digit(false))
            case "w": return (.set(negated: false, items: [.word(true)]), .word(true))
            case "W": return (.set(negated: false, items: [.word(false)]), .word(false))
            case "s": return (.set(negated: false, items: [.space(true)]), .space(true))
            case "S": return (.set(negated: false, items: [.space(false)]), .space(false))
            case "b" where !inSet: return (.wordBoundary(true), nil)
            case "B" where !inSet: return (.wordBoundary(false), nil)
            case "n": return (.scalar("\n"), .range("\n", "\n"))
            case "t": return (.scalar("\t"), .range("\t", "\t"))
            default:
                if c.properties.isAlphabetic || ("0"..."9").contains(c) {
                    throw TextPatternError("unsupported escape '\\\(c)' in regular expression")
                }
                return (.scalar(c), .range(c, c))
            }
        }

        mutating func parseSet() throws(TextPatternError) -> Node {
            var negated = false
            if peek == "^" { negated = true; index += 1 }
            var items: [SetItem] = []
            var first = true
            while let c = peek, c != "]" || first {
                first = false
                index += 1
                var low = c
                if c == "\\" {
                    let escape = try parseEscape(inSet: true)
                    guard let item = escape.item else { continue }
                    guard case .range(let l, _) = item else { items.append(item); continue }
                    low = l
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    var high = scalars[index]
                    index += 1
                    if high == "\\", let escaped = peek { high = escaped; index += 1 }
                    guard low <= high else { throw TextPatternError("invalid range in regular expression class") }
                    items.append(.range(low, high))
                } else {
                    items.append(.range(low, low))
                }
            }
            guard peek == "]" else { throw TextPatternError("missing ']' in regular expression") }
            index += 1
            return .set(negated: negated, items: items)
        }
    }

    // MARK: - Matching

    private struct Matcher {
        let text: [Unicode.Scalar]
        let ignoresCase: Bool

        static func isWord(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" }

        func inSet(_ c: Unicode.Scalar, _ items: [SetItem]) -> Bool {
            items.contains { item in
                switch item {
                case .range(let low, let high):
                    if low <= c && c <= high { return true }
                    guard ignoresCase else { return false }
                    return String(c).uppercased().unicodeScalars.contains { low <= $0 && $0 <= high }
                case .digit(let yes): return ("0"..."9").contains(c) == yes
                case .word(let yes): return Matcher.isWord(c) == yes
                case .space(let yes): return c.properties.isWhitespace == yes
                }
            }
        }

        mutating func match(_ node: Node, _ i: Int, _ next: (Int) -> Bool) -> Bool {
            switch node {
            case .scalar(let c):
                return i < text.count && text[i] == c && next(i + 1)
            case .any:
                return i < text.count && text[i] != "\n" && next(i + 1)
            case .set(let negated, let items):
                return i < text.count && inSet(text[i], items) != negated && next(i + 1)
            case .lineStart:
                return i == 0 && next(i)
            case .lineEnd:
                return i == text.count && next(i)
            case .wordBoundary(let wanted):
                let before = i > 0 && Matcher.isWord(text[i - 1])
                let after = i < text.count && Matcher.isWord(text[i])
                return (before != after) == wanted && next(i)
            case .sequence(let nodes):
                return sequence(nodes[...], i, next)
            case .alternation(let branches):
                for branch in branches where match(branch, i, next) { return true }
                return false
            case .repetition(let inner, let low, let high, let greedy):
                return repeatMatch(inner, low, high, greedy, 0, i, next)
            }
        }

        mutating func sequence(_ nodes: ArraySlice<Node>, _ i: Int, _ next: (Int) -> Bool) -> Bool {
            guard let first = nodes.first else { return next(i) }
            var copy = self
            return match(first, i) { j in copy.sequence(nodes.dropFirst(), j, next) }
        }

        mutating func repeatMatch(_ node: Node, _ low: Int, _ high: Int?, _ greedy: Bool, _ count: Int, _ i: Int,
                                  _ next: (Int) -> Bool) -> Bool {
            var copy = self
            if count < low { return match(node, i) { j in copy.repeatMatch(node, low, high, greedy, count + 1, j, next) } }
            if let high, count >= high { return next(i) }
            // A repetition that matched nothing stops, so `(a*)*` cannot loop.
            if greedy {
                return match(node, i) { j in j != i && copy.repeatMatch(node, low, high, greedy, count + 1, j, next) } || next(i)
            }
            return next(i) || match(node, i) { j in j != i && copy.repeatMatch(node, low, high, greedy, count + 1, j, next) }
        }
    }
}
