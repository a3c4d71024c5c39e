import CSimdJSON

/// The encoder's string escaping over its long runs: the shim scans sixteen bytes at a time (SSE2
/// on x86-64), which Swift's `SIMD16<UInt8>` did not do in registers here.
enum JSONEscaping {
    /// How many bytes from `source` need no escape (no control character, `"`, `\` or, when
    /// `escapeSlashes`, `/`).
    static func cleanPrefixLength(_ source: UnsafePointer<UInt8>, _ length: Int, escapeSlashes: Bool) -> Int {
        csimdjson_escape_clean_prefix(source, length, escapeSlashes)
    }

    /// Writes `length` bytes from `source` to `destination` (room for `6 × length` bytes), escaped
    /// as Foundation's `JSONEncoder` escapes them; returns how many bytes it wrote.
    static func writeEscaped(
        _ source: UnsafePointer<UInt8>, _ length: Int, to destination: UnsafeMutablePointer<UInt8>,
        escapeSlashes: Bool
    ) -> Int {
        csimdjson_escape_write(source, length, destination, escapeSlashes)
    }
}
