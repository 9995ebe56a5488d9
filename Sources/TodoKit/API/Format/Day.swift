#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A calendar day in the proleptic Gregorian calendar, written `YYYY-MM-DD`.
///
/// Todo files only ever carry days, never times, so this is all the date arithmetic the
/// format needs. Years run from 1 to 9999.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `year << 9 | month << 5 | day` in one word: a todo carries six optional days, and packed
    /// they take 8 bytes each instead of 32 (100,000 todos are made on every load). Numeric order
    /// is calendar order.
    private let packed: UInt32

    /// The year, 1...9999.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1...12.
    public var month: Int { Int(packed >> 5 & 0xF) }
    /// The day of the month, 1...31.
    public var day: Int { Int(packed & 0x1F) }

    /// Creates a day when the three numbers name a real calendar day, otherwise `nil`.
    /// - Parameters:
    ///   - year: 1...9999.
    ///   - month: 1...12.
    ///   - day: 1 to the number of days in that month.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else or for a day that does not exist.
    /// - Parameter text: The text, without surrounding spaces.
    public init?(_ text: some StringProtocol) {
        var utf8 = Array(text.utf8)
        guard let parsed = utf8.withUnsafeMutableBufferPointer({ Day(isoBytes: UnsafeBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// Parses `YYYY-MM-DD` from ten bytes.
    init?(isoBytes b: UnsafeBufferPointer<UInt8>) {
        guard b.count == 10 else { return nil }
        self.init(isoBytes: b, at: 0)
    }

    /// Parses `YYYY-MM-DD` from the ten bytes at `i` of `b` (the caller checks that they exist).
    @inline(__always) init?(isoBytes b: UnsafeBufferPointer<UInt8>, at i: Int) {
        guard b[i + 4] == UInt8(ascii: "-"), b[i + 7] == UInt8(ascii: "-") else { return nil }
        let zero = UInt8(ascii: "0")
        let y0 = b[i] &- zero, y1 = b[i + 1] &- zero, y2 = b[i + 2] &- zero, y3 = b[i + 3] &- zero
        let m0 = b[i + 5] &- zero, m1 = b[i + 6] &- zero, d0 = b[i + 8] &- zero, d1 = b[i + 9] &- zero
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, m0 < 10, m1 < 10, d0 < 10, d1 < 10 else { return nil }
        self.init(year: Int(y0) * 1000 + Int(y1) * 100 + Int(y2) * 10 + Int(y3),
                  month: Int(m0) * 10 + Int(m1), day: Int(d0) * 10 + Int(d1))
    }

    /// The number of days in a month of a year.
    /// - Parameters:
    ///   - month: 1...12.
    ///   - year: The year (Gregorian leap years).
    /// - Returns: 28 to 31.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether a year has a February 29th.
    /// - Parameter year: The year.
    /// - Returns: `true` for a year divisible by 4 but not by 100, or by 400.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The day as `YYYY-MM-DD`.
    public var description: String {
        String(decoding: isoBytes, as: UTF8.self)
    }

    /// The ten UTF-8 bytes of `YYYY-MM-DD`.
    package var isoBytes: [UInt8] {
        var out = ByteWriter(capacity: 10)
        write(into: &out)
        return out.bytes
    }

    /// `00` to `99`, two bytes each: ``write(into:)`` looks up two digits at a time.
    private static let twoDigits: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `YYYY-MM-DD` to `out`.
    func write(into out: inout ByteWriter) {
        let pairs = UnsafeRawPointer(Day.twoDigits.utf8Start)
        @inline(__always) func pair(_ n: Int) -> UInt64 {
            UInt64(UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: 2 * n, as: UInt16.self)))
        }
        let year = self.year
        // `YYYY-MM-` in one word, the first byte lowest, then `DD`.
        let head = pair(year / 100) | pair(year % 100) << 16 | 0x2D << 32 | pair(month) << 40 | 0x2D << 56
        out.append(word: head, count: 8)
        out.append(word: pair(day), count: 2)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day some days after this one (before it when negative).
    /// - Parameter n: The number of days.
    /// - Returns: The day; `nil` outside years 1...9999.
    public func adding(days n: Int) -> Day? {
        let z = daysSinceEpoch + n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return Day(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Day, rhs: Day) -> Bool {
        lhs.packed < rhs.packed
    }

    /// Today in the local time zone of this process.
    /// - Returns: The local calendar day; January 1st, 1970 if the clock's year is outside 1...9999.
    public static func today() -> Day {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? Day(year: 1970, month: 1, day: 1)!
    }
}
