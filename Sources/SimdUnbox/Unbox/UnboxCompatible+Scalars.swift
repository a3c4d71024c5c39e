import Foundation

// The scalar conformances. Each reads its value in one shim call, and finds-and-reads a field in
// one fused call; whatever else (numbers in strings, errors) is out of line.

extension Bool: UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Bool {
        var result = false
        let code = value.getBool(&result)
        if _fastPath(code == .success) { return result }
        return try context._convertedBool(from: &value, code: code)
    }

    @inlinable
    public static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    ) throws(UnboxError) -> Bool {
        var result = false
        var value = _JSONCursor()
        let code = key._withKeyBytes { object.findBool($0.baseAddress, $0.count, &result, &value) }
        if _fastPath(code == .success) { return result }
        if code == .noSuchField {
            guard try context._findEscapedField(key, in: &object, into: &value) else {
                missing = true
                return false
            }
            return try _unbox(from: &value, context: context)
        }
        if context._recordNullField(code, value: &value, expected: .bool) {
            missing = true
            return false
        }
        return try context._convertedBool(from: &value, code: code)
    }

    /// Reads a Swift `Bool`, an `NSNumber` or a string as Unbox does (see `_convertedBool`).
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Bool {
        let kind = _AnyValue(value)
        switch kind {
        case .bool(let bool): return bool
        case .integer(let number): return number != 0
        case .unsignedInteger(let number): return number != 0
        case .double(let number): return number != 0
        case .decimal(let number): return !number.isZero
        case .string(let text):
            if let bool = _unboxBool(text) { return bool }
            throw UnboxError(reason: .invalidValue("\"\(text)\" is not a Bool"))
        default: throw kind.mismatch(expected: JSONType.bool.description)
        }
    }
}

/// Unbox's words for booleans, in any case: `true`, `t`, `y`, `yes`; `false`, `f`, `n`, `no`.
@usableFromInline
func _unboxBool(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "t", "y", "yes": true
    case "false", "f", "n", "no": false
    default: nil
    }
}

extension _DecodingContext {
    /// A `Bool` from what is not a JSON boolean, as Unbox converts it: a number is false when it
    /// is 0 and true otherwise; a string is one of Unbox's words (`_unboxBool`). Anything else,
    /// or another string, is the error the read `code` stands for.
    @inline(never)
    @usableFromInline
    func _convertedBool(from value: inout _JSONCursor, code: _SimdJSONError) throws(UnboxError) -> Bool {
        var type: JSONType?
        if code == .incorrectType, value.getType(&type) == .success {
            switch type {
            case .number?:
                return try _double(from: &value) != 0
            case .string?:
                let offset = _offset(of: &value)
                let text = try _string(from: &value)
                if let bool = _unboxBool(text) { return bool }
                throw _invalidValueError("\"\(text)\" is not a Bool", offset: offset)
            default:
                break
            }
        }
        throw _fieldError(code, value: &value, expected: .bool)
    }

    /// The slow path of a string field's read: a number converted as Unbox does (see
    /// `_convertedString`), the rest as `_stringFieldSlowPath` has it.
    @inlinable @inline(never)
    func _stringFieldConverting<Key: _FieldKey>(
        _ code: _SimdJSONError, _ key: Key, in object: inout _ObjectCursor, value: inout _JSONCursor,
        missing: inout Bool
    ) throws(UnboxError) -> String {
        if code == .noSuchField {
            guard try _findEscapedField(key, in: &object, into: &value) else {
                missing = true
                return ""
            }
            return try String._unbox(from: &value, context: self)
        }
        var type: JSONType?
        if code == .incorrectType, value.getType(&type) == .success, type == .number {
            return try _convertedString(from: &value, code: code)
        }
        return try _stringFieldSlowPath(code, key, in: &object, value: &value, missing: &missing)
    }

    /// A `String` from a number, as Unbox converts it (`NSNumber.stringValue`): an integer's
    /// digits (`7` is `"7"`), another number's shortest text. Anything else is the error the read
    /// `code` stands for.
    @inline(never)
    @usableFromInline
    func _convertedString(from value: inout _JSONCursor, code: _SimdJSONError) throws(UnboxError) -> String {
        var type: JSONType?
        if code == .incorrectType, value.getType(&type) == .success, type == .number {
            let text = try _numberText(from: &value)
            if let integer = Int64(text) { return String(integer) }
            if let integer = UInt64(text) { return String(integer) }
            if let double = Double(text), double.isFinite { return NSNumber(value: double).stringValue }
            return text
        }
        throw _fieldError(code, value: &value, expected: .string)
    }
}

extension String: UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = value.getString(context._parser.handle, &bytes, &count)
        guard _fastPath(code == .success) else { return try context._convertedString(from: &value, code: code) }
        return _Parser.string(bytes, count) { context._parser.strings }
    }

    @inlinable
    public static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    ) throws(UnboxError) -> String {
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        var value = _JSONCursor()
        let code = key._withKeyBytes {
            object.findString(context._parser.handle, $0.baseAddress, $0.count, &bytes, &count, &value)
        }
        if _fastPath(code == .success) {
            return _Parser.string(bytes, count) { context._parser.strings }
        }
        return try context._stringFieldConverting(code, key, in: &object, value: &value, missing: &missing)
    }

    /// Reads a string, or a number's text as Unbox does (see `_convertedString`).
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> String {
        if let string = value as? String { return string }
        let kind = _AnyValue(value)
        switch kind {
        case .string(let text): return text
        case .integer, .unsignedInteger, .double, .decimal: return kind.text
        default: throw kind.mismatch(expected: JSONType.string.description)
        }
    }
}

extension Double: UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Double {
        try context._double(from: &value)
    }

    @inlinable
    public static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    ) throws(UnboxError) -> Double {
        var result = 0.0
        var value = _JSONCursor()
        let code = key._withKeyBytes { object.findDouble($0.baseAddress, $0.count, &result, &value) }
        if _fastPath(code == .success) { return result }
        if code == .noSuchField {
            guard try context._findEscapedField(key, in: &object, into: &value) else {
                missing = true
                return 0
            }
            return try context._double(from: &value)
        }
        if context._recordNullField(code, value: &value, expected: .number) {
            missing = true
            return 0
        }
        return try context._doubleSlowPath(from: &value, code: code)
    }

    /// Reads a number, or a numeric string.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Double {
        try _AnyValue(value).double()
    }
}

extension Float: UnboxCompatible {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Float {
        try context._float(from: &value)
    }

    /// Reads a number, or a numeric string.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Float {
        Float(try _AnyValue(value).double())
    }
}

extension Decimal: UnboxCompatible {
    /// Decodes a `Decimal` from the number's exact text, so `0.1` is exactly one tenth.
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> Decimal
    {
        try context._decimal(from: &value)
    }

    /// Reads a `Decimal`, a number (from its shortest text, as Unbox reads an `NSNumber`'s
    /// `stringValue`) or a numeric string.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Decimal {
        let kind = _AnyValue(value)
        switch kind {
        case .decimal(let decimal): return decimal
        case .integer(let integer): return Decimal(integer)
        case .unsignedInteger(let integer): return Decimal(integer)
        case .double(let double):
            if let decimal = Decimal(string: "\(double)"), double.isFinite { return decimal }
            throw UnboxError(reason: .invalidValue("\(double) is not a Decimal"))
        case .string(let text):
            if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { return decimal }
            throw UnboxError(reason: .invalidValue("\"\(text)\" is not a Decimal"))
        default: throw kind.mismatch(expected: JSONType.number.description)
        }
    }
}

extension URL: UnboxableByTransform {
    /// A URL is decoded from a string.
    public typealias UnboxRawValue = String

    /// Makes a URL from a string; a string that is not a URL is an invalid value.
    ///
    /// ```swift
    /// let website: URL = try unboxer.unbox(key: "website")
    /// ```
    ///
    /// - Parameter unboxedValue: The string.
    /// - Returns: The URL, or nil when the string is not one.
    public static func transform(unboxedValue: String) -> URL? {
        URL(string: unboxedValue)
    }

    /// Decodes a `URL` from a string; a string that is not a URL is an invalid value.
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> URL {
        let string = try context._string(from: &value)
        guard let url = URL(string: string) else {
            throw context._invalidValueError("\"\(string)\" is not a URL", offset: context._offset(of: &value))
        }
        return url
    }
}

// MARK: - Integers

/// The integer conformances share one implementation: 64-bit reads, exact range checks.
public protocol _UnboxInteger: FixedWidthInteger, UnboxCompatible {}

extension _UnboxInteger {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        try context._integer(Self.self, from: &value)
    }

    @inlinable
    public static func _unbox<Key: _FieldKey>(
        field key: Key, in object: inout _ObjectCursor, context: _DecodingContext, missing: inout Bool
    ) throws(UnboxError) -> Self {
        var value = _JSONCursor()
        let code: _SimdJSONError
        if Self.isSigned {
            var result: Int64 = 0
            code = key._withKeyBytes { object.findInt64($0.baseAddress, $0.count, &result, &value) }
            if _fastPath(code == .success) {
                if let exact = Self(exactly: result) { return exact }
                throw context._outOfRangeError(
                    "\(result) does not fit in \(Self.self)", offset: context._offset(of: &value))
            }
        } else {
            var result: UInt64 = 0
            code = key._withKeyBytes { object.findUInt64($0.baseAddress, $0.count, &result, &value) }
            if _fastPath(code == .success) {
                if let exact = Self(exactly: result) { return exact }
                throw context._outOfRangeError(
                    "\(result) does not fit in \(Self.self)", offset: context._offset(of: &value))
            }
        }
        if code == .noSuchField {
            guard try context._findEscapedField(key, in: &object, into: &value) else {
                missing = true
                return 0
            }
            return try context._integer(Self.self, from: &value)
        }
        if context._recordNullField(code, value: &value, expected: .integer) {
            missing = true
            return 0
        }
        return try context._integerSlowPath(Self.self, from: &value, code: code)
    }

    /// Reads an integer exactly (a fraction, or a number out of range, is an error), or a
    /// numeric string.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self {
        try _AnyValue(value).integer(Self.self)
    }
}

extension Int: _UnboxInteger {}
extension Int8: _UnboxInteger {}
extension Int16: _UnboxInteger {}
extension Int32: _UnboxInteger {}
extension Int64: _UnboxInteger {}
extension UInt: _UnboxInteger {}
extension UInt8: _UnboxInteger {}
extension UInt16: _UnboxInteger {}
extension UInt32: _UnboxInteger {}
extension UInt64: _UnboxInteger {}
extension Int128: _UnboxInteger {}
extension UInt128: _UnboxInteger {}
