// Dates without the formatter's cost
// ==================================
//
// On Linux, `DateFormatter.date(from:)` clones an ICU date format and calendar on every call
// (CoreFoundation's `CFDateFormatterGetAbsoluteTimeFromString`), which costs tens of microseconds,
// more than the rest of a typical decode. The common formats are fixed-width and numeric, so
// they are parsed here directly from the string's UTF-8 bytes, with the exact arithmetic of the
// code that would otherwise run:
//
// - `DateFormatter` and `ISO8601DateFormatter` (CoreFoundation over ICU): ICU builds the instant
//   as a whole number of milliseconds since 1970 (fractional seconds truncated to milliseconds),
//   and CoreFoundation turns it into `udate / 1000.0 - 978307200.0`.
// - `Date.ISO8601FormatStyle` (what `JSONDecoder`'s `.iso8601` strategy parses with): the Gregorian
//   calendar of swift-foundation adds the seconds of the day, as a `Double` with the fraction, to
//   the midnight of a Julian day, then subtracts the offset.
//
// The native parsers answer only for input they know the formatter's answer to: a canonical string
// (every field with its exact number of ASCII digits, in range, nothing before or after) in a
// configuration they fully understand. For anything else (other digits, out-of-range or missing
// fields, trailing text, lenient calendars, text fields, zones with daylight saving time, dates
// before the Gregorian reform of 1582) they answer `.unknown`, and the formatter decides as it
// always did. A differential test holds them to the formatters over generated strings.

import Foundation

/// What a native date parser makes of a string.
enum DateParseResult: Equatable {
    /// The date the formatter would return.
    case date(Date)
    /// A string the formatter would reject.
    case invalid
    /// A string this parser does not decide: ask the formatter.
    case unknown
}

/// The arithmetic and byte reading the native date parsers share.
enum DateParsing {
    /// Seconds from 1970 to 2001 (CoreFoundation's `kCFAbsoluteTimeIntervalSince1970`).
    static let secondsFrom1970To2001 = 978_307_200.0

    /// The earliest year parsed natively: ICU's and swift-foundation's Gregorian calendars switch
    /// to the Julian calendar before 1582-10-15.
    static let firstYear = 1583

    /// The value of `count` ASCII digits at `index`, or nil if one of them is not an ASCII digit
    /// or the input ends first.
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = bytes[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (for valid
    /// positive years; Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the fields make a valid date and time (hours 0-23, no leap second) from
    /// `firstYear` on.
    static func isValid(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Bool {
        year >= firstYear && (1...12).contains(month) && day >= 1 && day <= daysInMonth(month, year: year)
            && hour < 24 && minute < 60 && second < 60
    }

    /// The date CoreFoundation makes of ICU's milliseconds since 1970.
    static func dateFromICU(milliseconds: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000.0 - secondsFrom1970To2001)
    }

    /// Runs `body` on the UTF-8 bytes of `string`, without copying them when the string is native.
    static func withUTF8<Result>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}
