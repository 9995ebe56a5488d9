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

    /// With the bullet and indentation options: every file formats, is idempotent and renders alike
    /// (bullets do not show in HTML; indentation must not change nesting or code). Also reports how
    /// many files the options changed, so that the sweep is known to have exercised them.
    func testEveryFileFormatsAndRendersAlikeWithBulletAndIndentation() throws {
        let files = try corpus()
        let renderer = try CmarkRenderer.required()
        var log = FailureLog()
        var changedByOptions = 0
        for options in FormatterCheck.markerOptions {
            let judge = RenderingJudge(renderer: renderer, today: FormatterCheck.today, options: options)
            for (name, bytes) in files {
                for check in [FormatterCheck.formats, .idempotent, .rendersAlike] {
                    if let problem = try check.problem(in: bytes, judge: judge, options: options) {
                        log.record("\(name) (bullet \(options.bullet), indentation \(options.indentation.map(String.init) ?? "kept"))",
                                   "\(check.rawValue): \(problem)")
                    }
                }
                if let plain = try? FormatterCheck.formatter.format(utf8: bytes),
                   let marked = try? TodoFormatter(options: options).format(utf8: bytes), plain != marked {
                    changedByOptions += 1
                }
            }
        }
        XCTAssertGreaterThan(changedByOptions, files.count, "the options changed too few corpus files to prove anything")
        log.report("corpus with bullet/indentation", checked: files.count * FormatterCheck.markerOptions.count)
    }
}
