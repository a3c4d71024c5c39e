// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// `body` over the UTF-8 bytes of `string`, without copying it when its storage is contiguous
/// (always for native strings and literals): `var copy = string; copy.withUTF8` retains and
/// releases the string around every lookup. Typed throws pass through (the standard library's
/// `rethrows` would turn them into `any Error`).
@inlinable @inline(__always)
func _withUTF8<R, E: Error>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable({ buffer in
        Result { () throws(E) -> R in try body(buffer) }
    }) {
        return try result.get()
    }
    var copy = string
    return try copy.withUTF8 { buffer in Result { () throws(E) -> R in try body(buffer) } }.get()
}

/// Whether `bytes` are all ASCII (below 0x80): eight at a time, the last eight overlapping the
/// ones before, so that a key of 8 to 16 bytes takes two loads. (The second look runs it on every
/// miss: 1 MB of orders with six absent keys read by `try?` took 46.26M instructions per decode,
/// against 46.60M byte by byte and 46.11M before the look by canonical equivalence.)
@inlinable
func _isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
    let count = bytes.count
    if count < 8 {
        var union: UInt8 = 0
        for byte in bytes { union |= byte }
        return union < 0x80
    }
    var words = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    var offset = 0
    while offset &+ 8 < count {
        words |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset &+= 8
    }
    return words & 0x8080_8080_8080_8080 == 0
}

/// A field's key as a fused field read takes it: the `String` that `unbox(key:)` is given, or the
/// last segment of a key path, bytes of the path's own UTF-8.
public protocol _FieldKey {
    /// `body` over the key's UTF-8 bytes.
    func _withKeyBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R
}

extension String: _FieldKey {
    @inlinable @inline(__always)
    public func _withKeyBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try _withUTF8(self, body)
    }
}

extension UnsafeBufferPointer: _FieldKey where Element == UInt8 {
    @inlinable @inline(__always)
    public func _withKeyBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(self)
    }
}
