/// The patterns of a `.gitignore` file (or `.git/info/exclude`), matched against paths relative
/// to its directory.
///
/// Follows Git's rules: blank lines and `#` comments are skipped, `!` negates, a trailing `/`
/// matches directories only, a pattern with a `/` before its end is anchored to the file's
/// directory while one without matches a name at any depth, and the last matching pattern
/// decides. Trailing spaces are dropped unless escaped with `\`. Matching is case-sensitive, as
/// Git's is by default. A line that is not a valid pattern is skipped, as Git skips it.
struct IgnoreFile: Hashable, Sendable {
    struct Rule: Hashable, Sendable {
        var pattern: PathPattern
        var negated: Bool
    }

    /// The file name Git reads in every directory.
    static let fileName = ".gitignore"

    var rules: [Rule] = []

    /// Parses the contents of a `.gitignore` file.
    init(contents: [UInt8]) {
        for rawLine in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = String(decoding: rawLine, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            if let rule = Self.rule(line) { rules.append(rule) }
        }
    }

    /// Whether `relativePath` (`/`-separated, below the file's directory) is ignored.
    func ignores(_ relativePath: String, isDirectory: Bool) -> Bool {
        decision(for: relativePath, isDirectory: isDirectory) ?? false
    }

    /// Whether the last pattern matching `relativePath` ignores it (`false` for a negated one);
    /// `nil` when no pattern matches, so that a `.gitignore` further up decides.
    func decision(for relativePath: String, isDirectory: Bool) -> Bool? {
        guard !rules.isEmpty else { return nil }
        let segments = GlobPattern.segments(of: relativePath)
        for rule in rules.reversed() where rule.pattern.matches(segments: segments[...], isDirectory: isDirectory) {
            return !rule.negated
        }
        return nil
    }

    private static func rule(_ line: String) -> Rule? {
        var text = Substring(line)
        if text.hasPrefix("#") { return nil }
        // Trailing spaces go unless the last one is escaped.
        while text.hasSuffix(" "), !text.dropLast().hasSuffix("\\") { text = text.dropLast() }
        if text.hasSuffix("\\ ") { text = text.dropLast(2) + " " }
        var negated = false
        if text.hasPrefix("!") {
            negated = true
            text = text.dropFirst()
        } else if text.hasPrefix("\\!") || text.hasPrefix("\\#") {
            text = text.dropFirst()
        }
        guard !text.isEmpty, let pattern = try? PathPattern(String(text), caseInsensitive: false) else { return nil }
        return Rule(pattern: pattern, negated: negated)
    }
}
