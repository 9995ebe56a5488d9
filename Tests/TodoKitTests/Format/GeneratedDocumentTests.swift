import XCTest
@testable import TodoKit

/// Properties of the formatter over thousands of generated documents (fixed seeds, reproducible).
final class GeneratedDocumentTests: XCTestCase {
    /// The first seed; case `i` uses `firstSeed + i`.
    private static let firstSeed: UInt64 = 20_261_121
    /// Cases for the in-process properties.
    private static let caseCount = 3000
    /// Cases (the first ones) also judged by rendering; each costs two cmark-gfm runs.
    private static let renderedCount = 300

    private static func seeds(_ count: Int) -> [UInt64] {
        (0..<count).map { firstSeed + UInt64($0) }
    }

    /// The swept documents, generated once for all tests.
    private static let documents: [(seed: UInt64, bytes: [UInt8])] = seeds(caseCount).map { ($0, DocumentGenerator.document(seed: $0)) }

    /// Checks `checks` on every case, shrinks the first failure of each check and reports them all.
    /// `options(seed)`: the formatter options for a case (default: the defaults); `judges` then holds a
    /// judge for each distinct options value used.
    private func sweep(_ checks: [FormatterCheck], cases: Int, judge: RenderingJudge? = nil,
                       options: ((UInt64) -> FormatOptions)? = nil, judges: [FormatOptions: RenderingJudge] = [:]) throws {
        var log = FailureLog()
        log.detailed = 4
        var shrunk: Set<FormatterCheck> = []
        for (seed, document) in GeneratedDocumentTests.documents.prefix(cases) {
            let caseOptions = options?(seed)
            let judge = caseOptions.flatMap { judges[$0] } ?? judge
            for check in checks {
                guard let problem = try check.problem(in: document, judge: judge, options: caseOptions) else { continue }
                var message = "\(check.rawValue): \(problem)\n  reproduce: DocumentGenerator.document(seed: \(seed))"
                if let caseOptions {
                    message += " with bullet \(caseOptions.bullet), indentation \(caseOptions.indentation.map(String.init) ?? "kept")"
                }
                if shrunk.insert(check).inserted {
                    let minimal = Shrinker.minimize(document, budget: judge == nil ? 1500 : 300) { candidate in
                        ((try? check.problem(in: candidate, judge: judge, options: caseOptions)) ?? nil) != nil
                    }
                    message += "\n  minimal input: \(SwiftLiteral.of(minimal))"
                    if let minimalProblem = try check.problem(in: minimal, judge: judge, options: caseOptions) {
                        message += "\n  minimal problem: \(minimalProblem)"
                    }
                } else {
                    message += "\n  input: \(SwiftLiteral.of(document))"
                }
                log.record("seed \(seed)", message)
            }
        }
        log.report(checks.map(\.rawValue).joined(separator: "+"), checked: cases)
    }

    func testGeneratedDocumentsRoundTripLosslessly() throws {
        try sweep([.lossless], cases: GeneratedDocumentTests.caseCount)
    }

    func testGeneratedDocumentsFormatAndAreIdempotent() throws {
        try sweep([.formats, .idempotent, .unchangedWithoutTasks], cases: GeneratedDocumentTests.caseCount)
    }

    func testGeneratedDocumentsRenderAlike() throws {
        let judge = RenderingJudge(renderer: try CmarkRenderer.required(), today: FormatterCheck.today)
        try sweep([.rendersAlike, .findsRenderedTasks], cases: GeneratedDocumentTests.renderedCount, judge: judge)
    }

    /// The bullet and indentation settings of a case, taken in turn.
    private static func markerOptions(_ seed: UInt64) -> FormatOptions {
        FormatterCheck.markerOptions[Int(seed % UInt64(FormatterCheck.markerOptions.count))]
    }

    /// With the bullet and indentation options on: every case formats (verified), is idempotent and
    /// without tasks changes at most indentation.
    func testGeneratedDocumentsFormatWithBulletAndIndentationOptions() throws {
        try sweep([.formats, .idempotent, .unchangedWithoutTasks], cases: GeneratedDocumentTests.caseCount,
                  options: GeneratedDocumentTests.markerOptions)
    }

    /// With the bullet and indentation options on, outputs render like their inputs (bullets do not
    /// show in HTML; indentation must not change nesting or code).
    func testGeneratedDocumentsWithBulletAndIndentationRenderAlike() throws {
        let renderer = try CmarkRenderer.required()
        var judges: [FormatOptions: RenderingJudge] = [:]
        for options in FormatterCheck.markerOptions {
            judges[options] = RenderingJudge(renderer: renderer, today: FormatterCheck.today, options: options)
        }
        try sweep([.rendersAlike], cases: GeneratedDocumentTests.renderedCount, options: GeneratedDocumentTests.markerOptions, judges: judges)
    }

    /// Documents with inline directives: every case formats (the verifier checks that ignored lines
    /// are byte for byte where they were), is idempotent, and renders alike with ignored lists and
    /// regions taken as written; with the bullet and indentation options too.
    func testGeneratedDocumentsWithDirectives() throws {
        let documents = GeneratedDocumentTests.seeds(1000).map { ($0, DocumentGenerator.document(seed: $0, directives: true)) }
        let withDirectives = documents.filter { ParsedDocument(validated: $0.1).directives.freezesAnything }
        XCTAssertGreaterThan(withDirectives.count, 300, "too few generated documents hold a directive that freezes lines")
        let renderer = try CmarkRenderer.required()
        var log = FailureLog()
        var shrinks = 0
        for (index, (seed, document)) in documents.enumerated() {
            let options = index % 2 == 0 ? FormatOptions(today: FormatterCheck.today) : GeneratedDocumentTests.markerOptions(seed)
            var checks: [FormatterCheck] = [.lossless, .formats, .idempotent]
            if index < GeneratedDocumentTests.renderedCount { checks.append(.rendersAlike) }
            let judge = RenderingJudge(renderer: renderer, today: FormatterCheck.today, options: options)
            for check in checks {
                guard let problem = try check.problem(in: document, judge: judge, options: options) else { continue }
                shrinks += 1
                let minimal = shrinks > 4 ? document : Shrinker.minimize(document, budget: 300) { candidate in
                    ((try? check.problem(in: candidate, judge: judge, options: options)) ?? nil) != nil
                }
                log.record("seed \(seed)", "\(check.rawValue): \(problem)\n  reproduce: DocumentGenerator.document(seed: \(seed), directives: true), "
                           + "bullet \(options.bullet), indentation \(options.indentation.map(String.init) ?? "kept")\n  minimal input: \(SwiftLiteral.of(minimal))")
            }
        }
        log.report("directives", checked: documents.count)
    }

    /// The same seed gives the same bytes, and different seeds different documents.
    func testGeneratorIsDeterministic() {
        for seed: UInt64 in [0, 1, 42, GeneratedDocumentTests.firstSeed] {
            XCTAssertEqual(DocumentGenerator.document(seed: seed), DocumentGenerator.document(seed: seed))
        }
        let distinct = Set(GeneratedDocumentTests.seeds(200).map { DocumentGenerator.document(seed: $0) })
        XCTAssertGreaterThan(distinct.count, 190)
    }

    /// The swept cases really contain every piece the generator promises, so that the properties
    /// above are tested on them and not just on easy documents.
    func testGeneratedDocumentsCoverTheGrammar() {
        var seen: Set<String> = []
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        for (_, bytes) in GeneratedDocumentTests.documents {
            let text = String(decoding: bytes, as: UTF8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { seen.insert("bom") }
            if text.utf8.contains(cr) { seen.insert(text.contains("\r\n") ? "crlf" : "cr") }
            if let last = bytes.last, last != lf, last != cr { seen.insert("no final newline") }
            if text.hasPrefix("---") || text.hasPrefix("\u{FEFF}---") { seen.insert("front matter") }
            if text.contains("📅") { seen.insert("emoji field") }
            if text.contains("[completion::") || text.contains("(due::") { seen.insert("dataview field") }
            if text.contains("due:2026-02-30") || text.contains("due:someday") { seen.insert("invalid field") }
            if text.contains("日本語") || text.contains("Привет") { seen.insert("unicode") }
            if text.contains("\n\n- ") || text.contains("\n\n* ") { seen.insert("blank between items") }
            for line in bytes.split(whereSeparator: { $0 == lf || $0 == cr }) {
                let indent = line.prefix { $0 == space || $0 == tab }
                let rest = line[indent.endIndex...]
                let first = rest.first ?? 0
                let second = rest.dropFirst().first ?? 0
                let isItem = ([UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first) && second == space)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                let tabs = indent.filter { $0 == tab }.count
                if isItem, tabs >= 6 { seen.insert("depth 6 with tabs") }
                if isItem, indent.count >= 12, tabs == 0 { seen.insert("depth 6 with spaces") }
                if isItem, indent.first == tab { seen.insert("tab indent") }
                if isItem, indent.count == 3, tabs == 0 { seen.insert("3-space indent") }
                var i = rest.startIndex
                while i + 3 < rest.endIndex {
                    if rest[i] == UInt8(ascii: "["), rest[i + 2] == UInt8(ascii: "]"), rest[i + 3] == space, rest[i + 1] < 0x80 {
                        seen.insert("status [\(Character(Unicode.Scalar(rest[i + 1])))]")
                    }
                    i += 1
                }
                if first == UInt8(ascii: ">") { seen.insert("block quote") }
                if rest.starts(with: "```".utf8) || rest.starts(with: "~~~".utf8) { seen.insert("fence") }
                if line.starts(with: "    - [".utf8) { seen.insert("indented code") }
                if rest.starts(with: "<div>".utf8) || rest.starts(with: "<!--".utf8) { seen.insert("html block") }
                if line.last == UInt8(ascii: "\\") || (line.count >= 2 && line[line.endIndex - 2] == space && line.last == space) {
                    seen.insert("hard break")
                }
            }
        }
        let expected: Set<String> = [
            "bom", "crlf", "cr", "no final newline", "front matter", "depth 6 with tabs", "depth 6 with spaces",
            "tab indent", "3-space indent", "status [ ]", "status [x]", "status [X]", "status [-]", "status [/]",
            "status [~]", "block quote", "fence", "indented code", "html block", "hard break", "emoji field",
            "dataview field", "invalid field", "unicode", "blank between items",
        ]
        XCTAssertEqual(expected.subtracting(seen), [], "pieces the generated documents never contain")
    }
}
