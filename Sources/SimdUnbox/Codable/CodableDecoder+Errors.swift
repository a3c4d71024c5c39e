import Foundation

// Building `DecodingError`s: cold, out of line, and only on the failure path. Cases and coding
// paths are Foundation's. Failures that `try?` throws away (a free-form value tried as each type
// in turn) must cost about what a successful read costs, so the common ones are made of shared
// pieces: a description made once per parser for each expected type and JSON type found (a type's
// name is the runtime demangling it), and the coding path made once for the errors of one value
// (`CodableSession.codingPath`). On github_events.json read through such a `try?` chain, this
// took a decode from 20.7M instructions to 8.4M.

/// A key whose `keyNotFound` description `CodableParserCache.keyDescriptions` keeps.
struct KeyDescriptionID: Hashable {
    let type: ObjectIdentifier
    let string: String
    let int: Int?
}

/// The kinds of error description `CodableDecoder.cachedDescription` keeps.
enum ErrorDescriptionKind: UInt8 {
    case mismatch, null, containerMismatch, containerNull
}

extension JSONType {
    /// The kind as Foundation's `JSONDecoder` names it in a type mismatch's description ("found
    /// number instead", "found a dictionary instead"), which `SimdJSONDecoder`'s descriptions
    /// repeat word for word.
    var foundationDescription: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

extension CodableDecoder {
    /// The description of an error of `kind` for `type`, finding `found`: made by `make` the first
    /// time the parser's decodes need it, then shared.
    func cachedDescription(
        _ kind: ErrorDescriptionKind, _ type: Any.Type, _ found: JSONType?, _ make: () -> String
    ) -> String {
        let cache = session.parserCache
        let typeID = ObjectIdentifier(type)
        let foundNumber = found?._code ?? 255
        for entry in cache.errorDescriptions
        where entry.kind == kind.rawValue && entry.type == typeID && entry.found == foundNumber {
            return entry.description
        }
        let description = make()
        // A few dozen at most: a model has few types that fail.
        if cache.errorDescriptions.count < 64 {
            cache.errorDescriptions.append((kind.rawValue, typeID, foundNumber, description))
        }
        return description
    }

    /// The `DecodingError` for a failed read of a `type` value at `level`, then `component`.
    @inline(never)
    func failureError(
        _ failure: ReadFailure, type: Any.Type, level: Int, component: CodingPathComponent?
    ) -> any Error {
        switch failure {
        case .null:
            return valueNotFound(type, level: level, component: component)
        case .mismatch(let found, let override, _):
            let expected = override ?? type
            return session.thrown {
                DecodingError.typeMismatch(
                    expected,
                    DecodingError.Context(
                        codingPath: session.codingPath(level, appending: component),
                        debugDescription: cachedDescription(.mismatch, expected, found) {
                            "Expected to decode \(expected) but found \(found.foundationDescription) instead."
                        }))
            }
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
    func valueNotFound(_ type: Any.Type, level: Int, component: CodingPathComponent?) -> any Error {
        session.thrown {
            .valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: session.codingPath(level, appending: component),
                    debugDescription: cachedDescription(.null, type, nil) {
                        "Cannot get value of type \(type) -- found null value instead"
                    }))
        }
    }

    @inline(never)
    func containerNull(_ type: Any.Type, _ what: String, _ level: Int, _ component: CodingPathComponent?)
        -> any Error
    {
        session.thrown {
            .valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: session.codingPath(level, appending: component),
                    debugDescription: cachedDescription(.containerNull, type, nil) {
                        "\(what) -- found null value instead"
                    }))
        }
    }

    @inline(never)
    func containerMismatch(_ type: Any.Type, found: JSONType, level: Int, component: CodingPathComponent?)
        -> any Error
    {
        session.thrown {
            .typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: session.codingPath(level, appending: component),
                    debugDescription: cachedDescription(.containerMismatch, type, found) {
                        "Expected to decode \(type) but found \(found.foundationDescription) instead."
                    }))
        }
    }

    /// A missing key's error, as Foundation's: its description names the key, its coding path
    /// says where. The description is made once per key and parser (a key's `description` goes
    /// through reflection), and shared: `try?` on keys that are often absent is a common pattern,
    /// and no failure formats a string. Callgrind, 2,000 objects whose model reads two absent keys
    /// with `try?` (4,000 errors): 38.2M instructions a decode when each description was made with
    /// the byte offset in it, 9.7M now (JSONDecoder: 60.2M).
    @inline(never)
    func keyNotFound<Key: CodingKey>(_ key: Key, level: Int) -> any Error {
        let description = keyNotFoundDescription(key)
        return session.thrown {
            .keyNotFound(
                key, DecodingError.Context(codingPath: session.codingPath(level), debugDescription: description))
        }
    }

    /// `keyNotFound`'s description of `key`, kept by the parser. A key of a `CodingKeys` enum (a
    /// plain value of one byte) is found by its type and byte in a short list: hashing the key's
    /// string and type took a third of the cost of a missing key (`user-orders-tried-keys-1MB`:
    /// 68.7M instructions a decode with every key hashed, 64.1M with the list).
    func keyNotFoundDescription<Key: CodingKey>(_ key: Key) -> String {
        let cache = session.parserCache
        let type = ObjectIdentifier(Key.self)
        let isSmall = _isPOD(Key.self) && MemoryLayout<Key>.size <= 1
        let tag = isSmall && MemoryLayout<Key>.size == 1 ? unsafeBitCast(key, to: UInt8.self) : 0
        if isSmall {
            for entry in cache.smallKeyDescriptions where entry.type == type && entry.tag == tag {
                return entry.description
            }
        }
        let id = isSmall ? nil : KeyDescriptionID(type: type, string: key.stringValue, int: key.intValue)
        if let id, let known = cache.keyDescriptions[id] { return known }
        let description = "No value associated with key \(key) (\"\(key.stringValue)\")."
        // Bounded: a model's keys are few; keys made up at run time could be many.
        if let id {
            if cache.keyDescriptions.count >= 1024 { cache.keyDescriptions.removeAll(keepingCapacity: true) }
            cache.keyDescriptions[id] = description
        } else {
            if cache.smallKeyDescriptions.count >= 64 { cache.smallKeyDescriptions.removeAll(keepingCapacity: true) }
            cache.smallKeyDescriptions.append((type, tag, description))
        }
        return description
    }

    @inline(never)
    func atEndError(_ type: Any.Type, _ message: String, level: Int, index: Int) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: session.codingPath(level, appending: .index(index)), debugDescription: message))
    }

    /// Nesting deeper than Foundation's limit: the document is refused, whatever catches this.
    @inline(never)
    func depthError(_ level: Int, _ component: CodingPathComponent?) -> any Error {
        let error = UnboxError(
            reason: .depthLimitExceeded(limit: CodableDecoder.maximumDepth), byteOffset: context._currentOffset())
        if context._malformed == nil { context._malformed = error }
        return error
    }

    /// A container or decoder used when it cannot go back to its value (`revive`): its decode,
    /// or its stream element, is over.
    @inline(never)
    func staleError(level: Int) -> DecodingError {
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
            return decodingError(fromUnboxError: malformed)
        }
        return .dataCorrupted(
            DecodingError.Context(
                codingPath: session.codingPath(level),
                debugDescription:
                    "A decoding container was used after the stream moved on from the element it was made for. "
                    + "Use containers only within the init(from:) they were made in (near byte "
                    + "\(context._currentOffset()))."))
    }
}

/// The error a whole decode throws for malformed JSON, as Foundation reports it.
func decodingError(fromUnboxError error: UnboxError) -> DecodingError {
    .dataCorrupted(
        DecodingError.Context(
            codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
}
