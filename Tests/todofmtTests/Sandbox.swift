import Foundation
import TestSupport
import XCTest

/// A fresh temporary directory for one test, with helpers for real files; removed on deinit.
final class Sandbox {
    private let directory: TemporaryDirectory
    /// The directory.
    let url: URL

    init() throws {
        directory = try TemporaryDirectory("e2e")
        url = URL(fileURLWithPath: directory.path)
    }

    deinit {
        directory.remove()
    }

    /// The absolute path of `name` inside the sandbox.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and gives it `mode`.
    func write(_ name: String, _ text: String, mode: Int = 0o644) throws {
        try write(name, bytes: Array(text.utf8), mode: mode)
    }

    /// Writes raw bytes to `name` and gives it `mode`.
    func write(_ name: String, bytes: [UInt8], mode: Int = 0o644) throws {
        try directory.write(name, bytes, mode: mode)
    }

    /// The contents of `name` as text.
    func read(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    /// The contents of `name` as bytes.
    func bytes(_ name: String) throws -> [UInt8] {
        try directory.bytes(name)
    }

    /// The names in the sandbox, sorted (to see that no temporary file is left behind).
    func names() throws -> [String] {
        try directory.names()
    }

    /// `lstat` of `name`.
    func status(_ name: String) -> FileStatus? {
        var info = stat()
        guard lstat(path(name), &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// Runs todofmt in the sandbox; `stdin` nil means /dev/null.
    func todofmt(_ arguments: String..., stdin: String? = nil,
                 environment: [String: String] = [:]) throws -> Todofmt.Result {
        try todofmt(arguments, stdin: stdin, environment: environment)
    }

    /// Runs todofmt in the sandbox with an array of arguments; `stdin` nil means /dev/null.
    func todofmt(_ arguments: [String], stdin: String? = nil,
                 environment: [String: String] = [:]) throws -> Todofmt.Result {
        try Todofmt.run(arguments, in: url, stdin: stdin.map { Array($0.utf8) }, environment: environment)
    }
}
