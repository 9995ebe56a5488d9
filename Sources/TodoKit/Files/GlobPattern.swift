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

    /// Segment-level matching: `**` takes any number of segments, every other segment one path
    /// segment its tokens match (``wildcardMatch(_:_:isWildcard:matches:)``).
    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Unicode.Scalar]>, caseInsensitive: Bool) -> Bool {
        wildcardMatch(pattern, path, isWildcard: { $0 == .anyDepth }) { segment, part in
            guard case .tokens(let tokens) = segment else { return false }
            return matchSegment(tokens[...], part[...], caseInsensitive: caseInsensitive)
        }
    }

    /// Token-level matching within a segment: `*` takes any run of characters, every other token
    /// one character (``wildcardMatch(_:_:isWildcard:matches:)``).
    private static func matchSegment(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unicode.Scalar>, caseInsensitive: Bool) -> Bool {
        wildcardMatch(tokens, name, isWildcard: { $0 == .anyRun }) { token, scalar in
            matchOne(token, scalar, caseInsensitive: caseInsensitive)
        }
    }

    /// Matches `subject` against `pattern`, the one matcher of both levels (`**` over segments, `*`
    /// within one): a pattern element for which `isWildcard` holds takes any run of subject
    /// elements, none included; every other one takes one subject element it `matches`. On a
    /// mismatch only the most recent wildcard backtracks (it takes one more element), which
    /// suffices because a later wildcard can absorb whatever an earlier one would have.
    /// - Parameters:
    ///   - pattern: The pattern's elements.
    ///   - subject: The elements to match.
    ///   - isWildcard: Whether a pattern element takes any run.
    ///   - matches: Whether a pattern element that is not a wildcard takes a subject element.
    /// - Returns: Whether the whole of `subject` matches the whole of `pattern`.
    private static func wildcardMatch<Element, Subject>(_ pattern: ArraySlice<Element>, _ subject: ArraySlice<Subject>,
                                                        isWildcard: (Element) -> Bool,
                                                        matches: (Element, Subject) -> Bool) -> Bool {
        var p = pattern.startIndex
        var s = subject.startIndex
        var resume: (pattern: Int, subject: Int)?
        while s < subject.endIndex || p < pattern.endIndex {
            if p < pattern.endIndex {
                if isWildcard(pattern[p]) {
                    resume = (p, s)
                    p += 1
                    continue
                }
                if s < subject.endIndex, matches(pattern[p], subject[s]) {
                    p += 1
                    s += 1
                    continue
                }
            }
            // Let the last wildcard take one more element and try again.
            guard let last = resume, last.subject < subject.endIndex else { return false }
            resume = (last.pattern, last.subject + 1)
            p = last.pattern + 1
            s = last.subject + 1
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
