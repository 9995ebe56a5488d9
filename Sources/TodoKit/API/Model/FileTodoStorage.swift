#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A todo file on disk: reads whole, writes atomically (temporary file, fsync, rename), keeps
/// the file's permissions and replaces a symlink's target rather than the link.
public struct FileTodoStorage: TodoStorage {
    /// The file's path.
    public let path: String
    /// Whether a missing file reads as empty and is created by the first write.
    public let createsMissingFile: Bool

    /// Storage for the file at `path`.
    /// - Parameters:
    ///   - path: the file's path; a symlink is followed on every write.
    ///   - createsMissingFile: whether a file that does not exist reads as empty and is created by
    ///     the first write (never replacing one that appeared meanwhile): nothing is created unless
    ///     something is written.
    public init(path: String, createsMissingFile: Bool = false) {
        self.path = path
        self.createsMissingFile = createsMissingFile
    }

    /// Reads the whole file.
    ///
    /// - Returns: the file's bytes (none for a missing file, with ``createsMissingFile``).
    /// - Throws: ``TodoStoreError/storage(path:_:)`` naming the path, when the file cannot be read
    ///   or is not a regular file (a FIFO is refused at once, never waited on).
    public func read() throws(TodoStoreError) -> [UInt8] {
        do {
            return try AtomicFile.readRegularFile(path)
        } catch .noSuchFile where createsMissingFile {
            return []
        } catch {
            throw .storage(path: path, .file(error))
        }
    }

    /// Replaces the file atomically (temporary file, fsync, rename).
    ///
    /// - Parameter bytes: the new content.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` naming the path; the old file is still there then.
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
    ///
    /// - Parameters:
    ///   - bytes: the new content.
    ///   - expected: what the file must still hold.
    /// - Returns: `false`, writing nothing, when the file no longer holds `expected`.
    /// - Throws: ``TodoStoreError/storage(path:_:)`` naming the path.
    public func write(_ bytes: [UInt8], ifStill expected: [UInt8]) throws(TodoStoreError) -> Bool {
        do {
            return try AtomicFile.write(bytes, to: path, ifStill: expected)
        } catch .noSuchFile where createsMissingFile && expected.isEmpty {
            do {
                // link(2) under the hood: a file that appeared meanwhile is never replaced.
                try AtomicFile.create(bytes, at: path)
                return true
            } catch .system(code: EEXIST) {
                return false
            } catch {
                throw .storage(path: path, .file(error))
            }
        } catch {
            throw .storage(path: path, .file(error))
        }
    }
}
