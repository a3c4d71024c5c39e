import Foundation
import Testing

@testable import SimdUnbox

/// The native date parsers against the formatters they stand in for, over generated strings:
/// wherever a native parser answers, its date must be the formatter's to the bit, and its
/// rejection the formatter's `nil`.
///
/// The strings start from canonical timestamps (leap days, month ends, 24:00, 23:59:60, offsets
/// up to ±23:59, years 0000 to 9999, fractions of 1 to 9 digits) and are then damaged at random:
/// fields out of range or with a digit too many or too few, other digits (Arabic-Indic,
/// fullwidth), signs, spaces, trailing text, missing parts. The generator is seeded: every run
/// tests the same strings. A release build (`swift test -c release`) runs 174,000 of them, a
/// debug build a fifth. Only the strings a native parser decides need the formatter's answer.
@Suite struct DateParsingDifferentialTests {
    #if DEBUG
        static let stringsPerCase = 800
    #else
        static let stringsPerCase = 4000
    #endif

    /// A `DateFormatter` configuration: a format and a zone (nil: the formatter's default).
    struct FormatterCase: CustomTestStringConvertible, Sendable {
        let format: String
        let zone: String
        /// Whether the configuration is one the native parser handles (for the coverage check).
        let native: Bool
        var testDescription: String { "\(format) in \(zone)" }
    }

    static let formatterCases: [FormatterCase] = [
        .init(format: "yyyy-MM-dd'T'HH:mm:ssZ", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SSSZ", zone: "America/New_York", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SSSZ", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssXXXXX", zone: "GMT+0530", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SSSSSSxxx", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SZZZZZ", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss'Z'", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssX", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssXX", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssXXX", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssXXXX", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssx", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssxx", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssxxxx", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ssZZ", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd", zone: "GMT-0800", native: true),
        .init(format: "yyyy-MM-dd", zone: "America/New_York", native: false),
        .init(format: "yyyy-MM-dd HH:mm:ss", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd HH:mm:ss", zone: "GMT+1400", native: true),
        .init(format: "yyyy-MM-dd HH:mm:ss", zone: "America/New_York", native: false),
        .init(format: "yyyyMMdd", zone: "GMT", native: true),
        .init(format: "yyyyMMddHHmmss", zone: "GMT", native: true),
        .init(format: "dd/MM/yyyy HH:mm", zone: "UTC", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SSS", zone: "GMT", native: true),
        .init(format: "yyyy-MM-dd'T'HH:mm:ss.SSS", zone: "Europe/Paris", native: false),
        .init(format: "EEE, dd MMM yyyy HH:mm:ss Z", zone: "GMT", native: true),
        .init(format: "EEE MMM dd HH:mm:ss Z yyyy", zone: "GMT", native: true),
        .init(format: "EEE MMM dd HH:mm:ss Z yyyy", zone: "Asia/Tokyo", native: true),
        .init(format: "dd-MMM-yyyy HH:mm", zone: "GMT+0200", native: true),
        .init(format: "MMMdd yyyy", zone: "UTC", native: true),
        .init(format: "E yyyy-MM-dd", zone: "GMT", native: true),
        .init(format: "EEEE, dd MMMM yyyy", zone: "GMT", native: false),
        .init(format: "MMM'e'dd yyyy", zone: "GMT", native: false),
        .init(format: "yy-MM-dd", zone: "GMT", native: false),
    ]

    @Test(arguments: formatterCases)
    func dateFormatterMatchesFoundation(_ testCase: FormatterCase) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let zone = try #require(TimeZone(identifier: testCase.zone))
        formatter.timeZone = zone
        formatter.dateFormat = testCase.format
        var generator = DateStringGenerator(
            seed: UInt64(truncatingIfNeeded: testCase.format.hashValueStable &+ 31 &* testCase.zone.hashValueStable))
        var decided = 0
        var mismatches: [String] = []
        for _ in 0..<Self.stringsPerCase {
            let string = generator.string(format: testCase.format)
            let native = DateParsing.withUTF8(string, formatter.nativeDate(from:))
            if case .unknown = native { continue }
            decided += 1
            let expected = formatter.date(from: string)
            if !Self.agrees(native, expected), mismatches.count < 10 {
                mismatches.append("\(string): native \(native), Foundation \(Self.describe(expected))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        if testCase.native {
            // Patterns with many fields damage more strings: an eighth is still thousands in release.
            #expect(decided > Self.stringsPerCase / 8, "only \(decided) decided natively")
        } else {
            #expect(decided == 0)
        }
    }

    /// An `ISO8601DateFormatter` configuration.
    struct ISO8601Case: CustomTestStringConvertible, Sendable {
        let fractionalSeconds: Bool
        let zone: String
        var testDescription: String { "fractional seconds: \(fractionalSeconds), \(zone)" }
    }

    static let iso8601Cases: [ISO8601Case] = [
        .init(fractionalSeconds: false, zone: "GMT"),
        .init(fractionalSeconds: true, zone: "GMT"),
        .init(fractionalSeconds: false, zone: "America/New_York"),
        .init(fractionalSeconds: true, zone: "GMT+0530"),
    ]

    @Test(arguments: iso8601Cases)
    func iso8601DateFormatterMatchesFoundation(_ testCase: ISO8601Case) throws {
        let formatter = ISO8601DateFormatter()
        let zone = try #require(TimeZone(identifier: testCase.zone))
        formatter.timeZone = zone
        if testCase.fractionalSeconds { formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds] }
        let format = testCase.fractionalSeconds ? "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX" : "yyyy-MM-dd'T'HH:mm:ssXXXXX"
        var generator = DateStringGenerator(seed: testCase.fractionalSeconds ? 11 : 12)
        var decided = 0
        var mismatches: [String] = []
        for _ in 0..<(Self.stringsPerCase * 2) {
            let string = generator.string(format: format)
            let native = DateParsing.withUTF8(string, formatter.nativeDate(from:))
            if case .unknown = native { continue }
            decided += 1
            let expected = formatter.date(from: string)
            if !Self.agrees(native, expected), mismatches.count < 10 {
                mismatches.append("\(string): native \(native), Foundation \(Self.describe(expected))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(decided > Self.stringsPerCase / 5, "only \(decided) decided natively")
    }

    @Test(arguments: 0..<4)
    func iso8601FormatStyleMatchesFoundation(chunk: Int) {
        var generator = DateStringGenerator(seed: 100 + UInt64(chunk))
        let formats = [
            "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXXXX",
        ]
        var decided = 0
        var mismatches: [String] = []
        for index in 0..<(Self.stringsPerCase * 2) {
            let string = generator.string(format: formats[index % formats.count])
            let native = DateParsing.withUTF8(string, ISO8601Parsing.parseAsFormatStyle)
            if case .unknown = native { continue }
            decided += 1
            let expected = try? Date.ISO8601FormatStyle().parse(string)
            if !Self.agrees(native, expected), mismatches.count < 10 {
                mismatches.append("\(string): native \(native), Foundation \(Self.describe(expected))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(decided > Self.stringsPerCase / 5, "only \(decided) decided natively")
    }

    /// `SimdJSONDecoder`'s `.iso8601` against `JSONDecoder`'s: the same date, or an error for both.
    @Test func iso8601StrategyMatchesJSONDecoder() throws {
        let ours = SimdJSONDecoder()
        ours.dateDecodingStrategy = .iso8601
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        var generator = DateStringGenerator(seed: 7)
        var mismatches: [String] = []
        for index in 0..<(Self.stringsPerCase / 2) {
            let string = generator.string(
                format: index % 2 == 0 ? "yyyy-MM-dd'T'HH:mm:ssXXXXX" : "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX")
            let json = Data(#"["\#(string)"]"#.utf8)
            let expected = try? foundation.decode([Date].self, from: json)
            let actual = try? ours.decode([Date].self, from: json)
            let same =
                expected?.map(\.timeIntervalSinceReferenceDate.bitPattern)
                == actual?.map(\.timeIntervalSinceReferenceDate.bitPattern)
            if !same, mismatches.count < 10 {
                mismatches.append(
                    "\(string): ours \(String(describing: actual)), JSONDecoder \(String(describing: expected))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    static func agrees(_ native: DateParseResult, _ expected: Date?) -> Bool {
        switch native {
        case .date(let date):
            expected?.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern
        case .invalid: expected == nil
        case .unknown: true
        }
    }

    static func describe(_ date: Date?) -> String {
        date.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nil"
    }
}

/// A seeded generator of date strings after a `DateFormatter` pattern, canonical or damaged.
struct DateStringGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    mutating func number(_ value: Int, digits: Int) -> String {
        var count = digits
        if chance(4) { count += pick([-1, 1]) }
        var text = String(value)
        while text.count < count { text = "0" + text }
        if text.count > count, count > 0, chance(50) { text = String(text.suffix(count)) }
        return text
    }

    mutating func year() -> Int {
        if chance(30) {
            return pick([0, 1, 1582, 1583, 1600, 1700, 1800, 1900, 1970, 2000, 2023, 2024, 2038, 2100, 9999])
        }
        return chance(80) ? 1900 + below(200) : below(10000)
    }

    mutating func zone(style: String) -> String {
        let hours = chance(85) ? below(15) : pick([15, 18, 23, 24, 99])
        let minutes = chance(80) ? pick([0, 0, 30, 45]) : pick([1, 59, 60, 99])
        let sign = chance(50) ? "+" : "-"
        let hh = number(hours, digits: 2)
        let mm = number(minutes, digits: 2)
        if chance(15) {
            return pick(["Z", "z", "", "GMT", "UTC", "GMT+01:00", "+\(hh):\(mm):30", "\(hh)\(mm)", "+\(hh)"])
        }
        let canonical: String
        switch style {
        case "Z", "ZZ", "ZZZ", "xx", "xxxx": canonical = "\(sign)\(hh)\(mm)"
        case "XX", "XXXX": canonical = chance(20) ? "Z" : "\(sign)\(hh)\(mm)"
        case "XXX", "XXXXX", "ZZZZZ": canonical = chance(20) ? "Z" : "\(sign)\(hh):\(mm)"
        case "xxx", "xxxxx": canonical = "\(sign)\(hh):\(mm)"
        case "X": canonical = chance(20) ? "Z" : (minutes == 0 ? "\(sign)\(hh)" : "\(sign)\(hh)\(mm)")
        case "x": canonical = minutes == 0 ? "\(sign)\(hh)" : "\(sign)\(hh)\(mm)"
        default: canonical = "\(sign)\(hh)\(mm)"
        }
        if chance(10) {
            return pick(["\(sign)\(hh)\(mm)", "\(sign)\(hh):\(mm)", "\(sign)\(hh)", "Z"])
        }
        return canonical
    }

    /// A string after `format`: the canonical rendering of random fields, perhaps damaged.
    mutating func string(format: String) -> String {
        let year = year()
        let month = chance(92) ? 1 + below(12) : pick([0, 13, 99])
        let day = chance(50) ? pick([1, 28, 29, 30, 31]) : (chance(95) ? 1 + below(31) : pick([0, 32, 99]))
        let hour = chance(95) ? below(24) : pick([24, 25, 99])
        let minute = chance(95) ? below(60) : pick([60, 99])
        let second = chance(93) ? below(60) : pick([60, 61, 99])
        var result = ""
        let characters = Array(format)
        var index = 0
        var inQuote = false
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    result.append("'")
                    index += 2
                } else {
                    inQuote.toggle()
                    index += 1
                }
                continue
            }
            if inQuote || !character.isLetter {
                result.append(character)
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            switch character {
            case "y": result += count == 2 ? number(year % 100, digits: 2) : number(year, digits: max(count, 4))
            case "M":
                if count == 3 {
                    let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                    if (1...12).contains(month), chance(85) {
                        result += names[month - 1]
                    } else {
                        result += pick(["Foo", "jan", "FEB", "March", "June", "Sept", "Ma", "Juli", "\u{00C4}pr"])
                    }
                } else if count == 4 {
                    result += pick(["January", "February", "March", "May", "June", "September", "Sep", "jun"])
                } else {
                    result += number(month, digits: count)
                }
            case "d": result += number(day, digits: count)
            case "H": result += number(hour, digits: count)
            case "m": result += number(minute, digits: count)
            case "s": result += number(second, digits: count)
            case "S":
                let digits = chance(70) ? count : 1 + below(10)
                result += String((0..<digits).map { _ in Character(String(below(10))) })
            case "E":
                let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
                if chance(75), let weekday = Self.weekday(year: year, month: month, day: day) {
                    result +=
                        count == 4
                        ? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekday]
                        : names[weekday]
                } else {
                    result += pick(names + ["mon", "TUE", "Thursday", "Fr", "Sund", "Xyz"])
                }
            default: result += zone(style: String(repeating: character, count: count))
            }
        }
        if chance(30) { damage(&result) }
        return result
    }

    /// The day of the week of a valid date (0: Sunday), or nil (Sakamoto's method).
    static func weekday(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }

    /// One random change: a byte dropped, doubled or replaced, other digits, spaces, signs, text
    /// before or after.
    mutating func damage(_ string: inout String) {
        var scalars = Array(string.unicodeScalars)
        guard !scalars.isEmpty else { return }
        let position = below(scalars.count)
        switch below(10) {
        case 0: scalars.remove(at: position)
        case 1: scalars.insert(scalars[position], at: position)
        case 2: scalars.insert(Unicode.Scalar(UInt8(ascii: "0") + UInt8(below(10))), at: position)
        case 3:
            // The same digit in another script: Arabic-Indic, fullwidth, Devanagari.
            if let digit = scalars[position].properties.numericType, digit == .decimal,
                let value = scalars[position].properties.numericValue,
                let other = Unicode.Scalar(pick([0x0660, 0xFF10, 0x0966]) + Int(value))
            {
                scalars[position] = other
            }
        case 4:
            scalars.append(
                contentsOf: pick([" ", "  ", "\t", "x", "Z", "0", ":00", " junk", "\u{00A0}"]).unicodeScalars)
        case 5: scalars.insert(contentsOf: pick([" ", "+", "-", "0"]).unicodeScalars, at: 0)
        case 6: scalars[position] = pick([" ", "-", "+", ":", "T", "t", "."])
        case 7: scalars.removeLast(min(scalars.count, 1 + below(6)))
        case 8: scalars = Array(scalars.prefix(10))
        default: scalars = []
        }
        string = String(String.UnicodeScalarView(scalars))
    }
}

extension String {
    /// A hash that is the same on every run (`hashValue` is seeded per process).
    fileprivate var hashValueStable: Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }
}
