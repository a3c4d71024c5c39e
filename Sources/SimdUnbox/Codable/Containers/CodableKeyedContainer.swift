import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A keyed container over an object cursor: fields are looked up in the input, in any order.
///
/// `Owner` keeps the state alive: `SessionOwned` (nothing: the session does) for the boxes the
/// session tracks, which leaves the container a plain value that the standard library's box copies
/// without retaining anything; `KeyedContainerState` (the state itself) for any other.
struct CodableKeyedContainer<Key: CodingKey, Owner>: KeyedDecodingContainerProtocol {
    /// What the container reads, not retained: the standard library's box copies its container
    /// for every call on it (`KeyedDecodingContainer.decode` → the box → a copy of this struct),
    /// and a copy that retains and releases costs two atomic operations per field read. The
    /// session keeps the states of the boxes it tracks alive (and hands those that outlive the
    /// decode to `EscapedKeyedContainers`); any other container retains its state in `owner`.
    /// (Unmanaged rather than `unowned(unsafe)`, whose every read would retain the state.)
    let state: Unmanaged<KeyedContainerState>
    let owner: Owner

    @inline(__always) var decoder: CodableDecoder { state._withUnsafeGuaranteedRef { $0.decoder } }

    /// Runs `body` with the decoder, not retained for the call (the state holds it, and cannot
    /// change decoder while this container's box is in use).
    @inline(__always)
    func withDecoder<R>(_ body: (CodableDecoder) throws -> R) rethrows -> R {
        try state._withUnsafeGuaranteedRef { try $0.unretainedDecoder._withUnsafeGuaranteedRef(body) }
    }
    @inline(__always) var object: _ObjectCursor { state._withUnsafeGuaranteedRef { $0.object } }
    @inline(__always) var level: Int { state._withUnsafeGuaranteedRef { $0.level } }
    @inline(__always) var token: UInt64 { state._withUnsafeGuaranteedRef { $0.token } }

    /// The key table of a key strategy (nil with `useDefaultKeys`).
    @inline(__always) var keyTable: KeyTable? { state._withUnsafeGuaranteedRef { $0.keyTable } }

    var codingPath: [any CodingKey] {
        let session = decoder.session
        // A container no longer live has its path found as it reads (see `revived`).
        guard session.isLive(level: level, token: token) || !session.canRevive(token: token) else {
            return (try? revived { session.codingPath(level) }) ?? session.codingPath(level)
        }
        return session.codingPath(level)
    }

    // MARK: Lookups

    /// Whether the container is the live one at its level (then the deeper levels' tokens are
    /// dropped: it is about to move the cursor past them). A container that is not runs its
    /// operation through `revived`.
    @inline(__always)
    func claimed() -> Bool { decoder.session.claim(level: level, token: token) }

    /// Runs `body`, an operation of this container once it is no longer live (used after its
    /// parent moved on): see `CodableDecoder.revive`. The cursor goes back to where the
    /// container's last such operation left it, or to its object's first field.
    ///
    /// The closures that call back into this generic container look up its type's metadata on
    /// every call. Written out at each call site instead (start, operation, end), the revived
    /// reads cost 4% less (callgrind, `user-orders-late-containers-1MB`: 82.9M instructions a
    /// decode, against 86.5M then and 85.6M now), but the live ones 10% more (twitter.json:
    /// 15.05M, against 13.65M): the recursion in every read kept them from being inlined.
    @inline(never)
    func revived<R>(_ body: () throws -> R) throws -> R {
        let state = self.state.takeUnretainedValue()
        let decoder = state.decoder
        let level = state.level
        let token = state.token
        return try decoder.revive(
            level: level, token: token, path: .document(state.object.startToken),
            goBack: {
                if let resume = state.resume, resume.token == token {
                    return decoder.context._restoreCursor(resume.place)
                }
                // A walk over the object's keys kept for this container stands elsewhere.
                state.snakeCaseKeys?._withUnsafeGuaranteedRef { $0.forget(level: level, token: token) }
                var hasFields = false
                return state.object.reset(&hasFields)
            }
        ) {
            defer { state.resume = (token, decoder.context._saveCursor()) }
            return try body()
        }
    }

    /// Runs `body` with the bytes of the key as written in the input (`NO_SUCH_FIELD` if a key
    /// strategy maps no key of the object to it): the key's name, read once per case and decode
    /// where its type allows (`KeyNames`).
    @inline(__always)
    func withKeyBytes(_ key: Key, _ body: (LookupKey) -> _SimdJSONError) -> _SimdJSONError {
        if keyTable == nil, let names = state._withUnsafeGuaranteedRef({ $0.unretainedKeyNames }) {
            return names._withUnsafeGuaranteedRef { $0.withName(of: key, body) }
        }
        return withKeyBytes(key.stringValue, body)
    }

    /// Runs `body` with the bytes of the key as written in the input (`NO_SUCH_FIELD` if a key
    /// strategy maps no key of the object to `name`).
    @inline(__always)
    func withKeyBytes(_ name: String, _ body: (LookupKey) -> _SimdJSONError) -> _SimdJSONError {
        if let keyTable {
            guard let original = keyTable.originals[name] else { return .noSuchField }
            return _withUTF8(original) { body(LookupKey(unchecked: $0)) }
        }
        return _withUTF8(name) { body(LookupKey(unchecked: $0)) }
    }

    /// Finds the field `name`: `.success`, `.noSuchField`, or malformed JSON.
    /// A key the raw-byte lookup misses gets a second, unescaping look (`"na\u006de"` is `name`,
    /// as in Foundation) when the document has escaped keys at all.
    /// With `convertFromSnakeCase`, the first field whose key converts to `key`'s name
    /// (`SnakeCaseKeys`); `peek` as in `SnakeCaseKeys.find`.
    @inline(__always)
    func find(_ key: Key, into value: inout _JSONCursor, peek: Bool = false) -> _SimdJSONError {
        if let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys }) {
            return snakeCaseKeys._withUnsafeGuaranteedRef { keys in
                findConverted(nameNumber(key, keys), keys, into: &value, peek: peek)
            }
        }
        var object = self.object
        return withKeyBytes(key) { findField($0, in: &object, into: &value) }
    }

    /// `find` for a field named `name`.
    func find(named name: String, into value: inout _JSONCursor) -> _SimdJSONError {
        if let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys }) {
            let keys = snakeCaseKeys.takeUnretainedValue()
            return findConverted(keys.number(ofName: name), keys, into: &value, peek: false)
        }
        var object = self.object
        return withKeyBytes(name) { findField($0, in: &object, into: &value) }
    }

    /// Whether keys are converted from snake case (and looked up by `findConverted`).
    @inline(__always) var convertsSnakeCase: Bool { state._withUnsafeGuaranteedRef { $0.snakeCaseKeys != nil } }

    /// The number of `key`'s name in `keys`: kept per case for `CodingKeys` enums.
    @inline(__always)
    func nameNumber(_ key: Key, _ keys: SnakeCaseKeys) -> Int32 {
        if let names = state._withUnsafeGuaranteedRef({ $0.unretainedKeyNames }) {
            return names._withUnsafeGuaranteedRef { $0.number(of: key, in: keys) }
        }
        return keys.number(ofName: key.stringValue)
    }

    /// Finds the first field whose key converts to the name numbered `name`.
    func findConverted(_ name: Int32, _ keys: SnakeCaseKeys, into value: inout _JSONCursor, peek: Bool)
        -> _SimdJSONError
    {
        state._withUnsafeGuaranteedRef { state in
            keys.find(name, in: &state.object, level: state.level, token: state.token, into: &value, peek: peek)
        }
    }

    @inline(__always)
    func findField(
        _ key: LookupKey, in object: inout _ObjectCursor, into value: inout _JSONCursor
    ) -> _SimdJSONError {
        let code = object.findField(key.base, key.length, plain: key.plain, &value)
        if _fastPath(code != .noSuchField) { return code }
        return decoder.context._findEscapedFieldCode(key.bytes, in: &object, into: &value)
    }

    /// The second look only, for a key that a fused lookup missed as written.
    @inline(__always)
    func findEscaped(_ key: Key, into value: inout _JSONCursor) -> _SimdJSONError {
        var object = self.object
        return withKeyBytes(key) { decoder.context._findEscapedFieldCode($0.bytes, in: &object, into: &value) }
    }

    /// Finds `key` or throws `keyNotFound`. `missed`: a fused lookup already missed it as written.
    @inline(__always)
    func require(_ key: Key, into value: inout _JSONCursor, missed: Bool = false, peek: Bool = false) throws {
        let code = missed ? findEscaped(key, into: &value) : find(key, into: &value, peek: peek)
        guard _fastPath(code == .success) else { throw lookupError(code, key) }
    }

    /// The coding path's step to the field `key`.
    @inline(__always)
    func pathComponent(_ key: Key) -> CodingPathComponent { decoder.session.component(key, level: level) }

    @inline(never)
    func lookupError(_ code: _SimdJSONError, _ key: Key) -> any Error {
        if code == .noSuchField { return decoder.keyNotFound(key, level: level) }
        return decoder.context._containerError(code)
    }

    /// The error for a fused lookup that failed with `code`: a missing key, malformed JSON met
    /// while looking, or a value (left in `value`) that could not be read as `type`.
    @inline(never)
    func fusedError(
        _ code: _SimdJSONError, _ value: inout _JSONCursor, _ key: Key, type: Any.Type, expected: JSONType
    ) -> any Error {
        if code == .noSuchField { return decoder.keyNotFound(key, level: level) }
        guard value.isSet else { return decoder.context._containerError(code) }
        return decoder.failureError(
            decoder.readFailure(code, &value, expected: expected), type: type, level: level,
            component: pathComponent(key))
    }

    @inline(never)
    func boolError(_ code: _SimdJSONError, _ value: inout _JSONCursor, _ key: Key) -> any Error {
        if code == .noSuchField { return decoder.keyNotFound(key, level: level) }
        guard value.isSet else { return decoder.context._containerError(code) }
        return decoder.failureError(
            decoder.boolFailure(code, &value), type: Bool.self, level: level, component: pathComponent(key))
    }

    /// For `decodeIfPresent`: whether a fused lookup that found the key but failed with `code`
    /// read a `null` (which is consumed). A key missing as written is looked up again first.
    @inline(__always)
    func isAbsent(_ code: _SimdJSONError, _ value: inout _JSONCursor) -> Bool {
        guard code == .incorrectType, value.isSet else { return false }
        var isNull = false
        return value.isNull(&isNull) == .success && isNull
    }

    // MARK: Keys

    var allKeys: [Key] {
        if let keyTable { return keyTable.keysInOrder.compactMap { Key(stringValue: $0) } }
        guard claimed() else { return (try? revived { self.allKeys }) ?? [] }
        if let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys }) {
            let keys = snakeCaseKeys.takeUnretainedValue()
            let decoder = self.decoder
            var result: [Key] = []
            let code = state._withUnsafeGuaranteedRef { state in
                keys.forEachName(in: &state.object, level: state.level, token: state.token) { number in
                    if let key = Key(stringValue: keys.names[Int(number)]) { result.append(key) }
                }
            }
            if _slowPath(code != .success) { _ = decoder.context._containerError(code) }
            return result
        }
        var names: [String] = []
        var seen = Set<String>()
        let code = Self.forEachKey(object, parser: decoder.context._parser.handle) { name in
            if seen.insert(name).inserted { names.append(name) }
        }
        if _slowPath(code != .success) { _ = decoder.context._containerError(code) }
        return names.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        guard claimed() else { return (try? revived { contains(key) }) ?? false }
        var value = _JSONCursor()
        let code = find(key, into: &value, peek: true)
        if _slowPath(code != .success && code != .noSuchField) {
            // Malformed JSON met while looking: the decode fails, even if the caller goes on.
            _ = decoder.context._containerError(code)
        }
        return code == .success
    }

    /// Calls `body` with each key of `object` as written (unescaped), from its first field.
    static func forEachKey(_ object: _ObjectCursor, parser: OpaquePointer, _ body: (String) -> Void)
        -> _SimdJSONError
    {
        var object = object
        var hasFields = false
        var code = object.reset(&hasFields)
        guard code == .success else { return code }
        var iterator = _ObjectIterator()
        code = object.iterate(&iterator)
        guard code == .success else { return code }
        var value = _JSONCursor()
        while true {
            var hasField = false
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = iterator.next(parser, &hasField, &bytes, &count, &value)
            guard code == .success, hasField else { return code }
            body(_validatedString(bytes, count))
        }
    }

    static func makeKeyTable(_ decoder: CodableDecoder, _ object: _ObjectCursor, _ level: Int) throws -> KeyTable {
        let table = KeyTable()
        let strategy = decoder.session.options.keyDecodingStrategy
        let basePath: [any CodingKey]
        if case .custom = strategy { basePath = decoder.session.codingPath(level) } else { basePath = [] }
        let code = forEachKey(object, parser: decoder.context._parser.handle) { name in
            let converted: String
            switch strategy {
            case .useDefaultKeys:
                converted = name
            case .convertFromSnakeCase:
                converted = convertedFromSnakeCase(name)
            case .custom(let convert):
                converted = convert(basePath + [CodableKey(stringValue: name)]).stringValue
            @unknown default:
                converted = name
            }
            if table.originals[converted] == nil {
                table.originals[converted] = name
                table.keysInOrder.append(converted)
            }
        }
        guard code == .success else { throw decoder.context._containerError(code) }
        return table
    }

    // MARK: Null

    func decodeNil(forKey key: Key) throws -> Bool {
        guard _fastPath(claimed()) else { return try revived { try decodeNil(forKey: key) } }
        var value = _JSONCursor()
        // A value that is not `null` is left unread (a decode of the same key usually follows).
        try require(key, into: &value, peek: true)
        var isNull = false
        let code = value.isNull(&isNull)
        if isNull || code != .success,
            let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys })
        {
            snakeCaseKeys._withUnsafeGuaranteedRef { $0.markRead(level: level) }
        }
        guard code == .success else {
            throw decoder.failureError(
                decoder.readFailure(code, &value, expected: .null), type: Never.self, level: level,
                component: pathComponent(key))
        }
        return isNull
    }

    // MARK: Everything else

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        var value = _JSONCursor()
        if _slowPath(convertsSnakeCase) {
            try requireNext(key, into: &value)
        } else {
            try require(key, into: &value)
        }
        var opened = OpenedValue.none
        let level = self.level
        return try withDecoder {
            try $0.decodeNested(
                type, from: &value, opened: &opened, level: level, component: $0.session.component(key, level: level))
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        var value = _JSONCursor()
        let code = find(key, into: &value)
        if code == .noSuchField { return nil }
        guard code == .success else { throw decoder.context._containerError(code) }
        var isNull = false
        if value.isNull(&isNull) == .success && isNull { return nil }
        var opened = OpenedValue.none
        let level = self.level
        return try withDecoder {
            try $0.decodeNested(
                type, from: &value, opened: &opened, level: level, component: $0.session.component(key, level: level))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard _fastPath(claimed()) else { return try revived { try nestedContainer(keyedBy: type, forKey: key) } }
        var value = _JSONCursor()
        try require(key, into: &value)
        let component = pathComponent(key)
        decoder.session.setPath(level, component)
        let token = decoder.session.newToken(level: level + 1)
        var opened = OpenedValue.none
        if _slowPath(level + 1 >= CodableDecoder.maximumDepth) { throw decoder.depthError(level, component) }
        let object = try decoder.openObject(
            &value, opened: &opened, isMissing: false, level: level, component: component)
        return try CodableKeyedContainer<NestedKey, SessionOwned>.make(
            decoder: decoder, object: object, level: level + 1, token: token)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard _fastPath(claimed()) else { return try revived { try nestedUnkeyedContainer(forKey: key) } }
        var value = _JSONCursor()
        try require(key, into: &value)
        let component = pathComponent(key)
        decoder.session.setPath(level, component)
        let token = decoder.session.newToken(level: level + 1)
        var opened = OpenedValue.none
        if _slowPath(level + 1 >= CodableDecoder.maximumDepth) { throw decoder.depthError(level, component) }
        let array = try decoder.openArray(
            &value, opened: &opened, isMissing: false, level: level, component: component)
        return try CodableUnkeyedContainer(decoder: decoder, array: array, level: level + 1, token: token)
    }

    func superDecoder() throws -> any Decoder {
        try makeSuperDecoder(name: "super", component: .superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try makeSuperDecoder(name: key.stringValue, component: pathComponent(key))
    }

    /// A decoder of its own for the field `name` (reading as `null` if it is missing, as in
    /// Foundation), valid until this container moves on.
    func makeSuperDecoder(name: String, component: CodingPathComponent) throws -> any Decoder {
        guard _fastPath(claimed()) else {
            return try revived { try makeSuperDecoder(name: name, component: component) }
        }
        var value = _JSONCursor()
        let code = find(named: name, into: &value)
        guard code == .success || code == .noSuchField else {
            throw decoder.context._containerError(code)
        }
        decoder.session.setPath(level, component)
        // A missing key has no value to find the path from, should the decoder be used late.
        let knownPath = code == .noSuchField ? decoder.session.codingPath(level + 1) : nil
        let token = decoder.session.newToken(level: level + 1)
        return CodableDecoder(
            session: decoder.session, value: value, level: level + 1, token: token,
            isMissing: code == .noSuchField, knownPath: knownPath)
    }
}
