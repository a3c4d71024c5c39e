import Foundation

/// The options of one encode, copied from a `SimdJSONEncoder` (or a stream writer) when it starts.
struct EncoderOptions: @unchecked Sendable {
    // `@unchecked`: `userInfo` holds `any Sendable` values and the strategies' closures are
    // `@Sendable`; Foundation's strategy enums are not declared `Sendable` on every platform.
    var outputFormatting: JSONEncoder.OutputFormatting = []
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A `JSONEncoder` with the same options, for the rare models that use their containers in an
    /// order that bytes written in place cannot follow (see `SimdJSONEncoder`).
    func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = outputFormatting
        encoder.keyEncodingStrategy = keyEncodingStrategy
        encoder.dateEncodingStrategy = dateEncodingStrategy
        encoder.dataEncodingStrategy = dataEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        encoder.userInfo = userInfo
        return encoder
    }
}
