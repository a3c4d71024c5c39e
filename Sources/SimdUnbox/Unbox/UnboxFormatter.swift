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
///
/// - Important: A `DateFormatter`'s or `ISO8601DateFormatter`'s settings (format, zone, locale,
///   calendar, options…) are read once per decode: on its first use in an `unbox(data:)` call, or
///   in a stream's batch of elements parsed together. Changes made between decodes are honoured;
///   changing a formatter while a decode that uses it runs (from a model's initializer, or from
///   another thread) is not supported, as Foundation does not support changing a formatter while
///   it parses either. Configure a formatter first, then share it.
public protocol UnboxFormatter {
    /// The type of the raw JSON value, such as `String`.
    associatedtype UnboxRawValue: UnboxCompatible
    /// The type the formatter makes.
    associatedtype UnboxFormattedType

    /// Formats the raw JSON value, or returns `nil` when it is not acceptable.
    func format(unboxedValue: UnboxRawValue) -> UnboxFormattedType?

    /// Reads and formats a JSON value (SimdUnbox's internals: the date formatters parse the raw
    /// bytes of a string here; other formatters read the raw value and call `format(unboxedValue:)`).
    func _format(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> UnboxFormattedType
}

extension UnboxFormatter {
    /// Unbox 1's name of `UnboxRawValue`.
    @available(*, deprecated, renamed: "UnboxRawValue")
    public typealias UnboxRawValueType = UnboxRawValue

    /// Reads a `[String: Any]`'s value as the raw value and formats it.
    public func _format(any value: Any, context: _DecodingContext) throws(UnboxError) -> UnboxFormattedType {
        let rawValue = try UnboxRawValue._unbox(any: value, context: context, lossy: false)
        guard let result = format(unboxedValue: rawValue) else {
            throw UnboxError(reason: .invalidValue("\(Self.self) could not format \(rawValue)"))
        }
        return result
    }
}

extension UnboxFormatter {
    /// Reads the raw value and formats it with `format(unboxedValue:)`.
    @inlinable
    public func _format(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> UnboxFormattedType
    {
        let rawValue = try UnboxRawValue._unbox(from: &value, context: context)
        guard let result = format(unboxedValue: rawValue) else {
            throw context._invalidValueError(
                "\(Self.self) could not format \(rawValue)", offset: context._offset(of: &value))
        }
        return result
    }
}

extension DateFormatter: UnboxFormatter {
    /// Parses a date with the formatter's format.
    ///
    /// Fixed-width numeric formats in the `en_US_POSIX` locale and the Gregorian calendar are
    /// parsed without the formatter's cost, with the same results; the formatter parses the rest.
    /// Called directly, it reads the formatter's settings on every call; a decode reads them once
    /// (see `UnboxFormatter`).
    public func format(unboxedValue: String) -> Date? {
        switch DateParsing.withUTF8(unboxedValue, nativeDate(from:)) {
        case .date(let date): return date
        case .invalid: return nil
        case .unknown: return date(from: unboxedValue)
        }
    }

    /// Parses the string's bytes as they lie in the parser, with the settings the decode read on
    /// the formatter's first use, making a `String` only for the formatter or an error.
    public func _format(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Date {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getString(context._parser.handle, &bytes, &count)
        guard _fastPath(code == .success) else {
            throw context._valueError(code, value: &value, expected: .string)
        }
        let result = context.nativeDateFormat(for: self).parse(UnsafeBufferPointer(start: bytes, count: count))
        if case .date(let date) = result { return date }
        let string = _Parser.string(bytes, count) { context._parser.strings }
        if case .unknown = result, let date = self.date(from: string) { return date }
        throw context._invalidValueError(
            "\(DateFormatter.self) could not format \(string)", offset: context._offset(of: &value))
    }
}

extension ISO8601DateFormatter: UnboxFormatter {
    /// Parses an ISO 8601 date with the formatter's options.
    ///
    /// With `.withInternetDateTime` (and `.withFractionalSeconds` or not), canonical timestamps are
    /// parsed without the formatter's cost, with the same results; the formatter parses the rest.
    public func format(unboxedValue: String) -> Date? {
        switch DateParsing.withUTF8(unboxedValue, nativeDate(from:)) {
        case .date(let date): return date
        case .invalid: return nil
        case .unknown: return date(from: unboxedValue)
        }
    }

    /// Parses the string's bytes as they lie in the parser, with the settings the decode read on
    /// the formatter's first use, making a `String` only for the formatter or an error.
    public func _format(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Date {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getString(context._parser.handle, &bytes, &count)
        guard _fastPath(code == .success) else {
            throw context._valueError(code, value: &value, expected: .string)
        }
        let result = context.nativeDateFormat(for: self).parse(UnsafeBufferPointer(start: bytes, count: count))
        if case .date(let date) = result { return date }
        let string = _Parser.string(bytes, count) { context._parser.strings }
        if case .unknown = result, let date = self.date(from: string) { return date }
        throw context._invalidValueError(
            "\(ISO8601DateFormatter.self) could not format \(string)", offset: context._offset(of: &value))
    }
}
