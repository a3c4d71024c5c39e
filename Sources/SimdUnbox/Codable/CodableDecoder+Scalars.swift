import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// Reading scalars by the rules of Foundation's `JSONDecoder`: the same values accepted, the same
// rejected. The fast path is one shim call; numbers that need Foundation's slow rules (integers
// written with a fraction or exponent, numbers out of range, zeros that are not really zero),
// mismatches and errors are out of line.

/// Why a value could not be read, before it becomes a `DecodingError` with a coding path.
enum ReadFailure: Error, @unchecked Sendable {
    /// The value is `null`: `DecodingError.valueNotFound`.
    case null
    /// The value is of another JSON type: `DecodingError.typeMismatch` (with `type` if given,
    /// else the type being decoded).
    case mismatch(JSONType, type: Any.Type?, offset: Int)
    /// A valid number that the type cannot represent. Foundation reports it as invalid JSON,
    /// `DecodingError.dataCorrupted` with an empty coding path.
    case notRepresentable(String, offset: Int)
    /// `DecodingError.dataCorrupted` at the value's coding path.
    case corrupted(String)
    /// `DecodingError.dataCorrupted` at the coding path of the container (Foundation reports
    /// ISO 8601 failures there).
    case corruptedInContainer(String)
    /// An error to throw as it is: malformed JSON (already recorded), or one thrown by user code.
    case other(any Error)
}

extension CodableDecoder {
    // MARK: Classifying failures

    /// Why `value` could not be read as `expected` after a read failed with `code`. A value that
    /// turns out to be malformed (`tru`, `nul`, a bad escape) is malformed JSON, recorded so that
    /// nobody can swallow it.
    @inline(never)
    func readFailure(_ code: _SimdJSONError, _ value: inout _JSONCursor, expected: JSONType) -> ReadFailure {
        // A `try?` chain tries one value as one type after another: what the first failure found
        // out about the value (its type, checked well formed, and its offset) answers the next.
        if code == .incorrectType, let last = session.lastMismatch, last.found != expected,
            last.value == value.identity
        {
            return .mismatch(last.found, type: nil, offset: last.offset)
        }
        let offset = context._offset(of: &value)
        guard code == .incorrectType || code == .numberOutOfRange else {
            return .other(context._malformedError(code, offset: offset))
        }
        var type: JSONType?
        guard value.getType(&type) == .success, let found = type else {
            return .other(context._malformedError(.tapeError, offset: offset))
        }
        if found == expected && found != .number {
            return .other(context._malformedError(found == .bool ? .trueAtomError : code, offset: offset))
        }
        var check = _SimdJSONError.success
        switch found {
        case .null:
            var isNull = false
            check = value.isNull(&isNull)
            if check == .success && !isNull { check = .nullAtomError }
            if check == .success { return .null }
        case .bool:
            var ignored = false
            check = value.getBool(&ignored)
        case .number:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            check = value.getNumberText(&bytes, &count)
        case .string:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            check = value.getString(context._parser.handle, &bytes, &count)
        case .array, .object:
            break
        }
        if check != .success { return .other(context._malformedError(check, offset: offset)) }
        if code == .incorrectType { session.lastMismatch = (value.identity, found, offset) }
        return .mismatch(found, type: nil, offset: offset)
    }

    /// The exact text of the number `value` is, or a failure if it is not a (well-formed) number.
    @inline(never)
    func numberText(_ value: inout _JSONCursor) throws(ReadFailure) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getNumberText(&bytes, &count)
        if code == .incorrectType { throw readFailure(code, &value, expected: .number) }
        guard code == .success else {
            throw .other(context._malformedError(code, offset: context._offset(of: &value)))
        }
        return _validatedString(bytes, count)
    }

    // MARK: Strings and booleans

    @inline(__always)
    func readString(_ value: inout _JSONCursor) throws(ReadFailure) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getString(context._parser.handle, &bytes, &count)
        guard _fastPath(code == .success) else { throw readFailure(code, &value, expected: .string) }
        return _Parser.string(bytes, count) { context._parser.strings }
    }

    /// `readString`, out of line: inlined into `decodeNested`, it made that function too large
    /// for the scalar-array paths to be inlined in turn (`[Double]` arrays then cost a call each).
    @inline(never)
    func readStringOutOfLine(_ value: inout _JSONCursor) throws(ReadFailure) -> String {
        try readString(&value)
    }

    @inline(__always)
    func readBool(_ value: inout _JSONCursor) throws(ReadFailure) -> Bool {
        var result = false
        let code = value.getBool(&result)
        guard _fastPath(code == .success) else { throw boolFailure(code, &value) }
        return result
    }

    /// Foundation reports `null` read as a `Bool` as a type mismatch, not a missing value.
    @inline(never)
    func boolFailure(_ code: _SimdJSONError, _ value: inout _JSONCursor) -> ReadFailure {
        let failure = readFailure(code, &value, expected: .bool)
        if case .null = failure { return .mismatch(.null, type: nil, offset: context._offset(of: &value)) }
        return failure
    }

    // MARK: Integers

    @inline(__always)
    func readInteger<T: FixedWidthInteger>(_: T.Type, _ value: inout _JSONCursor) throws(ReadFailure) -> T {
        if T.bitWidth > 64 { return try integerSlowPath(T.self, .incorrectType, &value) }
        if T.isSigned {
            var result: Int64 = 0
            let code = value.getInt64(&result)
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, &value)
        } else {
            var result: UInt64 = 0
            let code = value.getUInt64(&result)
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, &value)
        }
    }

    /// Integers the 64-bit readers do not take: out of range for `T`, written with a fraction or
    /// an exponent, 128-bit, or not numbers at all.
    @inline(never)
    func integerSlowPath<T: FixedWidthInteger>(_: T.Type, _ code: _SimdJSONError, _ value: inout _JSONCursor)
        throws(ReadFailure) -> T
    {
        guard
            code == .success || code == .incorrectType || code == .numberOutOfRange
                || code == .numberError
        else { throw readFailure(code, &value, expected: .number) }
        let offset = context._offset(of: &value)
        let text = try numberText(&value)
        do {
            return try NumberRules.integer(T.self, fromText: text, policy: .foundation)
        } catch {
            throw .notRepresentable(text, offset: offset)
        }
    }

    // MARK: Floating point

    @inline(__always)
    func readDouble(_ value: inout _JSONCursor) throws(ReadFailure) -> Double {
        var result = 0.0
        let code = value.getDouble(&result)
        if _fastPath(code == .success && result != 0) { return result }
        return try doubleSlowPath(code, result, &value)
    }

    /// Zeros (which must be written as zeros: `1e-400` is not representable), numbers out of
    /// range, non-conforming floats in strings, mismatches.
    @inline(never)
    func doubleSlowPath(_ code: _SimdJSONError, _ result: Double, _ value: inout _JSONCursor)
        throws(ReadFailure) -> Double
    {
        if code == .success {
            let text = try numberText(&value)
            guard NumberRules.isZero(text) else { throw .notRepresentable(text, offset: context._offset(of: &value)) }
            return result
        }
        if code == .numberError {
            // Malformed (`numberText` throws), out of range (`1e400`), or one of the long numbers
            // the shim leaves to an exact parse of their text (`0.3777777777000077770000`).
            let offset = context._offset(of: &value)
            let text = try numberText(&value)
            do {
                return try NumberRules.double(fromText: text, policy: .foundation)
            } catch {
                throw .notRepresentable(text, offset: offset)
            }
        }
        return try nonConformingFloat(Double.self, code, &value)
    }

    @inline(__always)
    func readFloat(_ value: inout _JSONCursor) throws(ReadFailure) -> Float {
        var result = 0.0
        let code = value.getDouble(&result)
        if _fastPath(code == .success), let float = floatValue(exactlyRoundedFrom: result) { return float }
        return try floatSlowPath(code, &value)
    }

    @inline(never)
    func floatSlowPath(_ code: _SimdJSONError, _ value: inout _JSONCursor) throws(ReadFailure) -> Float {
        if code == .success || code == .numberError {
            // Round the text itself, as `strtof` does, and apply Foundation's range rules.
            let offset = context._offset(of: &value)
            let text = try numberText(&value)
            do {
                return try NumberRules.float(fromText: text, policy: .foundation)
            } catch {
                throw .notRepresentable(text, offset: offset)
            }
        }
        return try nonConformingFloat(Float.self, code, &value)
    }

    /// `Float(double)` when it is certainly the float nearest to the number's text: not zero
    /// (which needs the text checked), finite, and `double` not exactly halfway between two floats
    /// (where rounding twice could differ from rounding once).
    @inline(__always)
    func floatValue(exactlyRoundedFrom double: Double) -> Float? {
        let float = Float(double)
        guard float.isFinite, float != 0 else { return nil }
        let widened = Double(float)
        if widened == double { return float }
        let neighbour = double > widened ? float.nextUp : float.nextDown
        guard neighbour.isFinite, (widened + Double(neighbour)) / 2 != double else { return nil }
        return float
    }

    /// A string that the non-conforming float strategy maps to infinity or NaN, or the failure
    /// for a value of the wrong type.
    @inline(never)
    func nonConformingFloat<T: BinaryFloatingPoint>(_: T.Type, _ code: _SimdJSONError, _ value: inout _JSONCursor)
        throws(ReadFailure) -> T
    {
        let failure = readFailure(code, &value, expected: .number)
        if case .mismatch(.string, _, _) = failure,
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
                session.options.nonConformingFloatDecodingStrategy
        {
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            if value.getString(context._parser.handle, &bytes, &count) == .success {
                let string = _validatedString(bytes, count)
                if string == positiveInfinity { return T.infinity }
                if string == negativeInfinity { return -T.infinity }
                if string == nan { return T.nan }
            }
        }
        throw failure
    }

    // MARK: Decimal

    func readDecimal(_ value: inout _JSONCursor) throws(ReadFailure) -> Decimal {
        var type: JSONType?
        let code = value.getType(&type)
        guard code == .success, type == .number else {
            switch readFailure(code == .success ? .incorrectType : code, &value, expected: .number) {
            case .mismatch(let found, _, let offset): throw .mismatch(found, type: Decimal.self, offset: offset)
            case let failure: throw failure
            }
        }
        let offset = context._offset(of: &value)
        let text = try numberText(&value)
        guard let decimal = NumberRules.decimal(fromText: text) else {
            throw .notRepresentable(text, offset: offset)
        }
        return decimal
    }
}
