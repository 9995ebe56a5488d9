import TodoKit

// TEMPORARY: the shared date API's contract (/work/brief/DATES-API.md), until main brings it.
// Deleted when main is merged.

enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday
    var name: String { ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1] }
}

extension Day {
    var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let n = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday(rawValue: n + 1)!
    }

    func adding(months: Int) -> Day? {
        let total = year * 12 + (month - 1) + months
        let y = total / 12, m = total % 12 + 1
        var d = day
        while d > 28, Day(year: y, month: m, day: d) == nil { d -= 1 }
        return Day(year: y, month: m, day: d)
    }

    func days(until other: Day) -> Int { other.daysSinceEpoch - daysSinceEpoch }
}

enum DayDistance {
    static func describe(_ day: Day, today: Day) -> String {
        let n = today.days(until: day)
        switch n {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(n) days"
        default: return "\(-n) days ago"
        }
    }
}
