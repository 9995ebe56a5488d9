#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// Renders Markdown to HTML with the installed `cmark-gfm`, GitHub's own renderer.
struct CmarkRenderer: Sendable {
    /// Why a rendering could not be produced.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The executable.
    let executable: String
    /// The flags every rendering uses.
    let arguments: [String]

    /// The renderer found on `PATH`, or `nil` when `cmark-gfm` is not installed.
    static let installed: CmarkRenderer? = locate()

    /// The installed renderer, or an `XCTSkip` when there is none.
    static func required() throws -> CmarkRenderer {
        guard let renderer = installed else { throw XCTSkip("cmark-gfm is not on PATH") }
        return renderer
    }

    /// Finds `cmark-gfm` on `PATH` and picks the flags this version understands.
    private static func locate() -> CmarkRenderer? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let executable = path.split(separator: ":").map({ "\($0)/cmark-gfm" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let probe = CmarkRenderer(executable: executable, arguments: [])
        guard let help = try? probe.run(["--help"], input: []),
              let listed = try? probe.run(["--list-extensions"], input: []) else { return nil }
        // Versions before 0.29 render raw HTML by default and do not know `--unsafe`.
        var arguments = help.contains("--unsafe") ? ["--unsafe"] : []
        let known = Set(listed.split(whereSeparator: \.isWhitespace).map(String.init))
        for name in ["table", "strikethrough", "autolink", "tasklist"] where known.contains(name) {
            arguments += ["-e", name]
        }
        // Without the tasklist extension the judge would not see checkboxes at all.
        guard known.contains("tasklist") else { return nil }
        return CmarkRenderer(executable: executable, arguments: arguments)
    }

    /// The HTML for Markdown bytes; with `sourcePositions`, block elements carry `data-sourcepos`.
    func render(_ markdown: [UInt8], sourcePositions: Bool = false) throws -> String {
        try run(sourcePositions ? arguments + ["--sourcepos"] : arguments, input: markdown)
    }

    /// Runs the executable with arguments, feeding `input` on standard input, and returns its output.
    ///
    /// Uses `posix_spawn` rather than `Process`, whose exit polling costs tens of milliseconds a run;
    /// the rendering sweeps run cmark-gfm hundreds of times.
    private func run(_ arguments: [String], input: [UInt8]) throws -> String {
        CmarkRenderer.ignoreSIGPIPE
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw Failure(description: "pipe failed") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw Failure(description: "pipe failed")
        }
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Failure(description: "cannot run \(executable): error \(spawned)")
        }
        // cmark-gfm reads all of its input before it writes anything, so writing first cannot deadlock.
        var written = 0
        while written < input.count {
            let n = input[written...].withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            written += n
        }
        close(toChild[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard written == input.count, status == 0 else {
            throw Failure(description: "cmark-gfm \(arguments.joined(separator: " ")) failed (status \(status))")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A write to a renderer that died must fail with EPIPE, not kill the test process.
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}
