import Foundation

// `[String: Any]` input, read where it lies.
//
// An `Unboxer` over a dictionary is the same struct as one over JSON: the decode's context, a
// (blank) object cursor and a token. Its token carries `_DictionarySession.flag`, so it never
// equals the context's active token: each of its reads fails the JSON path's one liveness check
// and goes, out of line, to the dictionary. There it is live when its token without the flag is
// the active one, and it reads the innermost dictionary the session holds, which is its own:
// only the innermost unboxer of a decode is ever live. The JSON path pays nothing for this (the
// same comparison, a different cold branch).
//
// Measured against the other way, writing the dictionary out as JSON text and decoding that:
// see the article "Migrating from Unbox" and the report of the change that added it.

/// The dictionaries being read by a decode of `[String: Any]` input, innermost last. Kept as the
/// context's element session.
final class _DictionarySession: ElementSession {
    /// Marks the token of an `Unboxer` over a dictionary.
    static let flag: UInt64 = 1 << 63

    var objects: [[String: Any]] = []

    init() {}

    func close() { objects = [] }
}

extension _DecodingContext {
    /// A context for decoding `[String: Any]` input, over a parser it never parses with (a
    /// context needs one; its scratch memory serves the collections).
    static func _dictionaryContext(parser: _Parser, maxDepth: Int = defaultUnboxMaximumDepth) -> _DecodingContext {
        let context = _DecodingContext(parser: parser, maxDepth: maxDepth)
        context.elementSession = _DictionarySession()
        return context
    }

    /// The session of a context made by `_dictionaryContext`.
    var _dictionarySession: _DictionarySession? {
        elementSession as? _DictionarySession
    }

    /// Runs `body` with an `Unboxer` over `object`, live only while `body` runs.
    @usableFromInline
    func _withUnboxer<R>(dictionary object: [String: Any], _ body: (Unboxer) throws -> R) throws(UnboxError) -> R {
        guard let session = _dictionarySession else {
            throw _misuseError("a [String: Any] was read inside a decode of JSON")
        }
        try _enter()
        let saved = _state.pointee.activeToken
        _state.pointee.lastToken &+= 1
        let token = _state.pointee.lastToken
        _state.pointee.activeToken = token
        session.objects.append(object)
        defer {
            session.objects.removeLast()
            _state.pointee.activeToken = saved
            _leave()
        }
        do {
            return try body(Unboxer(_context: self, _object: _ObjectCursor(), _token: token | _DictionarySession.flag))
        } catch {
            throw UnboxError._wrapping(error)
        }
    }

    /// Runs `body` with a context for `[String: Any]` input, borrowing a parser for it.
    @usableFromInline
    static func _withDictionaryInput<R>(_ body: (_DecodingContext) throws -> R) throws -> R {
        let parser = _ParserPool.shared.take()
        let context = _DecodingContext._dictionaryContext(parser: parser)
        defer {
            context._close()
            _ParserPool.shared.give(parser, lastInputSize: 0)
        }
        do {
            return try body(context)
        } catch var error as UnboxError {
            // No byte offsets: there are no bytes (a depth error would report the parser's).
            error.byteOffset = nil
            throw error._unwrapped
        }
    }
}

extension Unboxer {
    /// Makes an unboxer over a dictionary, for reading its values with the `unbox` methods
    /// outside any model's initializer.
    ///
    /// ```swift
    /// let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    /// let unboxer = Unboxer(dictionary: json)
    /// let name: String = try unboxer.unbox(key: "name")
    /// let user: User = try unboxer.unbox(key: "owner")
    /// ```
    ///
    /// Unlike the unboxer passed to `init(unboxer:)`, this one stays valid as long as you keep it.
    /// Decoding straight from the `Data` you had before `JSONSerialization` is several times
    /// faster: see ``unbox(data:maximumDepth:)``.
    ///
    /// - Parameter dictionary: The object to read, as `JSONSerialization` returns it.
    public init(dictionary: UnboxableDictionary) {
        let context = _DecodingContext._dictionaryContext(parser: _Parser())
        context._dictionarySession?.objects.append(dictionary)
        context._state.pointee.lastToken = 1
        context._state.pointee.activeToken = 1
        self.init(_context: context, _object: _ObjectCursor(), _token: 1 | _DictionarySession.flag)
    }

    /// The dictionary this unboxer reads, if it reads one; nil when it reads JSON. Throws when the
    /// unboxer is no longer live.
    @usableFromInline
    func _dictionary() throws(UnboxError) -> [String: Any] {
        guard _token & _DictionarySession.flag != 0,
            _token & ~_DictionarySession.flag == _context._state.pointee.activeToken,
            let session = _context.elementSession
        else {
            throw _staleError()
        }
        // Only a dictionary context makes flagged tokens: its session is a `_DictionarySession`.
        guard let object = unsafeDowncast(session as AnyObject, to: _DictionarySession.self).objects.last else {
            throw _staleError()
        }
        return object
    }

    /// The error for `key`, missing from the dictionary: a light one, as the JSON path's, that a
    /// `try?` discards without having allocated.
    @usableFromInline @inline(never)
    func _dictionaryMissingKey(_ key: String) -> UnboxError {
        var error = UnboxError(_light: .missingKey, byteOffset: nil)
        error._prepend(.key(key))
        return error
    }

    /// Reads the value at `key` (or `keyPath`) of the dictionary with `convert`; nil when
    /// `ifPresent` and the value (or a step of the path) is missing or `NSNull`. Errors get the
    /// key or path.
    @usableFromInline @inline(never)
    func _dictionaryRead<R>(
        key: String? = nil, keyPath: String? = nil, ifPresent: Bool = false,
        _ convert: (Any) throws(UnboxError) -> R
    ) throws(UnboxError) -> R? {
        let object = try _dictionary()
        let raw: Any
        var path: [UnboxPathComponent]
        if let key {
            guard let value = object[key] else {
                if ifPresent { return nil }
                throw _dictionaryMissingKey(key)
            }
            if ifPresent, case .null = _AnyValue(value) { return nil }
            do throws(UnboxError) {
                return try convert(value)
            } catch {
                throw _context._prepending(.key(key), to: error)
            }
        } else {
            path = []
            var node: Any = object
            for step in Self._keyPathSteps(keyPath ?? "") {
                var next: Any?
                switch _AnyValue(node) {
                case .object(let fields):
                    path.append(.key(step))
                    next = fields[step]
                case .array(let elements):
                    guard let index = Int(step) else {
                        throw UnboxError(
                            reason: .typeMismatch(expected: "an object", found: .array), path: path)
                    }
                    path.append(.index(index))
                    if elements.indices.contains(index) { next = elements[index] }
                case .null where ifPresent:
                    return nil
                case let other:
                    throw _context._prepending(path, to: other.mismatch(expected: "an object or array"))
                }
                guard let found = next else {
                    if ifPresent { return nil }
                    throw UnboxError(reason: .missingKey, path: path)
                }
                node = found
            }
            raw = node
        }
        if ifPresent, case .null = _AnyValue(raw) { return nil }
        do throws(UnboxError) {
            return try convert(raw)
        } catch {
            throw _context._prepending(path, to: error)
        }
    }

    /// Reads the value at `key` of the dictionary as a `T`: specialized per type, called out of
    /// line from the cold branch of `unbox(key:)`.
    @inlinable @inline(never)
    func _dictionaryValue<T: UnboxCompatible>(key: String, as _: T.Type) throws(UnboxError) -> T {
        let object = try _dictionary()
        guard let value = object[key] else { throw _dictionaryMissingKey(key) }
        do throws(UnboxError) {
            return try T._unbox(any: value, context: _context, lossy: false)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
    }

    /// Reads the value at `key` (or `keyPath`) of the dictionary as a `T`; nil when `ifPresent`
    /// and it is missing or `NSNull`. Called with the key and the type only, to keep the cold
    /// branch that the JSON path inlines into every `unbox(key:)` small.
    @usableFromInline @inline(never)
    func _dictionaryValue<T: UnboxCompatible>(
        key: String? = nil, keyPath: String? = nil, ifPresent: Bool, as _: T.Type
    ) throws(UnboxError) -> T? {
        try _dictionaryRead(key: key, keyPath: keyPath, ifPresent: ifPresent) { (value) throws(UnboxError) in
            try T._unbox(any: value, context: _context, lossy: false)
        }
    }

    /// Reads the value at `key` (or `keyPath`) of the dictionary as a `T`.
    @usableFromInline @inline(never)
    func _dictionaryValue<T: UnboxCompatible>(key: String? = nil, keyPath: String? = nil, as _: T.Type)
        throws(UnboxError) -> T
    {
        try _dictionaryRequired(key: key, keyPath: keyPath) { (value) throws(UnboxError) in
            try T._unbox(any: value, context: _context, lossy: false)
        }
    }

    /// Reads the value at `key` (or `keyPath`) of the dictionary with `convert`.
    @usableFromInline
    func _dictionaryRequired<R>(
        key: String? = nil, keyPath: String? = nil, _ convert: (Any) throws(UnboxError) -> R
    ) throws(UnboxError) -> R {
        guard let result = try _dictionaryRead(key: key, keyPath: keyPath, convert) else {
            throw UnboxError(reason: .missingKey, path: [.key(key ?? keyPath ?? "")])
        }
        return result
    }

    /// A key path's steps: dot-separated keys (a step of digits is an index in an array), or a
    /// JSON Pointer (`/a/0`, with `~1` for `/` and `~0` for `~`).
    static func _keyPathSteps(_ keyPath: String) -> [String] {
        if keyPath.hasPrefix("/") {
            return keyPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
        }
        return keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// A JSON object as `JSONSerialization` returns it: what ``unbox(dictionary:)`` and
/// ``Unboxer/init(dictionary:)`` read.
///
/// ```swift
/// let json = try JSONSerialization.jsonObject(with: data) as? UnboxableDictionary ?? [:]
/// let user: User = try unbox(dictionary: json)
/// ```
public typealias UnboxableDictionary = [String: Any]
