import Foundation
import Testing

@testable import SimdUnbox

/// Date formatters used through `unboxer.unbox(key:formatter:)` and `format(unboxedValue:)`: the
/// native parse from the document's bytes, the formatter's fallback, errors, and a formatter
/// changed between uses.
@Suite struct DateParsingFormatterTests {
    private struct Event: UnboxableWithContext {
        let created: Date

        init(unboxer: Unboxer, context: DateFormatter) throws {
            created = try unboxer.unbox(key: "created", formatter: context)
        }
    }

    private struct Stamp: UnboxableWithContext {
        let created: Date

        init(unboxer: Unboxer, context: ISO8601DateFormatter) throws {
            created = try unboxer.unbox(key: "created", formatter: context)
        }
    }

    private static func formatter(_ format: String, zone: String = "GMT") throws -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let formatterZone = try #require(TimeZone(identifier: zone))
        formatter.timeZone = formatterZone
        formatter.dateFormat = format
        return formatter
    }

    @Test(arguments: [
        "2024-02-29T23:59:59.999+1400", "1999-12-31T00:00:00.000-0000", "2024-05-01T12:00:00.250Z",
        "2024-05-01 12:00:00", "2023-02-29T00:00:00.000+0000", "٢٠٢٤-05-01T12:00:00.250+0000", "",
    ])
    func unboxedDatesAreTheFormattersDates(string: String) throws {
        let formatter = try Self.formatter("yyyy-MM-dd'T'HH:mm:ss.SSSZ")
        let json = Data(#"{"created": "\#(string)"}"#.utf8)
        let expected = formatter.date(from: string)
        let event = try? unbox(data: json, context: formatter) as Event
        #expect(event?.created == expected)
        #expect(formatter.format(unboxedValue: string) == expected)
        if expected == nil {
            #expect(throws: UnboxError.self) { try unbox(data: json, context: formatter) as Event }
        }
    }

    @Test(arguments: ["2024-05-01T12:00:00Z", "2024-05-01T12:00:00.123456+02:00", "2024-05-01T12:00:00", "junk"])
    func unboxedISO8601DatesAreTheFormattersDates(string: String) throws {
        for options: ISO8601DateFormatter.Options in [
            .withInternetDateTime, [.withInternetDateTime, .withFractionalSeconds],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            let json = Data(#"{"created": "\#(string)"}"#.utf8)
            let expected = formatter.date(from: string)
            let stamp = try? unbox(data: json, context: formatter) as Stamp
            #expect(stamp?.created == expected)
            #expect(formatter.format(unboxedValue: string) == expected)
        }
    }

    @Test func aChangedFormatIsHonored() throws {
        let formatter = try Self.formatter("yyyy-MM-dd")
        let first = try #require(formatter.format(unboxedValue: "2024-05-01"))
        #expect(first == formatter.date(from: "2024-05-01"))
        formatter.dateFormat = "dd/MM/yyyy"
        #expect(formatter.format(unboxedValue: "2024-05-01") == nil)
        #expect(formatter.format(unboxedValue: "01/05/2024") == first)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        #expect(formatter.format(unboxedValue: "2024-05-01 10:30") == first.addingTimeInterval(10.5 * 3600))
    }

    @Test func aFormatterChangedBetweenDecodesIsHonored() throws {
        let formatter = try Self.formatter("yyyy-MM-dd")
        let dashes = Data(#"[{"created": "2024-05-01"}, {"created": "2024-05-02"}]"#.utf8)
        let slashes = Data(#"[{"created": "01/05/2024"}, {"created": "02/05/2024"}]"#.utf8)
        let first = try unbox(data: dashes, context: formatter) as [Event]
        #expect(first.map(\.created) == ["2024-05-01", "2024-05-02"].map(formatter.date(from:)))
        formatter.dateFormat = "dd/MM/yyyy"
        #expect(throws: UnboxError.self) { try unbox(data: dashes, context: formatter) as [Event] }
        let second = try unbox(data: slashes, context: formatter) as [Event]
        #expect(second.map(\.created) == first.map(\.created))
        let plusTwo = try #require(TimeZone(secondsFromGMT: 2 * 3600))
        formatter.timeZone = plusTwo
        let third = try unbox(data: slashes, context: formatter) as [Event]
        #expect(third.map(\.created) == first.map { $0.created.addingTimeInterval(-2 * 3600) })
        formatter.isLenient = true
        let lenient = try unbox(data: Data(#"[{"created": "31/02/2024"}]"#.utf8), context: formatter) as [Event]
        #expect(lenient.map(\.created) == [formatter.date(from: "31/02/2024")])
    }

    @Test func aFormatterMadeForEachModelIsReadForEachModel() throws {
        // More formatters than a decode keeps, each with its own zone: none may be taken for
        // another.
        struct Local: Unboxable {
            let created: Date

            init(unboxer: Unboxer) throws {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(secondsFromGMT: try unboxer.unbox(key: "zone"))
                formatter.dateFormat = "yyyy-MM-dd HH:mm"
                created = try unboxer.unbox(key: "created", formatter: formatter)
            }
        }
        let zones = (0..<20).map { ($0 % 7) * 3600 }
        let json = "[" + zones.map { #"{"zone": \#($0), "created": "2024-05-01 12:00"}"# }.joined(separator: ",") + "]"
        let models = try unbox(data: Data(json.utf8)) as [Local]
        let noon = try #require(try Self.formatter("yyyy-MM-dd HH:mm").date(from: "2024-05-01 12:00"))
        #expect(models.map(\.created) == zones.map { noon.addingTimeInterval(-Double($0)) })
    }

    @Test func anISO8601FormatterChangedBetweenDecodesIsHonored() throws {
        let formatter = ISO8601DateFormatter()
        let json = Data(#"[{"created": "2024-05-01T12:00:00.250Z"}]"#.utf8)
        #expect(throws: UnboxError.self) { try unbox(data: json, context: formatter) as [Stamp] }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let stamps = try unbox(data: json, context: formatter) as [Stamp]
        #expect(stamps.map(\.created.timeIntervalSince1970) == [1_714_564_800.25])
    }

    @Test func optionalDatesAreParsedFromTheDocument() throws {
        struct Optional: UnboxableWithContext {
            let created: Date?

            init(unboxer: Unboxer, context: DateFormatter) throws {
                created = try unboxer.unboxIfPresent(key: "created", formatter: context)
            }
        }
        let formatter = try Self.formatter("yyyy-MM-dd")
        let json = Data(#"[{"created": "2024-05-01"}, {"created": null}, {}]"#.utf8)
        let models = try unbox(data: json, context: formatter) as [Optional]
        #expect(models.map(\.created) == [formatter.date(from: "2024-05-01"), nil, nil])
        let error = #expect(throws: UnboxError.self) {
            try unbox(data: Data(#"[{"created": "2024-02-30"}]"#.utf8), context: formatter) as [Optional]
        }
        #expect(error?.path == [.index(0), .key("created")])
    }

    @Test func aChangedZoneIsHonored() throws {
        let formatter = try Self.formatter("yyyy-MM-dd HH:mm:ss")
        let utc = try #require(formatter.format(unboxedValue: "2024-05-01 12:00:00"))
        let plusTwo = try #require(TimeZone(secondsFromGMT: 2 * 3600))
        formatter.timeZone = plusTwo
        #expect(formatter.format(unboxedValue: "2024-05-01 12:00:00") == utc.addingTimeInterval(-2 * 3600))
        // A zone with daylight saving time: the formatter decides (2 a.m. on 2024-03-10 does not
        // exist in New York).
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        formatter.timeZone = newYork
        for string in ["2024-05-01 12:00:00", "2024-03-10 02:30:00", "2024-11-03 01:30:00"] {
            #expect(formatter.format(unboxedValue: string) == formatter.date(from: string))
        }
        #expect(formatter.format(unboxedValue: "2024-05-01 12:00:00") == utc.addingTimeInterval(4 * 3600))
    }

    @Test func otherSettingsSendTheStringToTheFormatter() throws {
        let formatter = try Self.formatter("yyyy-MM-dd")
        #expect(formatter.nativeDate(from: UnsafeBufferPointer(start: nil, count: 0)) == .unknown)
        let string = "2024-02-30"
        #expect(formatter.format(unboxedValue: string) == nil)
        formatter.isLenient = true
        #expect(formatter.format(unboxedValue: string) == formatter.date(from: string))
        #expect(formatter.format(unboxedValue: string) != nil)
        formatter.isLenient = false
        formatter.calendar = Calendar(identifier: .buddhist)
        #expect(formatter.format(unboxedValue: "2567-05-01") == formatter.date(from: "2567-05-01"))
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "fr_FR")
        #expect(formatter.format(unboxedValue: "2024-05-01") == formatter.date(from: "2024-05-01"))
    }

    @Test func theISO8601StrategyKeepsItsError() throws {
        let decoder = SimdJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let dates = try decoder.decode(
            [Date].self, from: Data(#"["2024-05-01T12:00:00Z", "2024-05-01T12:00:00.5+01:00"]"#.utf8))
        #expect(dates.map(\.timeIntervalSince1970) == [1_714_564_800, 1_714_561_200.5])
        #expect(throws: DecodingError.self) { try decoder.decode([Date].self, from: Data(#"["2024-05-01"]"#.utf8)) }
    }
}
