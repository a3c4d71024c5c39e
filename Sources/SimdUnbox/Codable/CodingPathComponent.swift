/// One step of a coding path, kept unmaterialized while decoding: a key as the model spelled it,
/// a key of a string-keyed dictionary, or an array index (turned into Foundation's `"Index N"` key
/// only when a path is asked for).
enum _CodingPathComponent {
    case key(any CodingKey)
    /// A dictionary's key: kept as a string, since a `_CodableKey` does not fit in an existential's
    /// inline buffer, and boxing one for every entry was an allocation per entry.
    case stringKey(String)
    case index(Int)
    case superKey

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .stringKey(let key): _CodableKey(stringValue: key)
        case .index(let index): _CodableKey(index: index)
        case .superKey: _CodableKey(stringValue: "super")
        }
    }
}

/// The coding keys SimdJSONDecoder makes up: array indices (`"Index 3"`, as Foundation spells
/// them), `super`, dictionary keys and the segments of a key path.
struct _CodableKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
}
