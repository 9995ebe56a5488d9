import Foundation

/// A fresh directory under the system's temporary directory, for one test's real files; a test
/// makes it in `setUp` and removes it with ``remove()`` in `tearDown`, so that nothing stays
/// behind in `/tmp` (failing tests included).
public struct TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Makes a new directory named `todofmt-<purpose>-` and six random characters (`mkdtemp(3)`),
    /// with mode 755.
    public init(_ purpose: String) throws {
        let pattern = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("todofmt-\(purpose)-XXXXXX")
        var template = Array(pattern.path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        // Open to every user, as a directory `FileManager` makes (a test runs the binary as `nobody`).
        guard let made, chmod(made, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown) }
        path = made
    }

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The absolute path of `name` (a relative path) inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` and gives it `mode`.
    public func write(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file(name))
    }

    /// The contents of `name`.
    public func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    /// The names in the directory, sorted (to see that no temporary file is left behind).
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
