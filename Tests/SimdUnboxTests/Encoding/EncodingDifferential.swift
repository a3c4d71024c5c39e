import Foundation
import SimdUnbox
import Testing

/// The options of one differential run, applied alike to `JSONEncoder` and `SimdJSONEncoder`.
struct EncodingOptions: @unchecked Sendable, CustomTestStringConvertible {
    var name: String
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var data: JSONEncoder.DataEncodingStrategy = .base64
    var floats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw

    var testDescription: String { name }

    func foundation() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        encoder.keyEncodingStrategy = keys
        encoder.dateEncodingStrategy = dates
        encoder.dataEncodingStrategy = data
        encoder.nonConformingFloatEncodingStrategy = floats
        return encoder
    }

    func simd() -> SimdJSONEncoder {
        let encoder = SimdJSONEncoder()
        encoder.outputFormatting = formatting
        encoder.keyEncodingStrategy = keys
        encoder.dateEncodingStrategy = dates
        encoder.dataEncodingStrategy = data
        encoder.nonConformingFloatEncodingStrategy = floats
        return encoder
    }

    func with(_ formatting: JSONEncoder.OutputFormatting, _ suffix: String) -> EncodingOptions {
        var copy = self
        copy.formatting = formatting
        copy.name += suffix
        return copy
    }

    static let sorted = EncodingOptions(name: "sorted")
    /// Every output formatting that includes `.sortedKeys` (byte-identical output expected).
    static let sortedFormattings: [EncodingOptions] = [
        EncodingOptions(name: "sorted"),
        EncodingOptions(name: "sorted+pretty", formatting: [.sortedKeys, .prettyPrinted]),
        EncodingOptions(name: "sorted+slashes", formatting: [.sortedKeys, .withoutEscapingSlashes]),
        EncodingOptions(
            name: "sorted+pretty+slashes", formatting: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]),
    ]
}

/// Encodes `value` with both encoders and checks they agree: the same bytes under `.sortedKeys`,
/// the same JSON value otherwise, or the same error (case, coding path and description).
func expectSameEncoding<T: Encodable>(
    _ value: T, _ options: EncodingOptions = .sorted, sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = Result { try options.foundation().encode(value) }
    let actual = Result { try options.simd().encode(value) }
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
        if options.formatting.contains(.sortedKeys) {
            #expect(
                String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "\(options.name)", sourceLocation: sourceLocation)
        } else {
            let left = try? JSONValue(data: expected)
            let right = try? JSONValue(data: actual)
            #expect(
                left != nil && left == right, "\(String(decoding: actual, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    case (.failure(let expected), .failure(let actual)):
        #expect(describe(actual) == describe(expected), sourceLocation: sourceLocation)
    case (.success(let expected), .failure(let error)):
        Issue.record(
            "Foundation wrote \(String(decoding: expected, as: UTF8.self)), SimdJSONEncoder threw \(error)",
            sourceLocation: sourceLocation)
    case (.failure(let error), .success(let actual)):
        Issue.record(
            "Foundation threw \(error), SimdJSONEncoder wrote \(String(decoding: actual, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }
}

/// An error's case, coding path and description, for comparing errors.
func describe(_ error: any Error) -> String {
    guard let error = error as? EncodingError else { return "\(type(of: error)): \(error)" }
    switch error {
    case .invalidValue(let value, let context):
        let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        return "invalidValue(\(type(of: value)) \(value)) at \(path): \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}
