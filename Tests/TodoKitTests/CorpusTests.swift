import XCTest
@testable import TodoKit

/// Judges the formatter against real-world todo files from `../shared/corpus` (skipped when absent).
final class CorpusTests: XCTestCase {
    private func corpus() throws -> [(name: String, bytes: [UInt8])] {
        let files = try SharedMaterial.corpusFiles()
        XCTAssertFalse(files.isEmpty, "the corpus directory holds no .md files")
        return try files.map { ($0.lastPathComponent, try SharedMaterial.bytes(of: $0)) }
    }

    private func sweep(_ checks: [FormatterCheck], judge: RenderingJudge? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try corpus()
        var log = FailureLog()
        for (name, bytes) in files {
            for check in checks {
                if let problem = try check.problem(in: bytes, judge: judge) {
                    log.record(name, "\(check.rawValue): \(problem)")
                }
            }
        }
        log.report(checks.map(\.rawValue).joined(separator: "+"), checked: files.count, file: file, line: line)
    }

    func testEveryFileRoundTripsLosslessly() throws {
        try sweep([.lossless])
    }

    func testEveryFileFormatsAndIsIdempotent() throws {
        try sweep([.formats, .idempotent])
    }

    /// Files without tasks come out byte for byte; "without tasks" is decided by parsing, and every
    /// file FILES.tsv lists with no task items is checked that way.
    func testFilesWithoutTasksComeOutUnchanged() throws {
        let files = try corpus()
        let counts = try SharedMaterial.corpusTaskCounts()
        var log = FailureLog()
        var withoutTasks = 0
        for (name, bytes) in files {
            let document = try TodoDocument(utf8: bytes)
            if document.tasks.isEmpty {
                withoutTasks += 1
                let output = try FormatterCheck.formatter.format(utf8: bytes)
                if output != bytes { log.record(name, FormatterCheck.firstDifference(bytes, output)) }
            } else if counts[name] == 0 {
                // FILES.tsv counts GFM task items; the format rules also count marks like `[+]`, `[~]`,
                // an empty `- [ ]` and tasks in block quotes. Such a file must still format cleanly.
                if let problem = try FormatterCheck.idempotent.problem(in: bytes) ?? FormatterCheck.formats.problem(in: bytes) {
                    log.record(name, problem)
                }
            }
        }
        XCTAssertGreaterThan(withoutTasks, 0, "no corpus file parsed without tasks; the sweep proved nothing")
        log.report("files without tasks", checked: files.count)
    }

    /// Every task item GitHub renders with a checkbox is a task for the parser too.
    func testParserFindsEveryTaskGitHubRenders() throws {
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
        try sweep([.findsRenderedTasks], judge: judge)
    }

    func testEveryFileRendersAlikeAfterFormatting() throws {
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
        try sweep([.rendersAlike], judge: judge)
    }
}
