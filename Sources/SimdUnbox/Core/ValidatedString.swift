// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A `String` holding `count` bytes of UTF-8 that simdjson has already checked, copied without
/// checking them again.
///
/// simdjson validates every byte of a document as UTF-8 before any value is read (stage 1 of each
/// document, or of each window of a stream), and its unescaping rejects lone and mismatched
/// surrogates (`"\udc00"` is an error, not three bytes of invalid UTF-8). So the bytes of a string
/// value, a key, or a number's text are valid UTF-8, and `String(decoding:as:)`, which checks them
/// again (and repairs what it finds), was a seventh of the time on documents rich in non-ASCII text
/// (gsoc-2018.json). Where the standard library has no unchecked initializer (compilers before
/// Swift 6.2, Apple platforms before the 26 releases), the checked one is used.
@inlinable @inline(__always)
func _validatedString(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> String {
    let buffer = UnsafeBufferPointer(start: bytes, count: count)
    #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: Span(_unsafeElements: buffer)))
        }
    #endif
    return String(decoding: buffer, as: UTF8.self)
}
