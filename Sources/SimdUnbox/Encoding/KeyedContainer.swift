import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A keyed container writing one object's fields in place (see `EncodingSession`).
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: EncodingSession
    /// The object's frame.
    let index: Int
    private let fixedID: UInt64
    /// For a container a slot's encoder reuses (see `ValueEncoder.container(keyedBy:)`): the id
    /// of the frame it writes to now, set at each reuse.
    private let reusable: ReusableKeyedFrame?
    /// `Key` is the key type of a dictionary, whose keys are distinct by construction.
    private let distinctKeys: Bool

    /// The unique id of the object's frame.
    var id: UInt64 {
        @inline(__always) get { reusable?.id ?? fixedID }
    }

    init(session: EncodingSession, index: Int, id: UInt64) {
        self.session = session
        self.index = index
        fixedID = id
        reusable = nil
        distinctKeys = !Self.keysByByte && session.hasDistinctKeys(Key.self)
    }

    init(session: EncodingSession, reusable: ReusableKeyedFrame) {
        // (The frame's key type is this container's `Key`.)
        self.session = session
        index = reusable.index
        fixedID = 0
        self.reusable = reusable
        distinctKeys = !Self.keysByByte && session.hasDistinctKeys(Key.self)
    }

    /// A key is one byte without references (a synthesized `CodingKeys` enum, a `String` or `Int`
    /// raw-valued one): its byte then stands for the key.
    private static var keysByByte: Bool { _isPOD(Key.self) && MemoryLayout<Key>.size == 1 }

    /// How the session checks that `key` is new in the object (see `KeyFilter`): by the key's
    /// byte when keys are written as they are; not at all for a dictionary's keys.
    @inline(__always)
    private func filter(_ key: Key) -> Int {
        guard session.defaultKeys else { return KeyFilter.hashed }
        if Self.keysByByte {
            let byte = Int(unsafeBitCast(key, to: UInt8.self))
            return byte < 64 ? byte : KeyFilter.unfiltered
        }
        return distinctKeys ? KeyFilter.distinct : KeyFilter.hashed
    }

    var codingPath: [any CodingKey] { session.codingPath(through: index) }

    @inline(__always)
    private func begin(_ key: Key) throws {
        try session.enterOrThrow(index, id)
        beginField(key)
    }

    /// Writes the separator, the key and the colon: from the reused container's table of keys
    /// when it has one and the output is compact, unsorted, with the keys as they are.
    @inline(__always)
    private func beginField(_ key: Key) {
        // (Optional chaining, not `if let reusable`: no retain and release of the frame.)
        if let table = reusable?.keyTable, session.compactFields {
            // The key is one byte (see `keysByByte`): a load. (`withUnsafeBytes(of:)` is not
            // specialized here: about 48 instructions a field, 1.7M of the records' 28.2M.)
            let byte = Int(unsafeBitCast(key, to: UInt8.self))
            if _fastPath(byte < 64) {
                let entry = table + byte &* 32
                if _fastPath(session.beginField(index, cachedKey: entry, byte: byte)) { return }
                session.beginField(index, key: key.stringValue, caching: entry, byte: byte)
                return
            }
        }
        let converted = session.convertedKey(key, container: index)
        if session.sortedKeys {
            // `sortFields` finds a key written twice: nothing to check here.
            session.beginField(index, key: converted)
        } else {
            session.beginField(index, key: converted, filter: filter(key))
        }
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        session.append("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        session.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        session.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws { try floatingPoint(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try floatingPoint(value, key) }

    @inline(__always)
    private func floatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, _ key: Key) throws {
        try session.enterOrThrow(index, id)
        if _slowPath(!session.canWrite(value)) {
            throw EncodingSession.nonConformingError(value, path: codingPath + [key])
        }
        beginField(key)
        try session.writeFloatingPoint(value) { codingPath + [key] }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    @inline(__always)
    private func integer<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) throws {
        try begin(key)
        session.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try session.enterOrThrow(index, id)
        let checkpoint = session.checkpoint(index)
        beginField(key)
        do {
            try session.encodeValue(value, step: .key(compact: key))
        } catch {
            session.rollback(checkpoint, container: index)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = open(.object, key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(session: session, index: nested.index, id: nested.id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = open(.array, key)
        return UnkeyedContainer(session: session, index: nested.index, id: nested.id)
    }

    private func open(_ kind: EncodingFrame.Kind, _ key: Key) -> (index: Int, id: UInt64) {
        guard session.enter(index, id) else { return (0, 0) }
        beginField(key)
        return session.openContainer(kind, step: .key(compact: key))
    }

    mutating func superEncoder() -> any Encoder {
        // `super` is not a `Key`: the object's keys are compared by hash from now on.
        guard session.enter(index, id) else { return ValueEncoder(session: session, frameIndex: 0, frameID: 0) }
        session.makeHashed(index)
        return superEncoder(
            key: StringCodingKey.super, converted: session.convertedKey(StringCodingKey.super, container: index),
            filter: KeyFilter.hashed)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key, converted: session.convertedKey(key, container: index), filter: filter(key))
    }

    /// An encoder for the value of `key`, written in place when it is used (`{}` if it is not).
    private func superEncoder(key: any CodingKey, converted: String, filter: Int) -> any Encoder {
        guard session.enter(index, id) else { return ValueEncoder(session: session, frameIndex: 0, frameID: 0) }
        session.beginField(index, key: converted, filter: filter)
        let slot = session.pushSlot(.key(key))
        return ValueEncoder(session: session, frameIndex: slot.index, frameID: slot.id)
    }
}

/// The frame a reused keyed container writes to: its index is fixed (the one above its slot), its
/// id is the current object's (see `ValueEncoder.container(keyedBy:)`); and, once the container
/// is reused, a table of its keys as written.
final class ReusableKeyedFrame {
    let index: Int
    var id: UInt64
    /// Whether the key type is one byte without references (a synthesized `CodingKeys` enum, a
    /// `String` or `Int` raw-valued one): a key's byte then stands for the key. Off with
    /// `SIMDUNBOX_NO_LAYOUT_TRICKS` (see the unsafe register in CONTRIBUTING.md).
    let keysByByte: Bool
    /// 64 entries of 32 bytes, by the key's byte (keys from 64 on are written as others are):
    /// the length of `"key":` (0 while unknown), then those bytes; 32 bytes more at the end, so
    /// that every entry can be copied as 32 bytes.
    private(set) var keyTable: UnsafeMutablePointer<UInt8>?

    init<Key: CodingKey>(index: Int, id: UInt64, keyType: Key.Type) {
        self.index = index
        self.id = id
        keysByByte = reliesOnPrivateLayouts && _isPOD(Key.self) && MemoryLayout<Key>.size == 1
    }

    deinit {
        keyTable?.deallocate()
    }

    /// Makes the table of keys (at the first reuse: a container made once needs none).
    func makeKeyTable() {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 65 * 32)
        table.initialize(repeating: 0, count: 65 * 32)
        keyTable = table
    }

    /// Whether a `KeyedEncodingContainer` is one reference to its box and nothing else, as it has
    /// been since Swift 4 (it is not `@frozen`, so this is checked, once, by reflection): then a
    /// box can be kept as `AnyObject` and bit cast back. If not, containers are never reused.
    static let containerIsItsBox: Bool = {
        guard reliesOnPrivateLayouts else { return false }
        let container = KeyedEncodingContainer(
            KeyedContainer<StringCodingKey>(session: EncodingSession(), index: 0, id: 0))
        guard MemoryLayout<KeyedEncodingContainer<StringCodingKey>>.size == MemoryLayout<AnyObject>.size else {
            return false
        }
        let children = Mirror(reflecting: container).children
        guard children.count == 1, let child = children.first, type(of: child.value) is AnyClass else {
            return false
        }
        return (child.value as AnyObject) === unsafeBitCast(container, to: AnyObject.self)
    }()
}
