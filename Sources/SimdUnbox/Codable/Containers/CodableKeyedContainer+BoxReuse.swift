import Synchronization

extension CodableKeyedContainer {
    private init(state: KeyedContainerState, owner: Owner) {
        self.state = Unmanaged.passUnretained(state)
        self.owner = owner
    }

    /// A `KeyedDecodingContainer` over `object`, the value at `level` with `token`.
    ///
    /// `KeyedDecodingContainer.init` boxes its container in a class of the standard library, and
    /// making one costs two lookups in the runtime's cache of generic types (the container's type
    /// and the box's), a witness table lookup and an allocation: for small objects, more than
    /// reading them. So the session keeps the boxes it made, by key type, and hands one out again
    /// when nobody else holds it any more (`isKnownUniquelyReferenced`: while any copy of the
    /// container is alive, or any call on it is under way, its box has another owner). A container
    /// kept beyond its use is never handed out again, so it keeps its old token and throws as
    /// stale. Wherever the standard library's layout is not the one expected (a single reference to
    /// the box), no box is reused.
    ///
    /// The containers in tracked boxes do not retain their states (see `state`): the session does,
    /// until it closes.
    static func make(decoder: CodableDecoder, object: _ObjectCursor, level: Int, token: UInt64) throws
        -> KeyedDecodingContainer<Key>
    {
        let session = decoder.session
        let keyTable = session.usesKeyTable ? try makeKeyTable(decoder, object, level) : nil
        let layout = KeyedContainerBoxes.layout.load(ordering: .relaxed)
        let keyType = ObjectIdentifier(Key.self)
        if layout == KeyedContainerBoxes.singleBox {
            var index = 0
            while index < session.keyedBoxes.count {
                if session.keyedBoxes[index].keyType == keyType
                    && isKnownUniquelyReferenced(&session.keyedBoxes[index].box)
                {
                    session.keyedBoxes[index].unretainedState._withUnsafeGuaranteedRef { state in
                        if state.decoder !== decoder { state.decoder = decoder }
                        state.object = object
                        state.level = level
                        state.token = token
                        if keyTable != nil || state.keyTable != nil { state.keyTable = keyTable }
                    }
                    // The box as a `KeyedDecodingContainer<Key>` through the key type's wrapper:
                    // written here, the cast would look up that type in the runtime's cache.
                    return unsafeDowncast(
                        session.keyedBoxes[index].wrapper, to: BoxWrapper<KeyedDecodingContainer<Key>>.self
                    ).wrap(session.keyedBoxes[index].box)
                }
                index += 1
            }
        }
        return try makeBox(
            decoder: decoder, object: object, level: level, token: token, keyTable: keyTable, layout: layout)
    }

    /// `make` for a container whose box is not reused: a new box, tracked by the session when it can be.
    @inline(never)
    static func makeBox(
        decoder: CodableDecoder, object: _ObjectCursor, level: Int, token: UInt64, keyTable: KeyTable?,
        layout: UInt8
    ) throws -> KeyedDecodingContainer<Key> {
        let session = decoder.session
        let keyType = session.keyType(Key.self)
        let state = KeyedContainerState(
            decoder: decoder, object: object, level: level, token: token, keyTable: keyTable, keyNames: keyType.names)
        let tracked = session.keyedBoxes.count < KeyedContainerBoxes.limit
        if layout == KeyedContainerBoxes.singleBox && tracked {
            let container = KeyedDecodingContainer(
                CodableKeyedContainer<Key, SessionOwned>(state: state, owner: SessionOwned()))
            session.track(container, state: state, wrapper: keyType.wrapper)
            return container
        }
        // The first container of the process (its layout not yet checked), or one the session
        // does not track: it keeps its state alive itself.
        let container = KeyedDecodingContainer(
            CodableKeyedContainer<Key, KeyedContainerState>(state: state, owner: state))
        if layout == 0 && KeyedContainerBoxes.check(container) && tracked {
            session.track(container, state: state, wrapper: keyType.wrapper)
        }
        return container
    }
}
