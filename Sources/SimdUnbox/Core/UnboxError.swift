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
    public var reason: Reason
    /// The path from the document's root to the value that failed (empty for the root).
    public var path: [UnboxPathComponent] {
        get {
            var path = _keyPath.map { $0.trace.components(of: $0.text) } ?? []
            path += _outer
            if let _last { path.append(_last) }
            return path
        }
        set {
            _keyPath = nil
            _last = newValue.last
            _outer = Array(newValue.dropLast())
        }
    }
    /// The byte offset in the input where the failure applies, when known.
    public var byteOffset: Int?

    /// The path, in two parts: the innermost component is held inline, so that the first one an
    /// error gets on its way up (the key an `unbox(key:)` missed) allocates nothing.
    @usableFromInline var _outer: [UnboxPathComponent]
    @usableFromInline var _last: UnboxPathComponent?
    /// The steps of a key path in front of the rest, kept as the path's text and what following it
    /// passed: an error that `try?` discards never splits the path into components.
    /// (A reference, so that errors stay small to pass and discard: the path is rarely read.)
    @usableFromInline var _keyPath: _PendingKeyPath?
    /// An error of the caller's own (thrown by a model's `init(unboxer:)` or a closure), carried
    /// through SimdUnbox's typed throws and thrown as it is by the entry points.
    @usableFromInline var _underlying: _UnderlyingError?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - reason: Why decoding failed.
    ///   - path: Where in the document's structure.
    ///   - byteOffset: Where in the document's bytes.
    public init(reason: Reason, path: [UnboxPathComponent] = [], byteOffset: Int? = nil) {
        self.reason = reason
        self._last = path.last
        self._outer = path.count > 1 ? Array(path.dropLast()) : []
        self._keyPath = nil
        self.byteOffset = byteOffset
    }

    /// An error with no path (the common case), without touching an array.
    @usableFromInline
    init(_reason reason: Reason, byteOffset: Int?) {
        self.reason = reason
        self._outer = []
        self._last = nil
        self._keyPath = nil
        self.byteOffset = byteOffset
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
        if _keyPath != nil {
            _outer = path
            _keyPath = nil
            _outer.insert(component, at: 0)
        } else if _last == nil {
            _last = component
        } else {
            _outer.insert(component, at: 0)
        }
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
