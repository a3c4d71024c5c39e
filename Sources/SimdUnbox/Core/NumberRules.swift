import Foundation

// MARK: - Number rules

/// Where the Unbox API and Foundation's `JSONDecoder` turn the same number text into different
/// values, the rule each follows. Everything else about numbers is the same for both and is
/// written once in ``NumberRules``.
enum NumberPolicy: Sendable {
    /// The Unbox API's (and ``JSONNumber``'s): nothing is rounded, truncated or wrapped. An
    /// integer must be whole (`1e3` and `2.50e1` are 1000 and 25, `1.5` is refused) and fit its
    /// type exactly.
    case exact
    /// Foundation's `JSONDecoder`'s: plain digits exactly; otherwise the number must be a whole
    /// `Double` (`1e3` is 1000, `2.5` is refused). Below 2^53 in magnitude that `Double` is the
    /// value; beyond, the value comes through `Decimal`, whose 64-bit mantissa must hold the
    /// significant digits and whose division truncates what `Double` rounded away. A non-zero
    /// number that rounds to zero as a `Double` or `Float` (`1e-400`) is refused.
    case foundation
}

/// Why number text did not convert under a ``NumberPolicy``.
enum NumberConversionFailure: Error, Equatable {
    /// The number has a fraction that the policy does not drop (`1.5` as an integer, `.exact`).
    case notWhole
    /// The number is beyond the type's range, or rounds to zero without being zero.
    case outOfRange
}

/// JSON number text and its conversions to Swift numbers, for every layer: the Unbox API reads
/// with ``NumberPolicy/exact``, `SimdJSONDecoder` with ``NumberPolicy/foundation``, and
/// ``JSONNumber`` with `.exact`. These are the slow paths: the shim converts the common numbers
/// (64-bit integers, doubles of up to 19 significant digits) itself, and only what it leaves
/// comes here as text.
enum NumberRules {
    /// Converts number text to an integer of type `T` under `policy`.
    static func integer<T: FixedWidthInteger>(_: T.Type, fromText text: String, policy: NumberPolicy)
        throws(NumberConversionFailure) -> T
    {
        if let exact = T(text) { return exact }
        switch policy {
        case .exact:
            guard let digits = wholeNumberDigits(text) else { throw .notWhole }
            guard let exact = T(digits) else { throw .outOfRange }
            return exact
        case .foundation:
            if let double = Double(text) {
                guard let exact = T(exactly: double) else {
                    throw double.rounded(.towardZero) == double ? .outOfRange : .notWhole
                }
                if double.magnitude < 9_007_199_254_740_992 { return exact }
            }
            guard let result = integerThroughDecimal(T.self, text) else { throw .outOfRange }
            return result
        }
    }

    /// Converts number text to the nearest `Double` (correctly rounded) under `policy`: never
    /// infinite, and under `.foundation` not zero unless the text is zero.
    static func double(fromText text: String, policy: NumberPolicy) throws(NumberConversionFailure) -> Double {
        guard let result = Double(text), result.isFinite else { throw .outOfRange }
        if policy == .foundation && result == 0 && !isZero(text) { throw .outOfRange }
        return result
    }

    /// Converts number text to the nearest `Float` (rounding the text once, as `strtof` does):
    /// never infinite, and under `.foundation` not zero unless the text is zero.
    static func float(fromText text: String, policy: NumberPolicy) throws(NumberConversionFailure) -> Float {
        guard let result = Float(text), result.isFinite else { throw .outOfRange }
        if policy == .foundation && result == 0 && !isZero(text) { throw .outOfRange }
        return result
    }

    /// Converts number text to a `Decimal`, exact up to its 38 significant digits; nil beyond
    /// its exponent range.
    static func decimal(fromText text: String) -> Decimal? {
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
            return nil
        }
        return decimal
    }

    /// Whether `text` is a number in JSON's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var next = bytes.next()
        func isDigit(_ byte: UInt8?) -> Bool {
            byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
        }
        if next == UInt8(ascii: "-") { next = bytes.next() }
        guard isDigit(next) else { return false }
        if next == UInt8(ascii: "0") {
            next = bytes.next()
        } else {
            while isDigit(next) { next = bytes.next() }
        }
        if next == UInt8(ascii: ".") {
            next = bytes.next()
            guard isDigit(next) else { return false }
            while isDigit(next) { next = bytes.next() }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            next = bytes.next()
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { next = bytes.next() }
            guard isDigit(next) else { return false }
            while isDigit(next) { next = bytes.next() }
        }
        return next == nil
    }

    /// Whether JSON number text is zero, as opposed to a non-zero number that rounds to zero
    /// (`1e-400`): no digit other than 0 before the exponent.
    static func isZero(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: continue
            }
        }
        return true
    }

    /// The plain integer digits (with a leading `-` if negative) of JSON number text whose value
    /// is whole, such as "1000" for `1e3` or "25" for `2.50e1`; nil if the value has a fraction.
    /// Values with more than 40 digits are returned as such and fail every integer conversion.
    static func wholeNumberDigits(_ text: String) -> String? {
        guard let parts = Parts(text) else { return nil }
        if parts.digits.isEmpty { return "0" }
        guard parts.scale >= 0 else { return nil }
        var ascii = parts.digits.map { $0 + UInt8(ascii: "0") }
        ascii.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: min(parts.scale, 41)))
        let digits = String(decoding: ascii, as: UTF8.self)
        return parts.isNegative ? "-" + digits : digits
    }

    /// Foundation's conversion through `Decimal`: the digits without trailing zeros (as `Decimal`
    /// keeps them) must fit in 64 bits, then the exponent is applied (dividing truncates).
    static func integerThroughDecimal<T: FixedWidthInteger>(_: T.Type, _ text: String) -> T? {
        guard let parts = Parts(text) else { return nil }
        if parts.isNegative && !T.isSigned && !parts.digits.isEmpty { return nil }
        guard parts.digits.count <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in parts.digits {
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow1 && !overflow2 else { return nil }
            magnitude = sum
        }
        if parts.scale < 0 {
            for _ in 0..<min(-parts.scale, 21) { magnitude /= 10 }
        } else if magnitude != 0 {
            for _ in 0..<parts.scale {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = product
            }
        }
        guard let sized = T(exactly: magnitude) else { return nil }
        if parts.isNegative {
            let (negated, overflow) = T.zero.subtractingReportingOverflow(sized)
            return overflow ? nil : negated
        }
        return sized
    }

    /// JSON number text taken apart: its sign, its significant digits (values 0 to 9, without
    /// leading or trailing zeros; none for zero) and the power of ten that scales them (`2.50e1`
    /// is 25 × 10^0, `1e3` is 1 × 10^3, `0.05` is 5 × 10^-2). Exponents are capped at 100 000.
    struct Parts {
        var isNegative = false
        var digits: [UInt8] = []
        var scale = 0

        init?(_ text: String) {
            var fractionDigits = 0
            var exponent = 0
            var exponentIsNegative = false
            var part = 0  // 0: integer part, 1: fraction, 2: exponent
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "-") where part == 0: isNegative = true
                case UInt8(ascii: "-"): exponentIsNegative = true
                case UInt8(ascii: "+"): break
                case UInt8(ascii: "."): part = 1
                case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let digit = byte - UInt8(ascii: "0")
                    if part == 2 {
                        exponent = min(exponent * 10 + Int(digit), 100_000)
                    } else {
                        if !(digits.isEmpty && digit == 0) { digits.append(digit) }
                        if part == 1 { fractionDigits += 1 }
                    }
                default: return nil
                }
            }
            scale = (exponentIsNegative ? -exponent : exponent) - fractionDigits
            while let last = digits.last, last == 0 {
                digits.removeLast()
                scale += 1
            }
        }
    }
}
