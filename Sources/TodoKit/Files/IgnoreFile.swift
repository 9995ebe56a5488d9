/// The patterns of a `.gitignore` file, matched against paths relative to its directory.
///
/// Follows Git's rules: blank lines and `#` comments are skipped, `!` negates, a trailing `/`
/// matches directories only, a pattern with a `/` before its end is anchored to the file's
/// directory while one without matches a name at any depth, and the last matching pattern
/// decides. Trailing spaces are dropped unless escaped with `\`. Matching is case-sensitive, as
/// Git's is by default. A line that is not a valid pattern is skipped, as Git skips it.
public struct IgnoreFile: Hashable, Sendable {
    struct Rule: Hashable, Sendable {
        var pattern: GlobPattern
        var negated: Bool
        var directoryOnly: Bool
    }

    /// The file name Git reads.
    public static let fileName = ".gitignore"

    var rules: [Rule] = []

    /// Parses the contents of a `.gitignore` file.
    public init(contents: [UInt8]) {
        for rawLine in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = String(decoding: rawLine, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            if let rule = Self.rule(line) { rules.append(rule) }
        }
    }

    /// Whether `relativePath` (`/`-separated, below the file's directory) is ignored.
    public func ignores(_ relativePath: String, isDirectory: Bool) -> Bool {
        for rule in rules.reversed() where !rule.directoryOnly || isDirectory {
            if rule.pattern.matches(relativePath) { return !rule.negated }
        }
        return false
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
        var directoryOnly = false
        if text.hasSuffix("/") {
            directoryOnly = true
            text = text.dropLast()
        }
        guard !text.isEmpty else { return nil }
        let pattern = text.contains("/") ? String(text.hasPrefix("/") ? text.dropFirst() : text) : "**/" + text
        guard !pattern.isEmpty, let glob = try? GlobPattern(pattern) else { return nil }
        return Rule(pattern: glob, negated: negated, directoryOnly: directoryOnly)
    }
}
