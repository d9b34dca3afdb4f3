#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lexicon's `datetime` for `createdAt`: RFC 3339 in UTC with milliseconds,
/// `2026-11-22T12:00:00.000Z` (what JavaScript's `toISOString` writes and the Bluesky app posts).
///
/// Both directions work in whole milliseconds of the proleptic Gregorian calendar, so a string
/// this type writes parses back to the same instant and is written again byte for byte.
package enum BlueskyDateTime {
    /// The form `string(from:)` writes and the form `date(from:)` reads, for messages.
    package static let expectedForm =
        "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM), e.g. 2026-11-22T12:00:00.000Z"

    /// Milliseconds since 1970 of 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the
    /// instants a four-digit year can write.
    static let earliest: Int64 = -62_135_596_800_000
    static let latest: Int64 = 253_402_300_799_999
    /// Milliseconds from 1970 to 2001, where `Date` counts from.
    static let epochOffset: Int64 = 978_307_200_000

    /// `date` in UTC with milliseconds: time below a millisecond is dropped, never rounded up
    /// (except within a few units in the last place of `Date`'s Double, which cannot tell such an
    /// instant from the next millisecond). Instants outside years 0001–9999 are clamped to them,
    /// infinite ones too (`+infinity` is 9999-12-31T23:59:59.999Z, `-infinity`
    /// 0001-01-01T00:00:00.000Z). A `Date` of NaN seconds names no instant and is written as
    /// `Date`'s reference date, 2001-01-01T00:00:00.000Z.
    package static func string(from date: Date) -> String {
        // A Date is a Double of seconds since 2001, often made from seconds since 1970, so a whole
        // millisecond may sit a few units in the last place (of either) below itself: count
        // anything that close to the next millisecond as it. An infinite Double's ulp is NaN, so
        // the infinities are clamped first.
        var reference = date.timeIntervalSinceReferenceDate
        if reference.isNaN { reference = 0 }
        if reference.isInfinite { reference = reference > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        let ulp = max(reference.ulp, (reference + Double(epochOffset / 1000)).ulp)
        let scaled = reference * 1000 + 8 * ulp * 1000
        let bounded = min(max(scaled.rounded(.down), Double(earliest - epochOffset)), Double(latest - epochOffset))
        let milliseconds = Int64(bounded) + epochOffset
        let days = milliseconds.floorDivided(by: 86_400_000)
        let inDay = Int(milliseconds - days * 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        var out = ""
        out.reserveCapacity(24)
        func append(_ value: Int, width: Int) {
            let digits = String(value)
            out += String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        append(year, width: 4); out += "-"; append(month, width: 2); out += "-"; append(day, width: 2)
        out += "T"
        append(inDay / 3_600_000, width: 2); out += ":"
        append(inDay / 60_000 % 60, width: 2); out += ":"
        append(inDay / 1000 % 60, width: 2); out += "."
        append(inDay % 1000, width: 3); out += "Z"
        return out
    }

    /// The instant `text` names, for RFC 3339 date-times with an upper-case `T`, seconds, an
    /// optional fraction (cut to milliseconds) and a zone (`Z` or `±HH:MM`, not `-00:00`); years
    /// 0001–9999, real calendar days, hours 00–23, seconds 00–59. Anything else is `nil`.
    package static func date(from text: String) -> Date? {
        var reader = DigitReader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), year >= 1, reader.skip("-"),
            let month = reader.number(digits: 2), (1...12).contains(month), reader.skip("-"),
            let day = reader.number(digits: 2), day >= 1, day <= daysIn(month: month, year: year),
            reader.skip("T"),
            let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
            let minute = reader.number(digits: 2), minute < 60, reader.skip(":"),
            let second = reader.number(digits: 2), second < 60
        else { return nil }
        var millisecond = 0
        if reader.skip(".") {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 3 { millisecond = millisecond * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millisecond *= 10 }
        }
        var offsetMinutes = 0
        if !reader.skip("Z") {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(digits: 2), offsetHours < 24, reader.skip(":"),
                let minutes = reader.number(digits: 2), minutes < 60,
                !(sign < 0 && offsetHours == 0 && minutes == 0)
            else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + minutes)
        }
        guard reader.isAtEnd else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = Int64((hour * 60 + minute - offsetMinutes) * 60 + second)
        let milliseconds = (days * 86_400 + seconds) * 1000 + Int64(millisecond)
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds - epochOffset) / 1000)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (March-based 400-year eras).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let marchYear = Int64(month <= 2 ? year - 1 : year)
        let era = marchYear.floorDivided(by: 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (the inverse of `daysSince1970`).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * marchMonth + 2) / 5 + 1)
        let month = Int(marchMonth < 10 ? marchMonth + 3 : marchMonth - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Reads ASCII digits and signs from the front of a byte string.
    private struct DigitReader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
                return nil
            }
            index += 1
            return Int(bytes[index - 1] - UInt8(ascii: "0"))
        }

        /// Exactly `digits` digits as a number.
        mutating func number(digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
