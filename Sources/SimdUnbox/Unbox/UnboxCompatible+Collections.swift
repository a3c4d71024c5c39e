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
        var result: [Key: Value] = [:]
        try context._fields(from: &value, allowInvalidElements: allowInvalidElements) {
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
