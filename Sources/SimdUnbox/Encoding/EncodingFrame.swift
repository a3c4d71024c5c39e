// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The coding key, or array index, by which a frame was reached (see `EncodingSession`).
enum PathStep {
    case none
    case key(any CodingKey)
    case index(Int)
}

/// One open place in the output: a value slot, an object or an array (see `EncodingSession`).
struct EncodingFrame {
    enum Kind: UInt8 {
        /// A place for one value: a field's value, an element, the root, a `superEncoder`'s value.
        case slot
        case object
        case array
    }

    var kind: Kind
    /// Unique within a session, never reused: containers and encoders name their frame by it, so a
    /// stale one is told from the live frame at the same index.
    var id: UInt64
    /// An object's fields or an array's elements written so far; for a slot, 1 once it holds a value.
    var count: Int
    /// The indentation level of a container's contents (the enclosing container's for a slot).
    var level: Int
    /// For an object under `.sortedKeys`: where its fields begin in the session's field marks.
    var markBase: Int
    /// For a slot: the id of the container written into it, if any.
    var child: UInt64
    var step: PathStep
    /// For an object written unsorted: one bit per key written so far, the key's byte (a key type
    /// of one byte) or a hash of the key (see `EncodingSession.noteKey`). All ones once the object
    /// is `ObjectKeys.hashed`. Here, not in `ObjectKeys`: the field's frame is at hand.
    var keyFilter: UInt64 = 0
}

/// For an object written unsorted, what finds a key written twice (see `EncodingSession.noteKey`).
/// Kept beside the frames, not in them, and set only when an object opens: slots and arrays,
/// pushed far more often, stay as small as they were.
struct ObjectKeys {
    /// Where the object's contents begin in the output (after `{`).
    var contentStart: Int
    /// For an object written by more than one container (or given a `super` field): the filter of
    /// hashes of every key, which all fields then use.
    var hashFilter: UInt64 = 0
    var hashed = false
}

/// What a keyed container tells the session of its keys, to find a key written twice in one
/// object cheaply (see `EncodingSession.noteKey`).
enum KeyFilter {
    /// Compute a hash of the key as written.
    static let hashed = -1
    /// No filter: compare the key with every key of the object.
    static let unfiltered = -2
    /// Keys distinct by construction (a dictionary's): no check.
    static let distinct = -3
    // 0..<64: the key's own byte (a one-byte key type), exact within one key type.
}

/// Where one field of an object under `.sortedKeys` starts in the output, for sorting at its close.
struct FieldMark {
    /// The offset of the key's opening quote.
    var start: Int
    /// The length of the key as written, between its quotes.
    var keyLength: Int
    /// The key was written with escapes (its bytes must be unescaped to be compared).
    var escaped: Bool
    /// The first eight bytes of the key as written, big-endian, zero-padded: comparing two
    /// prefixes as integers orders the keys as their bytes would, up to the eighth byte. (An
    /// unescaped key has no zero byte, so padding never ties with a real byte.)
    var prefix: UInt64

    /// The prefix of the `length` bytes at `key`.
    @inline(__always)
    static func prefix(_ key: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
        if length >= 8 { return UInt64(bigEndian: UnsafeRawPointer(key).loadUnaligned(as: UInt64.self)) }
        var prefix: UInt64 = 0
        var position = 0
        while position < length {
            prefix |= UInt64(key[position]) &<< (56 &- 8 &* UInt64(position))
            position &+= 1
        }
        return prefix
    }
}

/// A coding key holding a string: `super`, and the keys of `[String: Value]` dictionaries.
struct StringCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }

    static let `super` = StringCodingKey("super")
}

/// Thrown inside an encode when a container is used after a sibling moved on (see
/// `SimdJSONEncoder`); never reaches the caller, who gets Foundation's encoding instead.
struct InterleavedContainers: Error {}

extension PathStep {
    /// The step for `key`, kept without an allocation: a key larger than an existential's inline
    /// storage (`_DictionaryCodingKey`, a `String` and an `Int?`) is kept as its string and integer
    /// values. Measured on gsoc-2018.json (a `[String: Project]`): one allocation fewer per entry,
    /// 5,059 → 3,800 allocations per encode.
    @inline(__always)
    static func key<Key: CodingKey>(compact key: Key) -> PathStep {
        MemoryLayout<Key>.size <= 3 * MemoryLayout<Int>.size ? .key(key) : .key(CompactCodingKey(key))
    }
}

/// A coding key's string and integer values in three words.
struct CompactCodingKey: CodingKey {
    let stringValue: String
    private let integer: Int

    init(_ key: some CodingKey) {
        stringValue = key.stringValue
        integer = key.intValue ?? .min
    }

    var intValue: Int? { integer == .min ? nil : integer }
    init?(stringValue: String) {
        self.stringValue = stringValue
        integer = .min
    }
    init?(intValue: Int) {
        stringValue = String(intValue)
        integer = intValue
    }
}
