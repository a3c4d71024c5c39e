import Foundation
import Synchronization

/// Converted key → the key as written in the object, for key strategies other than
/// `useDefaultKeys` (the only case where SimdJSONDecoder reads all of an object's keys up front,
/// as Foundation does for every object).
final class KeyTable {
    var originals: [String: String] = [:]
    var keysInOrder: [String] = []
}

/// What a keyed container reads: its object cursor, nesting level and token, and with a key
/// strategy other than `useDefaultKeys`, the object's key table. A class, so that the standard
/// library's box around a container can be handed out again for the next object once nobody holds
/// it (see `CodableKeyedContainer.make`).
final class KeyedContainerState {
    @exclusivity(unchecked) var decoder: CodableDecoder {
        didSet { unretainedDecoder = Unmanaged.passUnretained(decoder) }
    }
    @exclusivity(unchecked) var unretainedDecoder: Unmanaged<CodableDecoder>
    @exclusivity(unchecked) var object: _ObjectCursor
    @exclusivity(unchecked) var level: Int
    @exclusivity(unchecked) var token: UInt64
    @exclusivity(unchecked) var keyTable: KeyTable?
    /// Where the container's last operation after it went stale left the cursor (`revived`), and
    /// the token it was then (a state is reused for later containers).
    @exclusivity(unchecked) var resume: (token: UInt64, place: _CursorPlace)?
    /// With `convertFromSnakeCase`: the converted names of keys, and the walks over objects.
    let snakeCaseKeys: Unmanaged<SnakeCaseKeys>?
    /// The names of the container's keys, read once (nil if its key type is not a small enum),
    /// and the same unretained, for reads that do not retain it (reading `keyNames` on every field
    /// retained it: 0.7% more instructions on twitter.json).
    let keyNames: KeyNames?
    let unretainedKeyNames: Unmanaged<KeyNames>?

    init(
        decoder: CodableDecoder, object: _ObjectCursor, level: Int, token: UInt64, keyTable: KeyTable?,
        keyNames: KeyNames?
    ) {
        self.decoder = decoder
        self.unretainedDecoder = Unmanaged.passUnretained(decoder)
        self.object = object
        self.level = level
        self.token = token
        self.keyTable = keyTable
        self.snakeCaseKeys = decoder.session.snakeCaseKeys.map { Unmanaged.passUnretained($0) }
        self.keyNames = keyNames
        self.unretainedKeyNames = keyNames.map { Unmanaged.passUnretained($0) }
    }
}

/// The names (`stringValue`) of the keys of one `CodingKey` enum without payloads, by case, read
/// once per case and decode: asking the model's key for its name on every field read is a dynamic
/// call into the model's code, and more than the rest of reading a short string field.
///
/// Only for enums of at most one byte with no payload (every `CodingKeys` enum), whose byte tells
/// the cases apart. Kept with the parser (`CodableParserCache`), one per key type, and emptied at
/// the first use of each decode (`prepare`), so that keys whose names depend on a setting follow
/// it from one decode to the next; the names' UTF-8 is copied into memory of its own, so lookups
/// read it without touching a `String`.
final class KeyNames {
    /// Per case: where its name starts in `bytes`, its length and its `LookupKey.plain` (a start
    /// of -1: not read yet).
    private var entries: UnsafeMutablePointer<(start: Int, length: Int, plain: Bool)>
    private var capacity = 16
    private var bytes: UnsafeMutablePointer<UInt8>
    private var bytesUsed = 0
    private var bytesCapacity = 256
    /// The decode (`CodableParserCache.generation`) the names were read in.
    private var generation: UInt64 = 0
    /// With `convertFromSnakeCase`: per case, the number of its name in `SnakeCaseKeys` (-1: not
    /// looked up yet), valid in the epoch `numbersEpoch` of those keys.
    private var numbers: UnsafeMutablePointer<Int32>?
    private var numbersEpoch: UInt32 = 0

    /// Names for `Key`, or nil if its values are not told apart by one byte.
    static func make<Key: CodingKey>(for _: Key.Type) -> KeyNames? {
        guard MemoryLayout<Key>.size <= 1, _isPOD(Key.self), isEnum(Key.self) else { return nil }
        return KeyNames()
    }

    private init() {
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: (-1, 0, false), count: capacity)
        bytes = .allocate(capacity: bytesCapacity)
    }

    deinit {
        entries.deallocate()
        bytes.deallocate()
        numbers?.deallocate()
    }

    /// Forgets the names read by an earlier decode.
    func prepare(generation: UInt64) {
        guard generation != self.generation else { return }
        self.generation = generation
        entries.update(repeating: (-1, 0, false), count: capacity)
        bytesUsed = 0
        numbersEpoch = 0
    }

    /// The number of `key`'s name in `keys` (`convertFromSnakeCase`), looked up once per case and
    /// epoch of `keys`.
    @inline(__always)
    func number<Key: CodingKey>(of key: Key, in keys: SnakeCaseKeys) -> Int32 {
        let tag = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if _fastPath(numbersEpoch == keys.epoch), let numbers {
            let number = numbers[tag]
            if number >= 0 { return number }
        }
        return lookUpNumber(key, tag, keys)
    }

    @inline(never)
    private func lookUpNumber<Key: CodingKey>(_ key: Key, _ tag: Int, _ keys: SnakeCaseKeys) -> Int32 {
        let numbers = self.numbers ?? .allocate(capacity: 256)
        if self.numbers == nil || numbersEpoch != keys.epoch {
            numbers.initialize(repeating: -1, count: 256)
            self.numbers = numbers
            numbersEpoch = keys.epoch
        }
        let number = withName(of: key) { keys.number(ofName: UnsafeRawBufferPointer($0.bytes)) }
        numbers[tag] = number
        return number
    }

    /// Runs `body` with `key`'s name.
    @inline(__always)
    func withName<Key: CodingKey, R>(of key: Key, _ body: (LookupKey) -> R) -> R {
        let tag = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if _fastPath(tag < capacity) {
            let entry = entries[tag]
            if entry.start >= 0 {
                return body(LookupKey(start: bytes + entry.start, length: entry.length, plain: entry.plain))
            }
        }
        let entry = record(key, tag)
        return body(LookupKey(start: bytes + entry.start, length: entry.length, plain: entry.plain))
    }

    @inline(never)
    private func record<Key: CodingKey>(_ key: Key, _ tag: Int) -> (start: Int, length: Int, plain: Bool) {
        if tag >= capacity {
            let grown = UnsafeMutablePointer<(start: Int, length: Int, plain: Bool)>.allocate(capacity: 256)
            grown.moveInitialize(from: entries, count: capacity)
            (grown + capacity).initialize(repeating: (-1, 0, false), count: 256 - capacity)
            entries.deallocate()
            entries = grown
            capacity = 256
        }
        var name = key.stringValue
        let entry = name.withUTF8 { utf8 in
            if bytesUsed + utf8.count > bytesCapacity {
                bytesCapacity = Swift.max(bytesCapacity * 2, bytesUsed + utf8.count)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesCapacity)
                grown.initialize(from: bytes, count: bytesUsed)
                bytes.deallocate()
                bytes = grown
            }
            if let base = utf8.baseAddress { (bytes + bytesUsed).initialize(from: base, count: utf8.count) }
            defer { bytesUsed += utf8.count }
            return (start: bytesUsed, length: utf8.count, plain: LookupKey(checking: utf8).plain)
        }
        entries[tag] = entry
        return entry
    }
}

/// A key to look up in an object: its UTF-8, and whether it is known to hold no quote and no
/// backslash, which lets the shim's lookups skip the check they would otherwise make on every
/// lookup (about 2.5% of SimdJSONDecoder's instructions on twitter.json, where most keys' names
/// are read once per decode, in `KeyNames`).
struct LookupKey {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The key holds no `"` and no backslash (checked once, for all its lookups).
    let plain: Bool

    /// The key in `bytes`, left for each lookup to check.
    @inline(__always)
    init(unchecked bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        plain = false
    }

    /// The key in `bytes`, checked here, once for all its lookups.
    init(checking bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        plain = !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    }

    /// A key whose `plain` was computed by `init(checking:)` from the same bytes.
    @inline(__always)
    init(start: UnsafePointer<UInt8>, length: Int, plain: Bool) {
        bytes = UnsafeBufferPointer(start: start, count: length)
        self.plain = plain
    }

    var base: UnsafePointer<UInt8>? { bytes.baseAddress }
    var length: Int { bytes.count }
}

/// Whether `T` is an enum (its metadata's kind, the word at its start in Swift's stable ABI, is
/// 0x201). With `_isPOD` and a size of at most one byte, its byte is its value.
func isEnum<T>(_: T.Type) -> Bool {
    guard reliesOnPrivateLayouts else { return false }
    return unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}

/// Whether the boxes of keyed containers can be reused (`CodableKeyedContainer.make`): that needs
/// `KeyedDecodingContainer` to be what the standard library's source says it is, a struct whose
/// only stored property is a reference to its box. Checked once, on the first container made.
enum KeyedContainerBoxes {
    /// At most this many boxes are kept per decode (recursive models keep one per nesting level).
    static let limit = 64
    static let singleBox: UInt8 = 1
    static let otherLayout: UInt8 = 2
    /// 0 (not yet checked), `singleBox` or `otherLayout`.
    static let layout = Atomic<UInt8>(0)

    /// Checks `container`'s layout and records the answer.
    static func check<Key>(_ container: KeyedDecodingContainer<Key>) -> Bool {
        guard reliesOnPrivateLayouts else {
            layout.store(otherLayout, ordering: .relaxed)
            return false
        }
        let children = Array(Mirror(reflecting: container).children)
        let isSingleBox =
            MemoryLayout.size(ofValue: container) == MemoryLayout<AnyObject>.size && children.count == 1
            && Swift.type(of: children[0].value) is AnyClass
        layout.store(isSingleBox ? singleBox : otherLayout, ordering: .relaxed)
        return isSingleBox
    }
}

/// The owner of a keyed container's state when the session owns it: nothing.
struct SessionOwned {}

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

    // MARK: Scalars, with fused lookups

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .bool, &scalar, &value) else { return scalar.bool }
            return try readFound(code, key, Bool.self, &value) { v throws(ReadFailure) in try decoder.readBool(&v) }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = false
        let code = withKeyBytes(key) {
            object.findBool($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        guard _fastPath(code == .success) else {
            // Missing as written: `readField` looks again for an escaped key.
            if code == .noSuchField {
                return try readField(key, Bool.self, missed: true) { v throws(ReadFailure) in
                    try decoder.readBool(&v)
                }
            }
            throw boolError(code, &value, key)
        }
        return result
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .bool, &scalar, &value) else { return scalar.bool }
            return try readFoundIfPresent(code, key, Bool.self, &value) { v throws(ReadFailure) in
                try decoder.readBool(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = false
        let code = withKeyBytes(key) {
            object.findBool($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success) { return result }
        if code == .noSuchField {
            return try readFieldIfPresent(key, Bool.self, missed: true) { v throws(ReadFailure) in
                try decoder.readBool(&v)
            }
        }
        if isAbsent(code, &value) { return nil }
        throw boolError(code, &value, key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .string, &scalar, &value) else {
                return _Parser.string(scalar.bytes, scalar.count) { decoder.context._parser.strings }
            }
            return try readFound(code, key, String.self, &value) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = withKeyBytes(key) {
            object.findString(
                decoder.context._parser.handle, $0.base, $0.length, plain: $0.plain, &bytes, &count, &value)
        }
        guard _fastPath(code == .success) else {
            if code == .noSuchField {
                return try readField(key, String.self, missed: true) { v throws(ReadFailure) in
                    try decoder.readString(&v)
                }
            }
            throw fusedError(code, &value, key, type: String.self, expected: .string)
        }
        return _Parser.string(bytes, count) { decoder.context._parser.strings }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .string, &scalar, &value) else {
                return _Parser.string(scalar.bytes, scalar.count) { decoder.context._parser.strings }
            }
            return try readFoundIfPresent(code, key, String.self, &value) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = withKeyBytes(key) {
            object.findString(
                decoder.context._parser.handle, $0.base, $0.length, plain: $0.plain, &bytes, &count, &value)
        }
        if _fastPath(code == .success) {
            return _Parser.string(bytes, count) { decoder.context._parser.strings }
        }
        if code == .noSuchField {
            return try readFieldIfPresent(key, String.self, missed: true) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        if isAbsent(code, &value) { return nil }
        throw fusedError(code, &value, key, type: String.self, expected: .string)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            let code = snakeCaseLookup(key, .double, &scalar, &value)
            // A zero is read again by `readDouble`, which checks that it is written as one.
            if _fastPath(code == nil && scalar.double != 0) { return scalar.double }
            return try readFound(code ?? .success, key, Double.self, &value) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = 0.0
        let code = withKeyBytes(key) {
            object.findDouble($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success && result != 0) { return result }
        return try doubleSlowPath(code, result, &value, key)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            let code = snakeCaseLookup(key, .double, &scalar, &value)
            if _fastPath(code == nil && scalar.double != 0) { return scalar.double }
            return try readFoundIfPresent(code ?? .success, key, Double.self, &value) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = 0.0
        let code = withKeyBytes(key) {
            object.findDouble($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success && result != 0) { return result }
        if code == .noSuchField {
            return try readFieldIfPresent(key, Double.self, missed: true) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        if code != .success && isAbsent(code, &value) { return nil }
        return try doubleSlowPath(code, result, &value, key)
    }

    @inline(never)
    func doubleSlowPath(_ code: _SimdJSONError, _ result: Double, _ value: inout _JSONCursor, _ key: Key)
        throws -> Double
    {
        if code == .noSuchField {
            return try readField(key, Double.self, missed: true) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        // A zero (`.success`) comes back with its value, as any failure does, to check that it is
        // written as one.
        if !value.isSet { throw decoder.context._containerError(code) }
        do {
            return try decoder.doubleSlowPath(code, result, &value)
        } catch {
            throw decoder.failureError(error, type: Double.self, level: level, component: pathComponent(key))
        }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        return try readField(key, Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        return try readFieldIfPresent(key, Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }

    /// Finds `key` and reads its value with `read`. `missed`: a fused lookup already missed the key
    /// as written (only the second, unescaping look is left).
    @inline(__always)
    func readField<T>(
        _ key: Key, _ type: T.Type, missed: Bool = false, _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T {
        var value = _JSONCursor()
        let code = missed ? findEscaped(key, into: &value) : find(key, into: &value)
        return try readFound(code, key, T.self, &value, read)
    }

    /// Finds `key` and reads its value with `read`, or returns nil if it is missing or `null`.
    /// `missed`: as in `readField`.
    @inline(__always)
    func readFieldIfPresent<T>(
        _ key: Key, _ type: T.Type, missed: Bool = false, _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T? {
        var value = _JSONCursor()
        let code = missed ? findEscaped(key, into: &value) : find(key, into: &value)
        return try readFoundIfPresent(code, key, T.self, &value, read)
    }

    /// Looks `key` up under `convertFromSnakeCase`. When the walk over the object finds the key's
    /// field next, the shim reads its value as `kind` into `scalar` in the same call, and the
    /// result is nil. Otherwise it is the lookup's: `.success` with the value in `value`, to be
    /// read as a field found by `find` is (a value that `kind` could not read is left there too),
    /// `.noSuchField`, or malformed JSON.
    @inline(__always)
    func snakeCaseLookup(_ key: Key, _ kind: _FieldRead, _ scalar: inout _FieldScalar, _ value: inout _JSONCursor)
        -> _SimdJSONError?
    {
        switch readNext(key, kind, &scalar, &value) {
        case .read(let code): return _fastPath(code == .success) ? nil : .success
        case .found(let code): return code
        }
    }

    /// Reads the field that a lookup found (`code`, the lookup's result; `value`, the field's
    /// value): `readField`'s and `snakeCaseLookup`'s callers' second half.
    @inline(__always)
    func readFound<T>(
        _ code: _SimdJSONError, _ key: Key, _ type: T.Type, _ value: inout _JSONCursor,
        _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T {
        guard _fastPath(code == .success) else { throw lookupError(code, key) }
        do {
            return try read(&value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    /// Reads the field that a lookup found (`code`), or returns nil if it is missing or `null`:
    /// `readFieldIfPresent`'s and `snakeCaseLookup`'s callers' second half.
    @inline(__always)
    func readFoundIfPresent<T>(
        _ code: _SimdJSONError, _ key: Key, _ type: T.Type, _ value: inout _JSONCursor,
        _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T? {
        if code == .noSuchField { return nil }
        guard code == .success else { throw decoder.context._containerError(code) }
        var isNull = false
        if value.isNull(&isNull) == .success && isNull { return nil }
        do {
            return try read(&value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    /// `require` under `convertFromSnakeCase`, for a value its caller reads: the walk moves to the
    /// next field in one call when its key is the expected one. (Out of line: inlined into
    /// `decode(_:forKey:)`, it cost the default keys 0.8% on citm_catalog.json.)
    @inline(never)
    func requireNext(_ key: Key, into value: inout _JSONCursor) throws {
        var scalar = _FieldScalar()
        let code: _SimdJSONError
        switch readNext(key, .nothing, &scalar, &value) {
        case .read(let read), .found(let read): code = read
        }
        guard _fastPath(code == .success) else { throw lookupError(code, key) }
    }

    /// `SnakeCaseKeys.readNext` for `key`.
    @inline(__always)
    func readNext(_ key: Key, _ kind: _FieldRead, _ scalar: inout _FieldScalar, _ value: inout _JSONCursor)
        -> SnakeCaseKeys.NextRead
    {
        let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys }).unsafelyUnwrapped
        return snakeCaseKeys._withUnsafeGuaranteedRef { keys in
            let name = nameNumber(key, keys)
            return state._withUnsafeGuaranteedRef { state in
                keys.readNext(
                    name, in: &state.object, level: state.level, token: state.token, as: kind, into: &scalar,
                    value: &value)
            }
        }
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_: T.Type, forKey key: Key) throws -> T {
        guard _fastPath(claimed()) else { return try revived { try decodeInteger(T.self, forKey: key) } }
        if T.bitWidth > 64 || convertsSnakeCase {
            if T.bitWidth <= 64 {
                var scalar = _FieldScalar()
                var value = _JSONCursor()
                let code = snakeCaseLookup(key, T.isSigned ? .int64 : .uint64, &scalar, &value)
                if _fastPath(code == nil), let exact: T = Self.integer(scalar) { return exact }
                return try readFound(code ?? .success, key, T.self, &value) { v throws(ReadFailure) in
                    try decoder.readInteger(T.self, &v)
                }
            }
            return try readField(key, T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v) }
        }
        // The two reads spelled out rather than through `findInteger`: with it, the compiler stops
        // inlining `snakeCaseLookup` above (callgrind, instructions per decode, 1 MB of orders with
        // snake_case keys: 52.58M spelled out, 52.75M through it; citm_catalog.json 38.11M and
        // 37.55M).
        var object = self.object
        var value = _JSONCursor()
        if T.isSigned {
            var result: Int64 = 0
            let code = withKeyBytes(key) {
                object.findInt64($0.base, $0.length, plain: $0.plain, &result, &value)
            }
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, UInt64(bitPattern: result), &value, key)
        } else {
            var result: UInt64 = 0
            let code = withKeyBytes(key) {
                object.findUInt64($0.base, $0.length, plain: $0.plain, &result, &value)
            }
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, result, &value, key)
        }
    }

    @inline(__always)
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_: T.Type, forKey key: Key) throws -> T? {
        guard _fastPath(claimed()) else { return try revived { try decodeIntegerIfPresent(T.self, forKey: key) } }
        if T.bitWidth > 64 || convertsSnakeCase {
            if T.bitWidth <= 64 {
                var scalar = _FieldScalar()
                var value = _JSONCursor()
                let code = snakeCaseLookup(key, T.isSigned ? .int64 : .uint64, &scalar, &value)
                if _fastPath(code == nil), let exact: T = Self.integer(scalar) { return exact }
                return try readFoundIfPresent(code ?? .success, key, T.self, &value) { v throws(ReadFailure) in
                    try decoder.readInteger(T.self, &v)
                }
            }
            return try readFieldIfPresent(key, T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v)
            }
        }
        var value = _JSONCursor()
        var bits: UInt64 = 0
        let code = findInteger(T.self, key, &bits, &value)
        if _fastPath(code == .success), let exact: T = Self.integer(bits) { return exact }
        if code == .noSuchField {
            return try readFieldIfPresent(key, T.self, missed: true) { v throws(ReadFailure) in
                try decoder.readInteger(T.self, &v)
            }
        }
        if code != .success && isAbsent(code, &value) { return nil }
        return try integerSlowPath(T.self, code, bits, &value, key)
    }

    /// Finds `key` and reads its value as a 64-bit integer of `T`'s signedness, in one call to the
    /// shim, into `bits` as its bit pattern (`integer(_:)` makes the `T`).
    @inline(__always)
    func findInteger<T: FixedWidthInteger>(
        _: T.Type, _ key: Key, _ bits: inout UInt64, _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        var object = self.object
        if T.isSigned {
            var result: Int64 = 0
            defer { bits = UInt64(bitPattern: result) }
            return withKeyBytes(key) { object.findInt64($0.base, $0.length, plain: $0.plain, &result, &value) }
        }
        return withKeyBytes(key) { object.findUInt64($0.base, $0.length, plain: $0.plain, &bits, &value) }
    }

    /// The integer `findInteger` read (its bit pattern), if `T` holds it.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ bits: UInt64) -> T? {
        T.isSigned ? T(exactly: Int64(bitPattern: bits)) : T(exactly: bits)
    }

    /// The integer a snake_case read made (`snakeCaseLookup`), if `T` holds it.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ scalar: _FieldScalar) -> T? {
        T.isSigned ? T(exactly: scalar.int64) : T(exactly: scalar.uint64)
    }

    /// An integer read that did not give a `T`: a missing key, a value out of `T`'s range (`bits`,
    /// as `findInteger` read it), or a value that is not a 64-bit integer.
    @inline(never)
    func integerSlowPath<T: FixedWidthInteger>(
        _: T.Type, _ code: _SimdJSONError, _ bits: UInt64, _ value: inout _JSONCursor, _ key: Key
    ) throws -> T {
        if code == .noSuchField {
            return try readField(key, T.self, missed: true) { v throws(ReadFailure) in
                try decoder.readInteger(T.self, &v)
            }
        }
        if code == .success {
            // Read, but out of range for T.
            let text = T.isSigned ? String(Int64(bitPattern: bits)) : String(bits)
            throw decoder.failureError(
                .notRepresentable(text, offset: decoder.context._currentOffset()), type: T.self, level: level,
                component: pathComponent(key))
        }
        guard value.isSet else { throw decoder.context._containerError(code) }
        do {
            return try decoder.integerSlowPath(T.self, code, &value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(Int.self, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(Int8.self, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(Int16.self, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(Int32.self, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(Int64.self, forKey: key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(Int128.self, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(UInt.self, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(UInt8.self, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(UInt16.self, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(UInt32.self, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(UInt64.self, forKey: key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try decodeInteger(UInt128.self, forKey: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodeIntegerIfPresent(Int.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decodeIntegerIfPresent(Int8.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodeIntegerIfPresent(Int16.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodeIntegerIfPresent(Int32.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodeIntegerIfPresent(Int64.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try decodeIntegerIfPresent(Int128.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decodeIntegerIfPresent(UInt.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodeIntegerIfPresent(UInt8.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodeIntegerIfPresent(UInt16.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodeIntegerIfPresent(UInt32.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodeIntegerIfPresent(UInt64.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try decodeIntegerIfPresent(UInt128.self, forKey: key)
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

/// Foundation's conversion of a snake_case key to camelCase: `one_two_three` → `oneTwoThree`,
/// leading and trailing underscores kept, a key without inner underscores left as it is.
func convertedFromSnakeCase(_ stringKey: String) -> String {
    guard !stringKey.isEmpty else { return stringKey }
    guard let firstNonUnderscore = stringKey.firstIndex(where: { $0 != "_" }) else { return stringKey }
    var lastNonUnderscore = stringKey.index(before: stringKey.endIndex)
    while lastNonUnderscore > firstNonUnderscore && stringKey[lastNonUnderscore] == "_" {
        stringKey.formIndex(before: &lastNonUnderscore)
    }
    let keyRange = firstNonUnderscore...lastNonUnderscore
    let leading = stringKey[stringKey.startIndex..<firstNonUnderscore]
    let trailing = stringKey[stringKey.index(after: lastNonUnderscore)..<stringKey.endIndex]
    let components = stringKey[keyRange].split(separator: "_")
    let joined: String
    if components.count == 1 {
        joined = String(stringKey[keyRange])
    } else {
        joined = ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
    }
    return String(leading) + joined + String(trailing)
}
