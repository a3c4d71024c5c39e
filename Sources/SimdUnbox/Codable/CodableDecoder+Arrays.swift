import CSimdJSON
import Foundation

// Arrays of scalars (`[Double]`, `[Int]`, `[String]`, ...) decoded straight from the array cursor:
// the same values and errors as `Array.init(from:)` through an unkeyed container, without a
// container, a frame or a generic call per element.

extension _CodableDecoder {
    /// Whether `T` is one of the arrays `_decodeScalarArray` reads directly.
    @inline(__always)
    func _isScalarArray<T>(_: T.Type) -> Bool {
        T.self == [Double].self || T.self == [Int].self || T.self == [String].self || T.self == [Float].self
            || T.self == [Int64].self || T.self == [Bool].self
    }

    /// `T`, an array of a common scalar type (`_isScalarArray(T.self)`), decoded directly. The
    /// result is not optional: for an unspecialized `T`, `T?` would cost a lookup of `Optional<T>`'s
    /// metadata in the runtime's cache on every call.
    @inline(__always)
    func _decodeScalarArray<T>(
        _: T.Type, from value: inout csimdjson_value, opened: inout _OpenedValue, level: Int,
        component: _CodingPathComponent
    ) throws -> T {
        if T.self == [Double].self {
            return unsafeBitCast(
                try _decodeArray(Double.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readDouble(&v)
                }, to: T.self)
        }
        if T.self == [Int].self {
            return unsafeBitCast(
                try _decodeArray(Int.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readInteger(Int.self, &v)
                }, to: T.self)
        }
        if T.self == [String].self {
            return unsafeBitCast(
                try _decodeArray(String.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readString(&v)
                }, to: T.self)
        }
        if T.self == [Float].self {
            return unsafeBitCast(
                try _decodeArray(Float.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readFloat(&v)
                }, to: T.self)
        }
        if T.self == [Int64].self {
            return unsafeBitCast(
                try _decodeArray(Int64.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readInteger(Int64.self, &v)
                }, to: T.self)
        }
        if T.self == [Bool].self {
            return unsafeBitCast(
                try _decodeArray(Bool.self, &value, &opened, level, component) { v throws(_ReadFailure) in
                    try _readBool(&v)
                }, to: T.self)
        }
        preconditionFailure("not a scalar array type")
    }

    /// Reads the array `value` is, element by element, with `read`.
    @inline(__always)
    func _decodeArray<Element>(
        _: Element.Type, _ value: inout csimdjson_value, _ opened: inout _OpenedValue, _ level: Int,
        _ component: _CodingPathComponent, _ read: (inout csimdjson_value) throws(_ReadFailure) -> Element
    ) throws -> [Element] {
        var array = try _openArray(&value, opened: &opened, isMissing: false, level: level, component: component)
        var iterator = csimdjson_array_iterator()
        var code = csimdjson_array_iterate(&array, &iterator)
        guard _fastPath(code == CSIMDJSON_SUCCESS) else { throw context._containerError(code) }
        var result: [Element] = []
        var element = csimdjson_value()
        while true {
            var hasElement = false
            code = csimdjson_array_iterator_next(&iterator, &hasElement, &element)
            guard _fastPath(code == CSIMDJSON_SUCCESS) else { throw context._containerError(code) }
            guard hasElement else { return result }
            do {
                result.append(try read(&element))
            } catch {
                session.setPath(level, component)
                throw _error(error, type: Element.self, level: level + 1, component: .index(result.count))
            }
        }
    }
}
