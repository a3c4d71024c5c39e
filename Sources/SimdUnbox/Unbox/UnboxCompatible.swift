/// A type SimdUnbox can decode straight from a JSON value, at any depth: as a field
/// (`unboxer.unbox(key:)`), as an array element, as a dictionary value or as a whole document
/// (`unbox(data:)`).
///
/// SimdUnbox provides the conformances: `Bool`; every `Int` and `UInt` width; `Double`; `Float`;
/// `CGFloat`; `String`; `URL`; `Decimal`; `JSONValue`; arrays, sets and `[Key: Value]`
/// dictionaries of `UnboxCompatible` values, nested to any depth; and every type that conforms to `Unboxable`,
/// `UnboxableEnum` or `UnboxableByTransform`. Make your own types decodable through one of those
/// three protocols rather than through this one, whose requirements are SimdUnbox's internals.
///
/// ```swift
/// let scores: [String: [Double]] = try unboxer.unbox(key: "scores")
/// let matrix: [[Int]] = try unbox(data: data)
/// ```
public protocol UnboxCompatible {
    /// Decodes a value from the cursor `value`. SimdUnbox's internal entry point.
    static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self

    /// Whether `_unbox(field:in:context:missing:)` finds and reads in one step without decoding
    /// any further value (the scalars): a key path's last key is then read that way.
    static var _readsFieldsFused: Bool { get }

    /// Finds the field `key` of `object` and decodes its value. SimdUnbox's internal entry point,
    /// which scalar types implement as one fused shim call.
    ///
    /// When `object` has no field `key`, an implementation may set `missing` and return any value
    /// instead of throwing: the caller, which knows the key, then throws the error once, with its
    /// path. (A key that `try?` probes and does not find is the common miss, and an error caught to
    /// add the key and thrown again was copied and destroyed several times over. Measured with
    /// scripts/instructions.sh, instructions per decode of 1 MB of orders: with six absent keys read
    /// by `try?`, 51.36M before, 47.49M after; in document order, 37.82M before, 36.32M after, the
    /// `do`/`catch` around a found field having become cheaper too; twitter.json 11.54M → 11.29M;
    /// citm_catalog.json, nearly all integers, 24.17M → 24.26M.)
    static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    )
        throws(UnboxError) -> Self

    /// Decodes a value from the cursor `value` for a collection read with
    /// `allowInvalidElements`: a collection drops its own invalid elements, and passes the same
    /// to the collections nested in it, as Unbox does. SimdUnbox's internal entry point; other
    /// types decode as `_unbox(from:context:)` does.
    static func _unboxLossy(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self

    /// Decodes a value of a `[String: Any]` (`unbox(dictionary:)`), dropping the invalid elements
    /// of collections when `lossy`. SimdUnbox's internal entry point.
    static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self
}

extension UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { false }

    @inlinable
    public static func _unboxLossy(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> Self
    {
        try _unbox(from: &value, context: context)
    }

    /// A type SimdUnbox does not know how to read from a `[String: Any]`.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self {
        throw UnboxError(reason: .misuse("\(Self.self) cannot be decoded from [String: Any] input"))
    }

    @inlinable
    public static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    ) throws(UnboxError) -> Self {
        var value = _JSONCursor()
        try key._withKeyBytes { (key) throws(UnboxError) in try context._field(key, in: &object, into: &value) }
        return try _unbox(from: &value, context: context)
    }
}
