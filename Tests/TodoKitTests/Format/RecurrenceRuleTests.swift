import XCTest
@testable import TodoKit

/// Reading and writing rules, and their arithmetic on hand-checked days (`make test-dates` checks
/// the arithmetic against python-dateutil over thousands of generated rules).
final class RecurrenceRuleTests: XCTestCase {
    private func next(_ rule: String, after day: String) -> String? {
        RecurrenceRule(rule)?.next(after: Day(day)!)?.description
    }

    func testPhrasesAreReadInEverySpellingAndWrittenCanonically() {
        let cases: [(String, String, String)] = [
            ("every day", "every day", "+1d"),
            ("Every 3 Days", "every 3 days", "+3d"),
            ("every weekday", "every weekday", "+1b"),
            ("every 2 business days when done", "every 2 business days when done", "2b"),
            ("every week", "every week", "+1w"),
            ("every Monday", "every week on Monday", "every-week-on-monday"),
            ("every friday, tuesday", "every week on Tuesday, Friday", "every-week-on-tuesday,friday"),
            ("every week on Tuesday and Friday", "every week on Tuesday, Friday", "every-week-on-tuesday,friday"),
            ("every-2-weeks-on-mon", "every 2 weeks on Monday", "every-2-weeks-on-monday"),
            ("every month on the last", "every month on the last", "every-month-on-the-last"),
            ("every month on the last day", "every month on the last", "every-month-on-the-last"),
            ("every month on the 2nd last Friday", "every month on the 2nd last Friday", "every-month-on-the-2nd-last-friday"),
            ("every 3 months on the 2nd Wednesday", "every 3 months on the 2nd Wednesday", "every-3-months-on-the-2nd-wednesday"),
            ("every month on the 15th, 1st", "every month on the 1st, 15th", "every-month-on-the-1st,15th"),
            ("every January on the 15th", "every January on the 15th", "every-january-on-the-15th"),
            ("every july and january", "every January, July", "every-january,july"),
            ("every 2 years", "every 2 years", "+2y"),
            ("every year when done", "every year when done", "1y"),
        ]
        for (input, phrase, plain) in cases {
            guard let rule = RecurrenceRule(input) else {
                XCTFail("not read: \(input)")
                continue
            }
            XCTAssertEqual(rule.phrase, phrase, input)
            XCTAssertEqual(rule.plainValue, plain, input)
            XCTAssertEqual(RecurrenceRule(rule.phrase), rule, input)
            XCTAssertEqual(RecurrenceRule(rule.plainValue), rule, input)
        }
    }

    func testTodoTxtShortForm() {
        XCTAssertEqual(RecurrenceRule(todoTxt: "1w")?.phrase, "every week when done")
        XCTAssertEqual(RecurrenceRule(todoTxt: "+1w")?.phrase, "every week")
        XCTAssertEqual(RecurrenceRule(todoTxt: "+12m")?.phrase, "every 12 months")
        XCTAssertEqual(RecurrenceRule(todoTxt: "5b")?.phrase, "every 5 business days when done")
        // The unit's letter in either case, as relative dates read it (`due:+1W`).
        XCTAssertEqual(RecurrenceRule(todoTxt: "+1W"), RecurrenceRule(todoTxt: "+1w"))
        XCTAssertEqual(RecurrenceRule(todoTxt: "2D")?.plainValue, "2d")
        for text in ["0d", "+0w", "1x", "w", "+", "1000d", "-1d", "1 w", "1X", "1$"] {
            XCTAssertNil(RecurrenceRule(todoTxt: text), text)
        }
    }

    func testWordsStandSpacesApartOrJoinedBySingleHyphens() {
        XCTAssertEqual(RecurrenceRule("every week  when done"), RecurrenceRule("every week when done"))
        XCTAssertEqual(RecurrenceRule("every\t2  weeks"), RecurrenceRule("every 2 weeks"))
        XCTAssertEqual(RecurrenceRule("every-2-weeks"), RecurrenceRule("every 2 weeks"))
        // A hyphen anywhere else would be a sign that the rule drops.
        for text in ["every -2 weeks", "every--2-weeks", "every 2- weeks", "-every week", "every week-", "every monday,-friday"] {
            XCTAssertNil(RecurrenceRule(text), text)
        }
    }

    func testWhatIsNotARule() {
        for text in ["", "every", "every blue moon", "every 0 days", "every 1000 days", "every 2 day", "every days", "every week on",
                     "every month on the 32nd", "every month on the 1th", "every month on the 1st and last Friday",
                     "every month on the 6th Monday", "every month on the 5th last Monday", "every 2 weekdays",
                     "every week when", "every week until 2027-01-01", "every day for 3 times", "weekly", "every Januar"] {
            XCTAssertNil(RecurrenceRule(text), text)
        }
    }

    func testTheLongestRulesAreReadBackInEverySpelling() {
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let every = ["1st", "2nd", "3rd", "4th", "5th", "last", "2nd last", "3rd last", "4th last"].flatMap { n in weekdays.map { "\(n) \($0)" } }
        let days = (1...31).map { "\($0)\(["th", "st", "nd", "rd"][($0 % 10 < 4 && !(11...13).contains($0)) ? $0 % 10 : 0])" }
            + ["last"] + (2...31).map { "\($0)\(["th", "st", "nd", "rd"][($0 % 10 < 4 && !(11...13).contains($0)) ? $0 % 10 : 0]) last" }
        for text in ["every 999 months on the " + every.joined(separator: ", ") + " when done",
                     "every 999 months on the " + days.joined(separator: ", ") + " when done"] {
            let rule = try? XCTUnwrap(RecurrenceRule(text), text)
            XCTAssertEqual(rule?.phrase, text)
            XCTAssertLessThan(text.utf8.count, RecurrenceRule.maximumLength)
            XCTAssertEqual(rule.flatMap { RecurrenceRule($0.plainValue) }, rule)
        }
    }

    func testArithmetic() {
        XCTAssertEqual(next("every month", after: "2026-01-31"), "2026-02-28")
        XCTAssertEqual(next("every month", after: "2026-02-28"), "2026-03-28")
        XCTAssertEqual(next("every month on the 31st", after: "2026-01-31"), "2026-03-31")
        XCTAssertEqual(next("every month on the last", after: "2026-01-31"), "2026-02-28")
        XCTAssertEqual(next("every year", after: "2024-02-29"), "2025-02-28")
        XCTAssertEqual(next("every February on the 29th", after: "2024-02-29"), "2028-02-29")
        XCTAssertEqual(next("every weekday", after: "2026-11-20"), "2026-11-23", "Friday to Monday")
        XCTAssertEqual(next("every weekday", after: "2026-11-21"), "2026-11-23", "Saturday to Monday")
        XCTAssertEqual(next("every 2 weeks on Monday", after: "2026-11-20"), "2026-11-30")
        XCTAssertEqual(next("every week on Friday", after: "2026-11-20"), "2026-11-27", "never the same day")
        XCTAssertEqual(next("every month on the 5th Friday", after: "2026-11-01"), "2027-01-29", "months without a 5th Friday are skipped")
        XCTAssertNil(next("every 12 months on the 30th", after: "2026-02-01"), "February never has a 30th")
        XCTAssertNil(next("every day", after: "9999-12-31"))
    }

    /// A task whose canonical line is much longer than its input (a rule of abbreviated weekdays, short
    /// relative dates, written in the Dataview style) still formats: the output buffer is sized again.
    func testALineThatGrowsPastTheOutputBoundStillFormats() throws {
        let items = ["1st", "2nd", "3rd", "4th"].flatMap { n in ["mon", "tue", "wed", "thu", "fri"].map { "\(n)-\($0)" } }
        let rule = "every-month-on-the-" + items.joined(separator: ",")
        XCTAssertNotNil(RecurrenceRule(rule))
        let input = "- [-] x rec:\(rule) due:1d start:1d scheduled:1d created:1d done:1d cancelled:1d ⏬ 🆔 a ⛔ b 🏁 keep\n"
        let options = FormatOptions(fieldStyle: .dataview, today: Day("2026-11-21")!)
        let output = try TodoFormatter(options: options).format(input)
        XCTAssertGreaterThan(output.utf8.count, input.utf8.count + 192 + 1, "the case must outgrow the usual bound")
        XCTAssertTrue(output.contains("[repeat:: every month on the 1st Monday, 1st Tuesday, "), output)
        XCTAssertTrue(output.hasSuffix("[done:: 2026-11-22]\n") || output.contains("[completion:: 2026-11-22]"), output)
        XCTAssertEqual(try TodoFormatter(options: options).format(output), output)
    }
}
