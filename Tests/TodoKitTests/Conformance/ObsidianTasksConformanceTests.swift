import XCTest
@testable import TodoKit

/// Obsidian Tasks conformance: every case of ``ObsidianTasksCase/all`` that todofmt supports is
/// read from its input as the case says, formatted under each field style (no stamping, no
/// sinking) and read back with the same facts, and the output is a fixed point. Cases that need
/// what todofmt does not do yet are listed and counted, never skipped silently.
final class ObsidianTasksConformanceTests: XCTestCase {
    /// The day formatting runs with (nothing is stamped, but the options need one).
    static let today = Day("2026-11-21")!

    /// Each supported case: the facts Obsidian Tasks reads, in the input and in every style's output.
    func testSupportedCasesReadAndFormatAsObsidianTasksReadsThem() {
        let cases = ObsidianTasksCase.all.filter { if case .supported = $0.support { true } else { false } }
        XCTAssertFalse(cases.isEmpty)
        for conformanceCase in cases {
            Self.report(conformanceCase, Self.problems(conformanceCase))
        }
    }

    /// Each case where todofmt differs on purpose holds todofmt's documented reading instead.
    func testCasesThatDifferOnPurposeFollowTheFormatSpecification() {
        let cases = ObsidianTasksCase.all.filter { $0.differenceReason != nil }
        XCTAssertFalse(cases.isEmpty)
        for conformanceCase in cases {
            Self.report(conformanceCase, Self.problems(conformanceCase))
        }
    }

    /// Cases that need a feature are listed with what they need and counted; each states the facts
    /// of that feature (a recurrence case says which rule), so it can be checked once the feature
    /// lands. The list also says whether the facts todofmt already reads (title, fields) match.
    func testCasesNeedingFeaturesAreListed() {
        let cases = ObsidianTasksCase.all.compactMap { c in c.neededFeatures.map { (c, $0) } }
        XCTAssertFalse(cases.isEmpty)
        var report = ["Obsidian Tasks cases not checked yet (\(cases.count)):"]
        for (feature, name) in ObsidianTasksCase.Features.named {
            let needing = cases.filter { $0.1.contains(feature) }
            report.append("  needs \(name): \(needing.count)")
            for (c, _) in needing {
                let readsTheRestAlready = Self.problems(c).isEmpty ? "rest already read alike" : "rest differs now"
                report.append("    \(c.name) [\(c.source)] (\(readsTheRestAlready))")
            }
        }
        print(report.joined(separator: "\n"))
        for (c, needed) in cases {
            XCTAssertFalse(needed.isEmpty, "\(c.name): needs nothing")
            XCTAssertTrue(needed.isSuperset(of: c.statedFeatures.subtracting(.globalFilter)),
                          "\(c.name): states \(c.statedFeatures) but needs only \(needed)")
            XCTAssertEqual(needed.contains(.globalFilter), c.globalFilter != nil,
                           "\(c.name): a global-filter case names its filter, and only such a case")
        }
    }

    /// Every input of the table, listed cases included, prints back byte for byte and formats with
    /// stamping and sinking on in each field style (the verifier accepts it), idempotently.
    func testEveryInputFormatsWithStampingAndSinking() {
        for c in ObsidianTasksCase.all {
            XCTAssertEqual(TodoDocument(c.input).text, c.input, "\(c.name): printing the parsed input changes it")
            for style in FieldStyle.allCases {
                let formatter = TodoFormatter(options: FormatOptions(fieldStyle: style, today: Self.today))
                do {
                    let once = try formatter.format(c.input)
                    XCTAssertEqual(try formatter.format(once), once, "\(c.name): \(style): not idempotent")
                } catch {
                    XCTFail("\(c.name): \(style): \(error)")
                }
            }
        }
    }

    /// Names are unique, sources are `path:line`, the line is in the input, only listed cases state
    /// facts todofmt does not read yet, and every difference says why; prints the counts.
    func testTableIsWellFormed() {
        let all = ObsidianTasksCase.all
        XCTAssertGreaterThanOrEqual(all.count, 150, "the table has shrunk")
        var names = Set<String>()
        for c in all {
            XCTAssertTrue(names.insert(c.name).inserted, "duplicate name \(c.name)")
            let parts = c.source.split(separator: ":")
            XCTAssertEqual(parts.count, 2, "\(c.name): source is not path:line: \(c.source)")
            XCTAssertNotNil(parts.last.flatMap { Int($0) }, "\(c.name): source has no line: \(c.source)")
            let lineCount = c.input.split(separator: "\n", omittingEmptySubsequences: false).count
            XCTAssertTrue((1...lineCount).contains(c.line), "\(c.name): line \(c.line) is not in the input")
            if c.neededFeatures == nil {
                XCTAssertTrue(c.statedFeatures.isEmpty, "\(c.name): states \(c.statedFeatures) but is checked")
            }
            if let why = c.differenceReason { XCTAssertFalse(why.isEmpty, "\(c.name): no reason") }
        }
        let counts = (
            supported: all.filter { if case .supported = $0.support { true } else { false } }.count,
            needs: all.filter { $0.neededFeatures != nil }.count,
            differs: all.filter { $0.differenceReason != nil }.count)
        print("Obsidian Tasks cases: \(all.count) (supported \(counts.supported), needs \(counts.needs), differs on purpose \(counts.differs))")
    }

    // MARK: - Checking one case

    /// One failure per failing case: its first problem, and how many more there are (the input's
    /// problems come first, then each style's).
    static func report(_ c: ObsidianTasksCase, _ problems: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let first = problems.first else { return }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more: \(problems.dropFirst().prefix(2).joined(separator: "; ")))" : ""
        XCTFail("\(c.name) [\(c.source)]: \(first)\(more)", file: file, line: line)
    }

    /// What is wrong with todofmt's reading of `c`: in its input, and in the output of formatting
    /// it under each field style read back; formatting that output again must change nothing.
    static func problems(_ c: ObsidianTasksCase) -> [String] {
        var problems: [String] = []
        let inputLine = line(c.line, of: c.input)
        problems += check(c, in: TodoDocument(c.input), phase: "input", mark: c.mark)
        for style in FieldStyle.allCases {
            let formatter = TodoFormatter(options: FormatOptions(
                fieldStyle: style, stampDates: false, sinkCompleted: false, today: today))
            let output: String
            do { output = try formatter.format(c.input) } catch {
                problems.append("\(style): formatting fails: \(error)")
                continue
            }
            if c.writtenByObsidian == style, output != c.input {
                problems.append("\(style): Obsidian Tasks wrote this line, and formatting changes it: \(String(reflecting: line(c.line, of: output)))")
            }
            if !c.isTask, line(c.line, of: output) != inputLine {
                problems.append("\(style): the line changed: \(String(reflecting: line(c.line, of: output)))")
            }
            let readBack = TodoDocument(output)
            problems += check(c, in: readBack, phase: "\(style) output \(String(reflecting: line(c.line, of: output)))",
                              mark: c.status.mark)
            if let task = task(at: c.line, in: readBack) {
                for field in task.fields where field.style != style {
                    problems.append("\(style): \(field.key) written in \(field.style)")
                }
            }
            do {
                let again = try formatter.format(output)
                if again != output {
                    problems.append("\(style): formatting the output changes it again: \(String(reflecting: line(c.line, of: again)))")
                }
            } catch {
                problems.append("\(style): formatting the output fails: \(error)")
            }
        }
        return problems
    }

    /// The problems with what `document` holds at the case's line; `mark` is the mark expected there.
    ///
    /// Recurrence, id, dependencies and on-completion action are not compared: ``TaskLine`` has no
    /// such facts yet, so a case that states them is `.needs(…)` (``testTableIsWellFormed()``
    /// enforces it). When a feature lands, compare its facts here and turn its cases `.supported`.
    static func check(_ c: ObsidianTasksCase, in document: TodoDocument, phase: String, mark: Unicode.Scalar) -> [String] {
        let task = task(at: c.line, in: document)
        guard c.isTask else {
            return task == nil ? [] : ["\(phase): read as a task titled \(String(reflecting: task!.title))"]
        }
        guard let task else { return ["\(phase): not read as a task"] }
        var problems: [String] = []
        func expect<T: Equatable>(_ what: String, _ actual: T, _ expected: T) {
            if actual != expected {
                problems.append("\(phase): \(what) is \(String(reflecting: actual)), expected \(String(reflecting: expected))")
            }
        }
        expect("title", task.title, c.title)
        expect("mark", task.mark, mark)
        expect("status", task.status, c.status)
        expect("block id", task.blockID, c.blockID)
        if let depth = c.depth { expect("depth", task.depth, depth) }
        expect("fields", fieldsText(task.fields.map { ($0.key, $0.value) }), fieldsText(expectedFields(c)))
        for tag in c.tags where !containsTag(tag, in: task.title) {
            problems.append("\(phase): tag \(tag) is not in the title")
        }
        return problems
    }

    /// The fields a case expects, in canonical order.
    static func expectedFields(_ c: ObsidianTasksCase) -> [(FieldKey, Field.Value)] {
        var fields: [(FieldKey, Field.Value)] = []
        if let priority = c.priority { fields.append((.priority, .priority(priority))) }
        for (key, text) in c.dates {
            guard let day = Day(text) else { return [(key, .priority(.lowest))] }  // a bad table entry shows as a mismatch
            fields.append((key, .day(day)))
        }
        return fields
    }

    /// Fields as sorted text, so that a mismatch reads well and order does not matter.
    static func fieldsText(_ fields: [(FieldKey, Field.Value)]) -> String {
        fields.sorted { $0.0 < $1.0 }.map { key, value in
            switch value {
            case .day(let day): "\(key.rawValue)=\(day)"
            case .priority(let priority): "\(key.rawValue)=\(priority.rawValue)"
            case .recurrence(let rule): "\(key.rawValue)=\(rule)"
            case .onCompletion(let action): "\(key.rawValue)=\(action)"
            case .text(let text), .relative(let text): "\(key.rawValue)=\(text)"
            }
        }.joined(separator: " ")
    }

    /// Whether `tag` stands in `title` at the start or after white space, as Obsidian Tasks finds tags.
    static func containsTag(_ tag: String, in title: String) -> Bool {
        var rest = title[...]
        while let range = rest.range(of: tag) {
            if range.lowerBound == title.startIndex || title[title.index(before: range.lowerBound)].isWhitespace {
                return true
            }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// The task whose checkbox is on `line`, if any.
    static func task(at line: Int, in document: TodoDocument) -> TaskLine? {
        document.tasks.first { $0.location.line == line }
    }

    /// Line `number` (1-based) of `text`, without its ending.
    static func line(_ number: Int, of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number <= lines.count ? String(lines[number - 1]) : ""
    }
}
