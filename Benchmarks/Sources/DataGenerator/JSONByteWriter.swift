/// Locale-free printing of the values generated documents need: integers, fixed-point decimals,
/// hexadecimal digits and ISO 8601 timestamps, appended as UTF-8 bytes.
enum JSONByteWriter {
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
    }

    /// Prints `value / 10^digits` exactly, without trailing zeros: `(1999, 2)` as `19.99`,
    /// `(-250, 3)` as `-0.25`, `(500, 2)` as `5`.
    static func appendDecimal(_ value: Int, fractionDigits digits: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var scale: UInt = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = value.magnitude
        output.append(contentsOf: String(magnitude / scale).utf8)
        var fraction = magnitude % scale
        if fraction == 0 { return }
        output.append(UInt8(ascii: "."))
        var divisor = scale / 10
        while fraction > 0 {
            output.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    static func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
        let alphabet = Array("0123456789abcdef".utf8)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            output.append(alphabet[Int((value >> UInt64(shift)) & 0xF)])
        }
    }

    /// Appends `value` with at least `width` digits, zero-padded.
    static func appendPadded(_ value: Int, width: Int, to output: inout [UInt8]) {
        let digits = String(value)
        for _ in digits.count..<max(width, digits.count) { output.append(UInt8(ascii: "0")) }
        output.append(contentsOf: digits.utf8)
    }

    /// Appends `"yyyy-MM-ddTHH:mm:ssZ"` (UTC, whole seconds) for seconds since 1970, without quotes.
    static func appendTimestamp(secondsSince1970 seconds: Int, to output: inout [UInt8]) {
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        appendPadded(year, width: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        appendPadded(month, width: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        appendPadded(day, width: 2, to: &output)
        output.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3_600, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, width: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, width: 2, to: &output)
        output.append(UInt8(ascii: "Z"))
    }
}
