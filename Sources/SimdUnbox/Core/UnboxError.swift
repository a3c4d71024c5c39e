/// The error every SimdUnbox decoding entry point throws: what went wrong, where in the document's
/// structure (`path`) and where in its bytes (`byteOffset`).
///
/// ```swift
/// do {
///     let feed: Feed = try unbox(data: data)
/// } catch let error as UnboxError {
///     print(error)  // statuses[3].user.screen_name: expected a string, found an array (byte 40127)
///     if case .missingKey = error.reason { ... }
/// }
/// ```
///
/// Errors are built only when thrown: decoding that succeeds never pays for them.
/// Thrown with Swift's typed throws by `Unboxer`'s methods (`throws(UnboxError)`), so that a
/// `try?` that discards one costs no allocation: an absent optional key costs about what a present
/// one does. Code written for untyped throws compiles unchanged.
public struct UnboxError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Why decoding failed.
    public enum Reason: Sendable, Equatable {
        /// The object has no field with the key (the last component of `path`).
        case missingKey
        /// The value is of another JSON type than the one asked for.
        case typeMismatch(expected: String, found: JSONType)
        /// The value has the right type but is not acceptable: an unknown enum raw value, a
        /// transform or formatter that returned `nil`, a number with a fraction where an integer
        /// is asked for, a string that is not a URL.
        case invalidValue(String)
        /// The number does not fit in the requested type (never wrapped, never truncated).
        case numberOutOfRange(String)
        /// The input is not valid JSON (or not valid UTF-8), with the engine's description.
        case malformedJSON(String)
        /// The document nests deeper than the limit.
        case depthLimitExceeded(limit: Int)
        /// The API was used in a way it does not allow, such as keeping an `Unboxer` past the
        /// `init(unboxer:)` it was passed to.
        case misuse(String)
        /// Thrown by custom code, such as a closure given to `Unboxer.performCustomUnboxing`.
        case custom(String)
    }

    /// Why decoding failed.
    public var reason: Reason {
        get {
            if let reason = _extra?.reason { return reason }
            return _LightReason(bits: _bits).reason
        }
        set {
            _mutableExtra().reason = newValue
            _bits &= ~_LightReason.mask
        }
    }
    /// The path from the document's root to the value that failed (empty for the root).
    public var path: [UnboxPathComponent] {
        get {
            var path: [UnboxPathComponent] = []
            if let _extra {
                if let keyPath = _extra.keyPath { path = keyPath.trace.components(of: keyPath.text) }
                path += _extra.outer
            }
            if let _lastKey { path.append(.key(_lastKey)) }
            return path
        }
        set {
            if case .key(let key)? = newValue.last {
                _lastKey = key
                if _extra == nil && newValue.count == 1 { return }
                let extra = _mutableExtra()
                extra.keyPath = nil
                extra.outer = Array(newValue.dropLast())
            } else {
                _lastKey = nil
                if _extra == nil && newValue.isEmpty { return }
                let extra = _mutableExtra()
                extra.keyPath = nil
                extra.outer = newValue
            }
        }
    }
    /// The byte offset in the input where the failure applies, when known.
    public var byteOffset: Int? {
        get {
            let stored = _bits >> _LightReason.offsetShift
            return stored == 0 ? nil : Int(truncatingIfNeeded: stored - 1)
        }
        set { _bits = (_bits & _LightReason.mask) | _LightReason.offsetBits(newValue) }
    }

    // The storage is four words of plain values, laid out for the errors that `try?` throws away
    // most: a missing key, or a `null` (or other type) where a value was expected, possibly at the
    // end of a key path. Those keep their reason and byte offset packed in `_bits` and the key
    // they are about in `_lastKey`: making, passing and discarding one allocates nothing (a key
    // path miss allocates its `_extra`, which holds the path's text). Everything else (other
    // reasons, longer paths, a caller's error) lives in `_extra`, one shared reference.
    // Four words are what Swift returns in registers: typed throws then hand the error back like
    // a result, where the five-word layout this replaced went through memory and was copied and
    // destroyed on its way (a copy and a destroy of the whole error in every missing key's error
    // alone). Measured with scripts/instructions.sh on 1 MB of generated orders, Unbox API,
    // instructions per decode: six absent keys read with `try?` 45.07M before, 43.29M after. (With
    // `unbox(key:)` always inlined, see there: 41.94M; document order 35.25M before, 34.31M.)

    /// The innermost path component, when it is a key: the first one an error gets on its way up
    /// (the key an `unbox(key:)` missed). The rest of the path is in `_extra`.
    @usableFromInline var _lastKey: String?
    /// The light reason (`_LightReason`, low 16 bits) and the byte offset plus one (the rest; 0
    /// when unknown).
    @usableFromInline var _bits: UInt64
    /// The rest, when there is any.
    @usableFromInline var _extra: _UnboxErrorExtra?

    /// An error of the caller's own (thrown by a model's `init(unboxer:)` or a closure), carried
    /// through SimdUnbox's typed throws and thrown as it is by the entry points.
    @usableFromInline var _underlying: _UnderlyingError? {
        get { _extra?.underlying }
        set { _mutableExtra().underlying = newValue }
    }

    /// `_extra`, made unique to this error (and made when there was none).
    @usableFromInline
    mutating func _mutableExtra() -> _UnboxErrorExtra {
        if let _extra, isKnownUniquelyReferenced(&self._extra) { return _extra }
        let extra = _UnboxErrorExtra(copying: _extra)
        if extra.reason == nil && _LightReason(bits: _bits).isNone { extra.reason = .missingKey }
        _extra = extra
        return extra
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: Why decoding failed.
    ///   - path: Where in the document's structure.
    ///   - byteOffset: Where in the document's bytes.
    public init(reason: Reason, path: [UnboxPathComponent] = [], byteOffset: Int? = nil) {
        self.init(_reason: reason, byteOffset: byteOffset)
        self.path = path
    }

    /// An error with no path (the common case), without touching an array.
    @usableFromInline
    init(_reason reason: Reason, byteOffset: Int?) {
        self._lastKey = nil
        if case .missingKey = reason {
            self._bits = _LightReason.missingKey.bits | _LightReason.offsetBits(byteOffset)
            self._extra = nil
        } else {
            self._bits = _LightReason.offsetBits(byteOffset)
            self._extra = _UnboxErrorExtra(reason: reason)
        }
    }

    /// A missing key's error, its path the key.
    @usableFromInline
    init(_missingKey key: String, byteOffset: Int) {
        self._lastKey = key
        self._bits = _LightReason.missingKey.bits | _LightReason.offsetBits(byteOffset)
        self._extra = nil
    }

    /// A light error (see `_LightReason`), with no path yet.
    @usableFromInline
    init(_light light: _LightReason, byteOffset: Int?) {
        self._lastKey = nil
        self._bits = light.bits | _LightReason.offsetBits(byteOffset)
        self._extra = nil
    }

    /// `error` as an `UnboxError`: itself if it is one, otherwise carried inside one.
    @inline(never)
    @usableFromInline
    static func _wrapping(_ error: any Error) -> UnboxError {
        if let error = error as? UnboxError { return error }
        var wrapped = UnboxError(_reason: .custom("\(error)"), byteOffset: nil)
        wrapped._underlying = _UnderlyingError(error)
        return wrapped
    }

    /// The error an entry point throws: the caller's own error when this one carries it.
    @usableFromInline
    var _unwrapped: any Error {
        _underlying?.error ?? self
    }

    public static func == (lhs: UnboxError, rhs: UnboxError) -> Bool {
        lhs.reason == rhs.reason && lhs.byteOffset == rhs.byteOffset && lhs.path == rhs.path
    }

    /// A one-line description: `path: reason (byte N)`.
    public var description: String {
        var text = path.pathDescription
        if !text.isEmpty { text += ": " }
        switch reason {
        case .missingKey:
            text += "key not found"
        case .typeMismatch(let expected, let found):
            text += "expected \(expected), found \(found)"
        case .invalidValue(let detail):
            text += "invalid value: \(detail)"
        case .numberOutOfRange(let detail):
            text += "number out of range: \(detail)"
        case .malformedJSON(let detail):
            text += "malformed JSON: \(detail)"
        case .depthLimitExceeded(let limit):
            text += "nesting deeper than the limit of \(limit)"
        case .misuse(let detail):
            text += "misuse: \(detail)"
        case .custom(let detail):
            text += detail
        }
        if let byteOffset { text += " (byte \(byteOffset))" }
        return text
    }

    /// Puts `component` in front of the path, as the error travels up towards the root.
    @inlinable
    mutating func _prepend(_ component: UnboxPathComponent) {
        if _lastKey == nil && _extra == nil, case .key(let key) = component {
            _lastKey = key
        } else {
            _prependSlowly(component)
        }
    }

    @inline(never)
    @usableFromInline
    mutating func _prependSlowly(_ component: UnboxPathComponent) {
        if _lastKey == nil, _extra == nil || (_extra!.keyPath == nil && _extra!.outer.isEmpty),
            case .key(let key) = component
        {
            _lastKey = key
            return
        }
        let extra = _mutableExtra()
        if let keyPath = extra.keyPath {
            extra.keyPath = nil
            extra.outer = keyPath.trace.components(of: keyPath.text) + extra.outer
        }
        extra.outer.insert(component, at: 0)
    }

    /// Puts the first `trace.count` steps of `keyPath` in front of the path, turned into
    /// components only if the path is read.
    @usableFromInline
    mutating func _prepend(keyPath: String, _ trace: _KeyPathTrace) {
        if _extra == nil {
            _extra = _UnboxErrorExtra(keyPath: keyPath, trace: trace)
            return
        }
        let extra = _mutableExtra()
        if let pending = extra.keyPath {
            extra.outer = pending.trace.components(of: pending.text) + extra.outer
        }
        extra.keyPath = (keyPath, trace)
    }

    /// Whether the error, met while following a key path, means the value is simply absent: a
    /// missing key or index, or a `null` where the path goes on.
    @usableFromInline
    var _meansAbsent: Bool {
        switch reason {
        case .missingKey: true
        case .typeMismatch(_, let found): found == .null
        default: false
        }
    }

    /// Whether the error means the document itself is broken (rather than not matching a model),
    /// so that no caller may recover from it by skipping a value.
    @usableFromInline
    var _isFatal: Bool {
        switch reason {
        case .malformedJSON, .depthLimitExceeded: true
        default: false
        }
    }
}

/// The reasons an `UnboxError` keeps without a reference, packed into the low bits of
/// `UnboxError._bits`: what kind (none, a missing key, a type mismatch), and for a mismatch what
/// was expected and what was found.
@usableFromInline
struct _LightReason: Sendable {
    @usableFromInline let bits: UInt64

    /// The bits of `UnboxError._bits` that hold the reason.
    @usableFromInline static let mask: UInt64 = 0xffff
    /// Where the byte offset (plus one) starts in `UnboxError._bits`.
    @usableFromInline static let offsetShift: UInt64 = 16

    /// The reason is in `UnboxError._extra`.
    @usableFromInline static let none = _LightReason(bits: 0)
    @usableFromInline static let missingKey = _LightReason(bits: 1)

    /// A type mismatch: `expected` was asked for and `found` is there.
    @inlinable
    static func mismatch(expected: _Expected, found: JSONType) -> _LightReason {
        _LightReason(bits: 2 | UInt64(found._code) << 2 | UInt64(expected.rawValue) << 5)
    }

    @inlinable
    init(bits: UInt64) {
        self.bits = bits & _LightReason.mask
    }

    var isNone: Bool { bits == 0 }

    /// The public reason.
    var reason: UnboxError.Reason {
        switch bits & 3 {
        case 2:
            let expected = _Expected(rawValue: UInt8(truncatingIfNeeded: bits >> 5)) ?? .value
            return .typeMismatch(
                expected: expected.description, found: JSONType(_code: UInt8(truncatingIfNeeded: (bits >> 2) & 7)))
        default:
            return .missingKey
        }
    }

    /// `byteOffset` as it is stored in `UnboxError._bits`: plus one, 0 for none. (Offsets are
    /// below 2^48: a document is at most `SimdUnboxDiagnostics.maximumDocumentSize` bytes, and a
    /// stream's offsets count bytes read.)
    @inlinable
    static func offsetBits(_ byteOffset: Int?) -> UInt64 {
        guard let byteOffset, byteOffset >= 0 else { return 0 }
        return (UInt64(byteOffset) &+ 1) << offsetShift
    }
}

/// What a type mismatch expected, as error messages name it ("a string", "an integer").
@usableFromInline
enum _Expected: UInt8, Sendable, CustomStringConvertible {
    case null, bool, number, string, array, object, integer, objectOrArray, value

    @usableFromInline
    init(_ type: JSONType) {
        switch type {
        case .null: self = .null
        case .bool: self = .bool
        case .number: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    @usableFromInline
    var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .integer: "an integer"
        case .objectOrArray: "an object or array"
        case .value: "a value"
        }
    }
}

/// What an `UnboxError` holds beyond its four words: shared between copies, copied before a
/// change when shared.
@usableFromInline
final class _UnboxErrorExtra: @unchecked Sendable {
    /// The reason, when it is not a light one (`UnboxError._bits`).
    @usableFromInline var reason: UnboxError.Reason?
    /// The steps of a key path in front of the path, not yet turned into components: the first
    /// `trace.count` segments of `text`.
    @usableFromInline var keyPath: (text: String, trace: _KeyPathTrace)?
    /// The path's components after those of `keyPath`, before `UnboxError._lastKey`.
    @usableFromInline var outer: [UnboxPathComponent] = []
    @usableFromInline var underlying: _UnderlyingError?

    @usableFromInline
    init(reason: UnboxError.Reason) {
        self.reason = reason
    }

    @usableFromInline
    init(keyPath: String, trace: _KeyPathTrace) {
        self.keyPath = (keyPath, trace)
    }

    @usableFromInline
    init(copying other: _UnboxErrorExtra?) {
        if let other {
            reason = other.reason
            keyPath = other.keyPath
            outer = other.outer
            underlying = other.underlying
        }
    }
}

/// A caller's error travelling inside an `UnboxError` (see `UnboxError._underlying`). Never shared
/// between threads while a decode runs; handed back to the caller as it was thrown.
@usableFromInline
final class _UnderlyingError: @unchecked Sendable {
    @usableFromInline let error: any Error

    init(_ error: any Error) {
        self.error = error
    }
}
