import Foundation
import TodoKit
import XCTest

/// Golden tests: every `Fixtures/format/NNN-name.input.md` must format to the bytes of its
/// `NNN-name.expected.md`, and every expected file must format to itself (idempotence, as gofmt).
///
/// The expected files are written by hand from `docs/FORMAT.md`; they are an independent check on
/// the engine, not a recording of it. Every fixture is formatted with today pinned to 2026-11-21 and
/// default options, changed by dotted words before `.input.md`: `.emoji` or `.dataview` select that
/// field style (`031-name.emoji.input.md`), `.bullet-dash`, `.bullet-asterisk` or `.bullet-plus`
/// the bullet option, `.indent-2`, `.indent-3` or `.indent-4` the indentation option
/// (`090-name.bullet-dash.indent-2.input.md`), `.today-YYYY-MM-DD` another today, `.below` the next
/// occurrence of a recurring task below it, `.no-stamp` and `.no-sink` stamping and sinking off.
///
/// Record mode: `TODOFMT_RECORD=1 swift test --filter GoldenFixtureTests` overwrites every expected
/// file with the engine's current output and then fails on purpose, so that a recording is never
/// mistaken for a pass. Only use it for a deliberate change of the format, and review every changed
/// expected file with `git diff Fixtures/format` before committing: a recorded file only proves
/// that the engine did what it did.
final class GoldenFixtureTests: XCTestCase {
    /// One input/expected pair.
    struct Fixture {
        let name: String
        let options: FormatOptions
        let input: URL
        let expected: URL
    }

    /// Fewer pairs than this means the directory or the name pattern broke, not that fixtures were removed.
    static let minimumPairs = 40
    /// The day every fixture is formatted on.
    static let today = Day("2026-11-21")!
    static let inputSuffix = ".input.md"
    static let expectedSuffix = ".expected.md"

    /// `<package>/Fixtures/format`.
    static let directory = SharedMaterial.packageRoot.appendingPathComponent("Fixtures/format")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["TODOFMT_RECORD"] == "1"
    }

    func testFixtureDirectoryHoldsCompletePairs() throws {
        let fixtures = try loadFixtures()
        XCTAssertGreaterThanOrEqual(fixtures.count, Self.minimumPairs,
                                    "only \(fixtures.count) fixture pairs in \(Self.directory.path)")
        let names = Set(fixtures.map(\.name))
        XCTAssertEqual(names.count, fixtures.count, "two fixtures share a name")
    }

    func testInputsFormatToExpected() throws {
        var recorded: [String] = []
        for fixture in try loadFixtures() {
            let input = try bytes(fixture.input)
            let actual: [UInt8]
            do {
                actual = try TodoFormatter(options: fixture.options).format(utf8: input)
            } catch {
                XCTFail("\(fixture.name): formatting the input failed: \(error)")
                continue
            }
            if Self.isRecording {
                if actual != (try? bytes(fixture.expected)) {
                    try Data(actual).write(to: fixture.expected)
                    recorded.append(fixture.name)
                }
                continue
            }
            let expected = try bytes(fixture.expected)
            if actual != expected {
                XCTFail("\(fixture.name): input does not format to expected\n"
                        + Self.firstDifference(expected: expected, actual: actual))
            }
        }
        if Self.isRecording {
            XCTFail("TODOFMT_RECORD=1: rewrote \(recorded.count) expected file(s) \(recorded); "
                    + "review `git diff Fixtures/format`, then run again without TODOFMT_RECORD")
        }
    }

    func testExpectedFilesAreStable() throws {
        for fixture in try loadFixtures() {
            let formatter = TodoFormatter(options: fixture.options)
            let canonical: [UInt8]
            do {
                // While recording, the expected file is being replaced by the engine's output, so
                // check that output instead of the file on disk (test order is not fixed).
                canonical = Self.isRecording
                    ? try formatter.format(utf8: try bytes(fixture.input))
                    : try bytes(fixture.expected)
                let again = try formatter.format(utf8: canonical)
                if again != canonical {
                    XCTFail("\(fixture.name): expected file is not stable under formatting\n"
                            + Self.firstDifference(expected: canonical, actual: again))
                }
            } catch let error as TodoError {
                XCTFail("\(fixture.name): formatting the expected file failed: \(error)")
            }
        }
    }

    // MARK: - Helpers

    func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Every pair in the directory; an input without an expected file (or the reverse) fails the test.
    func loadFixtures() throws -> [Fixture] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let inputs = files.filter { $0.hasSuffix(Self.inputSuffix) }.map { String($0.dropLast(Self.inputSuffix.count)) }
        let outputs = files.filter { $0.hasSuffix(Self.expectedSuffix) }.map { String($0.dropLast(Self.expectedSuffix.count)) }
        for orphan in Set(inputs).symmetricDifference(outputs).sorted() {
            XCTFail("fixture \(orphan) lacks its \(inputs.contains(orphan) ? "expected" : "input") file")
        }
        for stray in files where !stray.hasPrefix(".") && !stray.hasSuffix(Self.inputSuffix) && !stray.hasSuffix(Self.expectedSuffix) {
            XCTFail("stray file in fixtures: \(stray) (want NNN-name.input.md / NNN-name.expected.md)")
        }
        return try Set(inputs).intersection(outputs).sorted().map { name in
            Fixture(name: name, options: try Self.options(of: name),
                    input: Self.directory.appendingPathComponent(name + Self.inputSuffix),
                    expected: Self.directory.appendingPathComponent(name + Self.expectedSuffix))
        }
    }

    /// `042-x` → defaults, `031-x.emoji` → emoji fields, `090-x.bullet-dash.indent-2` → `-` bullets
    /// and nested lists indented by 2.
    static func options(of name: String) throws -> FormatOptions {
        var options = FormatOptions(today: today)
        for word in name.split(separator: ".").dropFirst() {
            if let style = FieldStyle(rawValue: String(word)) {
                options.fieldStyle = style
            } else if word.hasPrefix("bullet-"), let bullet = BulletStyle.allCases.first(where: { "bullet-\($0)" == word }) {
                options.bullet = bullet
            } else if word.hasPrefix("indent-"), let width = Int(word.dropFirst("indent-".count)),
                      FormatOptions.indentationWidths.contains(width) {
                options.indentation = width
            } else if word.hasPrefix("today-"), let day = Day(word.dropFirst("today-".count)) {
                options.today = day
            } else if let placement = OccurrencePlacement(rawValue: String(word)) {
                options.nextOccurrence = placement
            } else if word == "no-stamp" {
                options.stampDates = false
            } else if word == "no-sink" {
                options.sinkCompleted = false
            } else {
                throw FixtureNameError(name: name)
            }
        }
        return options
    }

    struct FixtureNameError: Error, CustomStringConvertible {
        let name: String
        var description: String {
            "fixture \(name): unknown option word (use .emoji, .dataview, .bullet-dash|asterisk|plus, .indent-2|3|4, "
                + ".today-YYYY-MM-DD, .above, .below, .no-stamp, .no-sink)"
        }
    }

    /// A readable report of the first line where two byte strings differ.
    static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String {
        let want = lines(expected), got = lines(actual)
        var index = 0
        while index < want.count, index < got.count, want[index] == got[index] { index += 1 }
        func show(_ all: [[UInt8]]) -> String {
            index < all.count ? visible(all[index]) : "<end of file>"
        }
        return """
              first difference at line \(index + 1) (expected \(want.count) lines, got \(got.count)):
                expected: \(show(want))
                actual:   \(show(got))
            """
    }

    /// A line quoted with its invisible characters spelled out: `\t`, `\r`, `\n`, `\u{FEFF}`, `\u{FE0F}`.
    static func visible(_ line: [UInt8]) -> String {
        var out = "\""
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                let category = scalar.properties.generalCategory
                let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .nonspacingMark, .spaceSeparator]
                if invisible.contains(category) && scalar != " " {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Splits after each line ending (LF, CRLF or a lone CR), keeping the endings so they are compared too.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0, i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r") {
                if bytes[i] == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                result.append(Array(bytes[start...i]))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { result.append(Array(bytes[start...])) }
        return result
    }
}
