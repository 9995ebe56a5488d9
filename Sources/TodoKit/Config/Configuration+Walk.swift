extension Configuration {
    /// Whether a directory walk includes the file at `relativePath` (`/`-separated, relative to
    /// the directory holding the configuration file): an ``include`` pattern matches it and no
    /// ``exclude`` pattern matches it or a directory above it.
    ///
    /// Patterns follow `.gitignore`: a pattern without `/` matches a name at any depth; one
    /// with `/` matches the whole relative path (a leading `/` only anchors it); a final `/`
    /// makes a pattern match directories only. Case is ignored.
    public func includes(relativePath: String) -> Bool {
        // TODO: glob matching lands with GlobPattern.
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return include.contains { $0.lowercased() == name.lowercased() }
    }
}
