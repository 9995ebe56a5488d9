import XCTest
@testable import TodoKit

/// Judges the formatter against every example of the GFM spec (`../shared/gfm-spec`, skipped when absent).
final class GFMSpecTests: XCTestCase {
    private static let files = ["examples.json", "extension-examples.json"]

    private func examples() throws -> [(label: String, example: GFMExample)] {
        var all: [(String, GFMExample)] = []
        for file in GFMSpecTests.files {
            let examples = try SharedMaterial.gfmExamples(file)
            XCTAssertFalse(examples.isEmpty, "\(file) holds no examples")
            all += examples.map { ("\(file) #\($0.number) (\($0.section))", $0) }
        }
        return all
    }

    private func sweep(_ checks: [FormatterCheck], judge: RenderingJudge? = nil,
                       where include: (GFMExample) -> Bool = { _ in true }) throws -> Int {
        var log = FailureLog()
        var checked = 0
        for (label, example) in try examples() where include(example) {
            checked += 1
            let bytes = Array(example.markdown.utf8)
            for check in checks {
                if let problem = try check.problem(in: bytes, judge: judge) {
                    log.record(label, "\(check.rawValue): \(problem)\n  input: \(SwiftLiteral.of(bytes))")
                }
            }
        }
        log.report(checks.map(\.rawValue).joined(separator: "+"), checked: checked)
        return checked
    }

    func testEveryExampleRoundTripsLosslessly() throws {
        _ = try sweep([.lossless])
    }

    func testEveryExampleFormatsAndIsIdempotent() throws {
        _ = try sweep([.formats, .idempotent])
    }

    /// An example whose spec rendering has no checkbox comes out of the formatter byte for byte.
    func testExamplesWithoutCheckboxesComeOutUnchanged() throws {
        var log = FailureLog()
        var checked = 0
        for (label, example) in try examples() where !example.rendersCheckbox {
            checked += 1
            let bytes = Array(example.markdown.utf8)
            do {
                let output = try FormatterCheck.formatter.format(utf8: bytes)
                if output != bytes {
                    log.record(label, "output differs:\n\(FormatterCheck.firstDifference(bytes, output))\n  input: \(SwiftLiteral.of(bytes))")
                }
            } catch {
                log.record(label, "formatting fails: \(error)\n  input: \(SwiftLiteral.of(bytes))")
            }
        }
        XCTAssertGreaterThan(checked, 600)
        log.report("examples without checkboxes", checked: checked)
    }

    /// Examples with tasks are formatted and must render as before, up to what the rules allow.
    func testExamplesWithTasksRenderAlike() throws {
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
        let checked = try sweep([.rendersAlike], judge: judge, where: \.rendersCheckbox)
        XCTAssertEqual(checked, 5, "the spec files are expected to hold five task-list examples")
    }

    /// Every task item the renderer shows with a checkbox is a task for the parser too.
    func testParserFindsEveryTaskTheRendererShows() throws {
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
        _ = try sweep([.findsRenderedTasks], judge: judge, where: \.rendersCheckbox)
    }

    /// The judge's renderer, with the flags it picked, renders the extension spec's task-list examples
    /// exactly as the spec says; otherwise the rendering judgements would mean nothing.
    func testJudgeRendererMatchesTheSpecOnTaskLists() throws {
        let renderer = try CmarkRenderer.required()
        let taskExamples = try SharedMaterial.gfmExamples("extension-examples.json").filter(\.rendersCheckbox)
        XCTAssertFalse(taskExamples.isEmpty)
        for example in taskExamples {
            XCTAssertEqual(try renderer.render(Array(example.markdown.utf8)), example.html, "extension example \(example.number)")
        }
    }
}
