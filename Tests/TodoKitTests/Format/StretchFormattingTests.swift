import Foundation
import XCTest
@testable import TodoKit

/// A large document is formatted a stretch at a time (``DocumentStretches``,
/// ``TodoFormatter/formatInStretches(_:minimumBytes:)``): the result must be byte for byte
/// that of formatting it whole, wherever the cuts fall — before and after open fences, HTML blocks,
/// Obsidian comments, block quotes and lists, with every option — and a document the whole path
/// refuses must not be formatted in stretches either.
final class StretchFormattingTests: XCTestCase {
    private static let today = Day("2026-11-21")!

    /// The option sets the formatter's rules depend on.
    private static let optionSets: [FormatOptions] = [
        FormatOptions(today: today),
        FormatOptions(fieldStyle: .emoji, stampDates: false, today: today),
        FormatOptions(sinkCompleted: false, today: today),
        FormatOptions(today: today, bullet: .dash, indentation: 2),
        FormatOptions(today: today, bullet: .asterisk, indentation: 4, nextOccurrence: .below),
    ]

    /// What formatting `bytes` whole gives (nil when it is refused), what formatting it in
    /// stretches of at least `minimumBytes` gives (nil when it is not cut or a stretch sends it back
    /// to the whole path), and the lines that change, found in such stretches as `--check` finds
    /// them (nil likewise, or when a stretch changes its number of lines).
    private func results(_ bytes: [UInt8], options: FormatOptions, minimumBytes: Int)
        throws -> (whole: [UInt8]?, stretches: [UInt8]?, regions: [ChangedLines.Region]?) {
        let formatter = TodoFormatter(options: options)
        let lines = try TodoDocument.validatedLines(bytes)
        let whole = try? formatter.format(parsed: ParsedDocument(validated: bytes, lines: lines, statuses: options.statuses,
                                                                 globalFilter: options.globalFilter))
        let stretches = formatter.formatInStretches(bytes, minimumBytes: minimumBytes)
        return (whole, stretches, bytes.withUnsafeBufferPointer { formatter.changedLinesInStretches($0, minimumBytes: minimumBytes) })
    }

    /// ``results(_:options:minimumBytes:)`` of `text` with the default options, cut at every
    /// heading that may start a stretch.
    private func results(_ text: String) throws -> (whole: [UInt8]?, stretches: [UInt8]?, regions: [ChangedLines.Region]?) {
        try results(Array(text.utf8), options: FormatOptions(today: StretchFormattingTests.today), minimumBytes: 1)
    }

    /// The lines (0-based) where ``DocumentStretches/starts(_:minimumBytes:)`` starts the stretches of
    /// `bytes` (no byte-order mark), then the line count; each start must be where a line starts.
    private static func startLines(_ bytes: [UInt8], minimumBytes: Int) -> [Int]? {
        bytes.withUnsafeBufferPointer { buf -> [Int]? in
            guard let starts = DocumentStretches.starts(buf, minimumBytes: minimumBytes) else { return nil }
            let lines = LineTable(buf)
            let lineStarts = (0..<lines.count).map(lines.start) + [buf.count]
            return starts.map { start in
                let line = lineStarts.firstIndex(of: start)
                XCTAssertNotNil(line, "a stretch starts at byte \(start), where no line starts")
                return line ?? -1
            }
        }
    }

    /// Checks that `regions`, found in stretches, are the regions of lines that differ between
    /// `bytes` and `whole`, its whole formatted form, as ``ChangedLines`` finds them.
    private func assertRegions(_ regions: [ChangedLines.Region]?, _ bytes: [UInt8], _ whole: [UInt8]?, _ message: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let regions else { return }
        guard let whole else { return XCTFail("regions found in stretches of a document refused whole: " + message, file: file, line: line) }
        XCTAssertEqual(regions, ChangedLines(old: bytes, new: whole).regions, message, file: file, line: line)
    }

    /// Checks `text`, cut at every heading that may start a stretch: formatted in stretches, it
    /// gives what formatting it whole gives, and so do the lines found to change; `inStretches`: it
    /// is formatted in stretches at all; `changes`: formatting changes it.
    private func assertStretchesMatchWhole(_ text: String, options: FormatOptions = FormatOptions(today: today),
                                           inStretches: Bool, changes: Bool,
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = Array(text.utf8)
        let (whole, stretches, regions) = try results(bytes, options: options, minimumBytes: 1)
        if inStretches { XCTAssertNotNil(stretches, text.debugDescription, file: file, line: line) }
        if changes { XCTAssertNotEqual(whole, bytes, text.debugDescription, file: file, line: line) }
        if let stretches {
            XCTAssertEqual(String(decoding: stretches, as: UTF8.self), whole.map { String(decoding: $0, as: UTF8.self) },
                           text.debugDescription, file: file, line: line)
        }
        assertRegions(regions, bytes, whole, text.debugDescription, file: file, line: line)
    }

    /// Generated documents run together after headings of their own, with blocks that run on across
    /// a heading between them; cut at every heading that may start a stretch, and at a few.
    func testStretchesGiveTheWholeDocumentsResult() throws {
        var (compared, inStretches, changed, regionsCompared) = (0, 0, 0, 0)
        for seed in 0..<60 as Range<UInt64> {
            var bytes: [UInt8] = []
            for k in 0..<8 as Range<UInt64> {
                bytes += Array("\n# Part \(k)\n\n".utf8)
                bytes += DocumentGenerator.document(seed: 70_000 + seed * 8 + k)
                switch (seed + k) % 5 {
                case 1: bytes += Array("\n```\nan unclosed fence\n\n# not a heading here\n- [x] not a task\n".utf8)
                case 2: bytes += Array("\n%% an open comment\n\n# hidden\n- [x] hidden\n%%\n".utf8)
                case 3: bytes += Array("\n<pre>\n\n# inside HTML\n</pre>\n> - [x] quoted done\n> - [ ] quoted open\n".utf8)
                case 4: bytes += Array("\n    indented code\n\n# after it\n1. [x] one\n2. [ ] two\n".utf8)
                // A bullet list that ends in a bare checkbox keeps or changes its markers with the
                // next bullet list, in whichever stretch it is.
                default: bytes += Array("\n* [x] done\n- [ ] \n".utf8)
                }
            }
            let options = StretchFormattingTests.optionSets[Int(seed) % StretchFormattingTests.optionSets.count]
            for minimumBytes in [1, 200, bytes.count / 3] {
                let (whole, stretches, regions) = try results(bytes, options: options, minimumBytes: minimumBytes)
                compared += 1
                assertRegions(regions, bytes, whole, "seed \(seed), stretches of \(minimumBytes) bytes")
                if let regions, !regions.isEmpty { regionsCompared += 1 }
                guard let stretches else { continue }
                inStretches += 1
                XCTAssertEqual(whole.map { String(decoding: $0, as: UTF8.self) }, String(decoding: stretches, as: UTF8.self),
                               "seed \(seed), stretches of \(minimumBytes) bytes")
                if stretches != bytes { changed += 1 }
            }
        }
        XCTAssertEqual(compared, 180)
        // The comparisons were made: nearly every document is cut, and most of them change; the
        // lines to change were found in stretches for most (not where a stretch's number of lines
        // changes).
        XCTAssertGreaterThan(inStretches, 170)
        XCTAssertGreaterThan(changed, 150)
        XCTAssertGreaterThan(regionsCompared, 100)
    }

    /// A canonical document comes back as the same array, and a document whose later stretches
    /// alone change keeps its first stretch's bytes.
    func testCanonicalStretchesAreKept() throws {
        let stretch = "## Week\n\n- [ ] plan due:2026-12-01\n- [x] shop done:2026-11-20\n\n"
        let canonical = Array((String(repeating: stretch, count: 40)).utf8)
        let (whole, stretches, regions) = try results(canonical, options: FormatOptions(today: StretchFormattingTests.today),
                                                      minimumBytes: 100)
        XCTAssertEqual(whole, canonical)
        XCTAssertEqual(stretches, canonical)
        XCTAssertEqual(regions, [])
        let edited = canonical + Array("## Later\n\n- [x] a\n- [ ] b\n".utf8)
        let (wholeEdited, stretchesEdited, regionsEdited) = try results(edited, options: FormatOptions(today: StretchFormattingTests.today),
                                                                        minimumBytes: 100)
        XCTAssertEqual(stretchesEdited, wholeEdited)
        // The last two lines swap places: one region, found in the last stretch, numbered in the file.
        let lineCount = 40 * 5 + 4
        XCTAssertEqual(regionsEdited, [ChangedLines.Region(old: (lineCount - 2)..<lineCount, new: (lineCount - 2)..<lineCount)])
        assertRegions(regionsEdited, edited, wholeEdited, "edited")
        XCTAssertEqual(stretchesEdited.map { Array($0.suffix(42)) }, Array("## Later\n\n- [ ] b\n- [x] a done:2026-11-21\n".utf8))
    }

    /// The byte-order mark and the front matter stay with the first stretch; a YAML comment after a
    /// blank line in front matter is not a heading; line endings of every kind; no final newline.
    func testByteOrderMarkFrontMatterAndLineEndings() throws {
        let body = "# A\n\n- [x] a\n- [ ] b\n\n# B\n\n- [x] c\n- [ ] d\n\n# C\n\n1. [x] e\n2. [ ] f"
        let front = "---\ntitle: x\n\n# a YAML comment\n\n# another\n---\n\n"
        for ending in ["\n", "\r\n", "\r"] {
            for prefix in ["", "\u{FEFF}"] {
                let text = prefix + (front + body).replacingOccurrences(of: "\n", with: ending)
                let (whole, stretches, regions) = try results(text)
                XCTAssertNotNil(whole)
                XCTAssertEqual(stretches, whole, "ending \(ending.debugDescription), BOM \(!prefix.isEmpty)")
                XCTAssertEqual(regions?.count, 3, "ending \(ending.debugDescription), BOM \(!prefix.isEmpty)")
                assertRegions(regions, Array(text.utf8), whole, "ending \(ending.debugDescription), BOM \(!prefix.isEmpty)")
            }
        }
        // The front matter's lines are never a stretch's start.
        let bytes = Array((front + body).utf8)
        let starts = try XCTUnwrap(Self.startLines(bytes, minimumBytes: 1))
        let firstHeading = (front + body).split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "# A")!
        XCTAssertEqual(starts.first, 0)
        XCTAssertTrue(starts.dropFirst().allSatisfy { $0 >= firstHeading }, "\(starts)")
    }

    /// With the bullet option, a bullet list that ends in a bare checkbox and the next bullet list
    /// change their markers together or not at all, headings between them or not (`make fuzz`
    /// found the stretches taking them apart): the stretch goes on to the next list.
    func testABareCheckboxJoinsTheNextBulletList() throws {
        let options = FormatOptions(today: StretchFormattingTests.today, bullet: .asterisk, indentation: 4)
        for text in ["- [x] \n\n#\n\n-", "- [x] \n\n# A\n\ntext\n\n# B\n\n- [ ] b\n", "- [ ] \n\n# A\n\n1. x\n\n# B\n\n- [ ] b\n"] {
            try assertStretchesMatchWhole(text, options: options, inStretches: true, changes: false)
        }
    }

    /// A stretch whose only change is the completion pass's (a done task that says to delete it)
    /// is a changed stretch (`make fuzz` found it kept as it was).
    func testAStretchTheCompletionPassChangesIsChanged() throws {
        for text in ["- [x] onCompletion:delete\n-\n\n#", "# A\n\n- [x] a 🏁 delete\n\n# B\n\n- [ ] b\n",
                     "# A\n\n- [x] water 🔁 every week 📅 2026-11-20\n\n# B\n\n- [ ] b\n"] {
            try assertStretchesMatchWhole(text, inStretches: true, changes: true)
        }
    }

    /// A stretch that gains or loses lines (a recurring task's next occurrence, a task that deletes
    /// itself) leaves the changed lines to the whole file's comparison: with as many lines in all,
    /// it compares the lines in between in place, which the stretches' regions would not. Through
    /// the public entry, on a file large enough to be cut, the regions are the whole file's.
    func testAStretchThatChangesItsLineCountIsComparedWhole() throws {
        let text = "# A\n\n- [x] water 🔁 every week 📅 2026-11-20\n\n# B\n\n- [ ] b\n\n# C\n\n- [x] gone 🏁 delete\n- [ ] c\n"
        let (whole, stretches, regions) = try results(text)
        XCTAssertNotNil(stretches)
        XCTAssertNil(regions)
        let wholeRegions = ChangedLines(old: Array(text.utf8), new: try XCTUnwrap(whole)).regions
        XCTAssertEqual(wholeRegions.map(\.old), [2..<11], "one region from the added line to the deleted one")

        let stretch = "## Week\n\n- [ ] plan due:2026-12-01\n- [x] shop done:2026-11-20\n\n"
        let filler = String(repeating: stretch, count: 1_300_000 / stretch.utf8.count)
        let large = Array(("# First\n\n- [x] water 🔁 every week 📅 2026-11-20\n\n" + filler + "# Last\n\n- [x] gone 🏁 delete\n- [ ] c\n").utf8)
        let formatter = TodoFormatter(options: FormatOptions(today: StretchFormattingTests.today))
        let largeRegions = try formatter.changedLines(utf8: large)
        XCTAssertEqual(largeRegions, ChangedLines(old: large, new: try formatter.format(utf8: large)).regions)
        XCTAssertEqual(largeRegions.count, 1)
        // A large file whose stretches keep their lines: its regions are found a stretch at a time.
        let sunk = Array((filler + "# Last\n\n- [x] a\n- [ ] b\n").utf8)
        let sunkRegions = try formatter.changedLines(utf8: sunk)
        XCTAssertEqual(sunkRegions, ChangedLines(old: sunk, new: try formatter.format(utf8: sunk)).regions)
        XCTAssertEqual(sunkRegions.count, 1)
    }

    /// A large file is cut before its bytes are checked, each stretch checking its own: a stretch
    /// that is not UTF-8 text sends the file to the whole path, which reports the file's first error
    /// (a NUL anywhere before any other), as a file that is not cut does.
    func testAStretchThatIsNotTextReportsTheFilesFirstError() throws {
        let stretch = "## Week\n\n- [ ] plan due:2026-12-01\n- [x] shop done:2026-11-20\n\n"
        let filler = Array(String(repeating: stretch, count: 1_300_000 / stretch.utf8.count).utf8)
        let formatter = TodoFormatter(options: FormatOptions(today: StretchFormattingTests.today))
        XCTAssertNotNil(formatter.formatInStretches(filler), "cut")
        // Invalid UTF-8 in a later stretch, then a NUL in a later one still.
        var invalid = filler
        invalid[900_000] = 0xFF
        XCTAssertNil(formatter.formatInStretches(invalid))
        XCTAssertNil(invalid.withUnsafeBufferPointer { formatter.changedLinesInStretches($0) })
        XCTAssertThrowsError(try formatter.format(utf8: invalid)) { XCTAssertEqual($0 as? TodoError, .invalidUTF8(offset: 900_000)) }
        XCTAssertThrowsError(try formatter.changedLines(utf8: invalid)) { XCTAssertEqual($0 as? TodoError, .invalidUTF8(offset: 900_000)) }
        var binary = invalid
        binary[1_200_000] = 0
        XCTAssertThrowsError(try formatter.format(utf8: binary)) { XCTAssertEqual($0 as? TodoError, .binary(offset: 1_200_000)) }
        XCTAssertThrowsError(try formatter.changedLines(utf8: binary)) { XCTAssertEqual($0 as? TodoError, .binary(offset: 1_200_000)) }
    }

    /// A stretch starts only where its first line ending is the file's first (new lines get that
    /// one: `make fuzz` found a next occurrence written with the stretch's LF in a file whose first
    /// ending is CR LF).
    func testAStretchStartsWithTheFilesFirstLineEnding() throws {
        for text in ["\r\n\n#\n- [x] rec:1w", "a\r\n\n# A\n- [x] water 🔁 every week\n\n# B\r\n- [x] b 🔁 every day\n",
                     "a\r\r# A\n- [x] water 🔁 every week\r\r# B\r- [x] b 🔁 every day"] {
            try assertStretchesMatchWhole(text, inStretches: false, changes: true)
        }
        // Where the heading's line ends as the file's first line does, the file is cut there.
        XCTAssertEqual(Self.startLines(Array("a\r\n\n# A\n\n# B\r\n".utf8), minimumBytes: 1), [0, 4, 5])
        // A lone CR ends a line, also where a line feed comes later in the file.
        XCTAssertEqual(Self.startLines(Array("a\r\r# A\r\r# B\r\rc\n".utf8), minimumBytes: 1), [0, 2, 4, 7])
    }

    /// An ignore directive sends the document to the whole path (a region may run across headings).
    func testIgnoreDirectivesFormatTheWholeDocument() throws {
        let text = "# A\n\n<!-- todofmt-ignore-start -->\n\n# B\n\n- [x] kept\n- [ ] as is\n\n<!-- todofmt-ignore-end -->\n\n# C\n\n- [x] a\n- [ ] b\n"
        let (whole, stretches, regions) = try results(text)
        XCTAssertNil(stretches)
        XCTAssertNil(regions)
        XCTAssertEqual(whole.map { String(decoding: $0, as: UTF8.self) },
                       text.replacingOccurrences(of: "- [x] a\n- [ ] b\n", with: "- [ ] b\n- [x] a done:2026-11-21\n"))
    }

    /// A stretch that only cuts where nothing may start is not cut; a small document is not cut.
    func testWhereDocumentsAreCut() throws {
        func starts(_ text: String, _ minimumBytes: Int) -> [Int]? {
            Self.startLines(Array(text.utf8), minimumBytes: minimumBytes)
        }
        XCTAssertNil(starts("# A\n- [ ] a\n# B\n- [ ] b\n", 1), "no blank line before a heading")
        XCTAssertNil(starts("# A\n\n    # B\n\n#C\n", 1), "indented, and no space after #")
        XCTAssertEqual(starts("# A\n\n# B\n\n####### no\n\n###### C\n", 1), [0, 2, 6, 7])
        XCTAssertEqual(starts("\n# A\n\n# B\n", 1), [0, 3, 4], "two lines at least: the blank line alone is no stretch")
        XCTAssertEqual(starts("# A\n\n# B\n\n# C\n\n# D\n\n# E\n\n# F\n\n# G\n\n# H\n", 16), [0, 4, 8, 10, 12, 14, 15])
        XCTAssertNil(starts("# A\n\n# B\n", 100))
    }

    /// Stretches are the smallest size or more, but for the last ones (the last four times that
    /// size), which are smaller and smaller, down to an eighth of it, so that the processors run
    /// out of work together.
    func testTheLastStretchesAreSmaller() throws {
        let bytes = Array(String(repeating: "# Section\n\nsome text\n\n", count: 1_000).utf8)
        let starts = try XCTUnwrap(bytes.withUnsafeBufferPointer { DocumentStretches.starts($0, minimumBytes: 1_024) })
        let sizes = zip(starts, starts.dropFirst()).map { $1 - $0 }
        let fullSize = sizes.prefix { $0 >= 1_024 }
        XCTAssertGreaterThanOrEqual(fullSize.count * 1_024, bytes.count - 5 * 1_024, "\(sizes)")
        let last = sizes.dropFirst(fullSize.count).dropLast()
        XCTAssertGreaterThan(last.count, 4, "\(sizes)")
        XCTAssertEqual(Array(last), last.sorted(by: >), "smaller and smaller: \(sizes)")
        XCTAssertTrue(last.allSatisfy { $0 >= 1_024 / 8 }, "\(sizes)")
        XCTAssertLessThan(try XCTUnwrap(sizes.last), 1_024 / 4, "\(sizes)")
    }

    /// The corpus of real files and every golden fixture's input, cut at every heading that may
    /// start a stretch.
    func testCorpusAndFixturesInStretches() throws {
        var urls = try FileManager.default.contentsOfDirectory(at: GoldenFixtureTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".input.md") }
        if let corpus = try? SharedMaterial.corpusFiles() { urls += corpus }
        var inStretches = 0
        for url in urls {
            let bytes = try [UInt8](Data(contentsOf: url))
            guard (try? TodoDocument.validatedLines(bytes)) != nil else { continue }
            let (whole, stretches, regions) = try results(bytes, options: FormatOptions(today: StretchFormattingTests.today), minimumBytes: 1)
            assertRegions(regions, bytes, whole, url.lastPathComponent)
            guard let stretches else { continue }
            inStretches += 1
            XCTAssertEqual(whole.map { String(decoding: $0, as: UTF8.self) }, String(decoding: stretches, as: UTF8.self),
                           url.lastPathComponent)
        }
        XCTAssertGreaterThan(inStretches, 10)
    }
}
