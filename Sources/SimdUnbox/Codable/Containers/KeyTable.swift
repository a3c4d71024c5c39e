/// Converted key → the key as written in the object, for key strategies other than
/// `useDefaultKeys` (the only case where SimdJSONDecoder reads all of an object's keys up front,
/// as Foundation does for every object).
final class KeyTable {
    var originals: [String: String] = [:]
    var keysInOrder: [String] = []
}
