// Measures `todofmt watch` latency: from an editor's atomic save (the rename of its temporary
// file over the todo file) to the formatted file on disk.
//
// usage: swift Scripts/watch-latency.swift PATH-TO-TODOFMT [SAVES]
//
// Starts `todofmt watch` on a todo file in a fresh temporary directory, then SAVES times (default
// 50, after 3 warm-up saves) writes a non-canonical version of the file (a task ticked above open
// ones) to a temporary file and renames it over the original, and waits until the file on disk
// is the canonical version (inotify on Linux, a tight stat loop elsewhere). Prints one Markdown
// table row with the median and the worst time on standard output, details on standard error.
// Exits 1 if a save is not formatted within 5 s, or if todofmt does not end cleanly.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("watch-latency: \(message)\n".utf8))
    exit(1)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data("watch-latency: \(message)\n".utf8))
}

func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func milliseconds(_ nanoseconds: UInt64) -> String {
    String(Double(nanoseconds / 10_000) / 100)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: watch-latency PATH-TO-TODOFMT [SAVES]") }
let todofmt = arguments[1]
let saves = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 50
guard saves >= 1 else { fail("SAVES must be a positive number") }
let warmUp = 3
let today = "2026-11-21"

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-watch-latency-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("todos.md").path
let temporary = directory.appendingPathComponent(".todos.md.editor-tmp").path

/// A realistic small list with task `ticked` done and still above the open ones.
func save(_ index: Int) -> [UInt8] {
    var text = "# Todos\n\nSome notes about this list.\n\n## This week\n\n"
    for task in 0..<20 {
        let mark = task == index % 20 ? "x" : " "
        text += "- [\(mark)] task \(task) of save \(index) due:2026-12-\(10 + task)\n"
    }
    text += "\n## Later\n\n- [ ] something else priority:low\n"
    return Array(text.utf8)
}

/// What `todofmt --today` makes of `bytes` (the formatter itself, not a copy of its rules).
func formatted(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: todofmt)
    process.arguments = ["--today", today]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let result = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fail("todofmt could not format save \(bytes.count)") }
    return Array(result)
}

func writeFile(_ target: String, _ bytes: [UInt8]) {
    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { fail("cannot write \(target)") }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { fail("short write to \(target)") }
    close(descriptor)
}

func readFile(_ target: String) -> [UInt8]? {
    let descriptor = open(target, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { return count == 0 ? bytes : nil }
        bytes += chunk[0..<count]
    }
}

// Wakes the waiting loop when something in the directory changes.
#if os(Linux)
let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
guard inotify >= 0 else { fail("inotify_init1 failed") }
guard inotify_add_watch(inotify, directory.path, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE | IN_CREATE)) >= 0 else {
    fail("inotify_add_watch failed")
}
func waitForActivity() {
    var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, 100)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while buffer.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 {}
}
#else
func waitForActivity() {
    usleep(100)
}
#endif

/// Waits until the file holds `expected`; returns when that was first seen, or nil after 5 s.
func waitFor(_ expected: [UInt8]) -> UInt64? {
    let deadline = now() + 5_000_000_000
    while now() < deadline {
        if readFile(path) == expected { return now() }
        waitForActivity()
    }
    return nil
}

let total = warmUp + saves
let contents = (0..<total).map(save)
let expected = try contents.map(formatted)
for (index, (content, canonical)) in zip(contents, expected).enumerated() where content == canonical {
    fail("save \(index) is already canonical; the benchmark needs saves that todofmt changes")
}

writeFile(path, Array("# Todos\n".utf8))
let log = directory.appendingPathComponent("stderr").path
_ = FileManager.default.createFile(atPath: log, contents: nil)
let watch = Process()
watch.executableURL = URL(fileURLWithPath: todofmt)
watch.arguments = ["watch", "--today", today, path]
watch.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
watch.standardInput = FileHandle.nullDevice
try watch.run()
let startDeadline = now() + 10_000_000_000
while !(readFile(log).map { String(decoding: $0, as: UTF8.self).contains("todofmt: watching 1 file") } ?? false) {
    guard watch.isRunning, now() < startDeadline else { fail("todofmt watch did not start") }
    usleep(1_000)
}

var latencies: [UInt64] = []
for index in 0..<total {
    writeFile(temporary, contents[index])
    let start = now()
    guard rename(temporary, path) == 0 else { fail("rename failed") }
    guard let end = waitFor(expected[index]) else {
        kill(watch.processIdentifier, SIGKILL)
        fail("save \(index) was not formatted within 5 s")
    }
    if index >= warmUp { latencies.append(end - start) }
    // A quiet moment, so that every save is a burst of its own.
    usleep(100_000)
}

kill(watch.processIdentifier, SIGINT)
watch.waitUntilExit()
guard watch.terminationReason == .exit, watch.terminationStatus == 0 else { fail("todofmt watch did not exit 0 on SIGINT") }
let lines = String(decoding: readFile(log) ?? [], as: UTF8.self).split(separator: "\n")
let formattedLines = lines.filter { $0.hasSuffix(": formatted") }.count
guard formattedLines == total else { fail("expected \(total) 'formatted' lines, got \(formattedLines)") }

let sorted = latencies.sorted()
let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
note("\(saves) saves: best \(milliseconds(sorted[0])) ms, median \(milliseconds(median)) ms, "
     + "p90 \(milliseconds(p90)) ms, worst \(milliseconds(sorted[sorted.count - 1])) ms")
print("| watch: atomic save → formatted file on disk (\(saves) saves) | median \(milliseconds(median)) ms | worst \(milliseconds(sorted[sorted.count - 1])) ms |")
