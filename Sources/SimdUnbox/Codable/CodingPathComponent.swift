/// One step of a coding path, kept unmaterialized while decoding: a key as the model spelled it,
/// a key of a string-keyed dictionary, or an array index (turned into Foundation's `"Index N"` key
/// only when a path is asked for).
enum _CodingPathComponent {
    case key(any CodingKey)
    /// A key of a plain-value type of at most one byte (a `CodingKeys` enum) as its type and its
    /// byte: made, copied and destroyed without calls into the key type's value witnesses, which
    /// an existential needs (this step is recorded for every nested value).
    case smallKey(any CodingKey.Type, UInt8)
    /// A dictionary's key: kept as a string, since a `_CodableKey` does not fit in an existential's
    /// inline buffer, and boxing one for every entry was an allocation per entry.
    case stringKey(String)
    case index(Int)
    case superKey

    /// The step for `key`: `.smallKey` where it applies.
    @inline(__always)
    static func of<Key: CodingKey>(_ key: Key) -> _CodingPathComponent {
        guard _isPOD(Key.self) else { return .key(key) }
        switch MemoryLayout<Key>.size {
        case 0: return .smallKey(Key.self, 0)
        case 1: return .smallKey(Key.self, unsafeBitCast(key, to: UInt8.self))
        default: return .key(key)
        }
    }

    /// The key of type `Key` whose byte is `byte` (the byte of a value of that type).
    static func _key<Key: CodingKey>(_: Key.Type, _ byte: UInt8) -> any CodingKey {
        withUnsafeBytes(of: byte) { $0.loadUnaligned(as: Key.self) }
    }

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .smallKey(let type, let byte): Self._key(type, byte)
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
