import XCTest
@testable import TodoKit

final class FieldScannerTests: XCTestCase {
    private func task(_ text: String) -> TaskLine {
        let doc = TodoDocument("- [ ] \(text)\n")
        XCTAssertEqual(doc.tasks.count, 1, text)
        return doc.tasks[0]
    }

    func testReadsEachSpelling() {
        for text in ["a due:2026-12-01", "a 📅 2026-12-01", "a 📅  2026-12-01", "a 📅\u{FE0F} 2026-12-01", "a 📆 2026-12-01",
                     "a [due:: 2026-12-01]", "a (due::2026-12-01)", "due:2026-12-01 a"] {
            let t = task(text)
            XCTAssertEqual(t.day(.due), Day("2026-12-01"), text)
            XCTAssertEqual(t.title, "a", text)
        }
        XCTAssertEqual(task("x [completion:: 2026-01-02]").day(.done), Day("2026-01-02"))
        XCTAssertEqual(task("x ⏳ 2026-01-02 🛫 2026-01-01 ➕ 2025-12-31 ❌ 2026-01-03").fields.map(\.key),
                       [.scheduled, .start, .created, .cancelled])
        for (emoji, level) in [("🔺", Priority.highest), ("⏫", .high), ("🔼", .medium), ("🔽", .low), ("⏬", .lowest), ("⏫\u{FE0F}", .high)] {
            XCTAssertEqual(task("x \(emoji)").priority, level, emoji)
        }
        XCTAssertEqual(task("x priority:lowest").priority, .lowest)
    }

    func testInvalidOrGluedTokensStayText() {
        for text in ["due:2026-02-30", "due:someday", "xdue:2026-01-01", "due:2026-01-01,", "http://x.org/due:2026-01-01",
                     "at 12:30", "Due:2026-01-01", "[due:: soon]", "a[due:: 2026-01-01]", "📅 2026-13-01", "priority:urgent",
                     "`due:2026-01-01`", "`` code due:2026-01-01 ``", "\\`due:2026-01-01", "x📅2026-01-01", "[done:: 2026-01-01]",
                     "[due:: 2026-01-01],x", "[due:: 2026-01-01],[priority:: high]"] {
            let t = task(text)
            XCTAssertNil(t.day(.due), text)
            XCTAssertNil(t.priority, text)
        }
        XCTAssertEqual(task("`unclosed due:2026-01-01").day(.due), Day("2026-01-01"), "an unclosed backtick is literal")
    }

    func testObsidianSpellings() {
        // Obsidian Tasks reads an emoji glued to its date, with or without the presentation selector.
        XCTAssertEqual(task("x 📅2022-07-29").day(.due), Day("2022-07-29"))
        XCTAssertEqual(task("x 📅\u{FE0F}2022-07-29").day(.due), Day("2022-07-29"))
        XCTAssertEqual(task("x ⏳2022-07-28 #y").day(.scheduled), Day("2022-07-28"))
        // Dataview fields separated by commas, as Obsidian Tasks documents them; the comma goes with the field.
        let commas = task("x [due::2021-08-22], [priority::high] , (start::2021-08-19)")
        XCTAssertEqual(commas.day(.due), Day("2021-08-22"))
        XCTAssertEqual(commas.priority, .high)
        XCTAssertEqual(commas.day(.start), Day("2021-08-19"))
        XCTAssertEqual(commas.title, "x")
        // The white space a field leaves behind collapses to one space; the title's own runs stay.
        XCTAssertEqual(task("Initial  description  ⏫  #tag1 ✅ 2022-08-12 #tag2/sub-tag").title, "Initial  description #tag1 #tag2/sub-tag")
        XCTAssertEqual(task("a\tdue:2026-01-01\tb").title, "a b")
    }

    func testLastDuplicateWinsAndBlockIDStaysLast() {
        let t = task("a due:2026-01-01 b due:2026-02-02 ^id-1")
        XCTAssertEqual(t.day(.due), Day("2026-02-02"))
        XCTAssertEqual(t.blockID, "id-1")
        XCTAssertEqual(t.title, "a due:2026-01-01 b", "an earlier duplicate stays in the title as text, as the canonical form writes it")
        XCTAssertEqual(task("a done:2026-01-01 done:2026-01-02").title, "a", "an open task loses every end date")
        XCTAssertNil(task("a ^not_id").blockID)
        XCTAssertEqual(task("a ^id done:2026-01-01").blockID, "id", "fields after a block id do not hide it")
        XCTAssertEqual(task("a done:2026-01-01 ^id").blockID, "id")
        XCTAssertNil(task("a ^id b").blockID)
        XCTAssertEqual(task("x [priority:: lowest]").priority, .lowest)
        XCTAssertEqual(task("x \\ due:2026-01-01").day(.due), Day("2026-01-01"), "a backslash escapes only punctuation")
    }

    func testFieldWrittenInEachStyle() {
        let due = Field(key: .due, value: .day(Day("2026-12-01")!))
        XCTAssertEqual(due.written(in: .plain), "due:2026-12-01")
        XCTAssertEqual(due.written(in: .emoji), "📅 2026-12-01")
        XCTAssertEqual(due.written(in: .dataview), "[due:: 2026-12-01]")
        let done = Field(key: .done, value: .day(Day("2026-11-21")!))
        XCTAssertEqual(done.written(in: .dataview), "[completion:: 2026-11-21]")
        let high = Field(key: .priority, value: .priority(.high))
        XCTAssertEqual(high.written(in: .emoji), "⏫")
        XCTAssertEqual(high.written(in: .plain), "priority:high")
    }

    func testRecurrenceOnCompletionIDAndDependsOnInEverySpelling() {
        let emoji = task("a 🆔 x1 ⛔ y1, y2 🔁 every week on Monday when done 🏁 delete")
        XCTAssertEqual(emoji.field(.id)?.value, .text("x1"))
        XCTAssertEqual(emoji.field(.dependsOn)?.value, .text("y1,y2"))
        XCTAssertEqual(emoji.field(.recurrence)?.value, .recurrence(RecurrenceRule("every week on Monday when done")!))
        XCTAssertEqual(emoji.field(.onCompletion)?.value, .onCompletion(.delete))
        XCTAssertEqual(emoji.title, "a")
        let dataview = task("a [id:: x1] [dependsOn:: y1,y2] [repeat:: every week on Monday when done] [onCompletion:: delete]")
        XCTAssertEqual(dataview.fields.map(\.value), emoji.fields.map(\.value))
        let plain = task("a id:x1 dependsOn:y1,y2 rec:every-week-on-monday-when-done onCompletion:delete")
        XCTAssertEqual(plain.fields.map(\.value), emoji.fields.map(\.value))
        XCTAssertEqual(task("a rec:+2m").field(.recurrence)?.value, .recurrence(RecurrenceRule(every: 2, .month)!))
        for text in ["a rec:2", "a 🔁 every blue moon", "a 🏁 later", "a 🆔 a.b", "a ⛔ x,", "a [repeat:: never]", "a id:"] {
            XCTAssertTrue(task(text).fields.isEmpty, text)
        }
        // As Obsidian Tasks reads them: the action in any case, spaces around the commas of a list.
        XCTAssertEqual(task("a 🏁 Delete").field(.onCompletion)?.value, .onCompletion(.delete))
        XCTAssertEqual(task("a onCompletion:Keep").field(.onCompletion)?.value, .onCompletion(.keep))
        XCTAssertEqual(task("a ⛔ ab , CD ,  EF").field(.dependsOn)?.value, .text("ab,CD,EF"))
        XCTAssertEqual(task("a [dependsOn::  ab , CD ]").field(.dependsOn)?.value, .text("ab,CD"))
    }

    func testRelativeDatesAreFieldsHoldingThePhrase() {
        XCTAssertEqual(task("a due:tomorrow").field(.due)?.value, .relative("tomorrow"))
        XCTAssertEqual(task("a 📅 in 3 days").field(.due)?.value, .relative("in 3 days"))
        XCTAssertEqual(task("a [scheduled:: next week]").field(.scheduled)?.value, .relative("next week"))
        XCTAssertEqual(task("a start:+2w").field(.start)?.value, .relative("+2w"))
        XCTAssertEqual(task("a 📅 end of month #x").field(.due)?.value, .relative("end of month"))
        // The longest phrase after an emoji: `next week` is one, `next week plans` would not be.
        XCTAssertEqual(task("a 📅 friday").field(.due)?.resolved(today: Day("2026-11-23")!).day, Day("2026-11-27"))
        for text in ["a due:soon", "a 📅 someday", "a [due:: next weekend]", "a due:in-3-dayz"] {
            XCTAssertNil(task(text).field(.due), text)
        }
    }

    /// The scanner refuses most ASCII values of a date key without reading them as a phrase; what it
    /// takes must still be exactly what ``DatePhrase`` reads, in every spelling.
    func testDateValuesAreRelativeExactlyWhenDatePhraseSaysSo() {
        for value in ["2026-02-30", "2026-01-01,", "20260101", "2026-1-1", "+3d", "-2w", "10b", "+-", "3", "IN-3-DAYS", "tomorrow",
                      "tomorrow!", "Friday", "FRI", "fri.", "end-of-year", "next-wee\u{212A}", "mañana", "in-3-days.", "x:y"] {
            let expected: Field.Value? = DatePhrase.isRelative(value) ? .relative(value) : nil
            XCTAssertEqual(task("a due:\(value)").field(.due)?.value, expected, value)
            XCTAssertEqual(task("a [due:: \(value)]").field(.due)?.value, expected, value)
            XCTAssertEqual(task("a 📅 \(value)").field(.due)?.value, expected, value)
        }
        XCTAssertTrue(DatePhrase.isRelative("+3d") && DatePhrase.isRelative("IN-3-DAYS") && !DatePhrase.isRelative("2026-02-30"))
    }

    /// The scanner reads `YYYY-MM-DD` a word at a time; it must take exactly the days ``Day`` parses,
    /// near misses included (`:` and `/` sit next to the digits, `-` in other places).
    func testDatesAreReadExactlyAsDayReadsThem() {
        for value in ["2026-12-01", "9999-12-31", "2024-02-29", "2025-02-29", "0000-01-01", "0001-01-01", "2026-00-10", "2026-01-00",
                      "2026-01-32", "2026-01-0:", "2026-01-1/", "2026/01/01", "2026-0a-01", "202-601-01", "2026-01-01", ":026-01-01",
                      "2026-1:-01", "2026-\u{7F}1-01", "2026-\u{E9}-01"] {
            let expected = Day(value)
            XCTAssertEqual(task("a due:\(value)").day(.due), expected, value)
            XCTAssertEqual(task("a 📅 \(value)").day(.due), expected, value)
            XCTAssertEqual(task("a [due:: \(value)]").day(.due), expected, value)
        }
        XCTAssertNotNil(Day("2024-02-29"))
        XCTAssertNil(Day("2026-01-0:"))
    }

    /// A `:` sends the scanner back to the start of its token, eight bytes at a time: a key counts only
    /// right after a space or a tab (or at the start), however long the text before it.
    func testPlainKeyCountsOnlyAtTheStartOfItsToken() {
        XCTAssertEqual(task("averyveryverylongword\tdue:2026-01-01").day(.due), Day("2026-01-01"))
        XCTAssertEqual(task("averyveryverylongword onCompletion:delete").field(.onCompletion)?.value, .onCompletion(.delete))
        XCTAssertEqual(task("a\tonCompletion:keep").field(.onCompletion)?.value, .onCompletion(.keep))
        XCTAssertEqual(task("scheduled:2026-01-01 x").day(.scheduled), Day("2026-01-01"))
        for text in ["a12345678onCompletion:keep", "averyveryverylongworddue:2026-01-01", "x\u{A0}due:2026-01-01",
                     "abcdefgh\u{0B}due:2026-01-01", "a 12345678901234567due:2026-01-01"] {
            XCTAssertNil(task(text).field(.due), text)
            XCTAssertNil(task(text).field(.onCompletion), text)
        }
    }

    func testEmojiFieldsCountOnlyInTheTrailingRun() {
        XCTAssertNil(task("📅 2021-09-12 leading field").day(.due))
        XCTAssertNil(task("a ⏫ b").priority)
        XCTAssertEqual(task("a 📅 2026-12-01 #tag ⏫ ^id").day(.due), Day("2026-12-01"))
        XCTAssertEqual(task("a 📅 2026-12-01 #tag ⏫ ^id").priority, .high)
        XCTAssertEqual(task("a 📅 2026-12-01 due:2026-12-02 text").day(.due), Day("2026-12-02"), "plain fields count anywhere")
        XCTAssertEqual(task("a [due:: 2026-12-01] text").day(.due), Day("2026-12-01"), "Dataview fields count anywhere")
        XCTAssertEqual(task("a 📅 2026-12-01 created:2026-11-01 ⏳ 2026-11-30").day(.due), Day("2026-12-01"), "plain fields are part of the run")
    }

    /// Every plain key is read from the words it is loaded in, at the very end of the buffer (the
    /// bytes past it read as zeros) and before more text; one byte short or changed, it is text.
    func testEveryPlainKeyAtTheEndOfTheBufferAndBeforeMoreText() {
        let fields: [(String, FieldKey)] = [("due:2026-12-01", .due), ("done:2026-12-01", .done), ("dependsOn:ab", .dependsOn),
                                            ("start:2026-12-01", .start), ("scheduled:2026-12-01", .scheduled),
                                            ("created:2026-12-01", .created), ("cancelled:2026-12-01", .cancelled),
                                            ("priority:high", .priority), ("rec:+2m", .recurrence), ("id:ab", .id),
                                            ("onCompletion:delete", .onCompletion)]
        func scan(_ text: String, _ trailing: String) -> [TaskText.Occurrence] {
            let bytes = Array((text + trailing).utf8)
            return bytes.withUnsafeBufferPointer { FieldScanner.scan($0, from: 0, to: text.utf8.count) }
        }
        for (text, key) in fields {
            for trailing in ["", " and more text after it"] {
                let found = scan(text, trailing)
                XCTAssertEqual(found.map(\.key), [key], text + trailing)
                XCTAssertEqual(found.first?.range, 0..<text.utf8.count, text + trailing)
                let colon = text.firstIndex(of: ":")!
                XCTAssertTrue(scan(text.replacingCharacters(in: colon...colon, with: ";"), trailing).isEmpty, text)
                XCTAssertTrue(scan(String(text[..<colon]), trailing).isEmpty, text)
                XCTAssertTrue(scan("x" + text.dropFirst(), trailing).isEmpty, text)
            }
        }
    }

    /// The word-at-a-time scan (up to the first backslash or backtick, then token by token from that
    /// token on) finds what the token-by-token scan alone finds, in texts mixing fields, code spans,
    /// escapes, tabs and words glued to them.
    func testScanFindsWhatTheTokenScanFinds() {
        let pieces = ["due:2026-12-01", "`x`", "``", "`due:2026-01-02`", "\\", "\\`", "\\[", "[due:: 2026-12-03]",
                      "(start:: 2026-01-04)", "📅 2026-12-05", "⏫", "🔁 every week", "rec:+1w", "id:ab", "^blk", "#tag",
                      "word", "日本語", "a:b", "scheduled:2026-01-06`", "x\\due:2026-01-07", "`a due:2026-01-08", "[", "]",
                      "priority:high", "✅ 2026-01-09", "done:2026-01-10\\", "a_b", "_due:2026-01-11",
                      "x]y", "^", "(", "a(due::2026-01-12)", "[ due:: 2026-12-13 ]", "(  priority:: high )"]
        let separators = [" ", " ", " ", "  ", "\t", ""]
        var rng = SplitMix64(seed: 13)
        for round in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + rng.below(9)) {
                text += pieces[rng.below(pieces.count)] + separators[rng.below(separators.count)]
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buf in
                var fast: [TaskText.Occurrence] = [], tokens: [TaskText.Occurrence] = []
                FieldScanner.scan(buf, from: 0, to: buf.count, into: &fast)
                FieldScanner.scanTokens(buf, from: 0, to: buf.count, into: &tokens)
                XCTAssertEqual(fast.map { "\($0.key) \($0.range) \($0.value)" }, tokens.map { "\($0.key) \($0.range) \($0.value)" },
                               "round \(round): \(text)")
            }
        }
    }

    /// Occurrences are plain values of the size a day field needs: tasks are read by the million,
    /// and a rule or an id must not make every occurrence larger or reference-counted.
    func testOccurrencesStayPlainAndSmall() {
        XCTAssertTrue(_isPOD(TaskText.Occurrence.self))
        // A rule fits in the 24 bytes a day took before `Day` was packed into 4 (the value's largest case).
        XCTAssertLessThanOrEqual(MemoryLayout<RecurrenceRule>.size, 24)
        XCTAssertLessThanOrEqual(MemoryLayout<Day>.size, 4)
        XCTAssertLessThanOrEqual(MemoryLayout<TaskText.Occurrence>.stride, 48)
    }
}
