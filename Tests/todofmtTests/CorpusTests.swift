import Foundation
import XCTest

/// Every mode on the real-world todo files in `../shared/corpus` (skipped when it is absent).
final class CorpusTests: XCTestCase {
    private func corpus() throws -> (URL, [String]) {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted() ?? []
        try XCTSkipIf(names.isEmpty, "no corpus at \(directory.path)")
        return (directory, names)
    }

    /// `--diff` applied with `patch -p1` gives exactly what in-place formatting writes, and
    /// `--check` names exactly the files the diff touches.
    func testDiffCheckAndInPlaceAgree() throws {
        guard let patch = Todofmt.which("patch") else { throw XCTSkip("patch is not installed") }
        let (directory, names) = try corpus()
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("formatted"), withIntermediateDirectories: true)
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            try sandbox.write(name, bytes: bytes)
            try sandbox.write("formatted/" + name, bytes: bytes)
        }

        let inPlace = try Todofmt.run(["--today", Samples.today] + names.map { "formatted/" + $0 }, in: sandbox.url)
        XCTAssertEqual(inPlace.status, 0, inPlace.stderr)
        XCTAssertEqual(inPlace.stderr, "")
        let changed = try names.filter { try sandbox.bytes($0) != sandbox.bytes("formatted/" + $0) }
        XCTAssertFalse(changed.isEmpty, "the corpus should hold files that need formatting")

        let check = try Todofmt.run(["--check", "--today", Samples.today] + names, in: sandbox.url)
        XCTAssertEqual(check.status, 1)
        // One or more `path:line:1: error: … [TD000]` lines per changed file, sorted by path.
        let lines = check.stdout.split(separator: "\n")
        for line in lines {
            XCTAssertNotNil(line.wholeMatch(of: /[^:]+:[0-9]+:1: error: would (reformat|insert) .+ \[TD000\]/), String(line))
        }
        var reported: [String] = []
        for line in lines {
            let path = String(line.split(separator: ":")[0])
            if reported.last != path { reported.append(path) }
        }
        XCTAssertEqual(reported, changed.sorted())
        XCTAssertEqual(check.stderr, "")

        let diff = try Todofmt.run(["--diff", "--today", Samples.today] + names, in: sandbox.url)
        XCTAssertEqual(diff.status, 1)
        XCTAssertEqual(diff.stderr, "")
        let patched = diff.stdout.split(separator: "\n").filter { $0.hasPrefix("+++ b/") }.map { String($0.dropFirst(6)) }
        XCTAssertEqual(patched, changed)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: patch)
        process.currentDirectoryURL = sandbox.url
        try Data(diff.stdoutBytes).write(to: URL(fileURLWithPath: sandbox.path("changes.diff")))
        process.arguments = ["-p1", "-s", "-i", "changes.diff"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "patch -p1 rejected the diff")
        for name in names {
            XCTAssertEqual(try sandbox.bytes(name), try sandbox.bytes("formatted/" + name), name)
        }

        let again = try Todofmt.run(["--check", "--today", "2030-01-01"] + names, in: sandbox.url)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    }
}
