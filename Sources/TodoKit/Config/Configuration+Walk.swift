extension Configuration {
    /// Whether a directory walk includes the file at `relativePath` (`/`-separated, relative to
    /// the directory holding the configuration file): an ``include`` pattern matches it and no
    /// ``exclude`` pattern matches it or a directory above it.
    ///
    /// Patterns work as in `.gitignore`: one without `/` matches a name at any depth, one with `/`
    /// matches the whole relative path (a leading `/` only anchors it), and a final `/` makes it
    /// match directories only. Case is ignored.
    public func includes(relativePath: String) -> Bool {
        includePatterns.contains { $0.matches(relativePath, isDirectory: false) }
            && !excludes(relativePath: relativePath, isDirectory: false)
    }

    /// Whether an ``exclude`` pattern matches the file or directory at `relativePath`, or a
    /// directory above it.
    func excludes(relativePath: String, isDirectory: Bool) -> Bool {
        guard !excludePatterns.isEmpty else { return false }
        var path = Substring(relativePath)
        var directory = isDirectory
        while true {
            let candidate = String(path)
            if excludePatterns.contains(where: { $0.matches(candidate, isDirectory: directory) }) { return true }
            guard let slash = path.lastIndex(of: "/") else { return false }
            path = path[..<slash]
            directory = true
        }
    }
}
