import Foundation
import XCTest

/// Every reporting mode, format and exit status, run as a real process on each fixture in
/// `Fixtures/lint/`, compared with the expected output beside it.
///
/// For `NAME.md`, each variant's standard output is `NAME.VARIANT` (`NAME.text`, `NAME.check.json`,
/// `NAME.diff`, …), and `exit-status.tsv` lists every variant's exit status and standard error.
/// Record mode: `TODOFMT_RECORD=1 swift test --filter ReportFixtureTests` rewrites them; review
/// the diff before committing. Every run pins today to 2026-11-21.
final class ReportFixtureTests: XCTestCase {
    static let directory = LintCommandTests.directory

    /// A variant's name (the expected file's extension) and its arguments before the path.
    static let variants: [(name: String, arguments: [String])] = [
        ("text", ["lint", "--format", "text"]),
        ("json", ["lint", "--format", "json"]),
        ("github", ["lint", "--format", "github"]),
        ("sarif", ["lint", "--format", "sarif"]),
        ("check.text", ["--check"]),
        ("check.json", ["--check", "--format", "json"]),
        ("check.github", ["--check", "--format", "github"]),
        ("check.sarif", ["--check", "--format", "sarif"]),
        ("diff", ["--diff"]),
        ("diff.github", ["--diff", "--format", "github"]),
        ("diff.json", ["--diff", "--format", "json"]),
    ]

    private var recording: Bool { ProcessInfo.processInfo.environment["TODOFMT_RECORD"] == "1" }

    private func fixtures() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".md") && !$0.hasSuffix(".fixed.md") }.sorted()
    }

    func testEveryModeFormatAndExitStatus() throws {
        var statusLines: [String] = []
        var recorded: [String] = []
        for fixture in try fixtures() {
            let name = String(fixture.dropLast(3))
            let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(fixture)))
            for variant in Self.variants {
                let sandbox = try Sandbox()
                try sandbox.write(fixture, bytes: bytes)
                let result = try Todofmt.run(variant.arguments + ["--today", "2026-11-21", fixture], in: sandbox.url,
                                             environment: ["GITHUB_ACTIONS": "false"])
                // Reporting never changes the file.
                XCTAssertEqual(try sandbox.bytes(fixture), bytes, "\(name).\(variant.name)")
                let stderr = result.stderr.replacingOccurrences(of: "\n", with: "\\n")
                statusLines.append("\(name).\(variant.name)\t\(result.status)\t\(stderr)")
                let expectedURL = Self.directory.appendingPathComponent("\(name).\(variant.name)")
                if recording {
                    if (try? Data(contentsOf: expectedURL)) != Data(result.stdoutBytes) {
                        try Data(result.stdoutBytes).write(to: expectedURL)
                        recorded.append(expectedURL.lastPathComponent)
                    }
                    continue
                }
                let expected = try Data(contentsOf: expectedURL)
                XCTAssertEqual(result.stdout, String(decoding: expected, as: UTF8.self), "\(name).\(variant.name)")
                if variant.name.hasSuffix("json") || variant.name.hasSuffix("sarif") {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)), "\(name).\(variant.name)")
                }
            }
        }
        let statusURL = Self.directory.appendingPathComponent("exit-status.tsv")
        let statusTable = statusLines.joined(separator: "\n") + "\n"
        if recording {
            if (try? String(contentsOf: statusURL, encoding: .utf8)) != statusTable {
                try statusTable.write(to: statusURL, atomically: true, encoding: .utf8)
                recorded.append(statusURL.lastPathComponent)
            }
            if !recorded.isEmpty { XCTFail("TODOFMT_RECORD=1: rewrote \(recorded); review and commit them") }
            return
        }
        XCTAssertEqual(statusTable, try String(contentsOf: statusURL, encoding: .utf8))
        // Every exit status is exercised: 0 (clean), 1 (findings or changes) and 2 (unreadable input).
        XCTAssertEqual(Set(statusLines.map { $0.split(separator: "\t")[1] }), ["0", "1", "2"])
    }

    /// Under GitHub Actions, --check and lint default to workflow commands; --format still wins.
    func testGitHubActionsDefault() throws {
        let sandbox = try Sandbox()
        try sandbox.write("mixed.md", bytes: Array(try Data(contentsOf: Self.directory.appendingPathComponent("mixed.md"))))
        for (variant, arguments) in [("check.github", ["--check"]), ("github", ["lint"])] {
            let result = try Todofmt.run(arguments + ["--today", "2026-11-21", "mixed.md"], in: sandbox.url,
                                         environment: ["GITHUB_ACTIONS": "true"])
            let expected = try String(contentsOf: Self.directory.appendingPathComponent("mixed.\(variant)"), encoding: .utf8)
            XCTAssertEqual(result.stdout, expected, variant)
        }
        let text = try Todofmt.run(["--check", "--format", "text", "--today", "2026-11-21", "mixed.md"], in: sandbox.url,
                                   environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(text.stdout, try String(contentsOf: Self.directory.appendingPathComponent("mixed.check.text"), encoding: .utf8))
    }
}
