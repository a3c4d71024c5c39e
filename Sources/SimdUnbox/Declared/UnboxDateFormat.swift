import Foundation

/// How a declared model's `@UnboxDate` property reads its date.
///
/// ```swift
/// @Unboxable
/// struct Event {
///     @UnboxDate(.iso8601) let start: Date                             // "2024-03-01T12:00:00Z"
///     @UnboxDate(.secondsSince1970) let updated: Date                  // 1709294400
///     @UnboxDate(.millisecondsSince1970) let clicked: Date             // 1709294400000
///     @UnboxDate(.format("EEE MMM dd HH:mm:ss Z yyyy")) let created: Date  // Twitter's format
/// }
/// ```
///
/// Strings are parsed from their bytes in the parser, with the same results as the formatter
/// (fixed-width numeric patterns and canonical ISO 8601 timestamps never reach Foundation's
/// formatters); see `UnboxFormatter`.
public final class UnboxDateFormat: @unchecked Sendable {
    // Never mutated after `init`: the formatters are only read (SimdUnbox reads their settings
    // once per decode), which is what makes the class safe to share.
    @usableFromInline enum Kind {
        case iso8601(ISO8601DateFormatter)
        case secondsSince1970
        case millisecondsSince1970
        case formatter(DateFormatter)
    }

    @usableFromInline let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// ISO 8601 internet date-time (`2024-03-01T12:00:00Z`), as `JSONDecoder`'s `.iso8601`.
    public static let iso8601 = UnboxDateFormat(.iso8601(ISO8601DateFormatter()))

    /// ISO 8601 internet date-time with fractional seconds (`2024-03-01T12:00:00.250Z`).
    public static let iso8601WithFractionalSeconds: UnboxDateFormat = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return UnboxDateFormat(.iso8601(formatter))
    }()

    /// A number of seconds since 1 January 1970 UTC, as `JSONDecoder`'s `.secondsSince1970`.
    public static let secondsSince1970 = UnboxDateFormat(.secondsSince1970)

    /// A number of milliseconds since 1 January 1970 UTC, as `JSONDecoder`'s
    /// `.millisecondsSince1970`.
    public static let millisecondsSince1970 = UnboxDateFormat(.millisecondsSince1970)

    /// A date pattern (`DateFormatter.dateFormat`), read in the `en_US_POSIX` locale and UTC
    /// unless the pattern gives a zone.
    ///
    /// - Parameter pattern: The pattern, such as `"yyyy-MM-dd"`.
    /// - Returns: The format.
    public static func format(_ pattern: String) -> UnboxDateFormat {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        return UnboxDateFormat(.formatter(formatter))
    }

    /// A formatter of your own. Do not change it once decoding has started.
    ///
    /// - Parameter formatter: The formatter.
    /// - Returns: The format.
    public static func formatter(_ formatter: DateFormatter) -> UnboxDateFormat {
        UnboxDateFormat(.formatter(formatter))
    }

    /// Reads a date from `value` (SimdUnbox's internals, for the code `@Unboxable` generates).
    ///
    /// - Parameters:
    ///   - value: The JSON value.
    ///   - context: The decode.
    /// - Returns: The date.
    /// - Throws: `UnboxError` when the value is of the wrong type or not a date of this format.
    public func _read(_ value: inout _JSONCursor, _ context: _DecodingContext) throws(UnboxError) -> Date {
        switch kind {
        case .iso8601(let formatter):
            return try formatter._format(from: &value, context: context)
        case .formatter(let formatter):
            return try formatter._format(from: &value, context: context)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try Double._unbox(from: &value, context: context))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try Double._unbox(from: &value, context: context) / 1000)
        }
    }

    /// The date strategy `JSONDecoder` decodes this format with, for the `init(from:)` a
    /// declared Codable model gets (SimdUnbox's internals).
    ///
    /// - Parameter decoder: The decoder.
    /// - Returns: The date.
    /// - Throws: `DecodingError` when the value is not a date of this format.
    public func _decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        switch kind {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self) / 1000)
        case .iso8601(let formatter):
            let text = try container.decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return date
        case .formatter(let formatter):
            let text = try container.decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Date string does not match format expected by formatter.")
            }
            return date
        }
    }

    /// Encodes `date` in this format (SimdUnbox's internals, for a declared Codable model's
    /// `encode(to:)`).
    ///
    /// - Parameters:
    ///   - date: The date.
    ///   - encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func _encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch kind {
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode(date.timeIntervalSince1970 * 1000)
        case .iso8601(let formatter): try container.encode(formatter.string(from: date))
        case .formatter(let formatter): try container.encode(formatter.string(from: date))
        }
    }
}
