import Foundation

/// The ways editors save a file, done with plain system calls.
enum EditorSave: CaseIterable {
    /// open(O_TRUNC), write, close: `echo text > file`, many simple editors.
    case inPlace
    /// Write a temporary file beside the target and rename it over (VS Code, most IDEs).
    case atomicRename
    /// vim with `backupcopy=no`: rename the original to a backup, write a new file, delete the backup.
    case vimStyle
    /// Delete the file, then create it again.
    case deleteAndRecreate

    /// Saves `text` to `path` this way.
    func save(_ text: String, to path: String) {
        switch self {
        case .inPlace:
            Self.write(text, to: path)
        case .atomicRename:
            let temporary = path + ".tmp-\(getpid())"
            Self.write(text, to: temporary)
            precondition(rename(temporary, path) == 0, "rename failed")
        case .vimStyle:
            let backup = path + "~"
            precondition(rename(path, backup) == 0, "rename to backup failed")
            Self.write(text, to: path)
            unlink(backup)
        case .deleteAndRecreate:
            precondition(unlink(path) == 0, "unlink failed")
            Self.write(text, to: path)
        }
    }

    private static func write(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "cannot open \(path)")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "short write to \(path)")
        close(descriptor)
    }
}
