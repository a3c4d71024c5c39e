import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// Decodes dates from strings with `formatter`, as `.formatted(formatter)` does, parsing them
    /// natively under `SimdJSONDecoder` on every platform.
    ///
    /// On Apple platforms `.formatted(formatter)` is a case of the strategy, and `SimdJSONDecoder`
    /// parses its dates natively where the formatter's settings allow it (the fixed-width patterns
    /// and English month and weekday names of the `en_US_POSIX` locale; see
    /// `Unboxer.unbox(key:formatter:)`). On Linux, Foundation builds `.formatted(formatter)` as an
    /// opaque `.custom` closure: no decoder can see the formatter, and every date costs a
    /// `DateFormatter.date(from:)` call (tens of microseconds). This strategy keeps the formatter
    /// visible. `JSONDecoder` decodes with it exactly as with `.formatted(formatter)`, and so does
    /// `SimdJSONDecoder`, with the same dates and errors.
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.locale = Locale(identifier: "en_US_POSIX")
    /// formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    /// let decoder = SimdJSONDecoder()
    /// decoder.dateDecodingStrategy = .formattedNatively(formatter)
    /// let timeline = try decoder.decode(Timeline.self, from: data)
    /// ```
    public static func formattedNatively(_ formatter: DateFormatter) -> Self {
        .custom { decoder in
            if let decoder = decoder as? CodableDecoder {
                return try decoder.decodeDate(formattedBy: formatter)
            }
            let container = try decoder.singleValueContainer()
            let string = try container.decode(String.self)
            guard let date = formatter.date(from: string) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Date string does not match format expected by formatter.")
            }
            return date
        }
    }
}
