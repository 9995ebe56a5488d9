/// Which files a directory walk by ``TodoFileFinder`` takes and which directories it enters.
///
/// Paths are given twice: as the walk built them (the walked directory, `/`, the path below it)
/// and relative to the walked directory. ``ConfigurationResolver`` is the selection `todofmt`
/// uses: each file's nearest `.todofmt.json` decides.
public protocol TodoFileSelection {
    /// Whether the walk takes the regular file at `path`.
    func includesFile(at path: String, relativePath: String) -> Bool
    /// Whether the walk enters the directory at `path`.
    func entersDirectory(at path: String, relativePath: String) -> Bool
}
