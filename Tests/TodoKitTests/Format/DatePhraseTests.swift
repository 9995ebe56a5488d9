import XCTest
@testable import TodoKit

final class DatePhraseTests: XCTestCase {
    private let monday = Day("2026-11-23")!          // a Monday
    private let thirtyFirst = Day("2026-01-31")!     // a Saturday
    private let leapFeb28 = Day("2028-02-28")!       // a Monday in a leap year

    private func resolve(_ text: String, _ today: Day) -> String? {
        DatePhrase.resolve(text, today: today)?.description
    }

    func testWeekdaysOfKnownDays() {
        XCTAssertEqual(Day("1970-01-01")!.weekday, .thursday)
        XCTAssertEqual(monday.weekday, .monday)
        XCTAssertEqual(thirtyFirst.weekday, .saturday)
        XCTAssertEqual(Day("0001-01-01")!.weekday, .monday)
        XCTAssertEqual(Day("2000-02-29")!.weekday, .tuesday)
        XCTAssertEqual(Day("1969-12-31")!.weekday, .wednesday)
    }

    func testAbsoluteDaysPassThrough() {
        XCTAssertEqual(resolve("2026-12-01", monday), "2026-12-01")
        XCTAssertNil(resolve("2026-02-30", monday))
    }

    func testSimpleWords() {
        XCTAssertEqual(resolve("today", monday), "2026-11-23")
        XCTAssertEqual(resolve("Tomorrow", monday), "2026-11-24")
        XCTAssertEqual(resolve("YESTERDAY", monday), "2026-11-22")
        XCTAssertEqual(resolve("tomorrow", thirtyFirst), "2026-02-01")
    }

    func testWeekdaysAreTheNextOneNeverToday() {
        XCTAssertEqual(resolve("monday", monday), "2026-11-30")
        XCTAssertEqual(resolve("mon", monday), "2026-11-30")
        XCTAssertEqual(resolve("tue", monday), "2026-11-24")
        XCTAssertEqual(resolve("Friday", monday), "2026-11-27")
        XCTAssertEqual(resolve("sun", monday), "2026-11-29")
        XCTAssertEqual(resolve("saturday", thirtyFirst), "2026-02-07")
        XCTAssertEqual(resolve("sunday", thirtyFirst), "2026-02-01")
        XCTAssertNil(resolve("mond", monday))
    }

    func testNextUnits() {
        XCTAssertEqual(resolve("next week", monday), "2026-11-30")
        XCTAssertEqual(resolve("next-month", monday), "2026-12-23")
        XCTAssertEqual(resolve("next year", monday), "2027-11-23")
        XCTAssertEqual(resolve("next month", thirtyFirst), "2026-02-28")
        XCTAssertEqual(resolve("next year", Day("2028-02-29")!), "2029-02-28")
        XCTAssertNil(resolve("next day", monday))
        XCTAssertNil(resolve("next weeks", monday))
    }

    func testInNUnits() {
        XCTAssertEqual(resolve("in 3 days", monday), "2026-11-26")
        XCTAssertEqual(resolve("in-3-days", monday), "2026-11-26")
        XCTAssertEqual(resolve("in 1 day", monday), "2026-11-24")
        XCTAssertEqual(resolve("in 2 weeks", monday), "2026-12-07")
        XCTAssertEqual(resolve("in 1 month", thirtyFirst), "2026-02-28")
        XCTAssertEqual(resolve("in 13 months", thirtyFirst), "2027-02-28")
        XCTAssertEqual(resolve("in 1 month", leapFeb28), "2028-03-28")
        XCTAssertEqual(resolve("in 2 years", monday), "2028-11-23")
        XCTAssertEqual(resolve("In  3   Days", monday), "2026-11-26")
        XCTAssertNil(resolve("in three days", monday))
        XCTAssertNil(resolve("in 3", monday))
        XCTAssertNil(resolve("in 1234567 days", monday))
    }

    func testShortOffsets() {
        XCTAssertEqual(resolve("+3d", monday), "2026-11-26")
        XCTAssertEqual(resolve("+2w", monday), "2026-12-07")
        XCTAssertEqual(resolve("+1m", thirtyFirst), "2026-02-28")
        XCTAssertEqual(resolve("+1y", Day("2028-02-29")!), "2029-02-28")
        XCTAssertEqual(resolve("-1d", monday), "2026-11-22")
        XCTAssertEqual(resolve("5d", monday), "2026-11-28")
        XCTAssertNil(resolve("+3x", monday))
        XCTAssertNil(resolve("+d", monday))
    }

    func testASignIsReadInTheShortFormsAlone() {
        // A hyphen joins two words; read anywhere else, the day would be on the other side of today.
        for text in ["in -3 days", "-tomorrow", "in--3-days", "-friday", "tomorrow-", "next- week", "next -week", "in 3 -days", "+tomorrow"] {
            XCTAssertNil(resolve(text, monday), text)
        }
        XCTAssertEqual(resolve("-3d", monday), "2026-11-20")
        XCTAssertEqual(resolve("in\t3 days", monday), "2026-11-26")
        XCTAssertEqual(resolve("end-of-month", monday), "2026-11-30")
    }

    func testBusinessDaysSkipWeekends() {
        XCTAssertEqual(resolve("+1b", monday), "2026-11-24")
        XCTAssertEqual(resolve("+5b", monday), "2026-11-30")
        XCTAssertEqual(resolve("+1b", Day("2026-11-27")!), "2026-11-30")  // Friday → Monday
        XCTAssertEqual(resolve("+1b", thirtyFirst), "2026-02-02")          // Saturday → Monday
        XCTAssertEqual(resolve("-1b", monday), "2026-11-20")              // Monday → Friday
        // Against counting one day at a time, over many starts and counts.
        var start = Day("2026-01-01")!
        for _ in 0..<60 {
            for count in [0, 1, 4, 5, 6, 7, 11, 23, 50, -1, -6, -23] {
                var expected = start
                var remaining = abs(count)
                while remaining > 0 {
                    expected = expected.adding(days: count > 0 ? 1 : -1)!
                    if expected.weekday.isBusinessDay { remaining -= 1 }
                }
                XCTAssertEqual(start.adding(businessDays: count), expected, "\(start) + \(count)b")
            }
            start = start.adding(days: 1)!
        }
    }

    /// Words are split on the bytes of a space, a tab or a hyphen, and a short offset is read byte by
    /// byte: a combining mark on a separator, a sign or a unit letter leaves a byte that matches no
    /// word, so the text is no phrase (as when it was read character by character).
    func testCombiningMarksMakeNoPhrase() {
        XCTAssertEqual(resolve("in\t3 days", monday), "2026-11-26")
        XCTAssertEqual(resolve("NEXT-Week", monday), "2026-11-30")
        for text in ["next-\u{301}week", "next \u{301}week", "in 3\u{301} days", "+\u{301}3d", "+3d\u{301}",
                     "3\u{301}d", "to\u{301}day", "mon\u{301}"] {
            XCTAssertNil(resolve(text, monday), text)
        }
    }

    func testEndOf() {
        XCTAssertEqual(resolve("end of week", monday), "2026-11-29")
        XCTAssertEqual(resolve("end-of-month", monday), "2026-11-30")
        XCTAssertEqual(resolve("end of month", leapFeb28), "2028-02-29")
        XCTAssertEqual(resolve("end of year", monday), "2026-12-31")
        XCTAssertEqual(resolve("end of week", Day("2026-11-29")!), "2026-11-29")  // a Sunday
        XCTAssertNil(resolve("end of day", monday))
        // The coming Sunday of 9999-12-30 (a Thursday) is after 9999-12-31: no day, as `sunday` (QA session 27).
        XCTAssertNil(resolve("end of week", Day("9999-12-30")!))
        XCTAssertNil(resolve("end-of-week", Day("9999-12-31")!))
        XCTAssertNil(resolve("sunday", Day("9999-12-30")!))
        XCTAssertEqual(resolve("end of week", Day("9999-12-26")!), "9999-12-26")  // a Sunday
    }

    func testNotPhrases() {
        for text in ["", "soon", "next", "later today", "in 3 days please", "-", "2026-11", "+", "fridays"] {
            XCTAssertNil(resolve(text, monday), text)
            XCTAssertFalse(DatePhrase.isRelative(text), text)
        }
    }

    func testRelativeAndPlainSpelling() {
        XCTAssertTrue(DatePhrase.isRelative("tomorrow"))
        XCTAssertFalse(DatePhrase.isRelative("2026-11-23"))
        XCTAssertEqual(DatePhrase.plainSpelling("In 3 Days"), "in-3-days")
        XCTAssertEqual(DatePhrase.plainSpelling("end of month"), "end-of-month")
        XCTAssertEqual(DatePhrase.plainSpelling("+2w"), "+2w")
        XCTAssertNil(DatePhrase.plainSpelling("2026-11-23"))
    }

    func testMonthArithmeticClampsAndStaysInRange() {
        XCTAssertEqual(Day("2026-03-31")!.adding(months: -1)?.description, "2026-02-28")
        XCTAssertEqual(Day("2026-01-15")!.adding(months: -13)?.description, "2024-12-15")
        XCTAssertNil(Day("9999-12-01")!.adding(months: 1))
        XCTAssertNil(Day("0001-01-01")!.adding(months: -1))
        XCTAssertEqual(monday.startOfWeek, monday)
        XCTAssertEqual(Day("2026-11-29")!.startOfWeek.description, "2026-11-23")
        XCTAssertEqual(monday.days(until: Day("2026-12-01")!), 8)
    }

    func testDistanceInWords() {
        XCTAssertEqual(DayDistance.describe(monday, today: monday), "today")
        XCTAssertEqual(DayDistance.describe(Day("2026-11-24")!, today: monday), "tomorrow")
        XCTAssertEqual(DayDistance.describe(Day("2026-11-22")!, today: monday), "yesterday")
        XCTAssertEqual(DayDistance.describe(Day("2026-12-01")!, today: monday), "in 8 days")
        XCTAssertEqual(DayDistance.describe(Day("2026-11-20")!, today: monday), "3 days ago")
    }
}
