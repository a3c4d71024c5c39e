extension Array: UnboxCompatible where Element: UnboxCompatible {
    /// Decodes a JSON array element by element, straight into the array. Arrays of `Double` and
    /// `Int` are read in bulk.
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> [Element]
    {
        if Element.self == Double.self {
            return unsafeBitCast(try context._doubles(from: &value), to: [Element].self)
        }
        if Element.self == Int64.self || (Element.self == Int.self && Int.bitWidth == 64) {
            return unsafeBitCast(try context._integers(from: &value), to: [Element].self)
        }
        return try context._array(from: &value) { (v) throws(UnboxError) in
            try Element._unbox(from: &v, context: context)
        }
    }
}

/// A type that can be a key of a dictionary SimdUnbox decodes, made from a JSON object's key.
///
/// `String` conforms. Conform your own key types to decode `[Key: Value]` directly:
///
/// ```swift
/// struct Locale: Hashable, UnboxableKey {
///     let identifier: String
///     static func transform(unboxedKey: String) -> Locale? { Locale(identifier: unboxedKey) }
/// }
/// let titles: [Locale: String] = try unboxer.unbox(key: "titles")
/// ```
public protocol UnboxableKey: Hashable {
    /// Makes a key from a JSON object's key, or returns `nil` when it is not one (an invalid value).
    static func transform(unboxedKey: String) -> Self?
}

extension String: UnboxableKey {
    @inlinable
    public static func transform(unboxedKey: String) -> String? { unboxedKey }
}

extension Dictionary: UnboxCompatible where Key: UnboxableKey, Value: UnboxCompatible {
    /// Decodes a JSON object field by field. When a key appears twice, the last value wins.
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> [Key:
        Value]
    {
        try _unbox(from: &value, context: context, allowInvalidElements: false)
    }

    @inlinable
    static func _unbox(from value: inout _JSONCursor, context: _DecodingContext, allowInvalidElements: Bool)
        throws(UnboxError)
        -> [Key: Value]
    {
        if allowInvalidElements {
            return try context._dictionary(from: &value, lossy: true) { (v) throws(UnboxError) in
                try Value._unboxLossy(from: &v, context: context)
            }
        }
        var result: [Key: Value] = [:]
        try context._fields(from: &value) {
            (key, element) throws(UnboxError) in
            guard let transformed = Key.transform(unboxedKey: key) else {
                throw context._invalidValueError(
                    "\"\(key)\" is not a valid \(Key.self) key", offset: context._currentOffset())
            }
            result[transformed] = try Value._unbox(from: &element, context: context)
        }
        return result
    }
}

// MARK: - Lossy collections and `[String: Any]` input

extension Array where Element: UnboxCompatible {
    /// Decodes a JSON array, dropping the elements that fail to decode when `lossy` (and passing
    /// `lossy` on to the collections nested in them).
    @inlinable
    static func _unbox(from value: inout _JSONCursor, context: _DecodingContext, lossy: Bool) throws(UnboxError)
        -> [Element]
    {
        if lossy {
            return try context._array(from: &value, allowInvalidElements: true) { (v) throws(UnboxError) in
                try Element._unboxLossy(from: &v, context: context)
            }
        }
        return try context._array(from: &value) { (v) throws(UnboxError) in
            try Element._unbox(from: &v, context: context)
        }
    }

    /// Decodes an array, dropping its invalid elements and those of the collections nested in it.
    @inlinable
    public static func _unboxLossy(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> [Element]
    {
        try _unbox(from: &value, context: context, lossy: true)
    }

    /// Decodes an `[Any]` element by element.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError)
        -> [Element]
    {
        try context._array(any: value, lossy: lossy) { (element) throws(UnboxError) in
            try Element._unbox(any: element, context: context, lossy: lossy)
        }
    }
}

extension Dictionary where Key: UnboxableKey, Value: UnboxCompatible {
    /// Decodes an object, dropping the entries that fail to decode and passing that on to the
    /// collections nested in its values.
    @inlinable
    public static func _unboxLossy(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> [Key: Value]
    {
        try _unbox(from: &value, context: context, allowInvalidElements: true)
    }

    /// Decodes a `[String: Any]` entry by entry.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError)
        -> [Key: Value]
    {
        try context._dictionary(any: value, lossy: lossy) { (element) throws(UnboxError) in
            try Value._unbox(any: element, context: context, lossy: lossy)
        }
    }
}

extension Set: UnboxCompatible where Element: UnboxCompatible {
    /// Decodes a JSON array into a set: an element repeated counts once.
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> Set<Element>
    {
        Set(try [Element]._unbox(from: &value, context: context))
    }

    /// Decodes a JSON array into a set, dropping the elements that fail to decode.
    @inlinable
    public static func _unboxLossy(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> Set<Element>
    {
        Set(try [Element]._unbox(from: &value, context: context, lossy: true))
    }

    /// Decodes an `[Any]` into a set.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError)
        -> Set<Element>
    {
        Set(try [Element]._unbox(any: value, context: context, lossy: lossy))
    }
}

extension _DecodingContext {
    /// Decodes the `[Any]` `value` element by element with `decode`, dropping the elements that
    /// fail when `lossy`; an element's error gets its index.
    @usableFromInline
    func _array<Element>(any value: Any, lossy: Bool, _ decode: (Any) throws(UnboxError) -> Element)
        throws(UnboxError) -> [Element]
    {
        let kind = _AnyValue(value)
        guard case .array(let elements) = kind else { throw kind.mismatch(expected: JSONType.array.description) }
        try _enter()
        defer { _leave() }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for index in elements.indices {
            do throws(UnboxError) {
                result.append(try decode(elements[index]))
            } catch {
                if !lossy { throw _prepending(.index(index), to: error) }
            }
        }
        return result
    }

    /// Decodes the `[String: Any]` `value` entry by entry with `decode`, dropping the entries
    /// whose key or value fails when `lossy`; an entry's error gets its key.
    @usableFromInline
    func _dictionary<Key: UnboxableKey, Value>(
        any value: Any, lossy: Bool, _ decode: (Any) throws(UnboxError) -> Value
    ) throws(UnboxError) -> [Key: Value] {
        let kind = _AnyValue(value)
        guard case .object(let fields) = kind else { throw kind.mismatch(expected: JSONType.object.description) }
        try _enter()
        defer { _leave() }
        var result: [Key: Value] = [:]
        result.reserveCapacity(fields.count)
        for (key, element) in fields {
            do throws(UnboxError) {
                guard let transformed = Key.transform(unboxedKey: key) else {
                    throw UnboxError(reason: .invalidValue("\"\(key)\" is not a valid \(Key.self) key"))
                }
                result[transformed] = try decode(element)
            } catch {
                if !lossy { throw _prepending(.key(key), to: error) }
            }
        }
        return result
    }

    /// Decodes a JSON object entry by entry with `decode`, dropping the entries whose key or value
    /// fails when `lossy`.
    @inlinable
    func _dictionary<Key: UnboxableKey, Value>(
        from value: inout _JSONCursor, lossy: Bool, _ decode: (inout _JSONCursor) throws(UnboxError) -> Value
    ) throws(UnboxError) -> [Key: Value] {
        var result: [Key: Value] = [:]
        try _fields(from: &value, allowInvalidElements: lossy) { (key, element) throws(UnboxError) in
            guard let transformed = Key.transform(unboxedKey: key) else {
                throw _invalidValueError("\"\(key)\" is not a valid \(Key.self) key", offset: _currentOffset())
            }
            result[transformed] = try decode(&element)
        }
        return result
    }

    /// Decodes a JSON object as `JSONSerialization` would have made it.
    @usableFromInline
    func _foundationObject(from value: inout _JSONCursor) throws(UnboxError) -> [String: Any] {
        let offset = _offset(of: &value)
        let json = try _jsonValue(from: &value)
        guard case .object = json, let object = json._foundationValue as? [String: Any] else {
            throw UnboxError(
                reason: .typeMismatch(expected: JSONType.object.description, found: json.type), byteOffset: offset)
        }
        return object
    }

    /// A `[String: Any]` value that must be an object, checked to hold JSON values only.
    @usableFromInline
    func _foundationObject(any value: Any) throws(UnboxError) -> [String: Any] {
        let kind = _AnyValue(value)
        guard case .object(let object) = kind else { throw kind.mismatch(expected: JSONType.object.description) }
        return object
    }
}
