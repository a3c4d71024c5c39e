import Foundation

/// A snapshot of a `SimdJSONDecoder`'s options, taken once per decode so that the decode never
/// takes the decoder's lock again.
struct DecoderOptions: Sendable {
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether keys are matched as written (`useDefaultKeys`), which lets keyed containers look
    /// fields up straight in the input.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyDecodingStrategy { return true }
        return false
    }
}
