/// An enum decoded from its raw value, of any `UnboxCompatible` type.
///
/// ```swift
/// enum Profession: Int, UnboxableEnum {
///     case developer
///     case astronaut
/// }
///
/// enum Status: String, UnboxableEnum {
///     case active, suspended
/// }
///
/// let profession: Profession = try unboxer.unbox(key: "profession")
/// ```
///
/// A raw value with no matching case is an invalid value (`UnboxError.Reason.invalidValue`).
public protocol UnboxableEnum: RawRepresentable, UnboxCompatible where RawValue: UnboxCompatible {}

extension UnboxableEnum {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        let rawValue = try RawValue._unbox(from: &value, context: context)
        guard let result = Self(rawValue: rawValue) else {
            throw context._invalidValueError("\(rawValue) is not a \(Self.self)", offset: context._offset(of: &value))
        }
        return result
    }
}

/// A type decoded by transforming a raw JSON value of another type.
///
/// ```swift
/// struct UniqueIdentifier: UnboxableByTransform {
///     typealias UnboxRawValueType = String
///     let identifierString: String
///
///     static func transform(unboxedValue: String) -> UniqueIdentifier? {
///         UUID(uuidString: unboxedValue).map { UniqueIdentifier(identifierString: $0.uuidString) }
///     }
/// }
/// ```
///
/// A transform that returns `nil` makes an invalid value (`UnboxError.Reason.invalidValue`).
public protocol UnboxableByTransform: UnboxCompatible {
    /// The type of the raw JSON value, such as `String` or `Int`.
    associatedtype UnboxRawValueType: UnboxCompatible

    /// Makes a value from the raw JSON value, or returns `nil` when it is not acceptable.
    static func transform(unboxedValue: UnboxRawValueType) -> Self?
}

extension UnboxableByTransform {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        let rawValue = try UnboxRawValueType._unbox(from: &value, context: context)
        guard let result = transform(unboxedValue: rawValue) else {
            throw context._invalidValueError(
                "\(Self.self).transform(unboxedValue:) rejected \(rawValue)", offset: context._offset(of: &value))
        }
        return result
    }
}
