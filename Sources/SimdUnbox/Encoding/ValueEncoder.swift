import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The `Encoder` handed to a value's `encode(to:)`: a slot of the session's output, which the value
/// fills with one container or one single value. It is also that single-value container.
///
/// The session keeps one per frame index and reuses it for every value written at that depth
/// (a value's encoder must not outlive its `encode(to:)`, as with any `Encoder`).
final class ValueEncoder: Encoder, SingleValueEncodingContainer {
    let session: EncodingSession
    var frameIndex: Int
    var frameID: UInt64

    init(session: EncodingSession, frameIndex: Int, frameID: UInt64) {
        self.session = session
        self.frameIndex = frameIndex
        self.frameID = frameID
    }

    var codingPath: [any CodingKey] { session.codingPath(through: frameIndex) }

    var userInfo: [CodingUserInfoKey: Any] { session.options.userInfo }

    // MARK: Containers

    /// The keyed containers this slot's encoder made last, one per key type (up to four: the
    /// fields of a model, each of its own type, take turns in one slot), kept to be handed out
    /// again.
    private let reused = UnsafeMutablePointer<ReusedKeyedContainer>.allocate(capacity: 4)
    private var reusedCount = 0
    /// The entry to replace when all four are taken.
    private var reusedNext = 0

    deinit {
        reused.deinitialize(count: reusedCount)
        reused.deallocate()
    }

    /// The object's container. A container this slot made before with the same key type, when
    /// nobody holds it any more (its box is uniquely referenced), is handed out again, pointed at
    /// the new object's frame; otherwise one is made.
    ///
    /// Making a `KeyedEncodingContainer` costs three look-ups in the runtime's generic metadata
    /// caches (the container's type, its conformance, the standard library's box) and an
    /// allocation, about 1,470 instructions; reusing one, a uniqueness check and the bit cast
    /// through the key type's `BoxWrapper` (kept with the session), which spares a look-up of the
    /// container's type for the cast (about 450 instructions: the records 26.26M → 24.15M).
    /// Measured with callgrind, one container kept per slot: 1 MB of records as
    /// JSON Lines (two containers a record), 36.99M → 32.89M instructions, but twitter.json
    /// 9.84M → 10.65M (a model's fields of different types take turns in one slot, so the kept
    /// container was mostly of the wrong type). With four per slot (and `fill`'s memo of plain
    /// types): the records 31.85M, twitter.json 9.09M.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = openContainer(.object)
        let keyType = ObjectIdentifier(Key.self)
        var position = 0
        while position < reusedCount && reused[position].keyType != keyType { position &+= 1 }
        if position < reusedCount, container.id != 0, reused[position].frame.index == container.index,
            isKnownUniquelyReferenced(&reused[position].box)
        {
            let frame = reused[position].frame
            frame.id = container.id
            if _slowPath(frame.keysByByte && frame.keyTable == nil) { frame.makeKeyTable() }
            // Through the key type's wrapper: cast here, the container's type would be looked up
            // in the runtime's cache at every object (see `BoxWrapper`).
            return unsafeDowncast(reused[position].wrapper, to: BoxWrapper<KeyedEncodingContainer<Key>>.self)
                .wrap(reused[position].box.unsafelyUnwrapped)
        }
        guard container.id != 0, ReusableKeyedFrame.containerIsItsBox else {
            return KeyedEncodingContainer(
                KeyedContainer<Key>(session: session, index: container.index, id: container.id))
        }
        let frame = ReusableKeyedFrame(index: container.index, id: container.id, keyType: Key.self)
        let made = KeyedEncodingContainer(KeyedContainer<Key>(session: session, reusable: frame))
        let entry = ReusedKeyedContainer(
            keyType: keyType, box: unsafeBitCast(made, to: AnyObject.self), frame: frame,
            wrapper: position < reusedCount ? reused[position].wrapper : session.boxWrapper(for: Key.self))
        if position < reusedCount {
            // The same key type, still held by someone: the new container takes its place.
            reused[position] = entry
        } else if reusedCount < 4 {
            (reused + reusedCount).initialize(to: entry)
            reusedCount &+= 1
        } else {
            reused[reusedNext] = entry
            reusedNext = (reusedNext &+ 1) & 3
        }
        return made
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let container = openContainer(.array)
        return UnkeyedContainer(session: session, index: container.index, id: container.id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Opens a container in the slot; a second request for the same kind goes on with the first
    /// (Foundation merges them: `super.encode(to: encoder)` after a subclass's fields).
    private func openContainer(_ kind: EncodingFrame.Kind) -> (index: Int, id: UInt64) {
        let slot = session.frame(frameIndex)
        if frameIndex + 1 < session.frameCount && slot.pointee.id == frameID && slot.pointee.child != 0 {
            let open = session.frame(frameIndex + 1)
            if open.pointee.id == slot.pointee.child && open.pointee.kind == kind
                && session.enter(frameIndex + 1, open.pointee.id)
            {
                // A second container for one object: its keys may be of another type, so they
                // are compared by hash from now on (see `EncodingSession.noteKey`).
                if kind == .object { session.makeHashed(frameIndex + 1) }
                return (frameIndex + 1, open.pointee.id)
            }
        }
        guard session.enter(frameIndex, frameID), slot.pointee.count == 0 else {
            // Used after the slot closed, or a second container after the first was closed or
            // of another kind: Foundation's tree can follow that, bytes in place cannot.
            session.interleaved = true
            return (0, 0)
        }
        let container = session.openContainer(kind, step: .none)
        slot.pointee.count = 1
        slot.pointee.child = container.id
        return container
    }

    // MARK: Single value

    @inline(__always)
    private func begin() throws {
        try session.enterOrThrow(frameIndex, frameID)
        let slot = session.frame(frameIndex)
        precondition(
            slot.pointee.count == 0,
            "Attempt to encode value through single value container when previously value already encoded.")
        slot.pointee.count = 1
    }

    func encodeNil() throws {
        try begin()
        session.append("null")
    }

    func encode(_ value: Bool) throws {
        try begin()
        session.append(value ? "true" : "false")
    }

    func encode(_ value: String) throws {
        try begin()
        session.writeString(value)
    }

    func encode(_ value: Double) throws {
        try floatingPoint(value)
    }

    func encode(_ value: Float) throws {
        try floatingPoint(value)
    }

    private func floatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) throws {
        try session.enterOrThrow(frameIndex, frameID)
        if !session.canWrite(value) {
            throw EncodingSession.nonConformingError(value, path: codingPath)
        }
        try begin()
        try session.writeFloatingPoint(value) { codingPath }
    }

    func encode(_ value: Int) throws { try integer(value) }
    func encode(_ value: Int8) throws { try integer(value) }
    func encode(_ value: Int16) throws { try integer(value) }
    func encode(_ value: Int32) throws { try integer(value) }
    func encode(_ value: Int64) throws { try integer(value) }
    func encode(_ value: Int128) throws { try integer(value) }
    func encode(_ value: UInt) throws { try integer(value) }
    func encode(_ value: UInt8) throws { try integer(value) }
    func encode(_ value: UInt16) throws { try integer(value) }
    func encode(_ value: UInt32) throws { try integer(value) }
    func encode(_ value: UInt64) throws { try integer(value) }
    func encode(_ value: UInt128) throws { try integer(value) }

    @inline(__always)
    private func integer<Integer: FixedWidthInteger>(_ value: Integer) throws {
        try begin()
        session.writeInteger(value)
    }

    func encode<T: Encodable>(_ value: T) throws {
        // Foundation encodes the value with this same encoder (same path), into this slot.
        try session.enterOrThrow(frameIndex, frameID)
        let slot = session.frame(frameIndex)
        precondition(
            slot.pointee.count == 0,
            "Attempt to encode value through single value container when previously value already encoded.")
        let checkpoint = session.checkpoint(frameIndex)
        do {
            try session.fill(slot: frameIndex, id: frameID, with: value)
            session.close(downTo: frameIndex + 1)
            if session.frame(frameIndex).pointee.count == 0 {
                session.appendEmptyObject()
                session.frame(frameIndex).pointee.count = 1
            }
        } catch {
            session.rollback(checkpoint, container: frameIndex)
            throw error
        }
    }
}

/// A keyed container a slot's encoder keeps to hand out again (see `ValueEncoder`).
struct ReusedKeyedContainer {
    let keyType: ObjectIdentifier
    /// The `KeyedEncodingContainer` as its box. (Optional: `isKnownUniquelyReferenced` on a
    /// non-optional `AnyObject` opens the existential into a copy, which is never unique.)
    var box: AnyObject?
    let frame: ReusableKeyedFrame
    /// A `BoxWrapper<KeyedEncodingContainer<Key>>`, which turns the box back into the container.
    let wrapper: AnyObject
}
