/// A todo file on disk: reads whole, writes atomically (temporary file, fsync, rename), keeps
/// the file's permissions and replaces a symlink's target rather than the link.
public struct FileTodoStorage: TodoStorage {
    /// The file's path.
    public let path: String

    /// Storage for the file at `path`.
    public init(path: String) {
        self.path = path
    }

    public func read() throws(TodoStoreError) -> [UInt8] {
        do {
            return try AtomicFile.read(path)
        } catch {
            throw .storage(path: path, .file(error))
        }
    }

    public func write(_ bytes: [UInt8]) throws(TodoStoreError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .storage(path: path, .file(error))
        }
    }

    /// Writes only over `expected`: the comparison happens after the new file is flushed, and the
    /// swap is atomic (a save that lands in between is swapped back and wins), so another
    /// program's save is never lost.
    public func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        do {
            return try AtomicFile.write(bytes, to: path, ifStill: expected)
        } catch {
            throw .storage(path: path, .file(error))
        }
    }
}
