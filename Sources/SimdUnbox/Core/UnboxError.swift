/// The error every SimdUnbox decoding entry point throws: what went wrong, where in the document's
/// structure (`path`) and where in its bytes (`byteOffset`).
///
/// ```swift
/// do {
///     let feed: Feed = try unbox(data: data)
/// } catch let error as UnboxError {
///     print(error)  // statuses[3].user.screen_name: expected a string, found a number (byte 40127)
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
            switch _light {
            case .none: _details?.reason ?? .missingKey
            case .missingKey: .missingKey
            case .mismatch(let expected, let found): .typeMismatch(expected: expected.description, found: found)
            }
        }
        set {
            _light = .none
            _mutableDetails().reason = newValue
        }
    }
    /// The path from the document's root to the value that failed (empty for the root).
    public var path: [UnboxPathComponent] {
        get {
            var path = _keyPath.map { $0.trace.components(of: $0.text) } ?? []
            if let _details { path += _details.outer }
            if let _last { path.append(_last) }
            return path
        }
        set {
            _last = newValue.last
            _keyPath = nil
            if _details == nil && newValue.count <= 1 { return }
            _mutableDetails().outer = Array(newValue.dropLast())
        }
    }
    /// The byte offset in the input where the failure applies, when known.
    public var byteOffset: Int?

    // The storage is laid out for the errors that `try?` throws away most: a missing key, or a
    // `null` (or other type) where a value was expected, possibly at the end of a key path. Those
    // keep their reason in `_light`, a plain value, and their path in `_last` and `_keyPath`, so
    // that making, passing and discarding one allocates nothing more than the key path's record.
    // Everything else (other reasons, longer paths, a caller's error) lives in `_details`, one
    // shared reference.
    // Measured with scripts/instructions.sh on 1 MB of generated orders, instructions per decode:
    // with six absent keys read by `try?`, 53.88M before, 51.70M after; in document order (one
    // `try?` on a null), 38.46M before, 37.83M after. (With the key path's record in `_details`
    // too, 50.83M and 37.68M, but each key path miss allocated one object more.)

    /// The innermost path component, held inline: the first one an error gets on its way up (the
    /// key an `unbox(key:)` missed).
    @usableFromInline var _last: UnboxPathComponent?
    /// The reason, when it is one of the light ones; `.none` when `_details` holds it.
    @usableFromInline var _light: _LightReason
    /// The rest, when there is any.
    @usableFromInline var _details: _UnboxErrorDetails?

    /// The steps of a key path in front of the rest of the path, kept as the path's text and what
    /// following it passed: an error that `try?` discards never splits the path into components.
    @usableFromInline var _keyPath: _PendingKeyPath?
    /// An error of the caller's own (thrown by a model's `init(unboxer:)` or a closure), carried
    /// through SimdUnbox's typed throws and thrown as it is by the entry points.
    @usableFromInline var _underlying: _UnderlyingError? {
        get { _details?.underlying }
        set { _mutableDetails().underlying = newValue }
    }

    /// `_details`, made unique to this error (and made from the light reason when there was none).
    @usableFromInline
    mutating func _mutableDetails() -> _UnboxErrorDetails {
        if let _details, isKnownUniquelyReferenced(&self._details) { return _details }
        let details = _UnboxErrorDetails(copying: _details, reason: reason)
        _light = .none
        _details = details
        return details
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
        self._last = nil
        self._keyPath = nil
        self.byteOffset = byteOffset
        if case .missingKey = reason {
            self._light = .missingKey
            self._details = nil
        } else {
            self._light = .none
            self._details = _UnboxErrorDetails(reason: reason)
        }
    }

    /// A missing key's error, its path the key.
    @usableFromInline
    init(_missingKey key: String, byteOffset: Int) {
        self._last = .key(key)
        self._keyPath = nil
        self.byteOffset = byteOffset
        self._light = .missingKey
        self._details = nil
    }

    /// A light error (see `_light`), with no path yet.
    @usableFromInline
    init(_light light: _LightReason, byteOffset: Int?) {
        self._last = nil
        self._keyPath = nil
        self.byteOffset = byteOffset
        self._light = light
        self._details = nil
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
        if _last == nil && _keyPath == nil && _details == nil {
            _last = component
        } else {
            _prependSlowly(component)
        }
    }

    @inline(never)
    @usableFromInline
    mutating func _prependSlowly(_ component: UnboxPathComponent) {
        if _last == nil && _keyPath == nil {
            _last = component
            return
        }
        if _keyPath != nil {
            var outer = path
            if _last != nil { outer.removeLast() }
            _keyPath = nil
            _mutableDetails().outer = outer
        }
        _mutableDetails().outer.insert(component, at: 0)
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

/// The reasons an `UnboxError` keeps without a reference (see `UnboxError._light`).
@usableFromInline
enum _LightReason: Sendable {
    /// The reason is in `_details`.
    case none
    case missingKey
    /// A type mismatch, `expected` naming what was expected ("a string", "an integer").
    case mismatch(expected: StaticString, found: JSONType)
}

/// What an `UnboxError` holds beyond its light part: shared between copies, copied before a change
/// when shared.
@usableFromInline
final class _UnboxErrorDetails: @unchecked Sendable {
    @usableFromInline var reason: UnboxError.Reason
    /// The path's components before `UnboxError._last`, after those of `UnboxError._keyPath`.
    @usableFromInline var outer: [UnboxPathComponent] = []
    @usableFromInline var underlying: _UnderlyingError?

    @usableFromInline
    init(reason: UnboxError.Reason) {
        self.reason = reason
    }

    @usableFromInline
    init(copying other: _UnboxErrorDetails?, reason: UnboxError.Reason) {
        self.reason = reason
        if let other {
            outer = other.outer
            underlying = other.underlying
        }
    }
}

/// The steps of a key path in front of an error's path, not yet turned into components.
@usableFromInline
final class _PendingKeyPath: Sendable {
    @usableFromInline let text: String
    @usableFromInline let trace: _KeyPathTrace

    @usableFromInline
    init(text: String, trace: _KeyPathTrace) {
        self.text = text
        self.trace = trace
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
