// How SimdJSONDecoder works
// =========================
//
//   bytes ──► padded input ──► CSimdJSON (On-Demand) ──► CodableDecoder ──► init(from:)
//                                                         (one per decode, reused for every
//                                                          nested value, as Foundation does)
//
// 1. `SimdJSONDecoder.decode` borrows a parser, indexes the input (stage 1) and hands the root
//    cursor to a `CodableDecoder`, the `Decoder` every `init(from:)` of the decode receives.
// 2. The decoder holds one *frame*: the value being decoded (a 32-byte cursor), its nesting level
//    and its token. Decoding a nested value swaps the frame, calls `init(from:)` with the same
//    decoder, and swaps it back: no allocation per value but the containers the standard library
//    boxes.
// 3. Keyed containers keep the object cursor and look fields up in the input, in any order
//    (simdjson's unordered lookup wraps around). There is no per-object dictionary of keys (but
//    with a `.custom` key strategy); scalars are read by fused "find key and read" shim calls.
//    With `convertFromSnakeCase`, containers walk their object's fields, each key converted once
//    per parser (see Keys/SnakeCaseKeys.swift).
// 4. The coding path is a stack of unmaterialized steps (keys, indices) in the shared session,
//    turned into `[CodingKey]` only when someone asks for it, in practice when an error is built.
// 5. On-Demand is forward-only: a nested container reads through the cursor until its parent
//    moves on. Tokens per nesting level (see `CodableSession`) detect use of a stale container,
//    which then goes back to its value and puts the cursor back afterwards (Session/Revival.swift),
//    rather than reading through a cursor that moved.
//
// Results match Foundation's `JSONDecoder` (same values, same `DecodingError` cases and coding
// paths); where Foundation's rules are quirky (integers written as `1.0`, zeros that are not
// really zero), the rules are copied, not improved.

import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// What has been opened of a frame's value: containers over the same value share the cursor.
enum OpenedValue {
    case none
    case object(_ObjectCursor)
    case array(_ArrayCursor)
}

/// The `Decoder` of one `SimdJSONDecoder` decode (and of each `superDecoder()` it hands out).
/// Its frame is `@exclusivity(unchecked)`, as `CodableSession`'s state is.
final class CodableDecoder: Decoder, SingleValueDecodingContainer {
    let session: CodableSession
    let context: _DecodingContext

    // MARK: The frame: the value being decoded

    @exclusivity(unchecked) var value: _JSONCursor
    /// The number of steps from the root to `value`.
    @exclusivity(unchecked) var level: Int
    @exclusivity(unchecked) var token: UInt64
    @exclusivity(unchecked) var opened: OpenedValue = .none
    /// A `superDecoder(forKey:)` for a missing key reads as `null`, as in Foundation.
    @exclusivity(unchecked) var isMissing = false
    /// The coding path down to a missing key's value, for when the decoder is used after its
    /// container moved on (`reviveFrame`): there is no value in the document to find it from.
    let knownPath: [any CodingKey]?

    init(
        session: CodableSession, value: _JSONCursor, level: Int, token: UInt64, isMissing: Bool = false,
        knownPath: [any CodingKey]? = nil
    ) {
        self.session = session
        self.context = session.context
        self.value = value
        self.level = level
        self.token = token
        self.isMissing = isMissing
        self.knownPath = knownPath
    }

    var codingPath: [any CodingKey] {
        // A decoder no longer live (a `superDecoder()` used late) has its path found as it reads.
        guard frameIsLive || !session.canRevive(token: token) else {
            return (try? reviveFrame { session.codingPath(level) }) ?? session.codingPath(level)
        }
        return session.codingPath(level)
    }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard _fastPath(frameIsLive) else { return try reviveFrame { try container(keyedBy: type) } }
        let object = try openObject(&value, opened: &opened, isMissing: isMissing, level: level)
        return try CodableKeyedContainer<Key, SessionOwned>.make(
            decoder: self, object: object, level: level, token: token)
    }

    // `openObject` and `openArray` without a path step: their common case inlined. The general
    // ones take an optional step, and making and destroying even an empty one costs a call into
    // its value witnesses on every object or array.

    @inline(__always)
    func openObject(_ value: inout _JSONCursor, opened: inout OpenedValue, isMissing: Bool, level: Int) throws
        -> _ObjectCursor
    {
        if case .object(let object) = opened { return object }
        if case .none = opened, !isMissing, _fastPath(level < CodableDecoder.maximumDepth) {
            var object = _ObjectCursor()
            let code = value.getObject(&object)
            guard _fastPath(code == .success) else {
                throw objectFailure(code, &value, level: level, component: nil)
            }
            opened = .object(object)
            return object
        }
        return try openObject(&value, opened: &opened, isMissing: isMissing, level: level, component: nil)
    }

    @inline(__always)
    func openArray(_ value: inout _JSONCursor, opened: inout OpenedValue, isMissing: Bool, level: Int) throws
        -> _ArrayCursor
    {
        if case .none = opened, !isMissing, _fastPath(level < CodableDecoder.maximumDepth) {
            var array = _ArrayCursor()
            let code = value.getArray(&array)
            guard _fastPath(code == .success) else {
                throw arrayFailure(code, &value, level: level, component: nil)
            }
            opened = .array(array)
            return array
        }
        return try openArray(&value, opened: &opened, isMissing: isMissing, level: level, component: nil)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard _fastPath(frameIsLive) else { return try reviveFrame { try unkeyedContainer() } }
        if case .array(let array) = opened { return try anotherUnkeyedContainer(array) }
        let array = try openArray(&value, opened: &opened, isMissing: isMissing, level: level)
        return try CodableUnkeyedContainer(decoder: self, array: array, level: level, token: token)
    }

    /// A second unkeyed container of the decoder's array. Foundation's containers read the array
    /// independently, each from its first element; here they share the document's cursor, so the
    /// new one takes a token of its own and starts from the first element, and the containers made
    /// before it are no longer live: each goes back to where it was when next used (`revived`).
    @inline(never)
    private func anotherUnkeyedContainer(_ array: _ArrayCursor) throws -> any UnkeyedDecodingContainer {
        var array = array
        var hasElements = false
        let code = array.reset(&hasElements)
        guard code == .success else { throw context._containerError(code) }
        return try CodableUnkeyedContainer(
            decoder: self, array: array, level: level, token: session.newToken(level: level))
    }

    /// The decoder itself. Its scalar reads read the frame's value where it starts, wherever the
    /// document's cursor is; the reads that move the cursor (`decode` of a nested type) check
    /// that the frame is live, and revive it if not.
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard _fastPath(frameIsLive || session.canRevive(token: token)) else { throw staleError(level: level) }
        return self
    }

    /// Opens `value` as an object (or reuses the object opened before), for a container at `level`.
    func openObject(
        _ value: inout _JSONCursor, opened: inout OpenedValue, isMissing: Bool, level: Int,
        component: CodingPathComponent?
    ) throws -> _ObjectCursor {
        switch opened {
        case .object(let object):
            return object
        case .array:
            throw containerMismatch([String: Any].self, found: .array, level: level, component: component)
        case .none:
            break
        }
        if isMissing {
            throw containerNull([String: Any].self, "Cannot get keyed decoding container", level, component)
        }
        if _slowPath(level >= CodableDecoder.maximumDepth) { throw depthError(level, component) }
        var object = _ObjectCursor()
        let code = value.getObject(&object)
        guard _fastPath(code == .success) else {
            throw objectFailure(code, &value, level: level, component: component)
        }
        opened = .object(object)
        return object
    }

    /// The error for `value` failing to open as an object with `code`.
    @inline(never)
    func objectFailure(
        _ code: _SimdJSONError, _ value: inout _JSONCursor, level: Int, component: CodingPathComponent?
    ) -> any Error {
        switch readFailure(code, &value, expected: .object) {
        case .null: containerNull([String: Any].self, "Cannot get keyed decoding container", level, component)
        case .mismatch(let found, _, _):
            containerMismatch([String: Any].self, found: found, level: level, component: component)
        case let failure: failureError(failure, type: [String: Any].self, level: level, component: component)
        }
    }

    /// Opens `value` as an array; an array opened before is rewound to its first element.
    func openArray(
        _ value: inout _JSONCursor, opened: inout OpenedValue, isMissing: Bool, level: Int,
        component: CodingPathComponent?
    ) throws -> _ArrayCursor {
        switch opened {
        case .array(var array):
            var hasElements = false
            let code = array.reset(&hasElements)
            guard code == .success else { throw context._containerError(code) }
            return array
        case .object:
            throw containerMismatch([Any].self, found: .object, level: level, component: component)
        case .none:
            break
        }
        if isMissing { throw containerNull([Any].self, "Cannot get unkeyed decoding container", level, component) }
        if _slowPath(level >= CodableDecoder.maximumDepth) { throw depthError(level, component) }
        var array = _ArrayCursor()
        let code = value.getArray(&array)
        guard _fastPath(code == .success) else {
            throw arrayFailure(code, &value, level: level, component: component)
        }
        opened = .array(array)
        return array
    }

    /// The error for `value` failing to open as an array with `code`.
    @inline(never)
    func arrayFailure(
        _ code: _SimdJSONError, _ value: inout _JSONCursor, level: Int, component: CodingPathComponent?
    ) -> any Error {
        switch readFailure(code, &value, expected: .array) {
        case .null: containerNull([Any].self, "Cannot get unkeyed decoding container", level, component)
        case .mismatch(let found, _, _):
            containerMismatch([Any].self, found: found, level: level, component: component)
        case let failure: failureError(failure, type: [Any].self, level: level, component: component)
        }
    }

    /// Foundation's limit on nesting.
    static let maximumDepth = 512

    // MARK: Nested values

    /// Decodes `T` from `value`, a child of the container at `level` reached by `component`:
    /// special types by the decoder's strategies, scalars directly, anything else through
    /// `T.init(from:)` with this decoder moved to the child for the duration of the call.
    /// `opened` carries what was opened of `value` across attempts (a retry after a failed
    /// `try?` reuses it).
    func decodeNested<T: Decodable>(
        _ type: T.Type, from value: inout _JSONCursor, opened: inout OpenedValue, level: Int,
        component: CodingPathComponent
    ) throws -> T {
        // Scalars: no frame, no path step.
        if T.self == String.self {
            do { return unsafeBitCast(try readStringOutOfLine(&value), to: T.self) } catch {
                throw failureError(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Int.self {
            do { return unsafeBitCast(try readInteger(Int.self, &value), to: T.self) } catch {
                throw failureError(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Double.self {
            do { return unsafeBitCast(try readDouble(&value), to: T.self) } catch {
                throw failureError(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Bool.self {
            do { return unsafeBitCast(try readBool(&value), to: T.self) } catch {
                throw failureError(error, type: T.self, level: level, component: component)
            }
        }
        let kind = session.valueKind(T.self)
        switch kind {
        case .scalarArray:
            return try decodeScalarArray(T.self, from: &value, opened: &opened, level: level, component: component)
        case .array(let arrayType):
            return try decodeArray(
                arrayType, as: T.self, from: &value, opened: &opened, level: level, component: component)
        default:
            session.setPath(level, component)
            return try withFrame(&value, opened: &opened, level: level + 1) {
                try self.decodeFrameValue(type, kind: kind, containerLevel: level)
            }
        }
    }

    /// Runs `body` with the frame moved to `value` at `level` (a fresh token there), then moves
    /// it back. `opened` comes back with what `body` opened of `value`.
    @inline(__always)
    func withFrame<R>(
        _ value: inout _JSONCursor, opened: inout OpenedValue, level: Int, isMissing: Bool = false,
        _ body: () throws -> R
    ) throws -> R {
        let saved = (self.value, self.level, self.token, self.opened, self.isMissing)
        self.value = value
        self.level = level
        self.token = session.newToken(level: level)
        self.opened = opened
        self.isMissing = isMissing
        defer {
            opened = self.opened
            value = self.value
            (self.value, self.level, self.token, self.opened, self.isMissing) = saved
        }
        return try body()
    }

    /// Decodes the frame's own value as `T`: the types Foundation treats specially (`Date`,
    /// `Data`, `URL`, `Decimal`, string-keyed dictionaries, whose keys no key strategy touches) by
    /// the decoder's strategies, anything else through `T.init(from:)`. `containerLevel` is the
    /// level of the container that asked (where Foundation reports ISO 8601 failures). A class
    /// is made by its dynamic type: `decode(Employee.self as Person.Type, ...)` makes an
    /// `Employee`, as in Foundation.
    func decodeFrameValue<T: Decodable>(_ type: T.Type, containerLevel: Int) throws -> T {
        if T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self {
            return try T(from: self)
        }
        return try decodeFrameValue(type, kind: session.valueKind(T.self), containerLevel: containerLevel)
    }

    /// `decodeFrameValue(_:containerLevel:)` for a `T` of the given kind.
    func decodeFrameValue<T: Decodable>(_ type: T.Type, kind: ValueKind, containerLevel: Int) throws -> T {
        switch kind {
        case .date: return try decodeDate(containerLevel: containerLevel) as! T
        case .data: return try decodeData() as! T
        case .url: return try decodeURL() as! T
        case .decimal: return try decodeDecimal() as! T
        case .stringKeyedDictionary(let dictionary): return try dictionary.decodeWithoutKeyStrategy(from: self) as! T
        case .scalarArray, .array:
            if let error = knownNotAnArray() { throw error }
            return try type.init(from: self)
        case .other: return try type.init(from: self)
        }
    }

    /// For a frame value that a failed read already found to be of another JSON type than an
    /// array (a `try?` chain that tries it as an array after other types): the error that
    /// `Array.init(from:)` would throw, which is `unkeyedContainer()`'s, without calling it. That
    /// call runs the standard library's unspecialized code and looks up the array's type in the
    /// runtime's cache. Callgrind, github_events.json through the `Payload` `try?` chain: 4.72M
    /// instructions a decode, 4.70M with this.
    @inline(__always)
    private func knownNotAnArray() -> (any Error)? {
        guard let last = session.lastMismatch, last.found != .array, case .none = opened, !isMissing,
            level < CodableDecoder.maximumDepth, last.value == value.identity
        else { return nil }
        return arrayFailure(.incorrectType, &value, level: level, component: nil)
    }
}
