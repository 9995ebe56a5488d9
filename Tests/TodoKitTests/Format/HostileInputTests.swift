import Foundation
import XCTest
import TodoKit

/// Odd and hostile input, straight into the library: every case either gets the result the format
/// rules ask for or a clear error, and never crashes or hangs. Each successful case is also shown to
/// be lossless (parsing gives back every byte), idempotent, and accepted by the safety verifier.
///
/// The big inputs (a 50 MB line, a million tasks, nesting 10,000 levels deep) run only with
/// `TODOFMT_SLOW_TESTS=1` (`make test-all`).
final class HostileInputTests: XCTestCase {
    private static let today = Day("2026-11-21")!
    private let options = FormatOptions(today: HostileInputTests.today)

    // MARK: - Helpers

    /// Parses and formats `bytes`, checking the properties every input must have, and returns the output.
    @discardableResult
    private func format(_ bytes: [UInt8], options: FormatOptions? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let formatter = TodoFormatter(options: options ?? self.options)
        let document = try TodoDocument(utf8: bytes)
        // `XCTAssert` rather than `XCTAssertEqual`: a failure must not print 50 MB.
        XCTAssert(document.utf8 == bytes, "parsing lost bytes", file: file, line: line)
        let output = try formatter.format(utf8: bytes)
        let again = try formatter.format(utf8: output)
        XCTAssert(again == output, "formatting is not idempotent", file: file, line: line)
        XCTAssertEqual(try TodoDocument(utf8: output).tasks.count, document.tasks.count, "task count changed", file: file, line: line)
        return output
    }

    /// The text form of `format(_:)`.
    private func format(_ text: String, options: FormatOptions? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        String(decoding: try format(Array(text.utf8), options: options, file: file, line: line), as: UTF8.self)
    }

    /// Asserts that `bytes` are refused as not being text, by the parser and the formatter alike.
    private func assertRefused(_ bytes: [UInt8], _ expected: TodoError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try TodoDocument(utf8: bytes), file: file, line: line) { error in
            XCTAssertEqual(error as? TodoError, expected, file: file, line: line)
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), "error message must be one line: \(message)", file: file, line: line)
        }
        XCTAssertThrowsError(try TodoFormatter(options: options).format(utf8: bytes), file: file, line: line) { error in
            XCTAssertEqual(error as? TodoError, expected, file: file, line: line)
        }
    }

    private func requireSlowTests() throws {
        guard ProcessInfo.processInfo.environment["TODOFMT_SLOW_TESTS"] == "1" else {
            throw XCTSkip("slow test: set TODOFMT_SLOW_TESTS=1 (make test-all)")
        }
    }

    /// Runs `body` on a thread with a small stack, so that recursion as deep as the input would overflow it.
    private func onSmallStack(_ bytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    // MARK: - Not text

    func testNULBytesAreRefusedAsBinary() {
        assertRefused(Array("- [ ] a".utf8) + [0] + Array("b\n".utf8), .binary(offset: 7))
        assertRefused([0], .binary(offset: 0))
        assertRefused(Array("- [x] done\n".utf8) + [0], .binary(offset: 11))
        XCTAssertEqual(TodoError.binary(offset: 7).description, "binary file (NUL byte at byte 8)")
    }

    func testInvalidUTF8IsRefusedAtTheFirstBadByte() {
        let cases: [(String, [UInt8], Int)] = [
            ("lone continuation byte", [0x80], 0),
            ("byte that never occurs", [0x61, 0xFF], 1),
            ("overlong two-byte slash", [0x61, 0xC0, 0xAF], 1),
            ("overlong three-byte", [0xE0, 0x80, 0xAF], 0),
            ("overlong four-byte", [0xF0, 0x80, 0x80, 0xAF], 0),
            ("UTF-16 surrogate", [0xED, 0xA0, 0x80], 0),
            ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80], 0),
            ("five-byte form", [0xF8, 0x88, 0x80, 0x80, 0x80], 0),
            ("truncated at the end", Array("ab".utf8) + [0xE2, 0x82], 2),
            ("continuation missing", Array("- [ ] ok\n".utf8) + [0xC3, 0x28], 9),
            ("Latin-1 text", Array("- [ ] caf".utf8) + [0xE9, 0x0A], 9),
        ]
        for (name, bytes, offset) in cases {
            XCTAssertNil(String(validating: bytes, as: UTF8.self), "\(name): the test input must be invalid")
            assertRefused(bytes, .invalidUTF8(offset: offset))
        }
        XCTAssertEqual(TodoError.invalidUTF8(offset: 9).description, "not valid UTF-8 (byte 10)")
    }

    func testBoundaryScalarsAreText() throws {
        // U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF: the last valid scalars around each forbidden range.
        let scalars: [[UInt8]] = [[0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]]
        for scalar in scalars {
            let input = Array("- [x] ".utf8) + scalar + Array("\n".utf8)
            let output = try format(input)
            XCTAssertEqual(output, Array("- [x] ".utf8) + scalar + Array(" done:2026-11-21\n".utf8))
        }
    }

    func testBinaryFilesAreRefused() {
        // A PNG header: a NUL anywhere makes it binary, which is said before its first non-UTF-8 byte.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        var random = SplitMix64(seed: 7)
        assertRefused(png + random.bytes(65_536), .binary(offset: 8))
        // Without a NUL, the first bad byte is named.
        assertRefused([0x2D, 0x20, 0x89, 0x50], .invalidUTF8(offset: 2))
        // Random blobs: refused exactly when the standard library says they are not text.
        for _ in 0..<200 {
            let blob = random.bytes(Int(random.next() % 512))
            let isText = String(validating: blob, as: UTF8.self) != nil && !blob.contains(0)
            if isText {
                XCTAssertNoThrow(try format(blob))
            } else {
                XCTAssertThrowsError(try TodoDocument(utf8: blob)) { error in
                    switch error as? TodoError {
                    case .invalidUTF8?, .binary?: break
                    default: XCTFail("unexpected error \(error)")
                    }
                }
            }
        }
    }

    // MARK: - Almost nothing

    func testEmptyFile() throws {
        XCTAssertEqual(try format([UInt8]()), [])
        XCTAssertTrue(TodoDocument("").tasks.isEmpty)
        XCTAssertEqual(try TodoFormatter(options: options).format(""), "")
    }

    func testWhitespaceOnly() throws {
        for text in [" ", "\t", "\n", "\r\n", "\r", "   \n\t\t\n\r\r", "\n\n\n", " \u{0B}\u{0C} \n"] {
            XCTAssertEqual(try format(text), text, text.debugDescription)
        }
    }

    func testNoFinalNewline() throws {
        XCTAssertEqual(try format("- [x] a"), "- [x] a done:2026-11-21")
        XCTAssertEqual(try format("- [x] a\n- [ ] b"), "- [ ] b\n- [x] a done:2026-11-21")
        XCTAssertEqual(try format("# t\n- [ ] a  "), "# t\n- [ ] a")
        XCTAssertEqual(try format("- [ ]"), "- [ ]")
        XCTAssertEqual(try format("no list at all"), "no list at all")
    }

    func testMixedLineEndingsStayWithTheirPositions() throws {
        XCTAssertEqual(try format("- [x] a\r\n- [ ] b\r- c\n"), "- [ ] b\r\n- c\r- [x] a done:2026-11-21\n")
        XCTAssertEqual(try format("- [X] a\r- [ ] b\r"), "- [ ] b\r- [x] a done:2026-11-21\r")
        XCTAssertEqual(try format("text\r\rmore\n\r\n- [ ] a \r\n"), "text\r\rmore\n\r\n- [ ] a\r\n")
        // A CR right before a LF is one ending; a LF before a CR is two.
        XCTAssertEqual(try format("- [x] a\n\r- [ ] b\r\n"), "- [ ] b\n\r- [x] a done:2026-11-21\r\n")
    }

    func testByteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(try format(bom + Array("- [x] a\n- [ ] b\n".utf8)), bom + Array("- [ ] b\n- [x] a done:2026-11-21\n".utf8))
        XCTAssertEqual(try TodoDocument(utf8: bom + Array("- [ ] a\n".utf8)).tasks.first?.location, SourceLocation(line: 1, column: 3))
        XCTAssertEqual(try format(bom), bom)
        // A second BOM is text (U+FEFF), so the line is not a list item.
        let twice = bom + bom + Array("- [x] a\n".utf8)
        XCTAssertEqual(try format(twice), twice)
        XCTAssertTrue(try TodoDocument(utf8: twice).tasks.isEmpty)
    }

    // MARK: - Structure

    func testTenThousandHeadingsKeepTheirSections() throws {
        var input = "", expected = ""
        for i in 0..<10_000 {
            input += "## Section \(i)\n- [x] done \(i)\n- [ ] open \(i)\n"
            expected += "## Section \(i)\n- [ ] open \(i)\n- [x] done \(i) done:2026-11-21\n"
        }
        XCTAssertEqual(try format(input), expected)
    }

    func testUnbalancedCodeFences() throws {
        let unchanged = [
            "```\n- [ ] in an unclosed fence\n",
            "```\n",
            "~~~\n```\n- [ ] a\n~~\n",
            "````\n```\n- [x] a\n```\n",
            "   ```\n- [x] a\n",
        ]
        for text in unchanged {
            XCTAssertEqual(try format(text), text, text.debugDescription)
            XCTAssertTrue(TodoDocument(text).tasks.isEmpty, text.debugDescription)
        }
        XCTAssertEqual(try format("- [x] a\n```\n- [ ] b\n"), "- [x] a done:2026-11-21\n```\n- [ ] b\n")
        // A fence that is never closed inside an item ends with the item, and moves with it.
        XCTAssertEqual(try format("- [x] a\n  ```\n  - [ ] b\n- [ ] c\n"), "- [ ] c\n- [x] a done:2026-11-21\n  ```\n  - [ ] b\n")
        XCTAssertEqual(TodoDocument("- [x] a\n  ```\n  - [ ] b\n- [ ] c\n").tasks.map(\.title), ["a", "c"])
        // Backticks in the info string: not a fence, so the list after it has tasks.
        XCTAssertEqual(TodoDocument("```` ``` \n- [ ] a\n").tasks.map(\.title), ["a"])
    }

    func testTabsEverywhere() throws {
        XCTAssertEqual(try format("-\t[ ]\tbuy\tmilk\tdue:2026-12-01\t\n"), "-\t[ ] buy\tmilk due:2026-12-01\n")
        // An empty task stays as written; its child is formatted.
        XCTAssertEqual(try format("-\t[x]\t\n\t-\t[ ]\tchild\n"), "-\t[x]\t\n\t-\t[ ] child\n")
        // Four columns of tab are indented code, not a task.
        XCTAssertEqual(try format("\t- [x] code\n"), "\t- [x] code\n")
        XCTAssertEqual(try format("- [\t] near miss\n"), "- [\t] near miss\n")
        let document = TodoDocument("-\t[ ]\tbuy\tmilk\tdue:2026-12-01\n")
        XCTAssertEqual(document.tasks.first?.title, "buy\tmilk")
        XCTAssertEqual(document.tasks.first?.day(.due), Day("2026-12-01"))
        // Tabs in every gap of a nested, sinking list.
        let input = "\t\n-\t[x]\ta\t\n\t-\t[ ]\tb\t\n-\t[ ]\tc\t\n\t\n"
        XCTAssertEqual(try format(input), "\t\n-\t[ ] c\n-\t[x] a done:2026-11-21\n\t-\t[ ] b\n\t\n")
    }

    // MARK: - Text

    func testRightToLeftAndCombiningText() throws {
        let canonical = "- [ ] שלום עולם due:2026-12-01 ^abc\n"
        XCTAssertEqual(try format(canonical), canonical)
        let hebrew = TodoDocument(canonical).tasks[0]
        XCTAssertEqual(hebrew.title, "שלום עולם")
        XCTAssertEqual(hebrew.blockID, "abc")
        XCTAssertEqual(try format("- [x] مرحبا بالعالم\u{200F}\n"), "- [x] مرحبا بالعالم\u{200F} done:2026-11-21\n")
        XCTAssertEqual(try format("- [ ]  \u{202E}desrever\u{202C}  text \n"), "- [ ] \u{202E}desrever\u{202C}  text\n")
        XCTAssertEqual(try format("- [ ] Z\u{364}\u{311}\u{313}a\u{308}\u{356}\u{32D} zalgo\n"), "- [ ] Z\u{364}\u{311}\u{313}a\u{308}\u{356}\u{32D} zalgo\n")
        // A combining mark glued to a date makes it text, not a field.
        let glued = try format("- [x] cafe\u{301} due:2026-01-01\u{301}\n")
        XCTAssertEqual(glued, "- [x] cafe\u{301} due:2026-01-01\u{301} done:2026-11-21\n")
        XCTAssertNil(TodoDocument(glued).tasks[0].day(.due))
        // Digits from other scripts are not a date.
        XCTAssertNil(TodoDocument("- [ ] a due:٢٠٢٦-١٢-٠١\n").tasks[0].day(.due))
        // `[é]` written as e + U+0301 is two scalars: not a checkbox. A lone combining mark is one.
        XCTAssertTrue(TodoDocument("- [e\u{301}] a\n").tasks.isEmpty)
        XCTAssertEqual(TodoDocument("- [\u{301}] a\n").tasks.first?.status, .other("\u{301}"))
        XCTAssertEqual(try format("- [e\u{301}] a\n- [\u{301}] b   \n"), "- [e\u{301}] a\n- [\u{301}] b\n")
    }

    func testEmojiEverywhere() throws {
        XCTAssertEqual(TodoDocument("- [🎉] party\n").tasks.first?.status, .other("🎉"))
        // Several scalars between the brackets are not a checkbox.
        XCTAssertTrue(TodoDocument("- [👍🏽] tone\n- [❤️] heart\n- [👨‍👩‍👧] family\n").tasks.isEmpty)
        XCTAssertEqual(
            try format("# 🏠 Home 🏠\n- [x] 🎂 cake 📅 2026-12-01 ⏫ 🔁 every week ✅ 2026-11-20 🎉\n- [🎉] party 🎈\n"),
            "# 🏠 Home 🏠\n- [🎉] party 🎈\n- [x] 🎂 cake 📅 2026-12-01 ⏫ 🔁 every week ✅ 2026-11-20 🎉 done:2026-11-21\n")
        // Without the ordinary word at the end the emoji are the trailing run: fields.
        XCTAssertEqual(
            try format("- [x] 🎂 cake 🎉 📅 2026-12-01 ⏫ ✅ 2026-11-20\n"),
            "- [x] 🎂 cake 🎉 priority:high due:2026-12-01 done:2026-11-20\n")
        XCTAssertEqual(try format("- [ ] 📅️ 2026-12-01\n"), "- [ ] due:2026-12-01\n")
        XCTAssertEqual(
            try format("- [x] 🍰\n", options: FormatOptions(fieldStyle: .emoji, today: HostileInputTests.today)),
            "- [x] 🍰 ✅ 2026-11-21\n")
        XCTAssertEqual(try format("🔹 - [x] not a list item\n"), "🔹 - [x] not a list item\n")
        XCTAssertEqual(try format("- [ ] ^🎉\n"), "- [ ] ^🎉\n")
        XCTAssertNil(TodoDocument("- [ ] a ^🎉\n").tasks[0].blockID)
    }

    func testExtremeDates() throws {
        XCTAssertNil(Day("0000-00-00"))
        XCTAssertNil(Day("0000-01-01"))
        XCTAssertNotNil(Day("9999-12-31"))
        XCTAssertNil(Day("9999-12-31")!.adding(days: 1))
        XCTAssertNil(Day("0001-01-01")!.adding(days: -1))
        XCTAssertEqual(Day("0001-01-01")!.adding(days: 3_652_058), Day("9999-12-31"))

        XCTAssertEqual(try format("- [ ] a due:0000-00-00\n"), "- [ ] a due:0000-00-00\n")
        XCTAssertEqual(TodoDocument("- [ ] a due:0000-00-00\n").tasks[0].title, "a due:0000-00-00")
        XCTAssertEqual(try format("- [ ] a due:9999-12-31\n"), "- [ ] a due:9999-12-31\n")
        XCTAssertEqual(TodoDocument("- [ ] a due:9999-12-31\n").tasks[0].day(.due), Day("9999-12-31"))
        XCTAssertEqual(try format("- [x] a done:9999-12-31\n"), "- [x] a done:9999-12-31\n")
        XCTAssertEqual(try format("- [x] a ✅ 0000-00-00\n"), "- [x] a ✅ 0000-00-00 done:2026-11-21\n")
        XCTAssertEqual(try format("- [x] a [completion:: 9999-12-31]\n"), "- [x] a done:9999-12-31\n")
        XCTAssertEqual(try format("- [ ] a due:10000-01-01 due:2100-02-29 due:2000-02-29\n"),
                       "- [ ] a due:10000-01-01 due:2100-02-29 due:2000-02-29\n")
        XCTAssertEqual(TodoDocument("- [ ] a due:2100-02-29 due:2000-02-29\n").tasks[0].day(.due), Day("2000-02-29"))
        for today in ["9999-12-31", "0001-01-01"] {
            let options = FormatOptions(today: Day(today)!)
            XCTAssertEqual(try format("- [x] a\n", options: options), "- [x] a done:\(today)\n")
        }
    }

    func testBacktickRunsInATaskLine() throws {
        // Code spans of many different lengths, none closed: every run is text and no field is read.
        var line = "- [ ] a"
        for length in 1...300 { line += " " + String(repeating: "`", count: length) + " due:2026-12-01" }
        let document = TodoDocument(line + "\n")
        XCTAssertEqual(document.tasks.count, 1)
        XCTAssertEqual(document.tasks[0].day(.due), Day("2026-12-01"))
        XCTAssertEqual(try format(line + "\n"), line + "\n")
    }

    // MARK: - Depth

    /// Lists nested `depth` deep: `depth - 1` items on the first line (`- - … - [ ] parent`), then a
    /// two-task list under the deepest one (reached with tabs, so the file stays small) that sinks,
    /// then a top-level task.
    private func deepDocument(depth: Int) -> (input: String, expected: String) {
        let column = 2 * (depth - 1)
        let indent = String(repeating: "\t", count: column / 4) + String(repeating: " ", count: column % 4)
        let first = String(repeating: "- ", count: depth - 1) + "[ ] parent\n"
        let input = first + indent + "- [x] a\n" + indent + "- [ ] b\n" + "- [ ] top\n"
        let expected = first + indent + "- [ ] b\n" + indent + "- [x] a done:2026-11-21\n" + "- [ ] top\n"
        return (input, expected)
    }

    private func checkDeepNesting(depth: Int) throws {
        let (input, expected) = deepDocument(depth: depth)
        let document = TodoDocument(input)
        XCTAssertEqual(document.tasks.map(\.title), ["parent", "a", "b", "top"])
        XCTAssertEqual(document.tasks.map(\.depth), [depth - 2, depth - 1, depth - 1, 0])
        XCTAssertEqual(document.tasks.map(\.parent), [nil, 0, 0, nil])
        XCTAssertEqual(try format(input), expected)
        // Parse, format, verify and format again on a 256 KiB stack: recursion of even a few dozen
        // bytes per level would overflow it at this depth.
        nonisolated(unsafe) var result: Result<String, TodoError>?
        let options = self.options
        onSmallStack(256 * 1024) {
            result = Result { () throws(TodoError) -> String in
                let formatter = TodoFormatter(options: options)
                let once = try formatter.format(input)
                return try formatter.format(once) + String(TodoDocument(once).tasks.count)
            }
        }
        XCTAssertEqual(try result?.get(), expected + "4")
    }

    func testThousandLevelsOfNesting() throws {
        try checkDeepNesting(depth: 1_000)
    }

    func testTenThousandLevelsOfNesting() throws {
        try requireSlowTests()
        try checkDeepNesting(depth: 10_000)
        // Ten thousand items on one line that is not a task, in a list that sinks.
        let deep = String(repeating: "- ", count: 10_000) + "text\n"
        XCTAssertEqual(try format(deep + "- [x] a\n- [ ] b\n"), deep + "- [ ] b\n- [x] a done:2026-11-21\n")
    }

    func testTenThousandLevelsOfQuotesAndLists() throws {
        try requireSlowTests()
        let quotes = String(repeating: ">", count: 10_000)
        let input = quotes + " - [x] a\n" + quotes + " - [ ] b\n" + quotes + "\n" + String(repeating: "> - ", count: 10_000) + "[x] c\n"
        XCTAssertEqual(try format(input), quotes + " - [ ] b\n" + quotes + " - [x] a done:2026-11-21\n" + quotes + "\n"
                       + String(repeating: "> - ", count: 10_000) + "[x] c done:2026-11-21\n")
    }

    // MARK: - Size

    func testFiftyMegabyteLine() throws {
        try requireSlowTests()
        let size = 50 * 1024 * 1024
        let title = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        let task = Array("- [x] ".utf8) + title + Array(" due:2026-12-01".utf8)
        let output = try format(task)
        XCTAssert(output == Array("- [x] ".utf8) + title + Array(" due:2026-12-01 done:2026-11-21".utf8), "wrong 50 MB task line")
        // One 50 MB line of prose, no newline: left alone.
        var prose = [UInt8](repeating: UInt8(ascii: "w"), count: size)
        for i in stride(from: 7, to: size, by: 8) { prose[i] = 0x20 }
        XCTAssert(try format(prose) == prose, "prose line changed")
        // 50 MB of backtick runs of 10,000 different lengths (`a``a```a…), none closed.
        var runs = Array("- [x] ".utf8)
        runs.reserveCapacity(size + 20_000)
        for length in 1...10_000 {
            runs += [UInt8](repeating: UInt8(ascii: "`"), count: length)
            runs.append(UInt8(ascii: "a"))
        }
        XCTAssert(try format(runs) == runs + Array(" done:2026-11-21".utf8), "wrong backtick line")
    }

    func testOneMillionTasksInOneList() throws {
        try requireSlowTests()
        var input: [UInt8] = [], open: [UInt8] = [], done: [UInt8] = []
        input.reserveCapacity(30_000_000)
        for i in 0..<1_000_000 {
            if i % 2 == 0 {
                let line = Array("- [ ] open \(i)\n".utf8)
                input += line
                open += line
            } else {
                input += Array("- [x] done \(i)\n".utf8)
                done += Array("- [x] done \(i) done:2026-11-21\n".utf8)
            }
        }
        let output = try format(input)
        XCTAssert(output == open + done, "a million tasks were not sunk as the rules say")
    }
}
