import Foundation

// The scalar conformances. Each reads its value in one shim call, and finds-and-reads a field in
// one fused call; whatever else (numbers in strings, errors) is out of line.

extension Bool: UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Bool {
        try context._bool(from: &value)
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
            return try context._bool(from: &value)
        }
        if context._recordNullField(code, value: &value, expected: .bool) {
            missing = true
            return false
        }
        throw context._fieldError(code, value: &value, expected: .bool)
    }
}

extension String: UnboxCompatible {
    @inlinable
    public static var _readsFieldsFused: Bool { true }

    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> String {
        try context._string(from: &value)
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
        return try context._stringFieldSlowPath(code, key, in: &object, value: &value, missing: &missing)
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
}

extension Float: UnboxCompatible {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Float {
        try context._float(from: &value)
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
}

extension URL: UnboxCompatible {
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
