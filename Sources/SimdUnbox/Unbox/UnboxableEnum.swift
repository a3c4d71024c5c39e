import Foundation

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

    /// Decodes the raw value from a `[String: Any]`'s value, then the case.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self {
        let rawValue = try RawValue._unbox(any: value, context: context, lossy: lossy)
        guard let result = Self(rawValue: rawValue) else {
            throw UnboxError(reason: .invalidValue("\(rawValue) is not a \(Self.self)"))
        }
        return result
    }
}

/// A type decoded by transforming a raw JSON value of another type.
///
/// ```swift
/// struct UniqueIdentifier: UnboxableByTransform {
///     typealias UnboxRawValue = String
///     let identifierString: String
///
///     static func transform(unboxedValue: String) -> UniqueIdentifier? {
///         UUID(uuidString: unboxedValue).map { UniqueIdentifier(identifierString: $0.uuidString) }
///     }
/// }
/// ```
///
/// A transform that returns `nil` makes an invalid value (`UnboxError.Reason.invalidValue`).
/// SimdUnbox's `URL` and `CGFloat` conform, from a string and a number.
public protocol UnboxableByTransform: UnboxCompatible {
    /// The type of the raw JSON value, such as `String` or `Int`.
    associatedtype UnboxRawValue: UnboxCompatible

    /// Makes a value from the raw JSON value, or returns `nil` when it is not acceptable.
    ///
    /// - Parameter unboxedValue: The raw value read from the input.
    /// - Returns: The value, or nil to reject the raw value.
    static func transform(unboxedValue: UnboxRawValue) -> Self?
}

extension UnboxableByTransform {
    /// Unbox 1's name of `UnboxRawValue`.
    @available(*, deprecated, renamed: "UnboxRawValue")
    public typealias UnboxRawValueType = UnboxRawValue

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        let rawValue = try UnboxRawValue._unbox(from: &value, context: context)
        guard let result = transform(unboxedValue: rawValue) else {
            throw context._invalidValueError(
                "\(Self.self).transform(unboxedValue:) rejected \(rawValue)", offset: context._offset(of: &value))
        }
        return result
    }

    /// Decodes the raw value from a `[String: Any]`'s value, then transforms it.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self {
        let rawValue = try UnboxRawValue._unbox(any: value, context: context, lossy: lossy)
        guard let result = transform(unboxedValue: rawValue) else {
            throw UnboxError(reason: .invalidValue("\(Self.self).transform(unboxedValue:) rejected \(rawValue)"))
        }
        return result
    }
}

#if canImport(CoreGraphics) || os(Linux) || os(Windows)
    extension CGFloat: UnboxableByTransform {
        /// A `CGFloat` is decoded from a number.
        public typealias UnboxRawValue = Double

        /// Makes a `CGFloat` from a number.
        ///
        /// ```swift
        /// let opacity: CGFloat = try unboxer.unbox(key: "opacity")
        /// ```
        ///
        /// - Parameter unboxedValue: The number.
        /// - Returns: The number as a `CGFloat`.
        public static func transform(unboxedValue: Double) -> CGFloat? {
            CGFloat(unboxedValue)
        }
    }
#endif
