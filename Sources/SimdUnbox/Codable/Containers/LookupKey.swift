// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A key to look up in an object: its UTF-8, and whether it is known to hold no quote and no
/// backslash, which lets the shim's lookups skip the check they would otherwise make on every
/// lookup (about 2.5% of SimdJSONDecoder's instructions on twitter.json, where most keys' names
/// are read once per decode, in `KeyNames`).
struct LookupKey {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The key holds no `"` and no backslash (checked once, for all its lookups).
    let plain: Bool

    /// The key in `bytes`, left for each lookup to check.
    @inline(__always)
    init(unchecked bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        plain = false
    }

    /// The key in `bytes`, checked here, once for all its lookups.
    init(checking bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        plain = !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    }

    /// A key whose `plain` was computed by `init(checking:)` from the same bytes.
    @inline(__always)
    init(start: UnsafePointer<UInt8>, length: Int, plain: Bool) {
        bytes = UnsafeBufferPointer(start: start, count: length)
        self.plain = plain
    }

    var base: UnsafePointer<UInt8>? { bytes.baseAddress }
    var length: Int { bytes.count }
}
