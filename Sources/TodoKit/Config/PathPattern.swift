/// A path pattern read the way `.gitignore` reads patterns: without a `/` it matches a name at any
/// depth, with one it matches the path relative to the pattern's directory (a leading `/` only
/// anchors), and a final `/` restricts it to directories. The configuration's `include` and
/// `exclude` patterns ignore case; `.gitignore` patterns (``IgnoreFile``) do not.
struct PathPattern: Hashable, Sendable {
    let glob: GlobPattern
    /// Whether only directories match (the pattern ended in `/`).
    let directoryOnly: Bool

    /// Compiles `pattern`; throws the glob's own message for one that cannot be used.
    init(_ pattern: String, caseInsensitive: Bool = true) throws(GlobPattern.SyntaxError) {
        var text = Substring(pattern)
        directoryOnly = text.hasSuffix("/")
        if directoryOnly { text = text.dropLast() }
        if text.contains("/") {
            if text.hasPrefix("/") { text = text.dropFirst() }
        } else if !text.isEmpty {
            // String + String: `"**/" + text` appends a Substring through the generic
            // append(contentsOf:), Character by Character (85 k instructions the first time).
            text = Substring("**/" + String(text))
        }
        guard !text.isEmpty else { throw GlobPattern.SyntaxError(description: "no file name in pattern '\(pattern)'") }
        glob = try GlobPattern(String(text), caseInsensitive: caseInsensitive, writtenAs: pattern)
    }

    /// Whether the pattern matches the file or directory at `relativePath`.
    func matches(_ relativePath: String, isDirectory: Bool) -> Bool {
        (isDirectory || !directoryOnly) && glob.matches(relativePath)
    }

    /// ``matches(_:isDirectory:)`` for a path cut by ``GlobPattern/segments(of:)``.
    func matches(segments: ArraySlice<[Unicode.Scalar]>, isDirectory: Bool) -> Bool {
        (isDirectory || !directoryOnly) && glob.matches(segments: segments)
    }
}
