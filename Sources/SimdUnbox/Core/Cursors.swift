// The one boundary to C
// =====================
//
// Only Core talks to the CSimdJSON shim. The shim's cursors (32-byte opaque C structs kept by
// value) are wrapped here in Swift structs holding exactly the C struct, so that the rest of the
// module passes the same bytes, `inout`, without naming a C type: a wrapper has the layout of the
// struct it holds, and its methods are trivial forwarders, always inlined, that compile to the
// very shim call they replace. Results still travel through out-parameters and a returned code
// (`_SimdJSONError`), as the shim's do, so that no value is copied that was not copied before.
//
// `scripts/check-boundary.sh` keeps the rest of `Sources/` free of the shim's names.

import CSimdJSON

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A code the shim returns: success or one of simdjson's errors (`simdjson::error_code`), under
/// Swift names. Holds the C code's raw value, so that converting from the shim costs nothing.
@frozen @usableFromInline
struct _SimdJSONError: Equatable {
    @usableFromInline let rawValue: UInt32

    @inlinable @inline(__always)
    init(_ code: csimdjson_error) { rawValue = code.rawValue }

    @inlinable @inline(__always)
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    /// simdjson's own description of the code (static storage).
    @usableFromInline
    var message: String { String(cString: csimdjson_error_message(csimdjson_error(rawValue: rawValue))) }

    @inlinable static var success: Self { Self(CSIMDJSON_SUCCESS) }
    @inlinable static var capacity: Self { Self(CSIMDJSON_CAPACITY) }
    @inlinable static var memoryAllocation: Self { Self(CSIMDJSON_MEMALLOC) }
    @inlinable static var tapeError: Self { Self(CSIMDJSON_TAPE_ERROR) }
    @inlinable static var depthError: Self { Self(CSIMDJSON_DEPTH_ERROR) }
    @inlinable static var stringError: Self { Self(CSIMDJSON_STRING_ERROR) }
    @inlinable static var trueAtomError: Self { Self(CSIMDJSON_T_ATOM_ERROR) }
    @inlinable static var falseAtomError: Self { Self(CSIMDJSON_F_ATOM_ERROR) }
    @inlinable static var nullAtomError: Self { Self(CSIMDJSON_N_ATOM_ERROR) }
    @inlinable static var numberError: Self { Self(CSIMDJSON_NUMBER_ERROR) }
    @inlinable static var utf8Error: Self { Self(CSIMDJSON_UTF8_ERROR) }
    @inlinable static var empty: Self { Self(CSIMDJSON_EMPTY) }
    @inlinable static var unescapedCharacters: Self { Self(CSIMDJSON_UNESCAPED_CHARS) }
    @inlinable static var unclosedString: Self { Self(CSIMDJSON_UNCLOSED_STRING) }
    @inlinable static var incorrectType: Self { Self(CSIMDJSON_INCORRECT_TYPE) }
    @inlinable static var numberOutOfRange: Self { Self(CSIMDJSON_NUMBER_OUT_OF_RANGE) }
    @inlinable static var noSuchField: Self { Self(CSIMDJSON_NO_SUCH_FIELD) }
    @inlinable static var incompleteArrayOrObject: Self { Self(CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT) }
    @inlinable static var trailingContent: Self { Self(CSIMDJSON_TRAILING_CONTENT) }
}

/// A JSON value: the document's root or an element or field (the shim's `csimdjson_value`).
/// Valid until its parser starts another document; each reader consumes it on success.
///
/// SimdUnbox's internals: it appears in `UnboxCompatible`'s requirements only.
@frozen
public struct _JSONCursor {
    @usableFromInline var raw: csimdjson_value

    @inlinable @inline(__always)
    init() { raw = csimdjson_value() }

    /// Whether a shim call has written the cursor (a fresh one is all zero): a lookup that found
    /// its field but could not read it leaves the value here.
    @inlinable @inline(__always)
    var isSet: Bool { raw.storage.0 != 0 }

    /// The cursor's words: two cursors of one document with the same words are at the same value
    /// (a cursor of another document may have the same words; two cursors at the same value may
    /// differ in padding).
    @inlinable @inline(__always)
    var identity: (UInt64, UInt64, UInt64, UInt64) { raw.storage }

    /// Reads the value's type from its first byte, without consuming it (nil: not a JSON value).
    @inlinable @inline(__always)
    mutating func getType(_ type: inout JSONType?) -> _SimdJSONError {
        var found = csimdjson_type(rawValue: 0)
        let code = _SimdJSONError(csimdjson_value_get_type(&raw, &found))
        type = JSONType(found)
        return code
    }

    /// A pointer to the value's first byte in the document's input.
    @inlinable @inline(__always)
    mutating func getLocation(_ location: inout UnsafePointer<UInt8>?) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_location(&raw, &location))
    }

    @inlinable @inline(__always)
    mutating func getInt64(_ out: inout Int64) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_int64(&raw, &out))
    }

    @inlinable @inline(__always)
    mutating func getUInt64(_ out: inout UInt64) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_uint64(&raw, &out))
    }

    @inlinable @inline(__always)
    mutating func getDouble(_ out: inout Double) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_double(&raw, &out))
    }

    @inlinable @inline(__always)
    mutating func getBool(_ out: inout Bool) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_bool(&raw, &out))
    }

    /// Consumes a `null`; `isNull` is false (and nothing is consumed) for any other value.
    @inlinable @inline(__always)
    mutating func isNull(_ isNull: inout Bool) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_is_null(&raw, &isNull))
    }

    /// Whether the value is a well-formed `null` (then consumed), and where it starts.
    @inlinable @inline(__always)
    mutating func nullLocation(_ location: inout UnsafePointer<UInt8>?) -> Bool {
        csimdjson_value_null_location(&raw, &location)
    }

    /// The unescaped text of a string, in the scratch buffer of `parser` (the handle of the
    /// `_Parser` the value comes from), valid until the next string read.
    @inlinable @inline(__always)
    mutating func getString(_ parser: OpaquePointer?, _ bytes: inout UnsafePointer<UInt8>?, _ count: inout Int)
        -> _SimdJSONError
    {
        _SimdJSONError(csimdjson_value_get_string(parser, &raw, &bytes, &count))
    }

    /// The raw text of a scalar token as written in the input; consumes the value.
    @inlinable @inline(__always)
    mutating func getNumberText(_ bytes: inout UnsafePointer<UInt8>?, _ count: inout Int) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_number_text(&raw, &bytes, &count))
    }

    @inlinable @inline(__always)
    mutating func getObject(_ object: inout _ObjectCursor) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_object(&raw, &object.raw))
    }

    @inlinable @inline(__always)
    mutating func getArray(_ array: inout _ArrayCursor) -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_get_array(&raw, &array.raw))
    }
}

/// The types of the shim's lookups, for `_ObjectCursor`'s wrappers, which choose a lookup or its
/// `_plain` twin as a function pointer and make one call (a direct one where `plain` is a
/// constant). A branch between two calls doubled the call code in the Codable closures around the
/// lookups, which Swift then stopped inlining: +1.1% instructions on twitter.json under
/// SimdJSONDecoder.
@usableFromInline typealias _FindField =
    @convention(c) (
        UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error
@usableFromInline typealias _FindInt64 =
    @convention(c) (
        UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int64>?,
        UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error
@usableFromInline typealias _FindUInt64 =
    @convention(c) (
        UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt64>?,
        UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error
@usableFromInline typealias _FindDouble =
    @convention(c) (
        UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Double>?,
        UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error
@usableFromInline typealias _FindBool =
    @convention(c) (
        UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Bool>?,
        UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error
@usableFromInline typealias _FindString =
    @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<csimdjson_object>?, UnsafePointer<UInt8>?, Int,
        UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<csimdjson_value>?
    ) -> csimdjson_error

/// A JSON object (the shim's `csimdjson_object`). Lookups match keys by their raw bytes.
///
/// Each lookup checks its key for `"` and backslashes (a key holding either never matches here)
/// unless `plain` is true: the caller then checked once that the key holds neither, and the
/// lookup goes to the shim's `_plain` twin, which skips the check.
///
/// SimdUnbox's internals: it appears in `UnboxCompatible`'s requirements only.
@frozen
public struct _ObjectCursor {
    @usableFromInline var raw: csimdjson_object

    @inlinable @inline(__always)
    init() { raw = csimdjson_object() }

    /// The field `key` (`.noSuchField` when there is none), into `value`.
    @inlinable @inline(__always)
    mutating func findField(
        _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false, _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindField = plain ? csimdjson_object_find_field_plain : csimdjson_object_find_field
        return _SimdJSONError(find(&raw, key, length, &value.raw))
    }

    /// Finds `key` and consumes its value if it is `null` (`isNull`), in one call.
    @inlinable @inline(__always)
    mutating func findFieldOrNull(
        _ key: UnsafePointer<UInt8>?, _ length: Int, _ value: inout _JSONCursor, _ isNull: inout Bool
    ) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_find_field_or_null(&raw, key, length, &value.raw, &isNull))
    }

    /// Finds a field whose unescaped key is `key`, restarting from the object's first field.
    @inlinable @inline(__always)
    mutating func findFieldUnescaped(
        _ parser: OpaquePointer?, _ key: UnsafePointer<UInt8>?, _ length: Int, _ value: inout _JSONCursor,
        _ hasEscapedKeys: inout Bool
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_object_find_field_unescaped(parser, &raw, key, length, &value.raw, &hasEscapedKeys))
    }

    // The fused lookups: find `key` and read a scalar; the value is left in `value` on a type or
    // number error.

    @inlinable @inline(__always)
    mutating func findInt64(
        _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false, _ out: inout Int64,
        _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindInt64 = plain ? csimdjson_object_find_int64_plain : csimdjson_object_find_int64
        return _SimdJSONError(find(&raw, key, length, &out, &value.raw))
    }

    @inlinable @inline(__always)
    mutating func findUInt64(
        _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false, _ out: inout UInt64,
        _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindUInt64 = plain ? csimdjson_object_find_uint64_plain : csimdjson_object_find_uint64
        return _SimdJSONError(find(&raw, key, length, &out, &value.raw))
    }

    @inlinable @inline(__always)
    mutating func findDouble(
        _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false, _ out: inout Double,
        _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindDouble = plain ? csimdjson_object_find_double_plain : csimdjson_object_find_double
        return _SimdJSONError(find(&raw, key, length, &out, &value.raw))
    }

    @inlinable @inline(__always)
    mutating func findBool(
        _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false, _ out: inout Bool,
        _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindBool = plain ? csimdjson_object_find_bool_plain : csimdjson_object_find_bool
        return _SimdJSONError(find(&raw, key, length, &out, &value.raw))
    }

    /// The string is read as `_JSONCursor.getString` reads it, through `parser`'s scratch buffer.
    @inlinable @inline(__always)
    mutating func findString(
        _ parser: OpaquePointer?, _ key: UnsafePointer<UInt8>?, _ length: Int, plain: Bool = false,
        _ bytes: inout UnsafePointer<UInt8>?, _ count: inout Int, _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        let find: _FindString = plain ? csimdjson_object_find_string_plain : csimdjson_object_find_string
        return _SimdJSONError(find(parser, &raw, key, length, &bytes, &count, &value.raw))
    }

    /// Starts iterating the fields in document order.
    @inlinable @inline(__always)
    mutating func iterate(_ iterator: inout _ObjectIterator) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_iterate(&raw, &iterator.raw))
    }

    /// Moves back to the first field (`hasFields` is false for `{}`); valid only while nothing
    /// after the object has been read.
    @inlinable @inline(__always)
    mutating func reset(_ hasFields: inout Bool) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_reset(&raw, &hasFields))
    }

    /// Whether two cursors are the same bytes, so stand on the same object at the same place.
    @inlinable
    static func same(_ a: Self, _ b: Self) -> Bool {
        a.raw.storage.0 == b.raw.storage.0 && a.raw.storage.1 == b.raw.storage.1
            && a.raw.storage.2 == b.raw.storage.2 && a.raw.storage.3 == b.raw.storage.3
    }
}

/// A JSON array (the shim's `csimdjson_array`).
@frozen @usableFromInline
struct _ArrayCursor {
    @usableFromInline var raw: csimdjson_array

    @inlinable @inline(__always)
    init() { raw = csimdjson_array() }

    /// Starts iterating the elements.
    @inlinable @inline(__always)
    mutating func iterate(_ iterator: inout _ArrayIterator) -> _SimdJSONError {
        _SimdJSONError(csimdjson_array_iterate(&raw, &iterator.raw))
    }

    /// Moves back to the first element (`hasElements` is false for `[]`).
    @inlinable @inline(__always)
    mutating func reset(_ hasElements: inout Bool) -> _SimdJSONError {
        _SimdJSONError(csimdjson_array_reset(&raw, &hasElements))
    }

    /// Counts the elements without reading them, leaving the cursor at the first one.
    @inlinable @inline(__always)
    mutating func countElements(_ count: inout Int) -> _SimdJSONError {
        _SimdJSONError(csimdjson_array_count_elements(&raw, &count))
    }
}

/// An iteration over an array's elements (the shim's `csimdjson_array_iterator`).
@frozen @usableFromInline
struct _ArrayIterator {
    @usableFromInline var raw: csimdjson_array_iterator

    @inlinable @inline(__always)
    init() { raw = csimdjson_array_iterator() }

    /// Whether the iterator was never started (all zero): a bulk read that failed before the array.
    @inlinable @inline(__always)
    var isUnstarted: Bool { raw.storage.0 == 0 }

    /// Moves to the next element, skipping what was left of the previous one; `hasElement` is
    /// false at the end.
    @inlinable @inline(__always)
    mutating func next(_ hasElement: inout Bool, _ value: inout _JSONCursor) -> _SimdJSONError {
        _SimdJSONError(csimdjson_array_iterator_next(&raw, &hasElement, &value.raw))
    }
}

/// An iteration over an object's fields (the shim's `csimdjson_object_iterator`).
@frozen @usableFromInline
struct _ObjectIterator {
    @usableFromInline var raw: csimdjson_object_iterator

    @inlinable @inline(__always)
    init() { raw = csimdjson_object_iterator() }

    /// Moves to the next field (`hasField` is false at the end): its unescaped key (in the
    /// document, or in the scratch buffer of `parser` when it holds escapes; valid until the next
    /// string read), and its value, to be read or skipped before the next call.
    @inlinable @inline(__always)
    mutating func next(
        _ parser: OpaquePointer?, _ hasField: inout Bool, _ key: inout UnsafePointer<UInt8>?, _ keyLength: inout Int,
        _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_iterator_next(parser, &raw, &hasField, &key, &keyLength, &value.raw))
    }

    /// `next`, told whether the field's key is `expected` (no `"`, no backslash) from the
    /// document's bytes. On a match (`matched`), the value is read as `kind` into `scalar` and the
    /// result is the read's (`key` is left alone); otherwise as `next`. `value` is the field's value
    /// either way.
    @inline(__always)
    mutating func next(
        _ parser: OpaquePointer?, expecting expected: UnsafePointer<UInt8>, _ expectedLength: Int,
        reading kind: _FieldRead, _ hasField: inout Bool, _ matched: inout Bool, _ key: inout UnsafePointer<UInt8>?,
        _ keyLength: inout Int, _ scalar: inout _FieldScalar, _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_object_iterator_next_read(
                parser, &raw, expected, expectedLength, kind.raw, &hasField, &matched, &key, &keyLength, &scalar.raw,
                &value.raw))
    }
}

/// What `_ObjectIterator.next(_:expecting:_:reading:...)` reads of the field it expects.
enum _FieldRead {
    case nothing, int64, uint64, double, bool, string

    var raw: csimdjson_read_kind {
        switch self {
        case .nothing: CSIMDJSON_READ_NOTHING
        case .int64: CSIMDJSON_READ_INT64
        case .uint64: CSIMDJSON_READ_UINT64
        case .double: CSIMDJSON_READ_DOUBLE
        case .bool: CSIMDJSON_READ_BOOL
        case .string: CSIMDJSON_READ_STRING
        }
    }
}

/// A value `_ObjectIterator.next(_:expecting:_:reading:...)` read: the member of its `_FieldRead`.
struct _FieldScalar {
    var raw = csimdjson_scalar()

    var int64: Int64 { raw.int64 }
    var uint64: UInt64 { raw.uint64 }
    var double: Double { raw.number }
    var bool: Bool { raw.boolean }
    /// A string's bytes: in the document or the parser's string buffer, until the next string read.
    var bytes: UnsafePointer<UInt8>? { raw.bytes }
    var count: Int { raw.length }
}

// Bulk numeric reads, in the shape `_DecodingContext._bulkNumbers` and Codable's `bulkRead`
// take them (pointers, as the shim's functions they forward to).

extension _JSONCursor {
    /// Starts iterating the array this value is and reads its first numbers in bulk.
    @inlinable @inline(__always)
    static func readDoubles(
        _ value: UnsafeMutablePointer<Self>, _ out: UnsafeMutablePointer<Double>, _ capacity: Int,
        _ count: UnsafeMutablePointer<Int>, _ finished: UnsafeMutablePointer<Bool>,
        _ iterator: UnsafeMutablePointer<_ArrayIterator>, _ element: UnsafeMutablePointer<Self>
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_value_read_doubles(
                &value.pointee.raw, out, capacity, count, finished, &iterator.pointee.raw, &element.pointee.raw))
    }

    /// `readDoubles` for 64-bit integers.
    @inlinable @inline(__always)
    static func readInt64s(
        _ value: UnsafeMutablePointer<Self>, _ out: UnsafeMutablePointer<Int64>, _ capacity: Int,
        _ count: UnsafeMutablePointer<Int>, _ finished: UnsafeMutablePointer<Bool>,
        _ iterator: UnsafeMutablePointer<_ArrayIterator>, _ element: UnsafeMutablePointer<Self>
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_value_read_int64s(
                &value.pointee.raw, out, capacity, count, finished, &iterator.pointee.raw, &element.pointee.raw))
    }
}

extension _ArrayIterator {
    /// Reads up to `capacity` of the remaining elements as numbers; an element of another type
    /// stops the read and is left in `element`.
    @inlinable @inline(__always)
    static func readDoubles(
        _ iterator: UnsafeMutablePointer<Self>, _ out: UnsafeMutablePointer<Double>, _ capacity: Int,
        _ count: UnsafeMutablePointer<Int>, _ finished: UnsafeMutablePointer<Bool>,
        _ element: UnsafeMutablePointer<_JSONCursor>
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_array_iterator_read_doubles(
                &iterator.pointee.raw, out, capacity, count, finished, &element.pointee.raw))
    }

    /// `readDoubles` for 64-bit integers.
    @inlinable @inline(__always)
    static func readInt64s(
        _ iterator: UnsafeMutablePointer<Self>, _ out: UnsafeMutablePointer<Int64>, _ capacity: Int,
        _ count: UnsafeMutablePointer<Int>, _ finished: UnsafeMutablePointer<Bool>,
        _ element: UnsafeMutablePointer<_JSONCursor>
    ) -> _SimdJSONError {
        _SimdJSONError(
            csimdjson_array_iterator_read_int64s(
                &iterator.pointee.raw, out, capacity, count, finished, &element.pointee.raw))
    }
}
