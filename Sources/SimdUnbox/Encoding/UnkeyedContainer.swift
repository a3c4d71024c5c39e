import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// An unkeyed container writing one array's elements in place (see `EncodingSession`).
struct UnkeyedContainer: UnkeyedEncodingContainer {
    let session: EncodingSession
    /// The array's frame.
    let index: Int
    let id: UInt64

    var codingPath: [any CodingKey] { session.codingPath(through: index) }

    var count: Int {
        index < session.frameCount && session.frame(index).pointee.id == id ? session.frame(index).pointee.count : 0
    }

    @inline(__always)
    private func begin() throws {
        try session.enterOrThrow(index, id)
        session.beginElement(index)
    }

    mutating func encodeNil() throws {
        try begin()
        session.append("null")
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        session.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try begin()
        session.writeString(value)
    }

    mutating func encode(_ value: Double) throws { try floatingPoint(value) }
    mutating func encode(_ value: Float) throws { try floatingPoint(value) }

    @inline(__always)
    private func floatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) throws {
        try session.enterOrThrow(index, id)
        if _slowPath(!session.canWrite(value)) {
            throw EncodingSession.nonConformingError(value, path: codingPath + [IndexCodingKey(count)])
        }
        let position = count
        try begin()
        try session.writeFloatingPoint(value) { codingPath + [IndexCodingKey(position)] }
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: Int128) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode(_ value: UInt128) throws { try integer(value) }

    @inline(__always)
    private func integer<Integer: FixedWidthInteger>(_ value: Integer) throws {
        try begin()
        session.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try session.enterOrThrow(index, id)
        let checkpoint = session.checkpoint(index)
        let position = session.frame(index).pointee.count
        session.beginElement(index)
        do {
            try session.encodeValue(value, step: .index(position))
        } catch {
            session.rollback(checkpoint, container: index)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = open(.object)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(session: session, index: nested.index, id: nested.id))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = open(.array)
        return UnkeyedContainer(session: session, index: nested.index, id: nested.id)
    }

    private func open(_ kind: EncodingFrame.Kind) -> (index: Int, id: UInt64) {
        guard session.enter(index, id) else { return (0, 0) }
        let position = session.frame(index).pointee.count
        session.beginElement(index)
        return session.openContainer(kind, step: .index(position))
    }

    /// An encoder for the next element, written in place when it is used (`{}` if it is not).
    mutating func superEncoder() -> any Encoder {
        guard session.enter(index, id) else { return ValueEncoder(session: session, frameIndex: 0, frameID: 0) }
        let position = session.frame(index).pointee.count
        session.beginElement(index)
        let slot = session.pushSlot(.index(position))
        return ValueEncoder(session: session, frameIndex: slot.index, frameID: slot.id)
    }
}
