import Foundation
import XCTest

/// A running `todofmt lsp` with its standard input and output on pipes: tests write raw bytes (in
/// any chunks) and read the framed messages it prints. Killed if the test ends with it running.
/// Its mutable state is guarded by `condition` (a reading thread fills it).
final class LanguageServerProcess: @unchecked Sendable {
    /// Generous: an upper bound for "it happened", never a measurement.
    static let timeout: TimeInterval = 20

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorCapture: URL
    private let condition = NSCondition()
    /// Guarded by `condition`: bytes read from standard output and not yet taken.
    private var buffer: [UInt8] = []
    /// Guarded by `condition`: standard output was closed.
    private var ended = false
    /// Messages read but not yet taken by ``next(where:)`` (used on the test's thread only).
    private var skipped: [[String: Any]] = []
    /// Guarded by `condition`: every byte standard output ever carried.
    private(set) var everything: [UInt8] = []

    /// Starts `todofmt lsp arguments` in `directory`.
    init(_ arguments: [String] = [], in directory: URL, environment: [String: String] = [:]) throws {
        process.executableURL = try Todofmt.binary()
        process.arguments = ["lsp"] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        errorCapture = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-lsp-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorCapture.path, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorCapture)
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            while true {
                let data = handle.availableData
                guard let self else { return }
                self.condition.lock()
                if data.isEmpty { self.ended = true } else {
                    self.buffer += data
                    self.everything += data
                }
                self.condition.broadcast()
                self.condition.unlock()
                if data.isEmpty { return }
            }
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorCapture)
    }

    /// What the server wrote to standard error.
    var stderr: String { (try? String(contentsOf: errorCapture, encoding: .utf8)) ?? "" }

    /// Writes raw bytes to the server's standard input.
    func write(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// A message as it goes over the wire.
    static func framed(_ object: [String: Any]) -> [UInt8] {
        let body = try! JSONSerialization.data(withJSONObject: object)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Closes the server's standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next message the server printed, or nil when none came in time (or output ended).
    func next(timeout: TimeInterval = LanguageServerProcess.timeout) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let (body, used) = Self.frame(in: buffer) {
                buffer.removeFirst(used)
                return (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? ["unreadable": body]
            }
            if ended { return nil }
            guard condition.wait(until: deadline) else { return nil }
        }
    }

    /// The first message the predicate accepts; the others are kept for later calls.
    func next(where accepts: ([String: Any]) -> Bool) -> [String: Any]? {
        if let index = skipped.firstIndex(where: accepts) { return skipped.remove(at: index) }
        while let message = next() {
            if accepts(message) { return message }
            skipped.append(message)
        }
        return nil
    }

    /// One complete frame at the start of `bytes`: its body and how many bytes it took.
    static func frame(in bytes: [UInt8]) -> ([UInt8], Int)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4, let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            return nil
        }
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)),
              bytes.count >= end + 4 + length else { return nil }
        return (Array(bytes[(end + 4)..<(end + 4 + length)]), end + 4 + length)
    }

    /// Waits for the process to end; its exit status, or nil when it did not end in time.
    func waitForExit() -> Int32? {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// Every byte of standard output read as frames: true when nothing else was printed.
    func printedOnlyProtocol() -> Bool {
        condition.lock()
        var rest = everything
        condition.unlock()
        while !rest.isEmpty {
            guard let (body, used) = Self.frame(in: rest), (try? JSONSerialization.jsonObject(with: Data(body))) != nil else { return false }
            rest.removeFirst(used)
        }
        return true
    }
}
