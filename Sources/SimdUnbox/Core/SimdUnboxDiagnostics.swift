import CSimdJSON

/// Facts about the JSON engine underneath SimdUnbox, for logs and bug reports.
///
/// ```swift
/// print("simdjson kernel:", SimdUnboxDiagnostics.activeImplementation)  // e.g. "icelake"
/// print("simdjson", SimdUnboxDiagnostics.simdjsonVersion)                // e.g. "3.0.1"
/// ```
public enum SimdUnboxDiagnostics {
    /// The version of simdjson SimdUnbox was compiled against ("3.0.1", "4.6.7", ...), for bug
    /// reports beside ``activeImplementation``.
    ///
    /// ```swift
    /// print("simdjson \(SimdUnboxDiagnostics.simdjsonVersion), \(SimdUnboxDiagnostics.simdjsonPath)")
    /// ```
    ///
    /// - Returns: The version as `major.minor.revision`.
    public static var simdjsonVersion: String {
        String(cString: csimdjson_version())
    }

    /// Which way SimdUnbox's C++ shim reads simdjson: `"accelerated"` with the simdjson versions its
    /// use of simdjson's internals was verified against (3.0.x), `"public"` with every other version
    /// or when built with `SIMDUNBOX_PUBLIC_SIMDJSON_ONLY`. Both give the same values and errors;
    /// the accelerated path reads models that look fields up out of document order faster.
    ///
    /// ```swift
    /// print(SimdUnboxDiagnostics.simdjsonPath)  // "accelerated" or "public"
    /// ```
    ///
    /// - Returns: `"accelerated"` or `"public"`.
    public static var simdjsonPath: String {
        csimdjson_accelerated_path() ? "accelerated" : "public"
    }

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
