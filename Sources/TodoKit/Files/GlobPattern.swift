/// A shell-style pattern for `/`-separated relative paths, as in `.gitignore` and the
/// configuration's `include` and `exclude` lists.
///
/// - `*` matches any run of characters except `/`; `?` matches one character except `/`.
/// - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) match one character of (or not of) a set.
/// - `**` as a whole path segment matches any number of segments, none included:
///   `docs/**/todo.md` matches `docs/todo.md` and `docs/a/b/todo.md`; a trailing `/**` matches
///   everything below a directory, but not the directory itself.
/// - `\` makes the next character literal.
///
/// A pattern matches a whole path, never a part of it. Case-insensitive patterns fold ASCII
/// letters only, so that no other letter can fold into an ASCII name.
struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    /// A pattern that cannot be used; the message is one lowercase line.
    struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the pattern.
        let description: String
    }

    /// One element of a segment.
    enum Token: Hashable, Sendable {
        case literal(Unicode.Scalar)
        case anyOne
        case anyRun
        case set([ClosedRange<UInt32>], negated: Bool)
    }

    /// A path segment: `**` or a sequence of tokens.
    enum Segment: Hashable, Sendable {
        case anyDepth
        case tokens([Token])
    }

    /// The pattern as written.
    let description: String
    /// Whether ASCII letters match regardless of case.
    let caseInsensitive: Bool
    let segments: [Segment]

    /// Parses `pattern`; throws for an empty pattern or an unclosed `[`.
    init(_ pattern: String, caseInsensitive: Bool = false) throws(SyntaxError) {
        try self.init(pattern, caseInsensitive: caseInsensitive, writtenAs: pattern)
    }

    /// Parses `pattern`, naming it `written` in errors: the form a person wrote, before a caller
    /// such as ``PathPattern`` rewrote it (`[a` is parsed as `**/[a`).
    init(_ pattern: String, caseInsensitive: Bool, writtenAs written: String) throws(SyntaxError) {
        guard !pattern.isEmpty else { throw SyntaxError(description: "empty pattern") }
        description = pattern
        self.caseInsensitive = caseInsensitive
        var segments: [Segment] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "**" {
                // `a/**/**/b` is `a/**/b`.
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            segments.append(.tokens(try Self.tokens(of: part, in: written, caseInsensitive: caseInsensitive)))
        }
        // `dir/**` is everything inside `dir`, not `dir` itself: at least one more segment.
        if segments.count > 1, segments.last == .anyDepth {
            segments.insert(.tokens([.anyRun]), at: segments.count - 1)
        }
        self.segments = segments
    }

    /// Whether the whole of `path` (`/`-separated, relative) matches.
    func matches(_ path: String) -> Bool {
        matches(segments: Self.segments(of: path)[...])
    }

    /// A path cut at every `/` (empty segments kept), as ``matches(segments:)`` takes it: a walk
    /// that tests one path against many patterns, or its parent directories too, cuts it once.
    static func segments(of path: String) -> [[Unicode.Scalar]] {
        // ASCII (nearly every path): each byte is a character, so cutting bytes at `/` is what
        // cutting characters is, without grapheme breaking. (Elsewhere a `/` followed by a
        // combining mark is one character, not a separator.)
        if let segments = path.utf8.withContiguousStorageIfAvailable(asciiSegments) ?? nil { return segments }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    }

    private static func asciiSegments(_ bytes: UnsafeBufferPointer<UInt8>) -> [[Unicode.Scalar]]? {
        var segments: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "/") {
                segments.append(current)
                current = []
            } else {
                current.append(Unicode.Scalar(byte))
            }
        }
        segments.append(current)
        return segments
    }

    /// ``matches(_:)`` for a path already cut by ``segments(of:)`` (a prefix of its segments is
    /// the path of a directory above it).
    func matches(segments parts: ArraySlice<[Unicode.Scalar]>) -> Bool {
        Self.match(segments[...], parts, caseInsensitive: caseInsensitive)
    }

    /// Segment-level matching; `**` backtracks only to the most recent `**`, which suffices
    /// because a later `**` can absorb whatever an earlier one would have.
    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Unicode.Scalar]>, caseInsensitive: Bool) -> Bool {
        var p = pattern.startIndex
        var s = path.startIndex
        var resume: (pattern: Int, path: Int)?
        while s < path.endIndex || p < pattern.endIndex {
            if p < pattern.endIndex {
                switch pattern[p] {
                case .anyDepth:
                    resume = (p, s)
                    p += 1
                    continue
                case .tokens(let tokens):
                    if s < path.endIndex, matchSegment(tokens[...], path[s][...], caseInsensitive: caseInsensitive) {
                        p += 1
                        s += 1
                        continue
                    }
                }
            }
            // Let the last `**` take one more segment and try again.
            guard let last = resume, last.path < path.endIndex else { return false }
            resume = (last.pattern, last.path + 1)
            p = last.pattern + 1
            s = last.path + 1
        }
        return true
    }

    /// Token-level matching within a segment, with the same one-point backtracking for `*`.
    private static func matchSegment(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unicode.Scalar>, caseInsensitive: Bool) -> Bool {
        var t = tokens.startIndex
        var c = name.startIndex
        var resume: (token: Int, char: Int)?
        while c < name.endIndex || t < tokens.endIndex {
            if t < tokens.endIndex {
                let token = tokens[t]
                if token == .anyRun {
                    resume = (t, c)
                    t += 1
                    continue
                }
                if c < name.endIndex, matchOne(token, name[c], caseInsensitive: caseInsensitive) {
                    t += 1
                    c += 1
                    continue
                }
            }
            guard let last = resume, last.char < name.endIndex else { return false }
            resume = (last.token, last.char + 1)
            t = last.token + 1
            c = last.char + 1
        }
        return true
    }

    private static func matchOne(_ token: Token, _ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        let value = caseInsensitive ? folded(scalar.value) : scalar.value
        switch token {
        case .literal(let literal): return value == literal.value
        case .anyOne: return true
        case .anyRun: return false
        case .set(let ranges, let negated):
            return ranges.contains { $0.contains(value) } != negated
        }
    }

    /// ASCII upper case to lower case; every other value as it is.
    static func folded(_ value: UInt32) -> UInt32 {
        (65...90).contains(value) ? value + 32 : value
    }

    private static func tokens(of part: Substring, in pattern: String, caseInsensitive: Bool) throws(SyntaxError) -> [Token] {
        let scalars = Array(part.unicodeScalars)
        func literal(_ scalar: Unicode.Scalar) -> Token {
            caseInsensitive ? .literal(Unicode.Scalar(folded(scalar.value))!) : .literal(scalar)
        }
        var tokens: [Token] = []
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.anyOne)
            case "\\":
                // A trailing backslash stands for itself.
                if i < scalars.count {
                    tokens.append(literal(scalars[i]))
                    i += 1
                } else {
                    tokens.append(.literal("\\"))
                }
            case "[":
                var j = i
                var negated = false
                if j < scalars.count, scalars[j] == "!" || scalars[j] == "^" {
                    negated = true
                    j += 1
                }
                var ranges: [ClosedRange<UInt32>] = []
                var first = true
                var closed = false
                while j < scalars.count {
                    var low = scalars[j]
                    if low == "]" && !first {
                        closed = true
                        j += 1
                        break
                    }
                    first = false
                    if low == "\\", j + 1 < scalars.count {
                        j += 1
                        low = scalars[j]
                    }
                    j += 1
                    var high = low
                    if j + 1 < scalars.count, scalars[j] == "-", scalars[j + 1] != "]" {
                        high = scalars[j + 1]
                        if high == "\\", j + 2 < scalars.count {
                            high = scalars[j + 2]
                            j += 1
                        }
                        j += 2
                    }
                    guard low.value <= high.value else {
                        throw SyntaxError(description: "invalid range '\(low)-\(high)' in pattern '\(pattern)'")
                    }
                    ranges.append(low.value...high.value)
                    // Characters are folded before they are compared, so a range of capitals
                    // also needs its small letters.
                    let capitalsLow = max(low.value, 65), capitalsHigh = min(high.value, 90)
                    if caseInsensitive, capitalsLow <= capitalsHigh {
                        ranges.append((capitalsLow + 32)...(capitalsHigh + 32))
                    }
                }
                guard closed else { throw SyntaxError(description: "unclosed '[' in pattern '\(pattern)'") }
                tokens.append(.set(ranges, negated: negated))
                i = j
            default:
                tokens.append(literal(scalar))
            }
        }
        return tokens
    }
}
