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
