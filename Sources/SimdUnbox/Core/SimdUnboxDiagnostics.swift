import CSimdJSON

/// Facts about the JSON engine underneath SimdUnbox, for logs and bug reports.
///
/// ```swift
/// print("simdjson kernel:", SimdUnboxDiagnostics.activeImplementation)  // e.g. "icelake"
/// ```
public enum SimdUnboxDiagnostics {
    /// The name of the SIMD kernel simdjson chose at run time for this CPU ("icelake", "haswell",
    /// "westmere", "arm64", "fallback", ...).
    public static var activeImplementation: String {
        String(cString: csimdjson_active_implementation_name())
    }

    /// The largest document a single decode accepts, in bytes (4 GiB less one byte). Larger inputs
    /// must be decoded as streams of elements.
    public static var maximumDocumentSize: Int {
        Int(csimdjson_max_document_size())
    }
}
