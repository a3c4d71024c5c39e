import CSimdJSON
import FuzzSupport

/// Fuzzes the C shim (`csimdjson.h` and `csimdjson_codable.h`) with random sequences of calls.
///
/// The input is a JSON document, then optionally a NUL byte and a program: each program byte picks
/// the next call (see `ShimDriver`). An empty program walks the whole document and finishes it, so
/// plain JSON files are meaningful inputs.
///
/// Checks: no crash or AddressSanitizer report for any call order the header allows; every error
/// code is a `csimdjson_error`; results are in range (types, locations and offsets inside the
/// document, number texts in JSON's grammar, strings and keys valid UTF-8, bulk counts within
/// capacity); for valid documents, `has_escaped_keys` agrees with a key audit. Documents are
/// iterated both from the parser's own buffer and from a caller buffer with exactly
/// `CSIMDJSON_PADDING` bytes of padding (whose content the program picks), so that
/// AddressSanitizer sees any read past the padding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShim(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (document, program) = splitDocumentAndProgram(UnsafeBufferPointer(start: data, count: size))
    let driver = ShimDriver(document: document, program: program)
    driver.run()
    return 0
}
