import Foundation
import FuzzSupport
import SimdUnbox

/// Fuzzes `JSONValue`: the input is a document.
///
/// Checks, for every input:
/// - `JSONValue(data:)` and `JSONValue.validate(_:)` agree: both succeed, or both throw the same
///   `UnboxError` (no other error type).
/// - A parsed value survives a round trip: written back as JSON (`jsonText`) and parsed again, it
///   is equal; it validates with `maximumDepth` equal to its depth and fails with one less.
/// - Foundation's `JSONSerialization` accepts exactly the documents `JSONValue` accepts, and reads
///   the same strings, booleans, nulls, structure and (where a `Double` holds them) numbers. Known,
///   deliberate differences are not compared: numbers beyond `Double` or 64-bit integers, nesting
///   near the depth limit, input in UTF-16 or UTF-32 (which Foundation sniffs), duplicate keys.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONValue(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = Data(bytes: data, count: size)
    let parsed = Result { try JSONValue(data: document) }
    let validated = Result { try JSONValue.validate(document) }
    switch (parsed, validated) {
    case (.success(let value), .success):
        checkRoundTrip(value)
    case (.failure(let parseError), .failure(let validateError)):
        fuzzRequire(parseError is UnboxError, "JSONValue(data:) threw \(type(of: parseError)): \(parseError)")
        fuzzRequire(
            parseError as? UnboxError == validateError as? UnboxError,
            "JSONValue(data:) threw \(parseError), validate threw \(validateError) for \(preview(document))")
    case (.success, .failure(let error)):
        fuzzRequire(false, "JSONValue(data:) accepted what validate rejected (\(error)): \(preview(document))")
    case (.failure(let error), .success):
        fuzzRequire(false, "validate accepted what JSONValue(data:) rejected (\(error)): \(preview(document))")
    }
    compareWithFoundation(document, parsed)
    return 0
}

private func checkRoundTrip(_ value: JSONValue) {
    let text = value.jsonText
    let reparsed = Result { try JSONValue(data: Data(text.utf8)) }
    guard case .success(let again) = reparsed else {
        fuzzRequire(false, "written back as \(preview(text.utf8)), the value does not parse: \(reparsed)")
        return
    }
    fuzzRequire(again == value, "round trip changed \(preview(text.utf8)) into \(preview(again.jsonText.utf8))")
    let depth = value.nestingDepth
    let encoded = Data(text.utf8)
    fuzzRequire(
        (try? JSONValue.validate(encoded, maximumDepth: depth)) != nil,
        "a document of depth \(depth) fails with maximumDepth \(depth)")
    if depth > 0 {
        do {
            try JSONValue.validate(encoded, maximumDepth: depth - 1)
            fuzzRequire(false, "a document of depth \(depth) passes with maximumDepth \(depth - 1)")
        } catch let error as UnboxError {
            fuzzRequire(error.reason == .depthLimitExceeded(limit: depth - 1), "depth check threw \(error)")
        } catch {
            fuzzRequire(false, "depth check threw \(type(of: error))")
        }
    }
}

// MARK: - Foundation

private func compareWithFoundation(_ document: Data, _ parsed: Result<JSONValue, any Error>) {
    // Foundation reads UTF-16 and UTF-32 too, recognised by byte order marks or NUL bytes up front.
    if document.prefix(4).contains(0) || document.starts(with: [0xFE, 0xFF]) || document.starts(with: [0xFF, 0xFE]) {
        return
    }
    let foundation = Result { try JSONSerialization.jsonObject(with: document, options: [.fragmentsAllowed]) }
    switch (parsed, foundation) {
    case (.success(let value), .success(let object)):
        guard value.nestingDepth < 500, KeyAudit(Array(document)).isPlain else { return }
        fuzzRequire(
            matches(object, value),
            "JSONSerialization read \(object), JSONValue read \(preview(value.jsonText.utf8)) from \(preview(document))"
        )
    case (.success(let value), .failure(let error)):
        guard value.nestingDepth < 500, !value.hasBigNumbers else { return }
        fuzzRequire(false, "JSONValue accepted what JSONSerialization rejects (\(error)): \(preview(document))")
    case (.failure(let error), .success):
        if let error = error as? UnboxError, case .depthLimitExceeded = error.reason { return }
        // Foundation's parser tolerates a comma before `]` or `}`; RFC 8259 does not.
        if hasTrailingComma(document) { return }
        fuzzRequire(false, "JSONSerialization accepted what JSONValue rejects (\(error)): \(preview(document))")
    case (.failure, .failure):
        break
    }
}

/// Whether Foundation's reading of a document is the same as ours. Numbers are compared only
/// where both can be exact: integers that fit in 64 bits, other numbers as the nearest `Double`.
private func matches(_ object: Any, _ value: JSONValue) -> Bool {
    switch value {
    case .null:
        return object is NSNull
    case .bool(let bool):
        return (object as? NSNumber)?.boolValue == bool
    case .number(let number):
        guard let foundation = object as? NSNumber else { return false }
        if let integer = number.int64Value, !number.text.contains(where: { ".eE".contains($0) }) {
            return foundation.int64Value == integer || foundation.doubleValue == Double(integer)
        }
        // Ours must be correctly rounded (as the standard library's parser is); Foundation's
        // JSONSerialization is not (`-65.619720000000029` one unit in the last place off, long
        // forms such as `0.000…0003` a dozen), so it only has to be close.
        let double = number.doubleValue
        guard double == Double(number.text) || !double.isFinite else { return false }
        return !double.isFinite || abs(foundation.doubleValue - double) <= max(2 * double.ulp, abs(double) * 1e-12)
    case .string(let string):
        guard let foundation = object as? String else { return false }
        return Array(foundation.unicodeScalars) == Array(string.unicodeScalars)
    case .array(let elements):
        guard let foundation = object as? [Any], foundation.count == elements.count else { return false }
        return zip(foundation, elements).allSatisfy { matches($0, $1) }
    case .object(let fields):
        guard let foundation = object as? [String: Any], foundation.count == fields.count else { return false }
        return fields.allSatisfy { key, field in foundation[key].map { matches($0, field) } ?? false }
    }
}

extension JSONValue {
    /// Whether a number in the value is beyond `Double`'s range or 64-bit integers, where
    /// Foundation and `JSONValue` differ by design.
    fileprivate var hasBigNumbers: Bool {
        switch self {
        case .number(let number):
            let isInteger = !number.text.contains(where: { ".eE".contains($0) })
            return !number.doubleValue.isFinite || (isInteger && number.int64Value == nil && number.uint64Value == nil)
        case .array(let elements): return elements.contains(where: \.hasBigNumbers)
        case .object(let fields): return fields.values.contains(where: \.hasBigNumbers)
        default: return false
        }
    }
}

/// Whether a comma is followed (after whitespace) by `]` or `}` outside strings.
private func hasTrailingComma(_ document: Data) -> Bool {
    var inString = false
    var escaped = false
    var afterComma = false
    for byte in document {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true; afterComma = false
        case UInt8(ascii: ","): afterComma = true
        case UInt8(ascii: "]"), UInt8(ascii: "}"): if afterComma { return true }
        case 0x20, 0x09, 0x0A, 0x0D: break
        default: afterComma = false
        }
    }
    return false
}
