extension Configuration {
    /// Whether a directory walk includes the file at `relativePath`: an ``include`` pattern matches
    /// it and no ``exclude`` pattern matches it or a directory above it.
    ///
    /// Patterns work as in `.gitignore`: one without `/` matches a name at any depth, one with `/`
    /// matches the whole relative path (a leading `/` only anchors it), and a final `/` makes it
    /// match directories only. Case is ignored.
    /// - Parameter relativePath: The file's path, `/`-separated, relative to the directory holding
    ///   the configuration file.
    /// - Returns: `true` when the walk takes the file.
    public func includes(relativePath: String) -> Bool {
        // The path is cut into segments once for every pattern and every directory above it.
        let segments = GlobPattern.segments(of: relativePath)
        return includePatterns.contains { $0.matches(segments: segments[...], isDirectory: false) }
            && !excludes(segments: segments, isDirectory: false)
    }

    /// Whether an ``exclude`` pattern matches the file or directory at `relativePath`, or a
    /// directory above it.
    func excludes(relativePath: String, isDirectory: Bool) -> Bool {
        guard !excludePatterns.isEmpty else { return false }
        return excludes(segments: GlobPattern.segments(of: relativePath), isDirectory: isDirectory)
    }

    /// ``excludes(relativePath:isDirectory:)`` for a path cut by ``GlobPattern/segments(of:)``: the
    /// path, then each directory above it (its segments but the last) up to the first.
    private func excludes(segments: [[Unicode.Scalar]], isDirectory: Bool) -> Bool {
        guard !excludePatterns.isEmpty else { return false }
        var count = segments.count
        var directory = isDirectory
        while count > 0 {
            if excludePatterns.contains(where: { $0.matches(segments: segments[..<count], isDirectory: directory) }) { return true }
            count -= 1
            directory = true
        }
        return false
    }
}
