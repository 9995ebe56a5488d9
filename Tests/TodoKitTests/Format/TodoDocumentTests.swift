import XCTest
@testable import TodoKit

final class TodoDocumentTests: XCTestCase {
    func testReadsTasksWithStatusFieldsAndNesting() throws {
        let doc = TodoDocument("""
        # Home
        - [ ] Renew passport due:2026-12-01 #errands
          - [X] Photos ✅ 2026-11-20
        - [-] Old plan [priority:: low] ^plan1
        - [/] Half done
        - [?] Odd mark
        - plain item
          - [ ] under a plain item

        """)
        XCTAssertEqual(doc.tasks.count, 6)
        let passport = doc.tasks[0]
        XCTAssertEqual(passport.title, "Renew passport #errands")
        XCTAssertEqual(passport.day(.due), Day("2026-12-01"))
        XCTAssertEqual(passport.status, .open)
        XCTAssertEqual(passport.location, SourceLocation(line: 2, column: 3))
        XCTAssertEqual(passport.depth, 0)

        let photos = doc.tasks[1]
        XCTAssertEqual(photos.status, .done)
        XCTAssertEqual(photos.mark, "X")
        XCTAssertEqual(photos.day(.done), Day("2026-11-20"))
        XCTAssertEqual(photos.field(.done)?.style, .emoji)
        XCTAssertEqual(photos.parent, 0)
        XCTAssertEqual(photos.depth, 1)

        XCTAssertEqual(doc.tasks[2].status, .cancelled)
        XCTAssertEqual(doc.tasks[2].priority, .low)
        XCTAssertEqual(doc.tasks[2].blockID, "plan1")
        XCTAssertEqual(doc.tasks[2].title, "Old plan")
        XCTAssertEqual(doc.tasks[3].status, .inProgress)
        XCTAssertEqual(doc.tasks[4].status, .other("?"))
        XCTAssertFalse(doc.tasks[4].status.isCompleted)

        let nested = doc.tasks[5]
        XCTAssertEqual(nested.depth, 1)
        XCTAssertNil(nested.parent, "a plain item is not a task")
    }

    /// The tasks on a range of lines, read for those lines alone or taken from ``TodoDocument/tasks``
    /// once it is made, are the tasks whose lines are in the range.
    func testTasksOnLinesAreTheTasksOfThoseLines() throws {
        var generator = SplitMix64(seed: 3)
        var ranges = 0
        for seed in 0..<60 as Range<UInt64> {
            let bytes = DocumentGenerator.document(seed: 4_000 + seed)
            let document = try TodoDocument(utf8: bytes)
            let lineCount = document.parsed.lines.count
            var lines: [ClosedRange<Int>] = [1...lineCount + 1, 0...0]
            for _ in 0..<20 {
                let first = 1 + Int(generator.next() % UInt64(lineCount + 1))
                lines.append(first...(first + Int(generator.next() % 12)))
            }
            let alone = lines.map { document.tasks(onLines: $0) }
            let all = document.tasks
            for (range, tasks) in zip(lines, alone) {
                let expected = all.filter { range.contains($0.location.line) }
                XCTAssertEqual(tasks, expected, "seed \(seed), lines \(range), read alone")
                XCTAssertEqual(document.tasks(onLines: range), expected, "seed \(seed), lines \(range), from the tasks")
                if !expected.isEmpty { ranges += 1 }
            }
        }
        XCTAssertGreaterThan(ranges, 300)
    }

    func testNearMissesAndCodeAreNotTasks() {
        let doc = TodoDocument("""
        -[ ] no space after dash
        - [x]glued
        - []
        - [ x]
        - [\t]
        [ ] outside a list

        ```
        - [ ] in a fence
        ```

            - [ ] indented code

        <div>
        - [ ] html block
        </div>

        > - [ ] but a quote is fine

        """)
        XCTAssertEqual(doc.tasks.map(\.title), ["but a quote is fine"])
    }

    func testFrontMatterIsNeverTasks() {
        let doc = TodoDocument("---\ntags:\n- [ ] yaml\n---\n- [ ] real\n")
        XCTAssertEqual(doc.tasks.map(\.title), ["real"])
        XCTAssertEqual(doc.tasks[0].location.line, 5)
    }

    func testPrintsBackEveryByte() throws {
        let inputs: [[UInt8]] = [
            Array("- [X] a  \r\n\tb\r- [ ] c".utf8),
            [0xEF, 0xBB, 0xBF] + Array("- [x] with bom\n".utf8),
            [],
            Array("\n\n   \n".utf8),
        ]
        for bytes in inputs {
            XCTAssertEqual(try TodoDocument(utf8: bytes).utf8, bytes)
        }
    }

    /// A large file is validated in parts, cut just past line feeds: the first error in the file is
    /// the one named whatever part holds it (at a part's first or last byte too), and a NUL anywhere
    /// still wins; the parts name what one pass names.
    func testValidationInPartsNamesTheFirstError() throws {
        // Parts as many as asked whatever the size; the default cuts only files of 2 MiB and more.
        var n = 30_005
        func error(parts: Int?, _ edit: (inout [UInt8]) -> Void) -> TodoError? {
            // Lines of 100 bytes, so that there are cuts wherever the parts' shares end.
            var bytes = (0..<n).map { $0 % 100 == 99 ? UInt8(ascii: "\n") : UInt8(ascii: "a") }
            edit(&bytes)
            do {
                if let parts { _ = try TodoDocument.validatedLines(bytes, parts: parts) } else { try TodoDocument.validate(bytes) }
                return nil
            } catch { return error }
        }
        let emoji = Array("😀".utf8), accent = Array("é".utf8)
        var checked = 0
        for parts in [2, 3, 4] {
            // Where the cuts of the unedited bytes fall: past the first line feed after each share.
            let cuts = (1..<parts).map { n * $0 / parts / 100 * 100 + 100 }
            for cut in cuts {
                for shift in -4...1 {
                    let edits: [(inout [UInt8]) -> Void] = [
                        { $0.replaceSubrange((cut + shift)..<(cut + shift + 4), with: emoji) },
                        { $0.replaceSubrange((cut + shift)..<(cut + shift + 2), with: accent) },
                        { $0.replaceSubrange((cut + shift)..<(cut + shift + 4), with: [0x80, 0x80, 0x80, 0x80]) },
                        { $0.replaceSubrange((cut + shift)..<(cut + shift + 4), with: [0xF0, 0x9F, 0x98, 0x41]) },
                        { $0[cut + shift] = 0xE2 },
                        { $0[cut + shift] = 0 ; $0[cut + shift + 2] = 0xFF },
                    ]
                    for edit in edits {
                        XCTAssertEqual(error(parts: parts, edit), error(parts: 1, edit), "\(parts) parts, cut \(cut), shift \(shift)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 6 * 6 * (1 + 2 + 3))
        n = 4 * TodoDocument.validationMinimumPerPart + 5
        for parts in [nil, 3] as [Int?] {
            XCTAssertNil(error(parts: parts) { $0.replaceSubrange((n / 2 - 2)..<(n / 2 + 2), with: emoji) })
            XCTAssertEqual(error(parts: parts) { $0[n - 2] = 0xFF; $0[n / 2 + 7] = 0xFF }, .invalidUTF8(offset: n / 2 + 7))
            XCTAssertEqual(error(parts: parts) { $0[10] = 0xFF; $0[n - 3] = 0 }, .binary(offset: n - 3))
            XCTAssertEqual(error(parts: parts) { $0[n - 1] = 0xE2 }, .invalidUTF8(offset: n - 1))
        }
    }

    func testRejectsBinaryAndInvalidUTF8() {
        XCTAssertThrowsError(try TodoDocument(utf8: [0x2D, 0x20, 0xFF, 0x0A])) { error in
            XCTAssertEqual(error as? TodoError, .invalidUTF8(offset: 2))
        }
        XCTAssertThrowsError(try TodoDocument(utf8: [0x61, 0x00, 0x62])) { error in
            XCTAssertEqual(error as? TodoError, .binary(offset: 1))
        }
        // Overlong encoding and a UTF-16 surrogate are not UTF-8.
        XCTAssertThrowsError(try TodoDocument(utf8: [0xC0, 0xAF]))
        XCTAssertThrowsError(try TodoDocument(utf8: [0xED, 0xA0, 0x80]))
        XCTAssertNoThrow(try TodoDocument(utf8: Array("é 日本 😀".utf8)))
    }

    /// A file of 1 GiB or more is refused with a one-line error before anything parses it (the line
    /// table and the structure keep offsets in 32 bits); one byte less is read.
    func testFilesOfOneGibibyteAndMoreAreRefused() {
        XCTAssertNil(TodoDocument.sizeError(LineTable.maximumBytes))
        XCTAssertEqual(LineTable.maximumBytes, (1 << 30) - 1)
        let error = TodoDocument.sizeError(1 << 30)
        XCTAssertEqual(error, .tooLarge(bytes: 1 << 30))
        XCTAssertEqual(error?.description, "too large: 1073741824 bytes (todofmt reads files of less than 1 GiB)")
    }
}
