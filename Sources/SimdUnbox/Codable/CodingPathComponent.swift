/// One step of a coding path, kept unmaterialized while decoding: a key as the model spelled it,
/// a key of a string-keyed dictionary, or an array index (turned into Foundation's `"Index N"` key
/// only when a path is asked for).
///
/// A plain value, copied and destroyed without calls (this step is recorded for every nested
/// value): a key that is not a one-byte plain value, or a dictionary's key, is held by the
/// session at the step's level (`_CodableSession.hold`), and the step only says so.
enum _CodingPathComponent {
    /// A key of a plain-value type of at most one byte (a `CodingKeys` enum), as its type and its
    /// byte.
    case smallKey(any CodingKey.Type, UInt8)
    case index(Int)
    case superKey
    /// The key the session holds for the step's level.
    case held

    /// The key of type `Key` whose byte is `byte` (the byte of a value of that type).
    static func _key<Key: CodingKey>(_: Key.Type, _ byte: UInt8) -> any CodingKey {
        withUnsafeBytes(of: byte) { $0.loadUnaligned(as: Key.self) }
    }
}

/// A key held by the session for one level of the coding path (`_CodingPathComponent.held`).
enum _HeldKey {
    case key(any CodingKey)
    /// A dictionary's key: kept as a string, since a `_CodableKey` does not fit in an existential's
    /// inline buffer, and boxing one for every entry was an allocation per entry.
    case string(String)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .string(let key): _CodableKey(stringValue: key)
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
