// todofmt-store-bench: TodoStore's operations in-process on a generated file (issue 13), each
// timed with its save (FileTodoStorage: temporary file, fsync, atomic swap).
//
//     todofmt-store-bench [--runs N] [--todos N[,N...]] [--sections N] [--load-only] DIRECTORY
//
// For every size it writes DIRECTORY/store-N.md (`- [ ] task K due:2026-12-DD` under four
// headings, or `--sections`), then prints one line per operation:
//
//     store | 10000 todos | 309023 bytes | toggle | runs 30 | median 1.23 ms | p90 1.50 ms | CPU median … | CPU p90 …
//
// Built by `make bench` beside the todofmt binary; not part of the shipped product.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TodoKit

/// The command line: `--runs`, `--todos`, and the directory for the generated files.
struct Arguments {
    var runs = 30
    var sizes = [10_000, 100_000]
    /// How many headings the todos are under.
    var sections = 4
    var directory = ""
    /// Only load (`--load-only`, for profiling the load alone).
    var loadOnly = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = rest.popFirst().flatMap { Int($0) } ?? runs
            case "--todos": sizes = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--sections": sections = rest.popFirst().flatMap { Int($0) } ?? sections
            case "--load-only": loadOnly = true
            default: directory = argument
            }
        }
        if directory.isEmpty || runs < 1 || sizes.isEmpty {
            fail("usage: todofmt-store-bench [--runs N] [--todos N[,N...]] [--sections N] [--load-only] DIRECTORY", status: 2)
        }
    }
}

/// Nanoseconds on `clock`.
func nanoseconds(_ clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
}

/// Durations of one operation, in nanoseconds: wall time, and the process's CPU time (which
/// leaves out waiting for the disk to flush).
struct Samples {
    var wall: [Double] = []
    var cpu: [Double] = []

    mutating func time(_ body: () async throws -> Void) async rethrows {
        let (wallStart, cpuStart) = (nanoseconds(CLOCK_MONOTONIC), nanoseconds(CLOCK_PROCESS_CPUTIME_ID))
        try await body()
        cpu.append(nanoseconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart)
        wall.append(nanoseconds(CLOCK_MONOTONIC) - wallStart)
    }
}

/// The value below which `fraction` of `values` lie (nearest rank).
func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
}

/// The generated file: `count` open todos under `sections` headings, with a paragraph and a note list.
func document(todos count: Int, sections: Int) -> [UInt8] {
    var text = "# Todos\n\nGenerated for the store benchmark.\n\n- a note, not a task\n- another note\n"
    for section in 0..<sections {
        text += "\n## Area \(section + 1)\n\n"
        for k in stride(from: section * count / sections, to: (section + 1) * count / sections, by: 1) {
            let day = k % 28 + 1
            text += "- [ ] task \(k + 1) due:2026-12-\(day < 10 ? "0" : "")\(day)\n"
        }
    }
    return Array(text.utf8)
}

/// Prints `message` to standard error and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

func save(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { fail("todofmt-store-bench: cannot write \(path)") }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

func report(_ todos: Int, _ size: Int, _ name: String, _ samples: Samples) {
    func ms(_ ns: Double) -> String {
        let hundredths = Int((ns / 1e4).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }
    print("store | \(todos) todos | \(size) bytes | \(name) | runs \(samples.wall.count) | median \(ms(quantile(samples.wall, 0.5))) | "
          + "p90 \(ms(quantile(samples.wall, 0.9))) | CPU median \(ms(quantile(samples.cpu, 0.5))) | CPU p90 \(ms(quantile(samples.cpu, 0.9)))")
}

func run(todos count: Int, sections: Int, runs: Int, directory: String, loadOnly: Bool) async throws {
    let path = directory + "/store-\(count).md"
    let bytes = document(todos: count, sections: sections)
    save(bytes, to: path)
    defer { unlink(path) }
    let options = TodoStore.Options(today: { Day(year: 2026, month: 11, day: 21)! })

    var load = Samples()
    for _ in 0..<runs {
        let fresh = TodoStore(storage: FileTodoStorage(path: path), options: options)
        // Loading as an app does it: the file read and parsed, and the todos it shows made.
        try await load.time { _ = try await fresh.load().todos.count }
    }
    report(count, bytes.count, "load", load)
    if loadOnly { return }

    let store = TodoStore(storage: FileTodoStorage(path: path), options: options)
    let list = try await store.load()
    // A todo in the middle of the second list, and one near the end of the third.
    guard let middle = list.id(atLine: line(ofTask: count * 3 / 8, in: bytes)),
          let other = list.id(atLine: line(ofTask: count * 5 / 8 + 7, in: bytes)) else {
        fail("todofmt-store-bench: the generated tasks are not where expected")
    }
    var toggle = Samples(), undo = Samples(), add = Samples(), edit = Samples(), move = Samples(), remove = Samples()
    for run in 0..<runs {
        try await toggle.time { try await store.toggle(middle) }
        try await undo.time { try await store.undo() }
        var added: TodoID?
        try await add.time { added = try await store.add("Benchmark task \(run)", due: Day(year: 2026, month: 12, day: 24)) }
        try await edit.time { try await store.setTitle("task renamed \(run)", of: other) }
        try await move.time { try await store.move(other, toOpenIndex: run % 2 == 0 ? 3 : 700) }
        try await remove.time { try await store.remove(added!) }
    }
    for (name, samples) in [("toggle", toggle), ("undo", undo), ("add", add), ("edit", edit), ("move", move), ("remove", remove)] {
        report(count, bytes.count, name, samples)
    }
}

/// The 1-based line of the generated task with 0-based number `k`.
func line(ofTask k: Int, in bytes: [UInt8]) -> Int {
    let wanted = Array("- [ ] task \(k + 1) ".utf8)
    var line = 1, start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
        if index - start >= wanted.count && Array(bytes[start..<(start + wanted.count)]) == wanted { return line }
        line += 1
        start = index + 1
    }
    return 0
}

let arguments = Arguments(CommandLine.arguments)
for size in arguments.sizes {
    try await run(todos: size, sections: arguments.sections, runs: arguments.runs, directory: arguments.directory,
                  loadOnly: arguments.loadOnly)
}
