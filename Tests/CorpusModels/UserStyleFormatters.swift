import Foundation
import SimdUnbox

// The formatters of the user-style family, made once and reused, as apps keep them: a Unbox model
// passes them to `unbox(key:formatter:)`, and its Codable twin is decoded with
// `dateDecodingStrategy = .formatted(...)` of the same formatter (or the equivalent strategy).

/// Date formatters as apps configure them for the APIs of the corpus.
public enum UserStyleFormatters {
    /// Twitter's text dates, `"Sun Aug 31 00:29:15 +0000 2014"`: `EEE MMM dd HH:mm:ss Z yyyy`.
    public static let twitterDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }()

    /// GitHub's ISO 8601 dates, `"2013-01-10T07:58:30Z"`, with the DateFormatter pattern apps copy
    /// from answers online: `yyyy-MM-dd'T'HH:mm:ssZ`.
    public static let githubDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter
    }()

    /// ISO 8601 with Foundation's own formatter (internet date-time, `"2024-03-01T12:34:56Z"`).
    /// `ISO8601DateFormatter` is not `Sendable` on Linux; it is only read from (each benchmark
    /// decodes on one thread), as apps share theirs.
    nonisolated(unsafe) public static let iso8601 = ISO8601DateFormatter()

    /// Milliseconds since 1970 as a JSON integer (citm_catalog.json's `start`), as
    /// `JSONDecoder.DateDecodingStrategy.millisecondsSince1970` reads them.
    public static let milliseconds = MillisecondsDateFormatter()
}

/// Milliseconds since 1970, the `UnboxFormatter` an app writes for an API that sends them.
public struct MillisecondsDateFormatter: UnboxFormatter, Sendable {
    public init() {}

    public func format(unboxedValue: Double) -> Date? {
        Date(timeIntervalSince1970: unboxedValue / 1_000)
    }
}
