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
            guard NumberRules.isJSONNumber(text) else {
                throw _invalidValueError("\"\(text)\" is not a number (\(Integer.self))", offset: offset)
            }
            return try _integer(Integer.self, fromNumberText: text, offset: offset)
        case let found:
            throw _mismatchError(expected: .integer, found: found, value: &value, offset: offset)
        }
    }

    /// Converts JSON number text to an integer exactly (``NumberPolicy/exact``): `1e3` and
    /// `2.50e1` are whole, `1.5` is not, and nothing is rounded, truncated or wrapped.
    @usableFromInline
    func _integer<Integer: FixedWidthInteger>(_: Integer.Type, fromNumberText text: String, offset: Int)
        throws(UnboxError)
        -> Integer
    {
        do {
            return try NumberRules.integer(Integer.self, fromText: text, policy: .exact)
        } catch .notWhole {
            throw _invalidValueError("\(text) is not a whole number (\(Integer.self))", offset: offset)
        } catch {
            throw _outOfRangeError("\(text) does not fit in \(Integer.self)", offset: offset)
        }
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
            guard NumberRules.isJSONNumber(text) else {
                throw _invalidValueError("\"\(text)\" is not a number", offset: offset)
            }
        case let found:
            throw _mismatchError(expected: .number, found: found, value: &value, offset: offset)
        }
        do {
            return try NumberRules.double(fromText: text, policy: .exact)
        } catch {
            throw _outOfRangeError("\(text) does not fit in Double", offset: offset)
        }
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
            guard NumberRules.isJSONNumber(text) else {
                throw _invalidValueError("\"\(text)\" is not a number", offset: offset)
            }
        case let found:
            throw _mismatchError(expected: .number, found: found, value: &value, offset: offset)
        }
        guard let decimal = NumberRules.decimal(fromText: text) else {
            throw _outOfRangeError("\(text) does not fit in Decimal", offset: offset)
        }
        return decimal
    }
}
