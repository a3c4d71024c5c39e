import Foundation

// The decoder is its own single-value container, as in Foundation: `singleValueContainer()` costs
// nothing, and reads the frame's value.

extension _CodableDecoder {
    /// Reads the frame's value with `read`, turning a failure into the `DecodingError` for `T`.
    @inline(__always)
    func _readFrame<T>(_ errorType: Any.Type, _ read: (inout _JSONCursor) throws(_ReadFailure) -> T) throws -> T {
        if _slowPath(isMissing) { throw _valueNotFound(errorType, level: level, component: nil) }
        var value = self.value
        do {
            return try read(&value)
        } catch {
            throw _error(error, type: errorType, level: level, component: nil)
        }
    }

    func decodeNil() -> Bool {
        if isMissing { return true }
        if case .none = opened {
            var value = self.value
            var isNull = false
            return value.isNull(&isNull) == .success && isNull
        }
        return false
    }

    func decode(_: Bool.Type) throws -> Bool {
        try _readFrame(Bool.self) { v throws(_ReadFailure) in try _readBool(&v) }
    }
    func decode(_: String.Type) throws -> String {
        try _readFrame(String.self) { v throws(_ReadFailure) in try _readString(&v) }
    }
    func decode(_: Double.Type) throws -> Double {
        try _readFrame(Double.self) { v throws(_ReadFailure) in try _readDouble(&v) }
    }
    func decode(_: Float.Type) throws -> Float {
        try _readFrame(Float.self) { v throws(_ReadFailure) in try _readFloat(&v) }
    }
    func decode(_: Int.Type) throws -> Int { try _frameInteger(Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try _frameInteger(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try _frameInteger(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try _frameInteger(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try _frameInteger(Int64.self) }
    func decode(_: Int128.Type) throws -> Int128 { try _frameInteger(Int128.self) }
    func decode(_: UInt.Type) throws -> UInt { try _frameInteger(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try _frameInteger(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try _frameInteger(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try _frameInteger(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try _frameInteger(UInt64.self) }
    func decode(_: UInt128.Type) throws -> UInt128 { try _frameInteger(UInt128.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try _checkFrame()
        return try _decodeFrameValue(T.self, containerLevel: level)
    }

    @inline(__always)
    func _frameInteger<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try _readFrame(T.self) { v throws(_ReadFailure) in try _readInteger(T.self, &v) }
    }
}
