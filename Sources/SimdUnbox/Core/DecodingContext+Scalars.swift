import Foundation

// Reading scalars. The fast path is one shim call; everything else (numbers written as strings,
// integers written with exponents, errors) is out of line.

extension _DecodingContext {
    // MARK: Strings and booleans

    @inlinable
    func _string(from value: inout _JSONCursor) throws(UnboxError) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getString(_parser.handle, &bytes, &count)
        guard _fastPath(code == .success) else { throw _valueError(code, value: &value, expected: .string) }
        return _Parser.string(bytes, count) { _parser.strings }
    }

    @inlinable
    func _bool(from value: inout _JSONCursor) throws(UnboxError) -> Bool {
        var result = false
        let code = value.getBool(&result)
        guard _fastPath(code == .success) else { throw _valueError(code, value: &value, expected: .bool) }
        return result
    }

    /// Consumes a `null` and returns true, or returns false without consuming anything.
    @inlinable
    func _isNull(_ value: inout _JSONCursor) throws(UnboxError) -> Bool {
        var result = false
        let code = value.isNull(&result)
        guard _fastPath(code == .success) else { throw _valueError(code, value: &value, expected: .null) }
        return result
    }

    @inlinable
    func _type(of value: inout _JSONCursor) throws(UnboxError) -> JSONType {
        var type: JSONType?
        let code = value.getType(&type)
        guard _fastPath(code == .success), let found = type else {
            throw _malformedError(code == .success ? .tapeError : code, offset: _offset(of: &value))
        }
        return found
    }

    /// The exact text of a number value, checked against JSON's number grammar.
    @usableFromInline
    func _numberText(from value: inout _JSONCursor) throws(UnboxError) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getNumberText(&bytes, &count)
        guard code == .success else { throw _valueError(code, value: &value, expected: .number) }
        return _validatedString(bytes, count)
    }

    // MARK: Integers

    @inlinable
    func _integer<Integer: FixedWidthInteger>(_: Integer.Type, from value: inout _JSONCursor) throws(UnboxError)
        -> Integer
    {
        if Integer.isSigned {
            var result: Int64 = 0
            let code = value.getInt64(&result)
            if _fastPath(code == .success) {
                if let exact = Integer(exactly: result) { return exact }
                throw _outOfRangeError("\(result) does not fit in \(Integer.self)", offset: _offset(of: &value))
            }
            return try _integerSlowPath(Integer.self, from: &value, code: code)
        } else {
            var result: UInt64 = 0
            let code = value.getUInt64(&result)
            if _fastPath(code == .success) {
                if let exact = Integer(exactly: result) { return exact }
                throw _outOfRangeError("\(result) does not fit in \(Integer.self)", offset: _offset(of: &value))
            }
            return try _integerSlowPath(Integer.self, from: &value, code: code)
        }
    }

    /// Integers that simdjson's 64-bit readers do not take directly: numbers with a fraction or
    /// exponent that are still whole (`2.0`, `1e3`), numbers out of range, numbers in strings.
    @inline(never)
    @usableFromInline
    func _integerSlowPath<Integer: FixedWidthInteger>(
        _: Integer.Type, from value: inout _JSONCursor, code: _SimdJSONError
    ) throws(UnboxError) -> Integer {
        guard
            code == .incorrectType || code == .numberOutOfRange || code == .numberError
        else { throw _valueError(code, value: &value, expected: .number, as: "an integer") }
        let offset = _offset(of: &value)
        switch try _type(of: &value) {
        case .number:
            return try _integer(Integer.self, fromNumberText: _numberText(from: &value), offset: offset)
        case .string:
            let text = try _string(from: &value)
            guard _isJSONNumber(text) else {
                throw _invalidValueError("\"\(text)\" is not a number (\(Integer.self))", offset: offset)
            }
            return try _integer(Integer.self, fromNumberText: text, offset: offset)
        case let found:
            throw _mismatchError(expected: "an integer", found: found, value: &value, offset: offset)
        }
    }

    /// Converts JSON number text to an integer exactly: `1e3` and `2.50e1` are whole, `1.5` is
    /// not, and nothing is rounded, truncated or wrapped.
    @usableFromInline
    func _integer<Integer: FixedWidthInteger>(_: Integer.Type, fromNumberText text: String, offset: Int)
        throws(UnboxError)
        -> Integer
    {
        if let exact = Integer(text) { return exact }
        guard let digits = _wholeNumberDigits(text) else {
            throw _invalidValueError("\(text) is not a whole number (\(Integer.self))", offset: offset)
        }
        guard let exact = Integer(digits) else {
            throw _outOfRangeError("\(text) does not fit in \(Integer.self)", offset: offset)
        }
        return exact
    }

    // MARK: Floating point

    @inlinable
    func _double(from value: inout _JSONCursor) throws(UnboxError) -> Double {
        var result = 0.0
        let code = value.getDouble(&result)
        if _fastPath(code == .success) { return result }
        return try _doubleSlowPath(from: &value, code: code)
    }

    @inline(never)
    @usableFromInline
    func _doubleSlowPath(from value: inout _JSONCursor, code: _SimdJSONError) throws(UnboxError) -> Double {
        guard code == .incorrectType || code == .numberError else {
            throw _valueError(code, value: &value, expected: .number)
        }
        let offset = _offset(of: &value)
        let text: String
        switch try _type(of: &value) {
        case .number:
            // simdjson refuses numbers beyond Double's range (`1e400`): valid JSON, out of range.
            text = try _numberText(from: &value)
        case .string:
            text = try _string(from: &value)
            guard _isJSONNumber(text) else {
                throw _invalidValueError("\"\(text)\" is not a number", offset: offset)
            }
        case let found:
            throw _mismatchError(expected: "a number", found: found, value: &value, offset: offset)
        }
        guard let result = Double(text), result.isFinite else {
            throw _outOfRangeError("\(text) does not fit in Double", offset: offset)
        }
        return result
    }

    @inlinable
    func _float(from value: inout _JSONCursor) throws(UnboxError) -> Float {
        let double = try _double(from: &value)
        let result = Float(double)
        if _slowPath(result.isInfinite && double.isFinite) {
            throw _outOfRangeError("\(double) does not fit in Float", offset: _offset(of: &value))
        }
        return result
    }

    /// A `Decimal` built from the number's exact text (or a numeric string's).
    @usableFromInline
    func _decimal(from value: inout _JSONCursor) throws(UnboxError) -> Decimal {
        let offset = _offset(of: &value)
        let text: String
        switch try _type(of: &value) {
        case .number:
            text = try _numberText(from: &value)
        case .string:
            text = try _string(from: &value)
            guard _isJSONNumber(text) else { throw _invalidValueError("\"\(text)\" is not a number", offset: offset) }
        case let found:
            throw _mismatchError(expected: "a number", found: found, value: &value, offset: offset)
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
            throw _outOfRangeError("\(text) does not fit in Decimal", offset: offset)
        }
        return decimal
    }
}

// MARK: - Number text

/// Whether `text` is a number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
@usableFromInline
func _isJSONNumber(_ text: String) -> Bool {
    var bytes = text.utf8.makeIterator()
    var next = bytes.next()
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
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

/// JSON number text taken apart: its sign, its significant digits (values 0 to 9, without leading
/// or trailing zeros; none for zero) and the power of ten that scales them (`2.50e1` is 25 × 10^0,
/// `1e3` is 1 × 10^3, `0.05` is 5 × 10^-2). Exponents are capped at 100 000.
@usableFromInline
struct _NumberParts {
    @usableFromInline var isNegative = false
    @usableFromInline var digits: [UInt8] = []
    @usableFromInline var scale = 0

    @usableFromInline
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

/// The plain integer digits (with a leading `-` if negative) of JSON number text whose value is
/// whole, such as "1000" for `1e3` or "25" for `2.50e1`; nil if the value has a fraction. Values
/// with more than 40 digits are returned as such and fail every integer conversion.
@usableFromInline
func _wholeNumberDigits(_ text: String) -> String? {
    guard let parts = _NumberParts(text) else { return nil }
    if parts.digits.isEmpty { return "0" }
    guard parts.scale >= 0 else { return nil }
    var ascii = parts.digits.map { $0 + UInt8(ascii: "0") }
    ascii.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: min(parts.scale, 41)))
    let digits = String(decoding: ascii, as: UTF8.self)
    return parts.isNegative ? "-" + digits : digits
}
