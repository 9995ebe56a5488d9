import Foundation
import XCTest

/// The `todofmt` steps of README.md's GitHub Actions job (between `<!-- github-actions:start -->`
/// and `-end -->`), run with `sh -c` as a runner would, with `GITHUB_ACTIONS=true`, in a checked-out
/// repository with the built `todofmt` on the PATH.
final class GitHubActionsStepTests: XCTestCase {
    /// The `run:` commands of the job that start with `todofmt`, in order.
    static func steps() throws -> [String] {
        let text = try String(contentsOf: GitHookTests.readme, encoding: .utf8)
        guard let start = text.range(of: "<!-- github-actions:start -->\n"),
              let end = text.range(of: "<!-- github-actions:end -->", range: start.upperBound..<text.endIndex) else {
            XCTFail("README.md has no github-actions markers")
            return []
        }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("run: todofmt ") else { return nil }
            return String(trimmed.dropFirst("run: ".count))
        }
    }

    /// Runs every step in a repository holding `todos` as `plans/todos.md` and a canonical
    /// `TODO.md`; returns each step's result.
    private func runSteps(todos: String) throws -> [GitRepository.Result] {
        let steps = try Self.steps()
        XCTAssertEqual(steps.count, 2, "expected a check and a lint step: \(steps)")
        let repository = try GitRepository(environment: ["GITHUB_ACTIONS": "true"])
        try repository.write("plans/todos.md", todos)
        try repository.write("TODO.md", Samples.canonical)
        try repository.run("add", ".")
        try repository.run("commit", "-q", "-m", "todos")
        return try steps.map { try repository.execute("/bin/sh", ["-c", $0]) }
    }

    func testStepsPassOnCanonicalTodos() throws {
        let results = try runSteps(todos: Samples.canonical)
        for result in results {
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertEqual(result.output, "")
        }
    }

    func testStepsFailAndAnnotateWrongTodos() throws {
        let results = try runSteps(todos: Samples.messy + "- [ ] Pay rent due:2026-02-30\n")
        guard results.count == 2 else { return }
        let check = results[0], lint = results[1]
        XCTAssertEqual(check.status, 1, check.output)
        XCTAssertTrue(check.output.contains("plans/todos.md"), check.output)
        XCTAssertFalse(check.output.contains("TODO.md"), check.output)
        XCTAssertEqual(lint.status, 1, lint.output)
        XCTAssertTrue(lint.output.contains("::error file=plans/todos.md,line=6,col=16,title=TD001::"), lint.output)
        XCTAssertTrue(lint.output.contains("::warning file=plans/todos.md,line=3,col=3,title=TD003::"), lint.output)
    }
}
