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
        for text in ["due:2026-02-30", "due:tomorrow", "xdue:2026-01-01", "due:2026-01-01,", "http://x.org/due:2026-01-01",
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
        XCTAssertEqual(task("x ⏳2022-07-28 y").day(.scheduled), Day("2022-07-28"))
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
}
