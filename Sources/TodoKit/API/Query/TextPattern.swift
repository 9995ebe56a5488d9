/// A small regular expression for `regex matches /…/` (no NSRegularExpression): literals, `.`,
/// classes `[a-z]` `[^…]`, `\d \w \s \D \W \S \b \B`, escapes, anchors `^ $`, groups `( )` and
/// `(?: )`, alternation `|`, and the quantifiers `* + ? {n} {n,} {n,m}` (lazy with `?`, which
/// changes nothing when only whether it matches is asked). The only flag is `i` (ignore case), which,
/// as in JavaScript, folds letters only: `\D`, `\W`, `\S` and `\B` keep their meaning.
///
/// The pattern is compiled into a small program that runs over the text's Unicode scalars with
/// every possible thread of the match at once (Thompson's construction), so matching takes time in
/// proportion to the text's length times the program's, whatever the pattern: a backtracking
/// matcher took 48 s on `/^(\w+\s?)+$/` and a title of 30 letters.
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

    /// One step of a compiled pattern (``Program``).
    enum Instruction: Hashable, Sendable {
        /// Consume this scalar, any scalar but a line feed, or one of a class.
        case scalar(Unicode.Scalar)
        case any
        case set(negated: Bool, items: [SetItem])
        /// Go on only at the text's start, its end, or a word boundary (or not one).
        case lineStart, lineEnd
        case wordBoundary(Bool)
        /// Go on at both instructions.
        case split(Int, Int)
        case jump(Int)
        /// The pattern matched.
        case match
    }

    /// The most instructions a pattern compiles to (counted repetitions copy what they repeat).
    static let maximumInstructions = 20_000

    /// The pattern as written between the slashes.
    public let source: String
    /// The `i` flag.
    public let ignoresCase: Bool
    let program: [Instruction]

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
        guard flags.count <= 1 else { throw TextPatternError("regular expression flag 'i' given twice") }
        // As Obsidian Tasks reads `/…/`: an empty pattern is no regular expression (`//` would match everything).
        guard text.index(after: text.startIndex) < close else { throw TextPatternError("empty regular expression '//'") }
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
        var parser = Parser(scalars: Array(source.unicodeScalars), ignoresCase: ignoresCase)
        let root = try parser.parseAlternation()
        if parser.index < parser.scalars.count { throw TextPatternError("unbalanced ')' in regular expression") }
        var compiler = Compiler()
        try compiler.compile(root)
        compiler.program.append(.match)
        program = compiler.program
    }

    /// The scalar the `i` flag compares, as JavaScript canonicalizes without the `u` flag: its upper
    /// case when that is one scalar, but never a non-ASCII scalar's ASCII one (`ſ` is not `s`); every
    /// scalar stays one, so `İ` is still one character.
    static func canonical(_ c: Unicode.Scalar) -> Unicode.Scalar {
        // ASCII, most of every title, without making the mapping as a string.
        if c.isASCII { return ("a"..."z").contains(c) ? Unicode.Scalar(c.value - 0x20)! : c }
        let upper = c.properties.uppercaseMapping.unicodeScalars
        guard upper.count == 1, let u = upper.first, !(c.value >= 0x80 && u.value < 0x80) else { return c }
        return u
    }

    /// `/source/` with its flags.
    public var description: String { "/\(source)/" + (ignoresCase ? "i" : "") }

    /// Whether the pattern matches somewhere in a text.
    /// - Parameter text: The text to search.
    /// - Returns: `true` when a match starts at any position, the end included.
    public func matches(_ text: String) -> Bool {
        let scalars = ignoresCase ? text.unicodeScalars.map(Self.canonical) : Array(text.unicodeScalars)
        var matcher = Matcher(program: program, text: scalars, ignoresCase: ignoresCase)
        return matcher.run()
    }

    // MARK: - Parsing

    private struct Parser {
        let scalars: [Unicode.Scalar]
        /// The `i` flag: literal letters are read in lower case, as the text is searched; escapes
        /// and classes keep their case (`\D` is not `\d`).
        let ignoresCase: Bool
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
            default: return literal(c)
            }
        }

        /// A literal scalar; with the `i` flag, its ``TextPattern/canonical(_:)`` form, as the
        /// text's scalars are compared.
        func literal(_ c: Unicode.Scalar) -> Node {
            .scalar(ignoresCase ? TextPattern.canonical(c) : c)
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
                return (literal(c), .range(c, c))
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

    // MARK: - Compiling

    /// Turns the parsed pattern into a ``Program``: a repetition is what it repeats, copied for the
    /// times it must match, then once more in a loop (no upper bound) or as many more times as
    /// it may, each optional.
    private struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ instruction: Instruction) throws(TextPatternError) {
            guard program.count < TextPattern.maximumInstructions else {
                throw TextPatternError("regular expression too large (its repetitions repeat too much)")
            }
            program.append(instruction)
        }

        mutating func compile(_ node: Node) throws(TextPatternError) {
            switch node {
            case .scalar(let c): try emit(.scalar(c))
            case .any: try emit(.any)
            case .set(let negated, let items): try emit(.set(negated: negated, items: items))
            case .lineStart: try emit(.lineStart)
            case .lineEnd: try emit(.lineEnd)
            case .wordBoundary(let wanted): try emit(.wordBoundary(wanted))
            case .sequence(let nodes):
                for node in nodes { try compile(node) }
            case .alternation(let branches):
                // split(first, rest); first; jump(end); rest: split(second, …) …; last
                var jumps: [Int] = []
                for (k, branch) in branches.enumerated() {
                    if k == branches.count - 1 {
                        try compile(branch)
                    } else {
                        let split = program.count
                        try emit(.split(split + 1, 0))
                        try compile(branch)
                        jumps.append(program.count)
                        try emit(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let inner, let low, let high, _):
                for _ in 0..<low { try compile(inner) }
                if let high {
                    // Each optional copy skips to the end.
                    var splits: [Int] = []
                    for _ in low..<high {
                        splits.append(program.count)
                        try emit(.split(program.count + 1, 0))
                        try compile(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    try emit(.split(loop + 1, 0))
                    try compile(inner)
                    try emit(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }

    // MARK: - Matching

    /// Runs a program over a text, all threads at once: the threads at a position are the
    /// program's instructions that consume a scalar, each held once, reached from the start (added
    /// at every position, as a match may start anywhere) through splits, jumps and assertions.
    private struct Matcher {
        let program: [Instruction]
        let text: [Unicode.Scalar]
        let ignoresCase: Bool
        /// For each instruction, the position (plus one) whose threads hold it already.
        var seenAt: [Int]
        /// Instructions still to follow while the threads of a position are gathered.
        var pending: [Int] = []

        init(program: [Instruction], text: [Unicode.Scalar], ignoresCase: Bool) {
            self.program = program
            self.text = text
            self.ignoresCase = ignoresCase
            seenAt = [Int](repeating: 0, count: program.count)
        }

        /// JavaScript's word characters (`\w`, and what `\b` stands between): ASCII letters, digits and `_`.
        static func isWord(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
        }

        func inSet(_ c: Unicode.Scalar, _ items: [SetItem]) -> Bool {
            items.contains { item in
                switch item {
                case .range(let low, let high):
                    if low <= c && c <= high { return true }
                    guard ignoresCase else { return false }
                    // `c` is canonical (upper case): the range holds it also when it holds a scalar of
                    // the same canonical form, such as its lower case (`[a-z]` and `K`).
                    let lower = c.properties.lowercaseMapping.unicodeScalars
                    guard lower.count == 1, let other = lower.first, TextPattern.canonical(other) == c else { return false }
                    return low <= other && other <= high
                case .digit(let yes): return ("0"..."9").contains(c) == yes
                case .word(let yes): return Matcher.isWord(c) == yes
                case .space(let yes): return c.properties.isWhitespace == yes
                }
            }
        }

        /// Whether the program matches anywhere in the text.
        mutating func run() -> Bool {
            var threads: [Int] = []
            var next: [Int] = []
            for i in 0...text.count {
                if gather(from: 0, at: i, into: &threads) { return true }
                guard i < text.count else { break }
                let c = text[i]
                next.removeAll(keepingCapacity: true)
                for pc in threads where consumes(program[pc], c) {
                    if gather(from: pc + 1, at: i + 1, into: &next) { return true }
                }
                swap(&threads, &next)
            }
            return false
        }

        private func consumes(_ instruction: Instruction, _ c: Unicode.Scalar) -> Bool {
            switch instruction {
            case .scalar(let s): s == c
            case .any: c != "\n"
            case .set(let negated, let items): inSet(c, items) != negated
            default: false
            }
        }

        /// Adds to `threads` the instructions that consume a scalar reached from `start` at position
        /// `i` (each once per position); true when the match instruction is reached.
        private mutating func gather(from start: Int, at i: Int, into threads: inout [Int]) -> Bool {
            pending.append(start)
            while let pc = pending.popLast() {
                guard seenAt[pc] != i + 1 else { continue }
                seenAt[pc] = i + 1
                switch program[pc] {
                case .match:
                    pending.removeAll(keepingCapacity: true)
                    return true
                case .jump(let target):
                    pending.append(target)
                case .split(let first, let second):
                    pending.append(second)
                    pending.append(first)
                case .lineStart:
                    if i == 0 { pending.append(pc + 1) }
                case .lineEnd:
                    if i == text.count { pending.append(pc + 1) }
                case .wordBoundary(let wanted):
                    let before = i > 0 && Matcher.isWord(text[i - 1])
                    let after = i < text.count && Matcher.isWord(text[i])
                    if (before != after) == wanted { pending.append(pc + 1) }
                case .scalar, .any, .set:
                    threads.append(pc)
                }
            }
            return false
        }
    }
}
