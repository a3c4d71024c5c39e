import Foundation

/// A JSON number, kept exactly as written, with conversions that never round silently.
///
/// ```swift
/// let number = JSONNumber("18446744073709551616")!   // 2^64: fits no 64-bit integer
/// number.text            // "18446744073709551616"
/// number.int64Value      // nil
/// number.decimalValue    // 18446744073709551616
/// number.doubleValue     // 1.8446744073709552e+19 (the nearest Double)
/// ```
///
/// Two numbers are equal when their text is equal: `1.0` and `1` are different JSON texts.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// The number as written in the document.
    public let text: String

    /// Makes a number from text in JSON's number grammar, or returns `nil` for anything else
    /// (`"+1"`, `"01"`, `".5"`, `"NaN"`).
    public init?(_ text: String) {
        guard NumberRules.isJSONNumber(text) else { return nil }
        self.text = text
    }

    init(validated text: String) {
        self.text = text
    }

    /// Makes a number from an integer.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        text = String(value)
    }

    /// Makes a number from a finite `Double`, written in its shortest exact form.
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON has no infinities or NaNs")
        text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    public var description: String { text }

    /// The nearest `Double` (correctly rounded), infinite when the number is beyond `Double`'s range.
    public var doubleValue: Double {
        Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
    }

    /// The number as an `Int64`, if it is whole and fits (`1e3` is 1000; `1.5` is `nil`).
    public var int64Value: Int64? { integerValue(Int64.self) }

    /// The number as a `UInt64`, if it is whole, not negative and fits.
    public var uint64Value: UInt64? { integerValue(UInt64.self) }

    /// The number as any integer type, if it is whole and fits.
    public func integerValue<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        try? NumberRules.integer(Integer.self, fromText: text, policy: .exact)
    }

    /// The number as a `Decimal`, exact up to `Decimal`'s 38 significant digits; `nil` beyond
    /// its exponent range.
    public var decimalValue: Decimal? {
        NumberRules.decimal(fromText: text)
    }
}
