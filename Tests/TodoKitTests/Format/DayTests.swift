import XCTest
@testable import TodoKit

final class DayTests: XCTestCase {
    func testParsesValidDays() {
        XCTAssertEqual(Day("2026-12-01")?.description, "2026-12-01")
        XCTAssertEqual(Day("2024-02-29")?.day, 29)
    }

    func testRejectsInvalidDays() {
        for text in ["2026-02-30", "2025-02-29", "0000-00-00", "2026-13-01", "2026-1-01", "tomorrow", "2026-12-01x", ""] {
            XCTAssertNil(Day(text), text)
        }
        XCTAssertEqual(Day("9999-12-31")?.year, 9999)
    }

    func testWritesEveryDigitInPlace() {
        func padded(_ n: Int, _ width: Int) -> String {
            String(repeating: "0", count: width - String(n).count) + String(n)
        }
        for year in [1, 9, 10, 99, 100, 999, 1000, 1970, 2026, 9999] {
            for month in 1...12 {
                for day in [1, 9, 10, 19, 28] {
                    XCTAssertEqual(Day(year: year, month: month, day: day)?.description,
                                   "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))")
                }
            }
        }
    }

    func testArithmeticRoundTrips() {
        let day = Day("2026-11-21")!
        XCTAssertEqual(day.adding(days: 10)?.description, "2026-12-01")
        XCTAssertEqual(day.adding(days: -366)?.description, "2025-11-20")
        XCTAssertEqual(Day("1970-01-01")!.daysSinceEpoch, 0)
        XCTAssertLessThan(Day("2026-01-31")!, Day("2026-02-01")!)
    }
}
