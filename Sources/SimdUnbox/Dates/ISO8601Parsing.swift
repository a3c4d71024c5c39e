import Foundation

/// Native parsing of RFC 3339 timestamps (`2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.250+02:00`)
/// as `ISO8601DateFormatter` (internet date-time options) and `Date.ISO8601FormatStyle` (its
/// defaults, as `JSONDecoder`'s `.iso8601` strategy uses it) parse them.
enum ISO8601Parsing {
    /// The fields of a canonical timestamp.
    struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        /// The fraction of a second as written: its value and its number of digits (0: none).
        var fraction = 0, fractionDigits = 0
        /// Seconds east of UTC.
        var offset = 0
    }

    /// Reads `yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±HH:MM)` filling the whole input, with valid fields;
    /// nil for anything else.
    static func fields(_ bytes: UnsafeBufferPointer<UInt8>, maximumOffsetHours: Int) -> Fields? {
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = DateParsing.digits(bytes, at: 0, count: 4),
            let month = DateParsing.digits(bytes, at: 5, count: 2),
            let day = DateParsing.digits(bytes, at: 8, count: 2),
            let hour = DateParsing.digits(bytes, at: 11, count: 2),
            let minute = DateParsing.digits(bytes, at: 14, count: 2),
            let second = DateParsing.digits(bytes, at: 17, count: 2),
            DateParsing.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var fields = Fields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                guard fields.fractionDigits < 9 else { return nil }
                fields.fraction = fields.fraction * 10 + Int(digit)
                fields.fractionDigits += 1
                index += 1
            }
            guard fields.fractionDigits > 0 else { return nil }
        }
        guard
            let (offset, end) = ZoneOffsetStyle.extended.read(
                bytes, at: index, acceptsZ: true, maximumHours: maximumOffsetHours),
            end == bytes.count
        else { return nil }
        fields.offset = offset
        return fields
    }

    /// Parses as an `ISO8601DateFormatter` with `.withInternetDateTime`, and with
    /// `.withFractionalSeconds` when `fractionalSeconds` (then the fraction is required, and
    /// truncated to milliseconds as ICU does; without it, a fraction is left to the formatter).
    static func parseAsFormatter(_ bytes: UnsafeBufferPointer<UInt8>, fractionalSeconds: Bool) -> DateParseResult {
        guard bytes.count > 0 else { return .invalid }
        guard let fields = fields(bytes, maximumOffsetHours: 23),
            (fields.fractionDigits > 0) == fractionalSeconds
        else { return .unknown }
        return .date(DateParsing.dateFromICU(milliseconds: icuMilliseconds(fields)))
    }

    /// Milliseconds since 1970 as ICU computes them: whole milliseconds, the fraction truncated.
    static func icuMilliseconds(_ fields: Fields) -> Int {
        let days = DateParsing.daysSince1970(year: fields.year, month: fields.month, day: fields.day)
        let seconds = days * 86400 + fields.hour * 3600 + fields.minute * 60 + fields.second - fields.offset
        var milliseconds = fields.fraction
        var digits = fields.fractionDigits
        if digits > 0 {
            while digits < 3 {
                milliseconds *= 10
                digits += 1
            }
            while digits > 3 {
                milliseconds /= 10
                digits -= 1
            }
        }
        return seconds * 1000 + milliseconds
    }

    /// Parses as `Date.ISO8601FormatStyle()` (fractional seconds optional, up to nine digits).
    static func parseAsFormatStyle(_ bytes: UnsafeBufferPointer<UInt8>) -> DateParseResult {
        guard bytes.count > 0 else { return .invalid }
        guard let fields = fields(bytes, maximumOffsetHours: 14) else { return .unknown }
        // swift-foundation's Gregorian calendar: the midnight of the day (a whole number of
        // seconds, exact), plus the seconds of the day as a Double with the nanoseconds, minus
        // the offset.
        let days = DateParsing.daysSince1970(year: fields.year, month: fields.month, day: fields.day)
        let midnight = Double((days - 11_323) * 86400)
        var secondsInDay = Double(fields.hour) * 3600.0
        secondsInDay += Double(fields.minute) * 60.0
        secondsInDay += Double(fields.second)
        if fields.fractionDigits > 0 {
            var nanoseconds = fields.fraction
            for _ in fields.fractionDigits..<9 { nanoseconds *= 10 }
            secondsInDay += Double(nanoseconds) / 1_000_000_000.0
        }
        let time = (midnight + secondsInDay) - Double(fields.offset)
        return .date(Date(timeIntervalSinceReferenceDate: time))
    }
}
