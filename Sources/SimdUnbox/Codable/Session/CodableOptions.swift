import Foundation

/// A snapshot of a `SimdJSONDecoder`'s options, taken once per decode so that the decode never
/// takes the decoder's lock again.
struct DecoderOptions: Sendable {
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// `SimdJSONDecoder.allowsJSON5`.
    var allowsJSON5 = false
    /// `SimdJSONDecoder.assumesTopLevelDictionary`, also kept in `userInfo` (as Foundation keeps it).
    var assumesTopLevelDictionary = false

    /// The `userInfo` key under which Foundation's `JSONDecoder` keeps `assumesTopLevelDictionary`.
    static let assumesTopLevelDictionaryKey = CodingUserInfoKey(rawValue: "_NSAssumesTopLevelDictionaryJSON5")!

    /// Whether keys are matched as written (`useDefaultKeys`), which lets keyed containers look
    /// fields up straight in the input.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyDecodingStrategy { return true }
        return false
    }
}
