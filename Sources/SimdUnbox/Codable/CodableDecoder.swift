// How SimdJSONDecoder works
// =========================
//
//   bytes ──► padded input ──► CSimdJSON (On-Demand) ──► _CodableDecoder ──► init(from:)
//                                                         (one per decode, reused for every
//                                                          nested value, as Foundation does)
//
// 1. `SimdJSONDecoder.decode` borrows a parser, indexes the input (stage 1) and hands the root
//    cursor to a `_CodableDecoder`, the `Decoder` every `init(from:)` of the decode receives.
// 2. The decoder holds one *frame*: the value being decoded (a 32-byte cursor), its nesting level
//    and its token. Decoding a nested value swaps the frame, calls `init(from:)` with the same
//    decoder, and swaps it back: no allocation per value but the containers the standard library
//    boxes.
// 3. Keyed containers keep the object cursor and look fields up in the input, in any order
//    (simdjson's unordered lookup wraps around). There is no per-object dictionary of keys (but
//    with a `.custom` key strategy); scalars are read by fused "find key and read" shim calls.
//    With `convertFromSnakeCase`, containers walk their object's fields, each key converted once
//    per parser (see SnakeCaseKeys.swift).
// 4. The coding path is a stack of unmaterialized steps (keys, indices) in the shared session,
//    turned into `[CodingKey]` only when someone asks for it, in practice when an error is built.
// 5. On-Demand is forward-only: a nested container is valid until its parent moves on. Tokens per
//    nesting level (see `_CodableSession`) detect use of a stale container, which throws
//    `DecodingError.dataCorrupted` rather than reading through a cursor that moved.
//
// Results match Foundation's `JSONDecoder` (same values, same `DecodingError` cases and coding
// paths); where Foundation's rules are quirky (integers written as `1.0`, zeros that are not
// really zero), the rules are copied, not improved.

import Foundation

/// What has been opened of a frame's value: containers over the same value share the cursor.
enum _OpenedValue {
    case none
    case object(_ObjectCursor)
    case array(_ArrayCursor)
}

/// The `Decoder` of one `SimdJSONDecoder` decode (and of each `superDecoder()` it hands out).
/// Its frame is `@exclusivity(unchecked)`, as `_CodableSession`'s state is.
final class _CodableDecoder: Decoder, SingleValueDecodingContainer {
    let session: _CodableSession
    let context: _DecodingContext

    // MARK: The frame: the value being decoded

    @exclusivity(unchecked) var value: _JSONCursor
    /// The number of steps from the root to `value`.
    @exclusivity(unchecked) var level: Int
    @exclusivity(unchecked) var token: UInt64
    @exclusivity(unchecked) var opened: _OpenedValue = .none
    /// A `superDecoder(forKey:)` for a missing key reads as `null`, as in Foundation.
    @exclusivity(unchecked) var isMissing = false

    init(session: _CodableSession, value: _JSONCursor, level: Int, token: UInt64, isMissing: Bool = false) {
        self.session = session
        self.context = session.context
        self.value = value
        self.level = level
        self.token = token
        self.isMissing = isMissing
    }

    var codingPath: [any CodingKey] { session.codingPath(level) }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try _checkFrame()
        let object = try _openObject(&value, opened: &opened, isMissing: isMissing, level: level)
        return try _CodableKeyedContainer<Key, _SessionOwned>.make(
            decoder: self, object: object, level: level, token: token)
    }

    // `_openObject` and `_openArray` without a path step: their common case inlined. The general
    // ones take an optional step, and making and destroying even an empty one costs a call into
    // its value witnesses on every object or array.

    @inline(__always)
    func _openObject(_ value: inout _JSONCursor, opened: inout _OpenedValue, isMissing: Bool, level: Int) throws
        -> _ObjectCursor
    {
        if case .object(let object) = opened { return object }
        if case .none = opened, !isMissing, _fastPath(level < _CodableDecoder.maximumDepth) {
            var object = _ObjectCursor()
            let code = value.getObject(&object)
            guard _fastPath(code == .success) else {
                throw _objectFailure(code, &value, level: level, component: nil)
            }
            opened = .object(object)
            return object
        }
        return try _openObject(&value, opened: &opened, isMissing: isMissing, level: level, component: nil)
    }

    @inline(__always)
    func _openArray(_ value: inout _JSONCursor, opened: inout _OpenedValue, isMissing: Bool, level: Int) throws
        -> _ArrayCursor
    {
        if case .none = opened, !isMissing, _fastPath(level < _CodableDecoder.maximumDepth) {
            var array = _ArrayCursor()
            let code = value.getArray(&array)
            guard _fastPath(code == .success) else {
                throw _arrayFailure(code, &value, level: level, component: nil)
            }
            opened = .array(array)
            return array
        }
        return try _openArray(&value, opened: &opened, isMissing: isMissing, level: level, component: nil)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try _checkFrame()
        let array = try _openArray(&value, opened: &opened, isMissing: isMissing, level: level)
        return try _CodableUnkeyedContainer(decoder: self, array: array, level: level, token: token)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try _checkFrame()
        return self
    }

    @inline(__always)
    func _checkFrame() throws {
        guard _fastPath(session.isLive(level: level, token: token)) else { throw _staleError(level: level) }
    }

    /// Opens `value` as an object (or reuses the object opened before), for a container at `level`.
    func _openObject(
        _ value: inout _JSONCursor, opened: inout _OpenedValue, isMissing: Bool, level: Int,
        component: _CodingPathComponent?
    ) throws -> _ObjectCursor {
        switch opened {
        case .object(let object):
            return object
        case .array:
            throw _containerMismatch([String: Any].self, found: .array, level: level, component: component)
        case .none:
            break
        }
        if isMissing {
            throw _containerNull([String: Any].self, "Cannot get keyed decoding container", level, component)
        }
        if _slowPath(level >= _CodableDecoder.maximumDepth) { throw _depthError(level, component) }
        var object = _ObjectCursor()
        let code = value.getObject(&object)
        guard _fastPath(code == .success) else {
            throw _objectFailure(code, &value, level: level, component: component)
        }
        opened = .object(object)
        return object
    }

    /// The error for `value` failing to open as an object with `code`.
    @inline(never)
    func _objectFailure(
        _ code: _SimdJSONError, _ value: inout _JSONCursor, level: Int, component: _CodingPathComponent?
    ) -> any Error {
        switch _failure(code, &value, expected: .object) {
        case .null: _containerNull([String: Any].self, "Cannot get keyed decoding container", level, component)
        case .mismatch(let found, _, _):
            _containerMismatch([String: Any].self, found: found, level: level, component: component)
        case let failure: _error(failure, type: [String: Any].self, level: level, component: component)
        }
    }

    /// Opens `value` as an array; an array opened before is rewound to its first element.
    func _openArray(
        _ value: inout _JSONCursor, opened: inout _OpenedValue, isMissing: Bool, level: Int,
        component: _CodingPathComponent?
    ) throws -> _ArrayCursor {
        switch opened {
        case .array(var array):
            var hasElements = false
            let code = array.reset(&hasElements)
            guard code == .success else { throw context._containerError(code) }
            return array
        case .object:
            throw _containerMismatch([Any].self, found: .object, level: level, component: component)
        case .none:
            break
        }
        if isMissing { throw _containerNull([Any].self, "Cannot get unkeyed decoding container", level, component) }
        if _slowPath(level >= _CodableDecoder.maximumDepth) { throw _depthError(level, component) }
        var array = _ArrayCursor()
        let code = value.getArray(&array)
        guard _fastPath(code == .success) else {
            throw _arrayFailure(code, &value, level: level, component: component)
        }
        opened = .array(array)
        return array
    }

    /// The error for `value` failing to open as an array with `code`.
    @inline(never)
    func _arrayFailure(
        _ code: _SimdJSONError, _ value: inout _JSONCursor, level: Int, component: _CodingPathComponent?
    ) -> any Error {
        switch _failure(code, &value, expected: .array) {
        case .null: _containerNull([Any].self, "Cannot get unkeyed decoding container", level, component)
        case .mismatch(let found, _, _):
            _containerMismatch([Any].self, found: found, level: level, component: component)
        case let failure: _error(failure, type: [Any].self, level: level, component: component)
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
    func _decodeNested<T: Decodable>(
        _ type: T.Type, from value: inout _JSONCursor, opened: inout _OpenedValue, level: Int,
        component: _CodingPathComponent
    ) throws -> T {
        // Scalars: no frame, no path step.
        if T.self == String.self {
            do { return unsafeBitCast(try _readStringOutOfLine(&value), to: T.self) } catch {
                throw _error(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Int.self {
            do { return unsafeBitCast(try _readInteger(Int.self, &value), to: T.self) } catch {
                throw _error(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Double.self {
            do { return unsafeBitCast(try _readDouble(&value), to: T.self) } catch {
                throw _error(error, type: T.self, level: level, component: component)
            }
        }
        if T.self == Bool.self {
            do { return unsafeBitCast(try _readBool(&value), to: T.self) } catch {
                throw _error(error, type: T.self, level: level, component: component)
            }
        }
        let kind = session.valueKind(T.self)
        switch kind {
        case .scalarArray:
            return try _decodeScalarArray(T.self, from: &value, opened: &opened, level: level, component: component)
        case .array(let arrayType):
            return try _decodeArray(
                arrayType, as: T.self, from: &value, opened: &opened, level: level, component: component)
        default:
            session.setPath(level, component)
            return try _withFrame(&value, opened: &opened, level: level + 1) {
                try self._decodeFrameValue(T.self, kind: kind, containerLevel: level)
            }
        }
    }

    /// Runs `body` with the frame moved to `value` at `level` (a fresh token there), then moves
    /// it back. `opened` comes back with what `body` opened of `value`.
    @inline(__always)
    func _withFrame<R>(
        _ value: inout _JSONCursor, opened: inout _OpenedValue, level: Int, isMissing: Bool = false,
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
    /// level of the container that asked (where Foundation reports ISO 8601 failures).
    func _decodeFrameValue<T: Decodable>(_ type: T.Type, containerLevel: Int) throws -> T {
        if T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self {
            return try T(from: self)
        }
        return try _decodeFrameValue(T.self, kind: session.valueKind(T.self), containerLevel: containerLevel)
    }

    /// `_decodeFrameValue(_:containerLevel:)` for a `T` of the given kind.
    func _decodeFrameValue<T: Decodable>(_ type: T.Type, kind: _ValueKind, containerLevel: Int) throws -> T {
        switch kind {
        case .date: return try _decodeDate(containerLevel: containerLevel) as! T
        case .data: return try _decodeData() as! T
        case .url: return try _decodeURL() as! T
        case .decimal: return try _decodeDecimal() as! T
        case .stringKeyedDictionary(let dictionary): return try dictionary._decodeWithoutKeyStrategy(from: self) as! T
        case .scalarArray, .array, .other: return try T(from: self)
        }
    }
}
