import Foundation
import SimdUnbox
import Testing

/// Helpers shared by the suites: fixtures, and decoding that captures the `UnboxError` thrown.
enum TestSupport {
    /// The folder of the corpus documents: the benchmark suite's (`Benchmarks/Data`, with their
    /// origin in its README), the repository's one copy, found from this file's place in it.
    static let corpusDirectory: URL? = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // SimdUnboxTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("Benchmarks/Data")

    /// Loads a corpus document by file name.
    static func corpus(_ name: String) throws -> Data {
        let directory = try #require(corpusDirectory)
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The byte offset of the first occurrence of `needle` in `text` (UTF-8), for checking the
    /// offsets errors report.
    static func offset(of needle: String, in text: String, occurrence: Int = 1) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return nil }
        var seen = 0
        for start in 0...(haystack.count - pattern.count)
        where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            seen += 1
            if seen == occurrence { return start }
        }
        return nil
    }
}

/// Decodes `T` from `json` and returns the `UnboxError` it must throw (recording an issue when it
/// does not throw one).
func unboxError<T: UnboxCompatible>(
    _: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
) -> UnboxError? {
    do {
        let value: T = try unbox(string: json)
        Issue.record("expected an error, decoded \(value)", sourceLocation: sourceLocation)
    } catch let error as UnboxError {
        return error
    } catch {
        Issue.record("expected an UnboxError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Decodes `T` from raw bytes and returns the `UnboxError` it must throw.
func unboxError<T: UnboxCompatible>(
    _: T.Type, bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) -> UnboxError? {
    do {
        let value: T = try unbox(bytes: bytes)
        Issue.record("expected an error, decoded \(value)", sourceLocation: sourceLocation)
    } catch let error as UnboxError {
        return error
    } catch {
        Issue.record("expected an UnboxError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension UnboxError.Reason {
    /// The case's name, for comparing reasons without their payloads.
    var kind: String {
        switch self {
        case .missingKey: "missingKey"
        case .typeMismatch: "typeMismatch"
        case .invalidValue: "invalidValue"
        case .numberOutOfRange: "numberOutOfRange"
        case .malformedJSON: "malformedJSON"
        case .depthLimitExceeded: "depthLimitExceeded"
        case .misuse: "misuse"
        case .custom: "custom"
        }
    }
}

/// A model that reads one field of any type, for testing scalar and collection conformances.
struct Field<Value: UnboxCompatible>: Unboxable {
    var value: Value

    init(unboxer: Unboxer) throws {
        value = try unboxer.unbox(key: "value")
    }
}

/// Decodes `{"value": <json>}` into `Value` through a model's field (the fused find-and-read path).
func unboxField<Value: UnboxCompatible>(_: Value.Type = Value.self, _ json: String) throws -> Value {
    let field: Field<Value> = try unbox(string: "{\"value\": \(json)}")
    return field.value
}
