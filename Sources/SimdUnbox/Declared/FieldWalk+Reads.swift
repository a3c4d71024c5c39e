// The reads of a declared model's generated decoder: each decodes the current field's (or
// element's) value into one of the model's locals, an optional that stays nil until its key is
// met. A local that is already set means a duplicate key: the first value wins, at the cost of
// the test the read makes anyway, unless the model rejects duplicates.

import Foundation

/// Where a declared model's generated decoder reads a value: the field a `_FieldWalk` stands on,
/// or the element an `_ElementWalk` stands on.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
public protocol _DeclaredSource {
    /// The decode.
    var context: _DecodingContext { get }
    /// The current value.
    var value: _JSONCursor { get set }
    /// Whether a second value for a local already set is an error.
    var rejectsDuplicates: Bool { get }
    /// Whether the current value is `null` (consumed if so).
    mutating func isNull() throws(UnboxError) -> Bool
    /// `error` with the current key or index in front of its path.
    func prependingStep(_ error: UnboxError) -> UnboxError
    /// The error for a second value for a local already set.
    func duplicateError() -> UnboxError
    /// The error for a required value that is absent.
    func missingError(_ path: [UnboxPathComponent]) -> UnboxError
    /// Where this walk's errors start among the collected ones (-1: none).
    var _collectStart: Int { get set }
}

extension _FieldWalk: _DeclaredSource {
    @inlinable @inline(__always)
    public mutating func isNull() throws(UnboxError) -> Bool {
        if _fastPath(firstByte != UInt8(ascii: "n")) { return false }
        return try context._isNull(&value)
    }

    @inline(never)
    public func prependingStep(_ error: UnboxError) -> UnboxError { prependingKey(error) }

    @inline(never)
    public func duplicateError() -> UnboxError { duplicateKeyError() }

    @inline(never)
    public func missingError(_ path: [UnboxPathComponent]) -> UnboxError { missingKeyError(path) }
}

extension _DeclaredSource {
    /// Decodes the current value with `decode` into `slot`, unless `slot` is already set (a
    /// duplicate: the first value wins, or the error under `.reject`).
    ///
    /// - Parameters:
    ///   - slot: The model's local for the field.
    ///   - decode: Reads the value.
    /// - Throws: `UnboxError` with the current key or index in its path.
    @inlinable @inline(__always)
    public mutating func read<T>(
        _ slot: inout T?, _ decode: (inout _JSONCursor, _DecodingContext) throws(UnboxError) -> T
    ) throws(UnboxError) {
        if _slowPath(slot != nil) {
            if rejectsDuplicates { throw duplicateError() }
            return
        }
        do throws(UnboxError) {
            slot = try decode(&value, context)
        } catch {
            try collectOrThrow(error)
        }
    }

    /// Decodes the current value into `slot` as `T` (see `read(_:_:)`).
    ///
    /// - Parameter slot: The model's local for the field.
    /// - Throws: `UnboxError` with the current key or index in its path.
    @inlinable @inline(__always)
    public mutating func read<T: UnboxCompatible>(_ slot: inout T?) throws(UnboxError) {
        try read(&slot) { (value, context) throws(UnboxError) in try T._unbox(from: &value, context: context) }
    }

    /// Decodes the current value with `decode` into `slot`, the local of an optional property:
    /// `null` makes it `.some(nil)` (present, and nil).
    ///
    /// - Parameters:
    ///   - slot: The model's local for the field (nil: not met yet).
    ///   - decode: Reads a value that is not `null`.
    /// - Throws: `UnboxError` with the current key or index in its path.
    @inlinable @inline(__always)
    public mutating func readOptional<T>(
        _ slot: inout T??, _ decode: (inout _JSONCursor, _DecodingContext) throws(UnboxError) -> T
    ) throws(UnboxError) {
        if _slowPath(slot != nil) {
            if rejectsDuplicates { throw duplicateError() }
            return
        }
        do throws(UnboxError) {
            if try isNull() {
                slot = .some(nil)
            } else {
                slot = .some(try decode(&value, context))
            }
        } catch {
            try collectOrThrow(error)
        }
    }

    /// Decodes the current value into `slot` as `T?` (see `readOptional(_:_:)`).
    ///
    /// - Parameter slot: The model's local for the field.
    /// - Throws: `UnboxError` with the current key or index in its path.
    @inlinable @inline(__always)
    public mutating func readOptional<T: UnboxCompatible>(_ slot: inout T??) throws(UnboxError) {
        try readOptional(&slot) { (value, context) throws(UnboxError) in
            try T._unbox(from: &value, context: context)
        }
    }
}

/// The decoders the generated code passes to the reads for the properties that are not plain
/// `UnboxCompatible` values: dates, formatters, sets, lossy collections.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
public enum _DeclaredDecoders {
    /// A `Set` from a JSON array (a repeated element is kept once).
    ///
    /// - Parameters:
    ///   - value: The array.
    ///   - context: The decode.
    ///   - lossy: Whether an invalid element is dropped rather than an error.
    /// - Returns: The set.
    /// - Throws: `UnboxError` when the value is not an array or an element is invalid.
    @inlinable
    public static func set<Element: UnboxCompatible & Hashable>(
        _ value: inout _JSONCursor, _ context: _DecodingContext, lossy: Bool = false
    ) throws(UnboxError) -> Set<Element> {
        Set(try array(&value, context, lossy: lossy) as [Element])
    }

    /// An array, dropping the elements that fail to decode when `lossy`.
    ///
    /// - Parameters:
    ///   - value: The array.
    ///   - context: The decode.
    ///   - lossy: Whether an invalid element is dropped rather than an error.
    /// - Returns: The array.
    /// - Throws: `UnboxError` when the value is not an array (or an element is invalid and not
    ///   `lossy`).
    @inlinable
    public static func array<Element: UnboxCompatible>(
        _ value: inout _JSONCursor, _ context: _DecodingContext, lossy: Bool
    ) throws(UnboxError) -> [Element] {
        try context._array(from: &value, allowInvalidElements: lossy) { (element) throws(UnboxError) in
            try Element._unbox(from: &element, context: context)
        }
    }

    /// A dictionary, dropping the values that fail to decode when `lossy`.
    ///
    /// - Parameters:
    ///   - value: The object.
    ///   - context: The decode.
    ///   - lossy: Whether an invalid value is dropped rather than an error.
    /// - Returns: The dictionary.
    /// - Throws: `UnboxError` when the value is not an object (or a value is invalid and not
    ///   `lossy`).
    @inlinable
    public static func dictionary<Key: UnboxableKey, Value: UnboxCompatible>(
        _ value: inout _JSONCursor, _ context: _DecodingContext, lossy: Bool
    ) throws(UnboxError) -> [Key: Value] {
        try [Key: Value]._unbox(from: &value, context: context, allowInvalidElements: lossy)
    }

    /// A value formatted by `formatter` (see `UnboxFormatter`).
    ///
    /// - Parameters:
    ///   - value: The raw value.
    ///   - context: The decode.
    ///   - formatter: The formatter.
    /// - Returns: The formatted value.
    /// - Throws: `UnboxError` with `.invalidValue` when the formatter returns nil.
    @inlinable
    public static func formatted<F: UnboxFormatter>(
        _ value: inout _JSONCursor, _ context: _DecodingContext, _ formatter: F
    ) throws(UnboxError) -> F.UnboxFormattedType {
        try formatter._format(from: &value, context: context)
    }

    /// An array of values formatted by `formatter`.
    ///
    /// - Parameters:
    ///   - value: The array.
    ///   - context: The decode.
    ///   - formatter: The formatter.
    ///   - lossy: Whether an invalid element is dropped rather than an error.
    /// - Returns: The formatted values.
    /// - Throws: `UnboxError` when the value is not an array or an element is invalid.
    @inlinable
    public static func formattedArray<F: UnboxFormatter>(
        _ value: inout _JSONCursor, _ context: _DecodingContext, _ formatter: F, lossy: Bool
    ) throws(UnboxError) -> [F.UnboxFormattedType] {
        try context._array(from: &value, allowInvalidElements: lossy) { (element) throws(UnboxError) in
            try formatter._format(from: &element, context: context)
        }
    }

    /// A `JSONValue`, for the unknown keys a model keeps.
    @inlinable
    static func json(_ value: inout _JSONCursor, _ context: _DecodingContext) throws(UnboxError) -> JSONValue {
        try JSONValue._unbox(from: &value, context: context)
    }
}

extension _FieldWalk {
    /// Keeps the current field, which the model does not read, in `extras` (the
    /// `@UnboxUnknownKeys` property): its key unescaped, its value as a `JSONValue`. Of duplicate
    /// keys the first is kept (or the error under `.reject`).
    ///
    /// - Parameter extras: The model's local for its unknown keys.
    /// - Throws: `UnboxError` when the value is malformed, with the key in its path.
    @inline(never)
    public mutating func keepUnknown(in extras: inout [String: JSONValue]) throws(UnboxError) {
        let name = key.text
        if extras[name] != nil {
            if rejectsDuplicates { throw duplicateKeyError() }
            return
        }
        do throws(UnboxError) {
            extras[name] = try _DeclaredDecoders.json(&value, context)
        } catch {
            throw prependingKey(error)
        }
    }
}

/// A formatter kept in a static property of a declared model's generated code: formatters are
/// not `Sendable`, but the decoders only read them (SimdUnbox reads a formatter's settings once
/// per decode; see `UnboxFormatter`).
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
public final class _FormatterBox<Formatter>: @unchecked Sendable {
    /// The formatter.
    public let formatter: Formatter

    /// Keeps `formatter`.
    ///
    /// - Parameter formatter: The formatter the model's property names.
    public init(_ formatter: Formatter) { self.formatter = formatter }
}
