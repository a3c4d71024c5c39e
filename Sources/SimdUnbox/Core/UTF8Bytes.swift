/// `body` over the UTF-8 bytes of `string`, without copying it when its storage is contiguous
/// (always for native strings and literals): `var copy = string; copy.withUTF8` retains and
/// releases the string around every lookup.
@inlinable @inline(__always)
func _withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return try copy.withUTF8(body)
}
