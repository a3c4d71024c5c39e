import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// The decoder is its own single-value container, as in Foundation: `singleValueContainer()` costs
// nothing, and reads the frame's value.

extension CodableDecoder {
    /// Reads the frame's value with `read`, turning a failure into the `DecodingError` for `T`.
    /// A frame no longer live reads in a revival (`reviveFrame`), which saves the document's
    /// cursor, reads and puts the cursor back: the live containers' cursor may stand where the
    /// frame's value starts, and a read there (or the check of a failed one, which reads the value
    /// to tell malformed JSON from a type mismatch) moves it.
    @inline(__always)
    func readFrame<T>(_ errorType: Any.Type, _ read: (inout _JSONCursor) throws(ReadFailure) -> T) throws -> T {
        if _slowPath(!frameIsLive) && session.canRevive(token: token) {
            return try reviveFrame { try readFrame(errorType, read) }
        }
        if _slowPath(isMissing) {
            // Foundation gives a missing key's decoder a `null`, which a `Bool` read reports as a
            // type mismatch (`boolFailure`), every other read as a missing value.
            if errorType == Bool.self {
                throw failureError(
                    .mismatch(.null, type: nil, offset: 0), type: Bool.self, level: level, component: nil)
            }
            throw valueNotFound(errorType, level: level, component: nil)
        }
        var value = self.value
        do {
            return try read(&value)
        } catch {
            throw failureError(error, type: errorType, level: level, component: nil)
        }
    }

    func decodeNil() -> Bool {
        // As `readFrame`: a `null` read where the cursor stands moves it. A value that cannot be
        // revived is not `null`: the decode that follows throws its error.
        if _slowPath(!frameIsLive) && session.canRevive(token: token) {
            return (try? reviveFrame { decodeNil() }) ?? false
        }
        if isMissing { return true }
        if case .none = opened {
            var value = self.value
            var isNull = false
            return value.isNull(&isNull) == .success && isNull
        }
        return false
    }

    func decode(_: Bool.Type) throws -> Bool {
        try readFrame(Bool.self) { v throws(ReadFailure) in try readBool(&v) }
    }
    func decode(_: String.Type) throws -> String {
        try readFrame(String.self) { v throws(ReadFailure) in try readString(&v) }
    }
    func decode(_: Double.Type) throws -> Double {
        try readFrame(Double.self) { v throws(ReadFailure) in try readDouble(&v) }
    }
    func decode(_: Float.Type) throws -> Float {
        try readFrame(Float.self) { v throws(ReadFailure) in try readFloat(&v) }
    }
    func decode(_: Int.Type) throws -> Int { try frameInteger(Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try frameInteger(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try frameInteger(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try frameInteger(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try frameInteger(Int64.self) }
    func decode(_: Int128.Type) throws -> Int128 { try frameInteger(Int128.self) }
    func decode(_: UInt.Type) throws -> UInt { try frameInteger(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try frameInteger(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try frameInteger(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try frameInteger(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try frameInteger(UInt64.self) }
    func decode(_: UInt128.Type) throws -> UInt128 { try frameInteger(UInt128.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard _fastPath(frameIsLive) else { return try reviveFrame { try decode(type) } }
        return try decodeFrameValue(type, containerLevel: level)
    }

    @inline(__always)
    func frameInteger<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try readFrame(T.self) { v throws(ReadFailure) in try readInteger(T.self, &v) }
    }
}
