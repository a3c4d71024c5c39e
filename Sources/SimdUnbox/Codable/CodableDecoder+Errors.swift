import CSimdJSON
import Foundation

// Building `DecodingError`s: cold, out of line, and only on the failure path. Cases and coding
// paths are Foundation's; descriptions add the byte offset where it is known.

extension _CodableDecoder {
    /// The `DecodingError` for a failed read of a `type` value at `level`, then `component`.
    @inline(never)
    func _error(_ failure: _ReadFailure, type: Any.Type, level: Int, component: _CodingPathComponent?) -> any Error {
        switch failure {
        case .null:
            return _valueNotFound(type, level: level, component: component)
        case .mismatch(let found, let override, let offset):
            let expected = override ?? type
            return DecodingError.typeMismatch(
                expected,
                DecodingError.Context(
                    codingPath: session.codingPath(level, appending: component),
                    debugDescription: "Expected to decode \(expected) but found \(found) instead (byte \(offset))."))
        case .notRepresentable(let text, let offset):
            return DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The given data was not valid JSON: the number \(text) at byte \(offset) is not representable "
                        + "in \(type)."))
        case .corrupted(let detail):
            return DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: session.codingPath(level, appending: component), debugDescription: detail))
        case .corruptedInContainer(let detail):
            return DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: session.codingPath(level), debugDescription: detail))
        case .other(let error):
            return error
        }
    }

    @inline(never)
    func _valueNotFound(_ type: Any.Type, level: Int, component: _CodingPathComponent?) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: session.codingPath(level, appending: component),
                debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    @inline(never)
    func _containerNull(_ type: Any.Type, _ what: String, _ level: Int, _ component: _CodingPathComponent?)
        -> DecodingError
    {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: session.codingPath(level, appending: component),
                debugDescription: "\(what) -- found null value instead"))
    }

    @inline(never)
    func _containerMismatch(_ type: Any.Type, found: JSONType, level: Int, component: _CodingPathComponent?)
        -> DecodingError
    {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: session.codingPath(level, appending: component),
                debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    @inline(never)
    func _keyNotFound(_ key: some CodingKey, level: Int) -> DecodingError {
        .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: session.codingPath(level),
                debugDescription:
                    "No value associated with key \(key) (\"\(key.stringValue)\") (near byte \(context._currentOffset()))."
            ))
    }

    @inline(never)
    func _atEndError(_ type: Any.Type, _ message: String, level: Int, index: Int) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: session.codingPath(level, appending: .index(index)), debugDescription: message))
    }

    /// Nesting deeper than Foundation's limit: the document is refused, whatever catches this.
    @inline(never)
    func _depthError(_ level: Int, _ component: _CodingPathComponent?) -> any Error {
        let error = UnboxError(
            reason: .depthLimitExceeded(limit: _CodableDecoder.maximumDepth), byteOffset: context._currentOffset())
        if context._malformed == nil { context._malformed = error }
        return error
    }

    /// A container or decoder used after the value it reads was left behind.
    @inline(never)
    func _staleError(level: Int) -> DecodingError {
        if session.isClosed {
            // The parser has gone back to its pool, and may be another decode's by now.
            return .dataCorrupted(
                DecodingError.Context(
                    codingPath: session.codingPath(level),
                    debugDescription:
                        "A decoding container or decoder was used after the decode it belongs to ended. Use "
                        + "containers only within the init(from:) they were made in."))
        }
        if context._state.pointee.broken, let malformed = context._malformed {
            return _decodingError(fromUnboxError: malformed)
        }
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: session.codingPath(level),
                debugDescription:
                    "A decoding container was used after its parent container moved on. SimdJSONDecoder reads the "
                    + "input forward only: finish with a nested container (or superDecoder) before using its parent "
                    + "again (near byte \(context._currentOffset()))."))
    }
}

/// The error a whole decode throws for malformed JSON, as Foundation reports it.
func _decodingError(fromUnboxError error: UnboxError) -> DecodingError {
    .dataCorrupted(
        DecodingError.Context(
            codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
}
