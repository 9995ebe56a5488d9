import Foundation
import XCTest
@testable import TodoKit

/// Checks ``RecurrenceRule`` against python-dateutil over thousands of generated rules and start
/// dates. Needs `TODOFMT_DATEUTIL_PYTHON` (a Python with python-dateutil): `make test-dates` sets it
/// up in a virtual environment under .build and runs this test; otherwise it is skipped.
final class RecurrenceCrossCheckTests: XCTestCase {
    /// One generated rule: its parts, and its phrase built here from them (not by RecurrenceRule).
    private struct Case {
        var unit: String
        var interval: Int
        var weekdays: [Int] = []      // 0 = Monday
        var monthDays: [Int] = []     // negative: from the end
        var nth: [(weekday: Int, n: Int)] = []
        var months: [Int] = []
        var start: Day

        static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]

        static func ordinal(_ n: Int) -> String {
            let suffix = (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
            return "\(n)\(suffix)"
        }

        static func position(_ n: Int) -> String {
            n > 0 ? ordinal(n) : n == -1 ? "last" : "\(ordinal(-n)) last"
        }

        var phrase: String {
            let count = interval == 1 ? "" : "\(interval) "
            let s = interval == 1 ? "" : "s"
            var text: String
            switch unit {
            case "day": text = "every \(count)day\(s)"
            case "businessDay": text = interval == 1 ? "every weekday" : "every \(interval) business days"
            case "week":
                text = "every \(count)week\(s)"
                if !weekdays.isEmpty { text += " on " + weekdays.map { Case.weekdayNames[$0] }.joined(separator: ", ") }
            case "month": text = "every \(count)month\(s)"
            default:
                text = months.isEmpty ? "every \(count)year\(s)" : "every " + months.map { Case.monthNames[$0 - 1] }.joined(separator: " and ")
            }
            let items = monthDays.map { Case.position($0) } + nth.map { Case.position($0.n) + " " + Case.weekdayNames[$0.weekday] }
            if !items.isEmpty { text += " on the " + items.joined(separator: ", ") }
            return text
        }

        var line: String {
            func list(_ values: [Int]) -> String { values.isEmpty ? "-" : values.map(String.init).joined(separator: ",") }
            let nthText = nth.isEmpty ? "-" : nth.map { "\($0.weekday):\($0.n)" }.joined(separator: ",")
            return [unit, String(interval), list(weekdays), list(monthDays), nthText, list(months), start.description].joined(separator: "\t")
        }
    }

    /// A small deterministic generator (SplitMix64), so that a failure can be reproduced.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func distinct(_ count: Int, from values: [Int]) -> [Int] {
            var pool = values
            var chosen: [Int] = []
            for _ in 0..<count where !pool.isEmpty { chosen.append(pool.remove(at: next(pool.count))) }
            return chosen.sorted()
        }
    }

    private func generate(_ count: Int) -> [Case] {
        var g = Generator(state: 20_261_123)
        var cases: [Case] = []
        // Start dates around month ends and leap days as well as anywhere.
        let edgeDays = ["2024-02-29", "2024-02-28", "2025-02-28", "2026-01-31", "2026-03-31", "2026-12-31", "2100-02-28", "2000-02-29"]
        while cases.count < count {
            let start: Day
            if g.next(4) == 0 {
                start = Day(edgeDays[g.next(edgeDays.count)])!
            } else {
                start = Day("1990-01-01")!.adding(days: g.next(365 * 60))!
            }
            let interval = [1, 1, 1, 2, 3, 4, 6, 12, 13][g.next(9)]
            var c = Case(unit: "day", interval: interval, start: start)
            switch g.next(8) {
            case 0: c.unit = "day"
            case 1: c.unit = "businessDay"
            case 2: c.unit = "week"
            case 3:
                c.unit = "week"
                c.weekdays = g.distinct(1 + g.next(3), from: Array(0..<7))
            case 4: c.unit = "month"
            case 5:
                c.unit = "month"
                if g.next(2) == 0 {
                    let positive = g.distinct(1 + g.next(2), from: Array(1...31))
                    let negative = g.next(3) == 0 ? [-1 - g.next(3)] : []
                    c.monthDays = positive + negative
                } else {
                    let weekday = g.next(7)
                    let n = [1, 2, 3, 4, 5, -1, -2, -3, -4][g.next(9)]
                    c.nth = [(weekday, n)]
                }
            case 6: c.unit = "year"
            default:
                c.unit = "year"
                c.interval = 1
                c.months = g.distinct(1 + g.next(2), from: Array(1...12))
                if g.next(2) == 0 { c.monthDays = [1 + g.next(31)] }
            }
            cases.append(c)
        }
        return cases
    }

    func testRuleArithmeticAgreesWithDateutil() throws {
        guard let python = ProcessInfo.processInfo.environment["TODOFMT_DATEUTIL_PYTHON"], !python.isEmpty else {
            throw XCTSkip("TODOFMT_DATEUTIL_PYTHON is not set (make test-dates sets it)")
        }
        let count = Int(ProcessInfo.processInfo.environment["TODOFMT_DATEUTIL_CASES"] ?? "") ?? 5000
        let cases = generate(count)
        var input = ""
        var ours: [String] = []
        for (index, c) in cases.enumerated() {
            guard let rule = RecurrenceRule(phrase: c.phrase) else {
                XCTFail("not understood: \(c.phrase)")
                return
            }
            XCTAssertEqual(RecurrenceRule(phrase: rule.phrase), rule, "phrase round trip of \(c.phrase)")
            XCTAssertEqual(RecurrenceRule(rule.plainValue), rule, "plain round trip of \(c.phrase)")
            ours.append(rule.next(after: c.start)?.description ?? "none")
            input += "\(index)\t\(c.line)\n"
        }
        let script = SharedMaterial.packageRoot.appendingPathComponent("Scripts/rrule-crosscheck.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let data = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let theirs = output.split(separator: "\n")
        XCTAssertEqual(theirs.count, cases.count)
        var mismatches = 0
        for line in theirs {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let index = Int(parts[0]) else { continue }
            if ours[index] != String(parts[1]) {
                mismatches += 1
                if mismatches <= 20 {
                    XCTFail("\(cases[index].phrase) after \(cases[index].start): todofmt \(ours[index]), dateutil \(parts[1])")
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
        print("dateutil cross-check: \(cases.count) rules compared, \(mismatches) mismatches")
    }
}
