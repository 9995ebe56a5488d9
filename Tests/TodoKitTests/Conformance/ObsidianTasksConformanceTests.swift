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
        let notReadYet = ObsidianTasksCase.Features.notReadYet
        for (c, needed) in cases {
            XCTAssertFalse(needed.isEmpty, "\(c.name): needs nothing")
            XCTAssertTrue(notReadYet.isSuperset(of: needed),
                          "\(c.name): needs \(needed), but todofmt reads \(needed.subtracting(notReadYet)): check the case")
            XCTAssertTrue(needed.isSuperset(of: c.statedFeatures.intersection(notReadYet)),
                          "\(c.name): states \(c.statedFeatures) but needs only \(needed)")
        }
    }

    /// Every input of the table, listed cases included, prints back byte for byte and formats with
    /// stamping and sinking on in each field style (the verifier accepts it), idempotently.
    func testEveryInputFormatsWithStampingAndSinking() {
        for c in ObsidianTasksCase.all {
            XCTAssertEqual(Self.document(c.input, as: c).text, c.input, "\(c.name): printing the parsed input changes it")
            for style in FieldStyle.allCases {
                let formatter = TodoFormatter(options: Self.options(style, stamping: true, for: c))
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
    /// facts todofmt does not read yet (``ObsidianTasksCase/Features/notReadYet``), listed cases
    /// need only such features, and every difference says why; prints the counts.
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
            let notReadYet = ObsidianTasksCase.Features.notReadYet
            if let needed = c.neededFeatures {
                XCTAssertTrue(notReadYet.isSuperset(of: needed), "\(c.name): needs \(needed), which todofmt reads: check it")
            } else {
                XCTAssertTrue(c.statedFeatures.isDisjoint(with: notReadYet),
                              "\(c.name): states \(c.statedFeatures.intersection(notReadYet)) but is checked")
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

    /// `text` read as the case's source reads it: with the case's global filter, if it has one.
    static func document(_ text: String, as c: ObsidianTasksCase) -> TodoDocument {
        TodoDocument(parsed: ParsedDocument(validated: Array(text.utf8), globalFilter: c.globalFilter))
    }

    /// The options formatting runs with for the case in `style`: stamping and sinking both on or
    /// both off (the checks run with them off, so that only the facts of the line are compared).
    static func options(_ style: FieldStyle, stamping: Bool, for c: ObsidianTasksCase) -> FormatOptions {
        FormatOptions(fieldStyle: style, stampDates: stamping, sinkCompleted: stamping, today: today, globalFilter: c.globalFilter)
    }

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
        problems += check(c, in: document(c.input, as: c), phase: "input", mark: c.mark)
        for style in FieldStyle.allCases {
            let formatter = TodoFormatter(options: options(style, stamping: false, for: c))
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
            let readBack = document(output, as: c)
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
    /// Every field is compared by value (``comparable(_:)``): a recurrence rule as a
    /// ``RecurrenceRule``, so that `every Monday` and todofmt's `every week on Monday` (or plain
    /// style's `rec:+1w` and `every week`) are the same fact; dependencies as a list of ids; the
    /// on-completion action whatever its case in the table.
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
        let actualFields = task.fields.map { ($0.key, $0.value) }
        let expected = expectedFields(c)
        if comparable(actualFields) != comparable(expected) {
            problems.append("\(phase): fields are \(String(reflecting: fieldsText(actualFields))), expected \(String(reflecting: fieldsText(expected)))")
        }
        for tag in c.tags where !containsTag(tag, in: task.title) {
            problems.append("\(phase): tag \(tag) is not in the title")
        }
        return problems
    }

    /// The fields a case expects. A table entry todofmt cannot hold as a value (a date that is no
    /// day, a rule outside the grammar, an action other than keep or delete) is kept as a
    /// ``Field/Value/relative(_:)`` saying so under its key, which no field read from a line equals (``comparable(_:)``
    /// tells ids from other values), so the case fails with the entry in its message.
    static func expectedFields(_ c: ObsidianTasksCase) -> [(FieldKey, Field.Value)] {
        var fields: [(FieldKey, Field.Value)] = []
        if let id = c.id { fields.append((.id, .text(id))) }
        if !c.dependsOn.isEmpty { fields.append((.dependsOn, .text(c.dependsOn.joined(separator: ",")))) }
        if let priority = c.priority { fields.append((.priority, .priority(priority))) }
        if let text = c.recurrence {
            let rule = RecurrenceRule(phrase: text) ?? RecurrenceRule(text)
            fields.append((.recurrence, rule.map { .recurrence($0) } ?? .relative("not a rule: \(text)")))
        }
        if let text = c.onCompletion {
            let action = OnCompletion(rawValue: text.lowercased())
            fields.append((.onCompletion, action.map { .onCompletion($0) } ?? .relative("not an action: \(text)")))
        }
        for (key, text) in c.dates {
            fields.append((key, Day(text).map { .day($0) } ?? .relative("not a day: \(text)")))
        }
        return fields
    }

    /// One field's fact in a form compared by value.
    enum FieldFact: Hashable {
        /// A value compared as it is (days, priorities, rules, actions, an id, a relative date).
        case value(Field.Value)
        /// ``FieldKey/dependsOn``: the ids in order, without the white space around them.
        case ids([String])
    }

    /// Fields by key, each as a ``FieldFact``; a key read twice keeps every value (so that it
    /// shows as a mismatch rather than being hidden).
    static func comparable(_ fields: [(FieldKey, Field.Value)]) -> [FieldKey: [FieldFact]] {
        var facts: [FieldKey: [FieldFact]] = [:]
        for (key, value) in fields {
            let fact: FieldFact
            if key == .dependsOn, case .text(let text) = value {
                fact = .ids(text.split(separator: ",", omittingEmptySubsequences: false)
                    .map { String($0.trimmingCharacters(in: .whitespaces)) })
            } else {
                fact = .value(value)
            }
            facts[key, default: []].append(fact)
        }
        return facts
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
