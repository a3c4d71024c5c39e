import CSimdJSON

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The encoder's string escaping over its long runs: the shim scans sixteen bytes at a time (SSE2
/// on x86-64), which Swift's `SIMD16<UInt8>` did not do in registers here.
enum JSONEscaping {
    /// How many bytes from `source` need no escape (no control character, `"`, `\` or, when
    /// `escapeSlashes`, `/`).
    @inline(__always)
    static func cleanPrefixLength(_ source: UnsafePointer<UInt8>, _ length: Int, escapeSlashes: Bool) -> Int {
        csimdjson_escape_clean_prefix(source, length, escapeSlashes)
    }

    /// Writes `length` bytes from `source` to `destination` (room for `6 × length` bytes), escaped
    /// as Foundation's `JSONEncoder` escapes them; returns how many bytes it wrote.
    @inline(__always)
    static func writeEscaped(
        _ source: UnsafePointer<UInt8>, _ length: Int, to destination: UnsafeMutablePointer<UInt8>,
        escapeSlashes: Bool
    ) -> Int {
        csimdjson_escape_write(source, length, destination, escapeSlashes)
    }
}
