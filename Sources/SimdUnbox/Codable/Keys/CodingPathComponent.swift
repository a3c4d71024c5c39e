/// One step of a coding path, kept unmaterialized while decoding: a key as the model spelled it,
/// a key of a string-keyed dictionary, or an array index (turned into Foundation's `"Index N"` key
/// only when a path is asked for).
///
/// A plain value, copied and destroyed without calls (this step is recorded for every nested
/// value): a key that is not a one-byte plain value, or a dictionary's key, is held by the
/// session at the step's level (`CodableSession.hold`, `holdString`), and the step only says so.
enum CodingPathComponent {
    /// A key of a plain-value type of at most one byte (a `CodingKeys` enum), as its type and its
    /// byte.
    case smallKey(any CodingKey.Type, UInt8)
    case index(Int)
    case superKey
    /// The key the session holds for the step's level (`CodableSession.hold`).
    case held
    /// A dictionary's key, or a key path's segment, that the session holds as a string for the
    /// step's level (`CodableSession.holdString`): the `CodableKey` of a coding path is made of it
    /// only when a path is asked for.
    case heldString

    /// The key of type `Key` whose byte is `byte` (the byte of a value of that type).
    static func loadKey<Key: CodingKey>(_: Key.Type, _ byte: UInt8) -> any CodingKey {
        withUnsafeBytes(of: byte) { $0.loadUnaligned(as: Key.self) }
    }
}

/// The coding keys SimdJSONDecoder makes up: array indices (`"Index 3"`, as Foundation spells
/// them), `super`, dictionary keys and the segments of a key path.
///
/// Three words, so that a coding path holds it inline in its existential: with an `Int?` (25
/// bytes) every key of a materialized path was an allocation of its own.
struct CodableKey: CodingKey, Sendable {
    let stringValue: String
    /// The integer value, `Int.min` for none (no key SimdJSONDecoder makes has that value).
    private let rawIntValue: Int

    var intValue: Int? { rawIntValue == Int.min ? nil : rawIntValue }

    init(stringValue: String) {
        self.stringValue = stringValue
        self.rawIntValue = Int.min
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.rawIntValue = intValue
    }

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.rawIntValue = index
    }
}
