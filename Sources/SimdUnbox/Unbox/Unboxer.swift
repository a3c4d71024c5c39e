// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// Reads the fields of one JSON object, for the `init(unboxer:)` of an `Unboxable` model.
///
/// ```swift
/// init(unboxer: Unboxer) throws(UnboxError) {
///     name = try unboxer.unbox(key: "name")                           // required
///     nickname = try? unboxer.unbox(key: "nickname")                  // nil if missing, null or wrong type
///     email = try unboxer.unboxIfPresent(key: "email")                // nil if missing or null; wrong type throws
///     distance = try unboxer.unbox(keyPath: "activities.running.distance")
///     device = try unboxer.unbox(keyPath: "devices.0")
///     version = try unboxer.unbox(keyPath: "/versions/1.2")           // JSON Pointer, for keys with dots
///     friends = try unboxer.unbox(key: "friends", allowInvalidElements: true)  // drops bad elements
///     born = try unboxer.unbox(key: "born", formatter: dateFormatter)
/// }
/// ```
///
/// Each call reads the value from the input right then; nothing is decoded in advance. Fields can
/// be read in any order, but reading them in the order the JSON has them is fastest.
///
/// - Warning: An `Unboxer` is valid only during the `init(unboxer:)` (or custom unboxing closure)
///   it was passed to. Used afterwards, every method throws `UnboxError.Reason.misuse`; it never
///   reads stale memory.
public struct Unboxer {
    @usableFromInline let _context: _DecodingContext
    @usableFromInline let _object: _ObjectCursor
    @usableFromInline let _token: UInt64

    @usableFromInline
    init(_context: _DecodingContext, _object: _ObjectCursor, _token: UInt64) {
        self._context = _context
        self._object = _object
        self._token = _token
    }

    /// Whether this unboxer reads JSON and is the one being read now. An unboxer over a
    /// `[String: Any]` never is: its reads go to `_dictionaryRead` (see `_DictionarySession`).
    @inlinable @inline(__always)
    var _isLive: Bool { _token == _context._state.pointee.activeToken }

    /// Throws unless this unboxer is the one being read now.
    @inlinable
    func _checkLive() throws(UnboxError) {
        guard _fastPath(_token == _context._state.pointee.activeToken) else { throw _staleError() }
    }

    @inline(never)
    @usableFromInline
    func _staleError() -> UnboxError {
        // During the decode, a broken document is the reason no unboxer may read; once the decode
        // is over, any use is a misuse whatever happened to the document.
        if _context._state.pointee.lastToken != .max, let malformed = _context._malformed { return malformed }
        if _token & _DictionarySession.flag != 0,
            _token & ~_DictionarySession.flag == _context._state.pointee.activeToken
        {
            return _context._misuseError("this method reads JSON input only, not a [String: Any]")
        }
        return _context._misuseError(
            "an Unboxer was used outside the init(unboxer:) it was passed to "
                + "(while a nested value was being decoded, or after decoding finished)")
    }

    /// Finds `key` and reads its value with `read`, adding the key to the path of any error.
    @inlinable
    func _unbox<Result>(key: String, _ read: (inout _JSONCursor) throws(UnboxError) -> Result) throws(UnboxError)
        -> Result
    {
        try _checkLive()
        var object = _object
        var value = _JSONCursor()
        do throws(UnboxError) {
            try _withUTF8(key) { (v) throws(UnboxError) in try _context._field(v, in: &object, into: &value) }
            return try read(&value)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
    }

    /// Finds `key` and reads its value with `read` (JSON) or `convert` (a `[String: Any]`), adding
    /// the key to the path of any error.
    @inlinable
    func _unbox<Result>(
        key: String, _ read: (inout _JSONCursor) throws(UnboxError) -> Result,
        any convert: (Any) throws(UnboxError) -> Result
    ) throws(UnboxError) -> Result {
        guard _fastPath(_isLive) else { return try _dictionaryRequired(key: key, convert) }
        var object = _object
        var value = _JSONCursor()
        do throws(UnboxError) {
            try _withUTF8(key) { (v) throws(UnboxError) in try _context._field(v, in: &object, into: &value) }
            return try read(&value)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
    }

    /// Follows `keyPath` and reads the value there with `read` (JSON) or `convert` (a
    /// `[String: Any]`), adding the path to any error.
    @inlinable
    func _unbox<Result>(
        keyPath: String, _ read: (inout _JSONCursor) throws(UnboxError) -> Result,
        any convert: (Any) throws(UnboxError) -> Result
    ) throws(UnboxError) -> Result {
        guard _fastPath(_isLive) else { return try _dictionaryRequired(keyPath: keyPath, convert) }
        return try _unbox(keyPath: keyPath, read)
    }

    /// Follows `keyPath` and reads the value there with `read`, adding the path to any error.
    /// `reused`: see `_DecodingContext._follow`.
    @inlinable
    func _unbox<Result>(
        keyPath: String, reused: (level: Int, prefixEnd: Int)? = nil,
        _ read: (inout _JSONCursor) throws(UnboxError) -> Result
    ) throws(UnboxError) -> Result {
        try _checkLive()
        var object = _object
        var value = _JSONCursor()
        let trace = try _context._follow(keyPath, from: &object, into: &value, reused: reused)
        do throws(UnboxError) {
            let result = try read(&value)
            _context._keyPathRead()
            return result
        } catch {
            throw _context._prepending(keyPath: keyPath, trace, to: error)
        }
    }

    // MARK: Required values

    /// Decodes the value of the field `key`.
    ///
    /// ```swift
    /// let name: String = try unboxer.unbox(key: "name")
    /// let tags: [String] = try unboxer.unbox(key: "tags")
    /// let owner: User = try unboxer.unbox(key: "owner")
    /// ```
    ///
    /// Values convert as in Unbox: a number type also accepts a numeric string (`"42"`), a `Bool`
    /// a number (0 is false) or one of `true t y yes false f n no` in any case, a `String` a
    /// number (`7` is `"7"`). Integers are range-checked: overflow or a fraction is an error,
    /// never a wrapped or truncated value.
    ///
    /// - Parameter key: The field's key, matched exactly (no key paths: see `unbox(keyPath:)`).
    /// - Returns: The decoded value.
    /// - Throws: `UnboxError` if the key is missing, the value is `null` or of another type, or
    ///   the value is invalid.
    // Always inlined into the model: the generic function specialized for a scalar called the
    // scalar's field read through its protocol witness, out of line. Inlined, the read is one
    // fused shim call in the model's own code. Measured with scripts/instructions.sh, Unbox API,
    // instructions per decode: 1 MB of orders in document order 35.69M before, 34.31M after; with
    // six absent keys 43.29M, 41.94M; twitter.json 10.88M, 10.53M; citm_catalog.json 23.91M,
    // 23.23M.
    @inlinable @inline(__always)
    public func unbox<T: UnboxCompatible>(key: String) throws(UnboxError) -> T {
        guard _fastPath(_isLive) else {
            return try _dictionaryValue(key: key, as: T.self)
        }
        var object = _object
        var missing = false
        let value: T
        do throws(UnboxError) {
            value = try T._unbox(field: key, in: &object, context: _context, missing: &missing)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
        if _slowPath(missing) { throw _context._missingFieldError(key) }
        return value
    }

    /// Decodes the value at a key path: dot-separated keys and array indices
    /// (`"activities.running.distance"`, `"devices.0"`), or a JSON Pointer (`"/devices/0"`,
    /// `"/a~1b"`) for keys that contain dots.
    ///
    /// ```swift
    /// let distance: Int = try unboxer.unbox(keyPath: "activities.running.distance")
    /// let primaryDevice: String = try unboxer.unbox(keyPath: "devices.0")
    /// ```
    ///
    /// - Parameter keyPath: The path from this object to the value.
    /// - Returns: The decoded value.
    /// - Throws: `UnboxError` if a step is missing or of the wrong type, or the value is invalid.
    @inlinable @inline(__always)
    public func unbox<T: UnboxCompatible>(keyPath: String) throws(UnboxError) -> T {
        guard _fastPath(_isLive) else {
            return try _dictionaryValue(keyPath: keyPath, as: T.self)
        }
        var object = _object
        var reuse: (level: Int, prefixEnd: Int)?
        var missing = false
        do throws(UnboxError) {
            if let value: T = try _context._readKeyPathInOneStep(
                keyPath, from: &object, reuse: &reuse, missing: &missing),
                _fastPath(!missing)
            {
                _context._keyPathRead()
                return value
            }
        } catch {
            throw _context._prepending(keyPath: keyPath, _KeyPathTrace(count: (reuse?.level ?? 0) + 1), to: error)
        }
        if missing { throw _context._missingKeyPathError(keyPath, count: (reuse?.level ?? 0) + 1) }
        return try _unbox(keyPath: keyPath, reused: reuse) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: _context)
        }
    }

    // MARK: Optional values

    /// Decodes the value of the field `key`, or returns `nil` when the key is missing or its value
    /// is `null`. Unlike `try? unbox(key:)`, a value of the wrong type still throws.
    ///
    /// ```swift
    /// let replyTo: Int? = try unboxer.unboxIfPresent(key: "in_reply_to_status_id")
    /// ```
    ///
    /// - Parameter key: The field's key.
    /// - Returns: The decoded value, or `nil`.
    /// - Throws: `UnboxError` if the value is present but of another type or invalid.
    @inlinable
    public func unboxIfPresent<T: UnboxCompatible>(key: String) throws(UnboxError) -> T? {
        guard _fastPath(_isLive) else {
            return try _dictionaryValue(key: key, ifPresent: true, as: T.self)
        }
        return try _unboxIfPresent(key: key) { (value) throws(UnboxError) in
            try T._unbox(from: &value, context: _context)
        }
    }

    /// Finds the field named `key` and reads its value with `read`, adding the key to any error;
    /// nil when the key is missing or the value is `null`.
    // Always inlined into the model, with its closure: called out of line, specialized per type,
    // each call retained the context the closure captures. (With the one-call null check of
    // `_recordNullField`, instructions per decode: twitter.json 10.60M before, 10.43M after;
    // citm_catalog.json 23.26M, 23.17M; github_events.json 1.02M, 0.98M.)
    @inlinable @inline(__always)
    func _unboxIfPresent<Result>(
        key: String, _ read: (inout _JSONCursor) throws(UnboxError) -> Result
    ) throws(UnboxError) -> Result? {
        try _checkLive()
        var object = _object
        var value = _JSONCursor()
        do throws(UnboxError) {
            var isNull = false
            let code = _withUTF8(key) {
                object.findFieldOrNull($0.baseAddress, $0.count, &value, &isNull)
            }
            if code == .noSuchField {
                guard
                    try _withUTF8(
                        key, { (v) throws(UnboxError) in try _context._findEscapedField(v, in: &object, into: &value) })
                else {
                    return nil
                }
                isNull = try _context._isNull(&value)
            } else if _slowPath(code != .success) {
                throw _context._valueError(code, value: &value, expected: .null)
            }
            if isNull { return nil }
            return try read(&value)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
    }

    /// Decodes the value at a key path, or returns `nil` when a step of the path is missing or
    /// `null`, or the value is `null`. A value of the wrong type still throws.
    ///
    /// - Parameter keyPath: Dot-separated keys and indices, or a JSON Pointer.
    /// - Returns: The decoded value, or `nil`.
    /// - Throws: `UnboxError` if the value is present but of another type or invalid.
    @inlinable
    public func unboxIfPresent<T: UnboxCompatible>(keyPath: String) throws(UnboxError) -> T? {
        guard _fastPath(_isLive) else {
            return try _dictionaryValue(keyPath: keyPath, ifPresent: true, as: T.self)
        }
        var object = _object
        var value = _JSONCursor()
        let trace: _KeyPathTrace
        do throws(UnboxError) {
            trace = try _context._follow(keyPath, from: &object, into: &value)
        } catch  where error._meansAbsent {
            return nil
        }
        do throws(UnboxError) {
            if try _context._isNull(&value) { return nil }
            let result = try T._unbox(from: &value, context: _context)
            _context._keyPathRead()
            return result
        } catch {
            throw _context._prepending(keyPath: keyPath, trace, to: error)
        }
    }

    // MARK: Lossy collections

    /// Decodes an array, dropping the elements that fail to decode.
    ///
    /// ```swift
    /// let friends: [User] = try unboxer.unbox(key: "friends", allowInvalidElements: true)
    /// ```
    ///
    /// As in Unbox, collections nested in the elements drop their own invalid elements too (an
    /// element `[1, "x", 3]` of a `[[Int]]` becomes `[1, 3]`); a model's own fields stay strict.
    /// Malformed JSON is never skipped.
    ///
    /// - Parameters:
    ///   - key: The field's key.
    ///   - allowInvalidElements: Whether to drop invalid elements (`false`: any invalid element
    ///     fails the whole array).
    /// - Returns: The elements that decoded.
    /// - Throws: `UnboxError` if the key is missing or its value is not an array.
    @inlinable
    public func unbox<T: UnboxCompatible>(key: String, allowInvalidElements: Bool) throws(UnboxError) -> [T] {
        try _unbox(
            key: key,
            { (value) throws(UnboxError) in try [T]._unbox(from: &value, context: _context, lossy: allowInvalidElements)
            },
            any: { (v) throws(UnboxError) in try [T]._unbox(any: v, context: _context, lossy: allowInvalidElements) })
    }

    /// Decodes an array at a key path, dropping the elements that fail to decode.
    ///
    /// ```swift
    /// let friends: [User] = try unboxer.unbox(keyPath: "profile.friends", allowInvalidElements: true)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The path from this object to the array.
    ///   - allowInvalidElements: Whether to drop invalid elements.
    /// - Returns: The elements that decoded.
    /// - Throws: `UnboxError` if a step is missing or the value is not an array.
    @inlinable
    public func unbox<T: UnboxCompatible>(keyPath: String, allowInvalidElements: Bool) throws(UnboxError) -> [T] {
        try _unbox(
            keyPath: keyPath,
            { (value) throws(UnboxError) in try [T]._unbox(from: &value, context: _context, lossy: allowInvalidElements)
            },
            any: { (v) throws(UnboxError) in try [T]._unbox(any: v, context: _context, lossy: allowInvalidElements) })
    }

    /// Decodes a set, dropping the elements that fail to decode.
    ///
    /// ```swift
    /// let tags: Set<String> = try unboxer.unbox(key: "tags", allowInvalidElements: true)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The field's key; its value is an array (repeated elements count once).
    ///   - allowInvalidElements: Whether to drop invalid elements.
    /// - Returns: The elements that decoded.
    /// - Throws: `UnboxError` if the key is missing or its value is not an array.
    @inlinable
    public func unbox<T: UnboxCompatible & Hashable>(key: String, allowInvalidElements: Bool) throws(UnboxError)
        -> Set<T>
    {
        Set(try unbox(key: key, allowInvalidElements: allowInvalidElements) as [T])
    }

    /// Decodes a set at a key path, dropping the elements that fail to decode.
    ///
    /// ```swift
    /// let tags: Set<String> = try unboxer.unbox(keyPath: "meta.tags", allowInvalidElements: true)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The path from this object to the array.
    ///   - allowInvalidElements: Whether to drop invalid elements.
    /// - Returns: The elements that decoded.
    /// - Throws: `UnboxError` if a step is missing or the value is not an array.
    @inlinable
    public func unbox<T: UnboxCompatible & Hashable>(keyPath: String, allowInvalidElements: Bool)
        throws(UnboxError) -> Set<T>
    {
        Set(try unbox(keyPath: keyPath, allowInvalidElements: allowInvalidElements) as [T])
    }

    /// Decodes a dictionary, dropping the entries whose keys or values fail to decode.
    ///
    /// ```swift
    /// let scores: [String: Int] = try unboxer.unbox(key: "scores", allowInvalidElements: true)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The field's key.
    ///   - allowInvalidElements: Whether to drop invalid entries.
    /// - Returns: The entries that decoded.
    /// - Throws: `UnboxError` if the key is missing or its value is not an object.
    @inlinable
    public func unbox<K: UnboxableKey, T: UnboxCompatible>(key: String, allowInvalidElements: Bool) throws(UnboxError)
        -> [K: T]
    {
        try _unbox(
            key: key,
            { (v) throws(UnboxError) in
                try [K: T]._unbox(from: &v, context: _context, allowInvalidElements: allowInvalidElements)
            },
            any: { (v) throws(UnboxError) in try [K: T]._unbox(any: v, context: _context, lossy: allowInvalidElements) }
        )
    }

    /// Decodes a dictionary at a key path, dropping the entries whose keys or values fail to
    /// decode.
    ///
    /// ```swift
    /// let scores: [String: Int] = try unboxer.unbox(keyPath: "game.scores", allowInvalidElements: true)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The path from this object to the dictionary.
    ///   - allowInvalidElements: Whether to drop invalid entries.
    /// - Returns: The entries that decoded.
    /// - Throws: `UnboxError` if a step is missing or the value is not an object.
    @inlinable
    public func unbox<K: UnboxableKey, T: UnboxCompatible>(keyPath: String, allowInvalidElements: Bool)
        throws(UnboxError)
        -> [K: T]
    {
        try _unbox(
            keyPath: keyPath,
            { (v) throws(UnboxError) in
                try [K: T]._unbox(from: &v, context: _context, allowInvalidElements: allowInvalidElements)
            },
            any: { (v) throws(UnboxError) in try [K: T]._unbox(any: v, context: _context, lossy: allowInvalidElements) }
        )
    }

    // MARK: Free-form objects

    /// Decodes an object as a `[String: Any]`, as `JSONSerialization` would have made it
    /// (`NSNull`, `Bool`, `Int`, `UInt64` or `Double`, `String`, `[Any]`, `[String: Any]`).
    ///
    /// ```swift
    /// let metadata: [String: Any] = try unboxer.unbox(key: "metadata")
    /// ```
    ///
    /// ``JSONValue`` holds the same, typed, and checks it as it reads it.
    ///
    /// - Parameter key: The field's key.
    /// - Returns: The object.
    /// - Throws: `UnboxError` if the key is missing or its value is not an object.
    @inlinable
    public func unbox(key: String) throws(UnboxError) -> UnboxableDictionary {
        try _unbox(
            key: key, { (v) throws(UnboxError) in try _context._foundationObject(from: &v) },
            any: { (v) throws(UnboxError) in try _context._foundationObject(any: v) })
    }

    /// Decodes the object at a key path as a `[String: Any]`.
    ///
    /// ```swift
    /// let settings: [String: Any] = try unboxer.unbox(keyPath: "user.settings")
    /// ```
    ///
    /// - Parameter keyPath: The path from this object to the value.
    /// - Returns: The object.
    /// - Throws: `UnboxError` if a step is missing or the value is not an object.
    @inlinable
    public func unbox(keyPath: String) throws(UnboxError) -> UnboxableDictionary {
        try _unbox(
            keyPath: keyPath, { (v) throws(UnboxError) in try _context._foundationObject(from: &v) },
            any: { (v) throws(UnboxError) in try _context._foundationObject(any: v) })
    }

    // MARK: Context

    /// Decodes an `UnboxableWithContext` model, passing `context` to it.
    ///
    /// ```swift
    /// let author: Author = try unboxer.unbox(key: "author", context: database)
    /// ```
    @inlinable
    public func unbox<T: UnboxableWithContext>(key: String, context: T.UnboxContext) throws(UnboxError) -> T {
        try _unbox(
            key: key, { (v) throws(UnboxError) in try T._unbox(from: &v, context: _context, with: context) },
            any: { (v) throws(UnboxError) in try T._unbox(any: v, context: _context, with: context) })
    }

    /// Decodes an `UnboxableWithContext` model at a key path, passing `context` to it.
    @inlinable
    public func unbox<T: UnboxableWithContext>(keyPath: String, context: T.UnboxContext) throws(UnboxError) -> T {
        try _unbox(
            keyPath: keyPath, { (v) throws(UnboxError) in try T._unbox(from: &v, context: _context, with: context) },
            any: { (v) throws(UnboxError) in try T._unbox(any: v, context: _context, with: context) })
    }

    /// Decodes an array of `UnboxableWithContext` models, passing `context` to each.
    ///
    /// ```swift
    /// let comments: [Comment] = try unboxer.unbox(key: "comments", context: post)
    /// ```
    @inlinable
    public func unbox<T: UnboxableWithContext>(
        key: String, context: T.UnboxContext, allowInvalidElements: Bool = false
    ) throws(UnboxError) -> [T] {
        try _unbox(
            key: key,
            { (value) throws(UnboxError) in
                try _context._array(from: &value, allowInvalidElements: allowInvalidElements) {
                    (v) throws(UnboxError) in
                    try T._unbox(from: &v, context: _context, with: context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._array(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try T._unbox(any: element, context: _context, with: context)
                }
            })
    }

    /// Decodes an array of `UnboxableWithContext` models at a key path, passing `context` to each.
    @inlinable
    public func unbox<T: UnboxableWithContext>(
        keyPath: String, context: T.UnboxContext, allowInvalidElements: Bool = false
    ) throws(UnboxError) -> [T] {
        try _unbox(
            keyPath: keyPath,
            { (value) throws(UnboxError) in
                try _context._array(from: &value, allowInvalidElements: allowInvalidElements) {
                    (v) throws(UnboxError) in
                    try T._unbox(from: &v, context: _context, with: context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._array(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try T._unbox(any: element, context: _context, with: context)
                }
            })
    }

    /// Decodes a dictionary of `UnboxableWithContext` models, passing `context` to each.
    ///
    /// ```swift
    /// let commentsByID: [String: Comment] = try unboxer.unbox(key: "comments", context: post)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The field's key; its value is an object whose values are objects.
    ///   - context: The value passed to each model.
    ///   - allowInvalidElements: Whether to drop the entries that fail to decode.
    /// - Returns: The models, by key.
    /// - Throws: `UnboxError` if the key is missing, its value is not an object, or a model fails.
    @inlinable
    public func unbox<K: UnboxableKey, T: UnboxableWithContext>(
        key: String, context: T.UnboxContext, allowInvalidElements: Bool = false
    ) throws(UnboxError) -> [K: T] {
        try _unbox(
            key: key,
            { (value) throws(UnboxError) in
                try _context._dictionary(from: &value, lossy: allowInvalidElements) { (v) throws(UnboxError) in
                    try T._unbox(from: &v, context: _context, with: context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._dictionary(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try T._unbox(any: element, context: _context, with: context)
                }
            })
    }

    /// Decodes a dictionary of `UnboxableWithContext` models at a key path, passing `context` to
    /// each.
    ///
    /// ```swift
    /// let commentsByID: [String: Comment] = try unboxer.unbox(keyPath: "post.comments", context: post)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The path from this object to the dictionary.
    ///   - context: The value passed to each model.
    ///   - allowInvalidElements: Whether to drop the entries that fail to decode.
    /// - Returns: The models, by key.
    /// - Throws: `UnboxError` if a step is missing, the value is not an object, or a model fails.
    @inlinable
    public func unbox<K: UnboxableKey, T: UnboxableWithContext>(
        keyPath: String, context: T.UnboxContext, allowInvalidElements: Bool = false
    ) throws(UnboxError) -> [K: T] {
        try _unbox(
            keyPath: keyPath,
            { (value) throws(UnboxError) in
                try _context._dictionary(from: &value, lossy: allowInvalidElements) { (v) throws(UnboxError) in
                    try T._unbox(from: &v, context: _context, with: context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._dictionary(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try T._unbox(any: element, context: _context, with: context)
                }
            })
    }

    // MARK: Formatters

    /// Decodes the field's raw value and formats it with `formatter`.
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.dateFormat = "yyyy-MM-dd"
    /// let launched: Date = try unboxer.unbox(key: "launchDate", formatter: formatter)
    /// ```
    ///
    /// - Throws: `UnboxError` with `.invalidValue` when the formatter returns `nil`.
    @inlinable
    public func unbox<F: UnboxFormatter>(key: String, formatter: F) throws(UnboxError) -> F.UnboxFormattedType {
        try _unbox(
            key: key, { (v) throws(UnboxError) in try formatter._format(from: &v, context: _context) },
            any: { (v) throws(UnboxError) in try formatter._format(any: v, context: _context) })
    }

    /// Decodes the raw value at a key path and formats it with `formatter`.
    @inlinable
    public func unbox<F: UnboxFormatter>(keyPath: String, formatter: F) throws(UnboxError) -> F.UnboxFormattedType {
        try _unbox(
            keyPath: keyPath, { (v) throws(UnboxError) in try formatter._format(from: &v, context: _context) },
            any: { (v) throws(UnboxError) in try formatter._format(any: v, context: _context) })
    }

    /// Decodes an array of raw values and formats each with `formatter`.
    ///
    /// ```swift
    /// let dates: [Date] = try unboxer.unbox(key: "dates", formatter: formatter)
    /// ```
    @inlinable
    public func unbox<F: UnboxFormatter>(key: String, formatter: F, allowInvalidElements: Bool = false)
        throws(UnboxError)
        -> [F.UnboxFormattedType]
    {
        try _unbox(
            key: key,
            { (value) throws(UnboxError) in
                try _context._array(from: &value, allowInvalidElements: allowInvalidElements) {
                    (v) throws(UnboxError) in
                    try formatter._format(from: &v, context: _context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._array(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try formatter._format(any: element, context: _context)
                }
            })
    }

    /// Decodes an array of raw values at a key path and formats each with `formatter`.
    @inlinable
    public func unbox<F: UnboxFormatter>(keyPath: String, formatter: F, allowInvalidElements: Bool = false)
        throws(UnboxError)
        -> [F.UnboxFormattedType]
    {
        try _unbox(
            keyPath: keyPath,
            { (value) throws(UnboxError) in
                try _context._array(from: &value, allowInvalidElements: allowInvalidElements) {
                    (v) throws(UnboxError) in
                    try formatter._format(from: &v, context: _context)
                }
            },
            any: { (v) throws(UnboxError) in
                try _context._array(any: v, lossy: allowInvalidElements) { (element) throws(UnboxError) in
                    try formatter._format(any: element, context: _context)
                }
            })
    }

    /// Decodes the field's raw value and formats it with `formatter`, or returns `nil` when the
    /// key is missing or the value is `null`.
    @inlinable
    public func unboxIfPresent<F: UnboxFormatter>(key: String, formatter: F) throws(UnboxError)
        -> F.UnboxFormattedType?
    {
        guard _fastPath(_isLive) else {
            return try _dictionaryRead(key: key, ifPresent: true) { (v) throws(UnboxError) in
                try formatter._format(any: v, context: _context)
            }
        }
        return try _unboxIfPresent(key: key) { (value) throws(UnboxError) in
            try formatter._format(from: &value, context: _context)
        }
    }
}

// Core knows nothing of `Unboxer`: the Unbox layer makes its unboxers over Core's cursors.
extension _DecodingContext {
    /// Runs `body` with an `Unboxer` over `object`, live only while `body` runs.
    @inlinable
    func _withUnboxer<R>(_ object: _ObjectCursor, _ body: (Unboxer) throws -> R) throws(UnboxError) -> R {
        try _enter()
        let saved = _state.pointee.activeToken
        _state.pointee.lastToken &+= 1
        let token = _state.pointee.lastToken
        _state.pointee.activeToken = token
        defer {
            _state.pointee.activeToken = _state.pointee.broken ? 0 : saved
            _leave()
        }
        do {
            return try body(Unboxer(_context: self, _object: object, _token: token))
        } catch {
            // The model's own code throws untyped errors: SimdUnbox's reach it as `UnboxError`s
            // already (a cast, only on this failure path); the caller's own travel inside one.
            throw UnboxError._wrapping(error)
        }
    }
}
