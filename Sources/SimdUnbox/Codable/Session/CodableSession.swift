import Foundation
import Synchronization

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The state every decoder and container of one `SimdJSONDecoder` decode shares: the options, the
/// coding path (as a stack indexed by nesting level, materialized only when asked for), and the
/// tokens that tell live containers from stale ones.
///
/// On-Demand is forward-only: a container is usable only while the value it reads is the one the
/// document's cursor is in. Each level of nesting has one live token; a container at level `L`
/// is live while `live[L]` is its token. Any move of a container at level `L` drops the tokens of
/// deeper levels, so that a nested container used after its parent moved on does not touch a
/// cursor that no longer points where it did: it goes back to its value first (`Revival.swift`).
/// Once the document is found malformed, no container is live or revives: simdjson's cursors may
/// not be used after such an error.
///
/// Its mutable state is `@exclusivity(unchecked)`: one decode runs on one thread, and no access
/// to it overlaps another (dynamic exclusivity checks were a third of the decoding time).
final class CodableSession: ElementSession {
    let context: _DecodingContext
    let options: DecoderOptions
    /// The coding path: `path[L]` is the step from level `L` to level `L + 1`.
    @exclusivity(unchecked) var path = LevelStack<CodingPathComponent>()
    /// `heldKeys[L]`: the key of the last `.held` step made for level `L` (`hold`).
    @exclusivity(unchecked) var heldKeys: [(any CodingKey)?] = []
    /// `heldStrings[L]`: the key of the last `.heldString` step made for level `L` (`holdString`).
    /// Apart from `heldKeys`, so that holding one (for every entry of a string-keyed dictionary)
    /// is a string's assignment rather than a multi-payload enum's, made through its value
    /// witnesses: callgrind, github_events.json through the `Payload` `try?` chain, 4.70M
    /// instructions a decode with one array, 4.47M with two (gsoc-2018.json: 28.11M, 27.75M).
    @exclusivity(unchecked) var heldStrings: [String] = []
    /// `live[L]`: the token of the value that containers at level `L` read, 0 for none.
    @exclusivity(unchecked) var live = LevelStack<UInt64>()
    @exclusivity(unchecked) var lastToken: UInt64 = 0
    /// Whether keys are matched as written.
    let usesDefaultKeys: Bool
    /// Whether keyed containers convert all their object's keys up front (`.custom`, which runs
    /// as Foundation runs it: per key and object, with the coding path).
    let usesKeyTable: Bool
    /// With `convertFromSnakeCase`: the parser's converted keys (see `SnakeCaseKeys`).
    let snakeCaseKeys: SnakeCaseKeys?
    /// The options' user info as `Decoder` hands it out, built on first use.
    lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    init(context: _DecodingContext, options: DecoderOptions) {
        self.context = context
        self.options = options
        self.usesDefaultKeys = options.usesDefaultKeys
        let parser = context._parser
        if let cache = parser.codableCache {
            parserCache = unsafeDowncast(cache, to: CodableParserCache.self)
        } else {
            parserCache = CodableParserCache()
            parser.codableCache = parserCache
        }
        valueKinds = parserCache.valueKinds
        parserCache.generation &+= 1
        generation = parserCache.generation
        switch options.keyDecodingStrategy {
        case .convertFromSnakeCase:
            let keys = parserCache.snakeCaseKeys ?? SnakeCaseKeys()
            parserCache.snakeCaseKeys = keys
            keys.begin(generation: generation, parser: parser.handle)
            snakeCaseKeys = keys
            usesKeyTable = false
        case .useDefaultKeys:
            snakeCaseKeys = nil
            usesKeyTable = false
        default:
            snakeCaseKeys = nil
            usesKeyTable = true
        }
    }

    deinit {
        path.deallocate()
        live.deallocate()
    }

    /// Ends the session: no container or decoder of it is live any more (one a model kept reads
    /// nothing, and throws), and the cycle between the boxes kept for reuse and the decoder their
    /// containers hold is broken. The states of boxes that a model still holds go to
    /// `EscapedKeyedContainers`, which keeps them as long as their boxes.
    func close() {
        live.count = 0
        isClosed = true
        var escaped: [EscapedKeyedContainers.Entry] = []
        // An index loop, as in `CodableKeyedContainer.make`: a `for` over `keyedBoxes.indices`
        // can keep a copy of the array alive, and the box would never look unique.
        var index = 0
        while index < keyedBoxes.count {
            if !isKnownUniquelyReferenced(&keyedBoxes[index].box) {
                escaped.append(
                    EscapedKeyedContainers.Entry(box: keyedBoxes[index].box, state: keyedBoxes[index].state))
            }
            index += 1
        }
        keyedBoxes.removeAll()
        EscapedKeyedContainers.keep(escaped)
        snakeCaseKeys?.trim()
    }

    /// Whether the decode is over (`close()`).
    @exclusivity(unchecked) var isClosed = false

    /// The first token of the document (or stream element) under way: a container with an older
    /// one belongs to a decode that is over, and never reads again.
    @exclusivity(unchecked) var firstToken: UInt64 = 1
    /// While a container used after its parent moved on reads (`CodableDecoder.revive`): how many
    /// levels above it have steps of the coding path not found yet, and where they come from.
    @exclusivity(unchecked) var pendingPath: (levels: Int, source: RevivedPath)?

    /// The live tokens and coding path steps of the reads that revived containers interrupted
    /// (`CodableDecoder.revive`), innermost last: kept here, so that reviving allocates nothing
    /// once they have grown.
    @exclusivity(unchecked) var interruptedLive: [UInt64] = []
    @exclusivity(unchecked) var interruptedPath: [CodingPathComponent] = []
    /// The held strings of the reads that revived containers interrupted, when they held any.
    @exclusivity(unchecked) var interruptedHeldStrings: [[String]] = []

    /// Whether a container with `token`, no longer live, may read again (`CodableDecoder.revive`).
    func canRevive(token: UInt64) -> Bool {
        token >= firstToken && !isClosed && !context._state.pointee.broken
    }

    /// The last value a read found to be of another JSON type than it wanted
    /// (`CodableDecoder.readFailure`): its cursor, which tells it from any other value of the
    /// document, the type found (the value checked well formed) and its offset. Callgrind,
    /// github_events decoded with the free-form `Payload` `try?` chain (each value tried as `Bool`,
    /// `Double`, `String`, then an array): 5.35M instructions per decode when every failure
    /// classified its value again, 5.25M with this.
    @exclusivity(unchecked) var lastMismatch: (value: (UInt64, UInt64, UInt64, UInt64), found: JSONType, offset: Int)?

    /// Makes the session ready for the next element of a stream, as fresh as a new one but for its
    /// buffers. Tokens keep counting up, so containers kept from an earlier element stay stale.
    func prepareForNextElement() {
        lastMismatch = nil
        firstToken = lastToken &+ 1
        path.count = 0
        changedLevel = 0
        live.count = 0
        snakeCaseKeys?.trim()
    }

    /// The lowest level whose step changed (`setPath`, `hold`) since the coding path was last
    /// made, so that a path made for an error can be handed out again, or its unchanged steps
    /// reused, by the next error.
    @exclusivity(unchecked) var changedLevel = 0
    /// The coding path made last.
    @exclusivity(unchecked) private var madePath: [any CodingKey] = []

    /// The coding path down to level `level`. Errors thrown and discarded in a row (a `try?` chain
    /// on one value, on each value of an array or dictionary) share what they can: the path made
    /// last is handed out again, or its steps that did not change are.
    ///
    /// The path is changed in place: when the errors it was handed to have been discarded, the
    /// array is unique again, and its unchanged steps stay where they are. Callgrind, github_events
    /// decoded with the free-form `Payload` `try?` chain (1,305 discarded errors a decode): 763
    /// instructions an error for the path when each path was a new array, 369 in place (the whole
    /// decode: -7%).
    func codingPath(_ level: Int) -> [any CodingKey] {
        if _slowPath(pendingPath != nil) { findPendingPath() }
        let count = Swift.min(level, path.count)
        let kept = Swift.min(changedLevel, madePath.count, count)
        if kept == count && madePath.count == count { return madePath }
        // Steps that changed are replaced where they stand (the last one, from one value of an
        // array or dictionary to the next): callgrind, github_events decoded with the free-form
        // `Payload` `try?` chain: 5.58M instructions per decode when every changed step was removed
        // and appended again, 5.41M replaced in place.
        if madePath.count > count { madePath.removeLast(madePath.count - count) }
        var step = kept
        while step < madePath.count {
            madePath[step] = codingKey(path[step], level: step)
            step += 1
        }
        while step < count {
            madePath.append(codingKey(path[step], level: step))
            step += 1
        }
        // Steps below `count` were dropped: they are made again when needed.
        changedLevel = Int.max
        return madePath
    }

    /// The coding path down to level `level`, then `component` (the step below `level`).
    func codingPath(_ level: Int, appending component: CodingPathComponent?) -> [any CodingKey] {
        var result = codingPath(level)
        if let component { result.append(codingKey(component, level: level)) }
        return result
    }

    /// The key of `component`, the step below `level`.
    func codingKey(_ component: CodingPathComponent, level: Int) -> any CodingKey {
        switch component {
        case .smallKey(let type, let byte): CodingPathComponent.loadKey(type, byte)
        case .index(let index): IndexCodingKey(index)
        case .superKey: CodableKey(stringValue: "super")
        case .held:
            if level < heldKeys.count, let key = heldKeys[level] { key } else { CodableKey(stringValue: "") }
        case .heldString:
            CodableKey(stringValue: level < heldStrings.count ? heldStrings[level] : "")
        }
    }

    /// The step for `key` below `level`: `.smallKey` where it applies, else `.held`, with the key
    /// held for that level.
    @inline(__always)
    func component<Key: CodingKey>(_ key: Key, level: Int) -> CodingPathComponent {
        if _isPOD(Key.self) {
            switch MemoryLayout<Key>.size {
            case 0: return .smallKey(Key.self, 0)
            case 1: return .smallKey(Key.self, unsafeBitCast(key, to: UInt8.self))
            default: break
            }
        }
        return hold(key, level: level)
    }

    /// Holds `key` as the key of the `.held` step below `level`, which it returns. A level holds
    /// one key at a time: the one of the step its container made last (any step made before, and
    /// any value below it, is stale by then).
    @inline(never)
    func hold(_ key: any CodingKey, level: Int) -> CodingPathComponent {
        if level < changedLevel { changedLevel = level }
        if level < heldKeys.count {
            heldKeys[level] = key
        } else {
            while heldKeys.count < level { heldKeys.append(nil) }
            heldKeys.append(key)
        }
        return .held
    }

    /// Holds `key` as the key of the `.heldString` step below `level`, which it returns, as `hold`.
    @inline(__always)
    func holdString(_ key: String, level: Int) -> CodingPathComponent {
        if level < changedLevel { changedLevel = level }
        if _fastPath(level < heldStrings.count) {
            heldStrings[level] = key
        } else {
            growHeldStrings(to: level, with: key)
        }
        return .heldString
    }

    @inline(never)
    private func growHeldStrings(to level: Int, with key: String) {
        while heldStrings.count < level { heldStrings.append("") }
        heldStrings.append(key)
    }

    /// Records `component` as the step below level `level`.
    @inline(__always)
    func setPath(_ level: Int, _ component: CodingPathComponent) {
        // Steps never made (a decoder made below a missing level) read as `super`.
        path.set(level, component, filling: .superKey)
        if level < changedLevel { changedLevel = level }
    }

    /// A fresh token for a value at level `level`, which becomes the live one there (and makes
    /// every deeper level stale).
    @inline(__always)
    func newToken(level: Int) -> UInt64 {
        lastToken &+= 1
        live.set(level, lastToken, filling: 0)
        return lastToken
    }

    /// Whether a container at `level` with `token` may still read, and if so drops the tokens of
    /// deeper levels (the container is about to move its cursor past them).
    @inline(__always)
    func claim(level: Int, token: UInt64) -> Bool {
        guard _fastPath(level < live.count && live[level] == token && !context._state.pointee.broken) else {
            return false
        }
        live.count = level + 1
        return true
    }

    /// The boxes of keyed containers made so far, for reuse (see `CodableKeyedContainer.make`):
    /// the key type, the box (`KeyedDecodingContainer`'s only stored property), the state its
    /// container reads (retained, and unretained for reads that need not retain it) and the key
    /// type's `BoxWrapper`.
    @exclusivity(unchecked) var keyedBoxes:
        [(
            keyType: ObjectIdentifier, box: AnyObject, state: KeyedContainerState,
            unretainedState: Unmanaged<KeyedContainerState>, wrapper: AnyObject
        )] = []

    /// Keeps the box of `container`, a new container over `state`, for reuse.
    func track<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, state: KeyedContainerState, wrapper: AnyObject
    ) {
        keyedBoxes.append(
            (
                ObjectIdentifier(Key.self), unsafeBitCast(container, to: AnyObject.self), state,
                Unmanaged.passUnretained(state), wrapper
            ))
    }

    /// What the parser keeps from one decode to the next, and this decode's number there.
    let parserCache: CodableParserCache
    let generation: UInt64
    /// How each type seen so far is read (`parserCache.valueKinds`: a type's kind never changes).
    let valueKinds: ValueKindTable

    /// What is kept for `Key` (`CodableParserCache.KeyType`), its names ready for this decode.
    func keyType<Key: CodingKey>(_: Key.Type) -> CodableParserCache.KeyType {
        let keyType: CodableParserCache.KeyType
        if let known = parserCache.keyTypes[ObjectIdentifier(Key.self)] {
            keyType = known
        } else {
            keyType = (KeyNames.make(for: Key.self), BoxWrapper<KeyedDecodingContainer<Key>>())
            parserCache.keyTypes[ObjectIdentifier(Key.self)] = keyType
        }
        keyType.names?.prepare(generation: generation)
        return keyType
    }

    /// How `CodableDecoder` reads a `T` that is not `String`, `Int`, `Double` or `Bool`.
    @inline(__always)
    func valueKind<T: Decodable>(_: T.Type) -> ValueKind {
        valueKinds.kind(of: T.self)
    }

    /// Whether a value at `level` with `token` is still the live one (without claiming it).
    @inline(__always)
    func isLive(level: Int, token: UInt64) -> Bool {
        level < live.count && live[level] == token && !context._state.pointee.broken
    }
}

/// A stack indexed by nesting level (entries `0..<count`), in a buffer of its own rather than an
/// array: the session's path and tokens change on every nested value or value read, and an array
/// checks that its storage is unique on every change. Its owner frees it (`deallocate`).
struct LevelStack<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    var count = 0
    private var capacity = 16

    init() {
        base = .allocate(capacity: capacity)
    }

    func deallocate() {
        base.deallocate()
    }

    @inline(__always)
    subscript(level: Int) -> Element { base[level] }

    /// Appends the entries to `saved`, for `restore`.
    func save(to saved: inout [Element]) {
        saved.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes `saved[start...]` the entries again, and removes them from `saved`.
    mutating func restore(from saved: inout [Element], at start: Int) {
        let restored = saved.count - start
        if restored > capacity { grow(to: restored) }
        saved.withUnsafeBufferPointer { buffer in
            if let source = buffer.baseAddress, restored > 0 { base.initialize(from: source + start, count: restored) }
        }
        count = restored
        saved.removeSubrange(start...)
    }

    /// Changes the entry at `level`, one of the entries, leaving the others.
    mutating func update(_ level: Int, _ element: Element) {
        precondition(level < count)
        (base + level).initialize(to: element)
    }

    /// Makes `element` the entry at `level` and drops the deeper ones; levels below it with no
    /// entry get `filler`.
    @inline(__always)
    mutating func set(_ level: Int, _ element: Element, filling filler: Element) {
        if _slowPath(level >= capacity) { grow(to: level + 1) }
        if count < level { (base + count).initialize(repeating: filler, count: level - count) }
        // Plain values: initializing over the entry there before is assigning it.
        (base + level).initialize(to: element)
        count = level + 1
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        capacity = Swift.max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }
}

/// What `SimdJSONDecoder` keeps with a parser (`_Parser.codableCache`) from one decode to the next:
/// used by the one decode the parser is lent to.
final class CodableParserCache {
    let valueKinds = ValueKindTable()
    /// For a key type `Key`: the names of its keys (nil for a type whose names are not kept) and
    /// its `BoxWrapper<KeyedDecodingContainer<Key>>`.
    typealias KeyType = (names: KeyNames?, wrapper: AnyObject)
    /// What is kept for each key type seen.
    @exclusivity(unchecked) var keyTypes: [ObjectIdentifier: KeyType] = [:]
    /// The number of the latest decode.
    @exclusivity(unchecked) var generation: UInt64 = 0
    /// The keys converted by `convertFromSnakeCase` (made by the first decode with it).
    @exclusivity(unchecked) var snakeCaseKeys: SnakeCaseKeys?
    /// The descriptions of missing keys' errors made so far, by key (`CodableDecoder.keyNotFound`);
    /// at most 1,024.
    @exclusivity(unchecked) var keyDescriptions: [KeyDescriptionID: String] = [:]
    /// The same for keys of `CodingKeys` enums, by type and byte; at most 64.
    @exclusivity(unchecked) var smallKeyDescriptions: [(type: ObjectIdentifier, tag: UInt8, description: String)] = []
    /// The descriptions of errors made so far, by kind, type and JSON type found
    /// (`CodableDecoder.cachedDescription`).
    @exclusivity(unchecked) var errorDescriptions:
        [(kind: UInt8, type: ObjectIdentifier, found: UInt8, description: String)] = []
}

/// How each type seen so far is read (`ValueKind`): a small open-addressed table keyed by the
/// type's metadata address, cheaper than comparing with every special type and asking the runtime
/// for conformances on every nested value. Kept with a parser (`_Parser.codableCache`), so used
/// by one decode at a time.
final class ValueKindTable {
    static let slots = 64
    @exclusivity(unchecked) private var entries: [(type: ObjectIdentifier?, kind: ValueKind)]
    @exclusivity(unchecked) private var count = 0

    init() {
        entries = Array(repeating: (nil, .other), count: Self.slots)
    }

    @inline(__always)
    static func slot(_ type: ObjectIdentifier) -> Int {
        let address = UInt(bitPattern: type)
        return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 10)) & (slots - 1)
    }

    @inline(__always)
    func kind<T: Decodable>(of _: T.Type) -> ValueKind {
        let type = ObjectIdentifier(T.self)
        var slot = Self.slot(type)
        while let entry = entries[slot].type {
            if entry == type { return entries[slot].kind }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return insert(T.self)
    }

    @inline(never)
    private func insert<T: Decodable>(_: T.Type) -> ValueKind {
        let kind = ValueKind(T.self)
        // At most three quarters full, so that a search always ends at an empty slot.
        guard count < Self.slots * 3 / 4 else { return kind }
        var slot = Self.slot(ObjectIdentifier(T.self))
        while entries[slot].type != nil { slot = (slot + 1) & (Self.slots - 1) }
        entries[slot] = (ObjectIdentifier(T.self), kind)
        count += 1
        return kind
    }
}

/// How `CodableDecoder` reads a value of a type other than `String`, `Int`, `Double` and `Bool`
/// (which it compares with first): the types it decodes directly, the types Foundation treats
/// specially, and the rest (through `init(from:)`).
enum ValueKind {
    /// `[Double]`, `[Int]`, `[String]`, `[Float]`, `[Int64]` or `[Bool]`.
    case scalarArray
    /// Any other array of a `Decodable` element.
    case array(any DecodableArray.Type)
    /// `[String: Value]`: decoded in one pass, keys untouched by the key strategy.
    case stringKeyedDictionary(any StringKeyedDictionary.Type)
    /// Decoded by the decoder's strategies.
    case date, data, url, decimal
    /// Anything else: `init(from:)`.
    case other

    init<T: Decodable>(_: T.Type) {
        if T.self == [Double].self || T.self == [Int].self || T.self == [String].self || T.self == [Float].self
            || T.self == [Int64].self || T.self == [Bool].self
        {
            self = .scalarArray
        } else if let array = T.self as? any DecodableArray.Type {
            self = .array(array)
        } else if T.self == Date.self {
            self = .date
        } else if T.self == Data.self {
            self = .data
        } else if T.self == URL.self {
            self = .url
        } else if T.self == Decimal.self {
            self = .decimal
        } else if let dictionary = T.self as? any StringKeyedDictionary.Type {
            self = .stringKeyedDictionary(dictionary)
        } else {
            self = .other
        }
    }
}

/// The boxes of keyed containers that a model kept beyond its decode, with the states their
/// containers read. Those containers do not retain their states (`CodableKeyedContainer.state`),
/// so each state is kept here until its box is held by nothing else. Swept when a session closes,
/// once the number kept has doubled since the last sweep (so that a program that keeps many
/// containers does not pay for a sweep on every decode) or 64 decodes after it (so that what was
/// let go is freed even if nothing more is kept).
enum EscapedKeyedContainers {
    /// A box and its state. Only read or changed under `entries`' lock: a box's last outside
    /// holder may release it on another thread, which `isKnownUniquelyReferenced` (an atomic
    /// load) tolerates.
    struct Entry: @unchecked Sendable {
        var box: AnyObject
        let state: KeyedContainerState
    }

    struct Kept: Sendable {
        var entries: [Entry] = []
        var sweepAt = 64
        var closesSinceSweep = 0
    }

    static let kept = Locked(Kept())
    /// Whether anything is kept (read without the lock, so that a decode that kept nothing and
    /// finds nothing kept takes no lock).
    static let isEmpty = Atomic<Bool>(true)

    /// Keeps `escaped` (what a closing session's models hold), and sweeps when it is time.
    static func keep(_ escaped: [Entry]) {
        guard !escaped.isEmpty || !isEmpty.load(ordering: .relaxed) else { return }
        let dropped: [Entry] = kept.withLock { kept in
            kept.entries.append(contentsOf: escaped)
            if !escaped.isEmpty { isEmpty.store(false, ordering: .relaxed) }
            kept.closesSinceSweep += 1
            return kept.entries.count >= kept.sweepAt || kept.closesSinceSweep >= 64 ? sweep(&kept) : []
        }
        // Released after the lock: a state's decoder may hold a whole session.
        _ = dropped
    }

    /// Drops the entries whose boxes nothing else holds any more, and returns them (for the caller
    /// to release after the lock).
    private static func sweep(_ kept: inout Kept) -> [Entry] {
        // Checked in place (an index loop: a copy of the list, or of an entry, would be a second
        // reference to the box); a dropped entry is swapped to the end and removed.
        var dropped: [Entry] = []
        var index = 0
        while index < kept.entries.count {
            if isKnownUniquelyReferenced(&kept.entries[index].box) {
                kept.entries.swapAt(index, kept.entries.count - 1)
                dropped.append(kept.entries.removeLast())
            } else {
                index += 1
            }
        }
        kept.sweepAt = Swift.max(64, kept.entries.count * 2)
        kept.closesSinceSweep = 0
        isEmpty.store(kept.entries.isEmpty, ordering: .relaxed)
        return dropped
    }
}
