import CSimdJSON
import Foundation

/// Formats a raw JSON value into another type, as a reusable object: the way to decode `Date`s
/// with a `DateFormatter`, or any type whose parsing needs configuration.
///
/// ```swift
/// struct CurrencyFormatter: UnboxFormatter {
///     func format(unboxedValue: String) -> Currency? { Currency(code: unboxedValue) }
/// }
///
/// let price: Currency = try unboxer.unbox(key: "price", formatter: CurrencyFormatter())
///
/// let dates = DateFormatter()
/// dates.dateFormat = "yyyy-MM-dd"
/// let launched: Date = try unboxer.unbox(key: "launchDate", formatter: dates)
/// ```
///
/// A formatter that returns `nil` makes an invalid value (`UnboxError.Reason.invalidValue`).
public protocol UnboxFormatter {
    /// The type of the raw JSON value, such as `String`.
    associatedtype UnboxRawValueType: UnboxCompatible
    /// The type the formatter makes.
    associatedtype UnboxFormattedType

    /// Formats the raw JSON value, or returns `nil` when it is not acceptable.
    func format(unboxedValue: UnboxRawValueType) -> UnboxFormattedType?
}

extension UnboxFormatter {
    @inlinable
    func _format(from value: inout csimdjson_value, context: _DecodingContext) throws -> UnboxFormattedType {
        let rawValue = try UnboxRawValueType._unbox(from: &value, context: context)
        guard let result = format(unboxedValue: rawValue) else {
            throw context._invalidValueError(
                "\(Self.self) could not format \(rawValue)", offset: context._offset(of: &value))
        }
        return result
    }
}

extension DateFormatter: UnboxFormatter {
    /// Parses a date with the formatter's format.
    public func format(unboxedValue: String) -> Date? {
        date(from: unboxedValue)
    }
}

extension ISO8601DateFormatter: UnboxFormatter {
    /// Parses an ISO 8601 date with the formatter's options.
    public func format(unboxedValue: String) -> Date? {
        date(from: unboxedValue)
    }
}
