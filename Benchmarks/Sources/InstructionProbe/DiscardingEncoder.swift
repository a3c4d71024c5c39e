// The floor of Codable encoding: an `Encoder` that writes nothing. A model's synthesized
// `encode(to:)` still asks it for a keyed container per object and an unkeyed one per array, and
// calls one `encode` per field through the standard library's container boxes; the containers
// only drop the values. What it costs is what any `Encoder` pays before writing a byte, so it
// bounds how fast an encoder of these models can be (probe competitor `DiscardingEncoder` of
// `encode-lines-1MB`).
//
// Like SimdJSONEncoder, it keeps the boxes of the keyed containers it made (one per key type) and
// hands them out again, cast back through a wrapper of the key type (no look-up of the
// container's type in the runtime's cache), so that the floor counts neither an allocation nor a
// look-up per object.

/// An `Encoder` that visits a value's whole structure and writes nothing.
final class DiscardingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The keyed containers made so far, by key type: each is one reference to its box, and a
    /// `Rebox<KeyedEncodingContainer<Key>>`.
    private var keyed: [(key: ObjectIdentifier, box: AnyObject, rebox: AnyObject)] = []

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let key = ObjectIdentifier(Key.self)
        for entry in keyed where entry.key == key {
            return unsafeDowncast(entry.rebox, to: Rebox<KeyedEncodingContainer<Key>>.self).wrap(entry.box)
        }
        let made = KeyedEncodingContainer(DiscardingKeyedContainer<Key>(encoder: self))
        keyed.append((key, unsafeBitCast(made, to: AnyObject.self), Rebox<KeyedEncodingContainer<Key>>()))
        return made
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingUnkeyedContainer(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { DiscardingSingleValueContainer(encoder: self) }
}

struct DiscardingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DiscardingEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {}
    mutating func encode(_ value: Double, forKey key: Key) throws {}
    mutating func encode(_ value: Float, forKey key: Key) throws {}
    mutating func encode(_ value: Int, forKey key: Key) throws {}
    mutating func encode(_ value: Int8, forKey key: Key) throws {}
    mutating func encode(_ value: Int16, forKey key: Key) throws {}
    mutating func encode(_ value: Int32, forKey key: Key) throws {}
    mutating func encode(_ value: Int64, forKey key: Key) throws {}
    mutating func encode(_ value: UInt, forKey key: Key) throws {}
    mutating func encode(_ value: UInt8, forKey key: Key) throws {}
    mutating func encode(_ value: UInt16, forKey key: Key) throws {}
    mutating func encode(_ value: UInt32, forKey key: Key) throws {}
    mutating func encode(_ value: UInt64, forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: encoder) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

struct DiscardingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: DiscardingEncoder
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(encoder: DiscardingEncoder) { self.encoder = encoder }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { count += 1 }
    mutating func encode(_ value: String) throws { count += 1 }
    mutating func encode(_ value: Double) throws { count += 1 }
    mutating func encode(_ value: Float) throws { count += 1 }
    mutating func encode(_ value: Int) throws { count += 1 }
    mutating func encode(_ value: Int8) throws { count += 1 }
    mutating func encode(_ value: Int16) throws { count += 1 }
    mutating func encode(_ value: Int32) throws { count += 1 }
    mutating func encode(_ value: Int64) throws { count += 1 }
    mutating func encode(_ value: UInt) throws { count += 1 }
    mutating func encode(_ value: UInt8) throws { count += 1 }
    mutating func encode(_ value: UInt16) throws { count += 1 }
    mutating func encode(_ value: UInt32) throws { count += 1 }
    mutating func encode(_ value: UInt64) throws { count += 1 }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try value.encode(to: encoder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        count += 1
        return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder }
}

struct DiscardingSingleValueContainer: SingleValueEncodingContainer {
    let encoder: DiscardingEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
}

/// Turns a box back into its container, finding the container's type in its own class.
final class Rebox<Container> {
    @inline(never)
    func wrap(_ box: AnyObject) -> Container { unsafeBitCast(box, to: Container.self) }
}
