import Foundation

/// A keyed container writing one object's fields in place (see `_EncodingSession`).
struct _KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: _EncodingSession
    /// The object's frame.
    let index: Int
    let id: UInt64

    init(session: _EncodingSession, index: Int, id: UInt64) {
        self.session = session
        self.index = index
        self.id = id
    }

    var codingPath: [any CodingKey] { session.codingPath(through: index) }

    @inline(__always)
    private func begin(_ key: Key) throws {
        try session.enterOrThrow(index, id)
        session.beginField(index, key: session.convertedKey(key, container: index))
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
            throw _EncodingSession.nonConformingError(value, path: codingPath + [key])
        }
        try begin(key)
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
        session.beginField(index, key: session.convertedKey(key, container: index))
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
        return KeyedEncodingContainer(_KeyedContainer<NestedKey>(session: session, index: nested.index, id: nested.id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = open(.array, key)
        return _UnkeyedContainer(session: session, index: nested.index, id: nested.id)
    }

    private func open(_ kind: _EncodingFrame.Kind, _ key: Key) -> (index: Int, id: UInt64) {
        guard session.enter(index, id) else { return (0, 0) }
        session.beginField(index, key: session.convertedKey(key, container: index))
        return session.openContainer(kind, step: .key(compact: key))
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(
            key: _StringCodingKey.super, converted: session.convertedKey(_StringCodingKey.super, container: index))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key, converted: session.convertedKey(key, container: index))
    }

    /// An encoder for the value of `key`, written in place when it is used (`{}` if it is not).
    private func superEncoder(key: any CodingKey, converted: String) -> any Encoder {
        guard session.enter(index, id) else { return _ValueEncoder(session: session, frameIndex: 0, frameID: 0) }
        session.beginField(index, key: converted)
        let slot = session.pushSlot(.key(key))
        return _ValueEncoder(session: session, frameIndex: slot.index, frameID: slot.id)
    }
}
