import Foundation

/// A coding key of a declared model's Codable conformance: any key or array index of its plan
/// (SimdUnbox's internals, for the code `@Unboxable` generates).
public struct _DeclaredCodingKey: CodingKey, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, Sendable {
    public let stringValue: String
    public let intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    public init(stringLiteral value: String) { self.init(stringValue: value) }
    public init(integerLiteral value: Int) { self.init(intValue: value) }
}

/// The reads and writes of the `init(from:)` and `encode(to:)` that `@Unboxable` writes for a
/// model that also declares `Decodable` or `Encodable`: the same keys, key paths (as nested
/// containers), spellings, defaults and dates as its one-pass decoder.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
public enum _DeclaredCodable {
    public typealias Container = KeyedDecodingContainer<_DeclaredCodingKey>

    /// Where the value at the end of a key path is: a key of an object, or an element of an array
    /// (through its own decoder, nil for `null`).
    enum Leaf {
        case keyed(Container, _DeclaredCodingKey)
        case element((any Decoder)?)
    }

    /// The value at `path`, which `body` reads, or nil when a step is absent.
    static func value<T>(
        at path: [_DeclaredCodingKey], in container: Container, _ body: (Leaf) throws -> T?
    ) throws -> T? {
        guard let last = path.last else { return nil }
        var current = container
        var index = 0
        while index < path.count - 1 {
            let step = path[index]
            guard current.contains(step), try !current.decodeNil(forKey: step) else { return nil }
            if let position = path[index + 1].intValue {
                // An array step: skip to the element, which is the last step or an object.
                var elements = try current.nestedUnkeyedContainer(forKey: step)
                var skipped = 0
                while skipped < position, !elements.isAtEnd {
                    _ = try elements.decode(_Skipped.self)
                    skipped += 1
                }
                guard !elements.isAtEnd else { return nil }
                if index + 1 == path.count - 1 {
                    if try elements.decodeNil() { return try body(.element(nil)) }
                    return try body(.element(try elements.superDecoder()))
                }
                current = try elements.nestedContainer(keyedBy: _DeclaredCodingKey.self)
                index += 2
                continue
            }
            current = try current.nestedContainer(keyedBy: _DeclaredCodingKey.self, forKey: step)
            index += 1
        }
        return try body(.keyed(current, last))
    }

    /// Decodes the value of the first of `paths` present (nil when none is, or its value is `null`).
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - paths: The accepted spellings, each a key path.
    ///   - decoder: The decoder.
    ///   - read: Reads a value from its own decoder (a date format), or nil for `T`'s own.
    /// - Returns: The value, or nil.
    /// - Throws: `DecodingError` as `JSONDecoder` throws it.
    public static func decodeIfPresent<T: Decodable>(
        _ type: T.Type, paths: [[_DeclaredCodingKey]], from decoder: any Decoder,
        using read: ((any Decoder) throws -> T)? = nil
    ) throws -> T? {
        let container = try decoder.container(keyedBy: _DeclaredCodingKey.self)
        for path in paths {
            let found: T? = try value(at: path, in: container) { (leaf) -> T? in
                switch leaf {
                case .element(let element?):
                    if let read { return try read(element) }
                    return try T(from: element)
                case .element(nil):
                    return nil
                case .keyed(let container, let key):
                    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
                    if let read { return try read(try container.superDecoder(forKey: key)) }
                    return try container.decode(T.self, forKey: key)
                }
            }
            if let found { return found }
        }
        return nil
    }

    /// Decodes the value of the first of `paths` present, which must be.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - paths: The accepted spellings, each a key path.
    ///   - decoder: The decoder.
    ///   - read: Reads a value from its own decoder (a date format), or nil for `T`'s own.
    /// - Returns: The value.
    /// - Throws: `DecodingError.keyNotFound` when no spelling is present, or the value's error.
    public static func decode<T: Decodable>(
        _ type: T.Type, paths: [[_DeclaredCodingKey]], from decoder: any Decoder,
        using read: ((any Decoder) throws -> T)? = nil
    ) throws -> T {
        if let value = try decodeIfPresent(type, paths: paths, from: decoder, using: read) { return value }
        let container = try decoder.container(keyedBy: _DeclaredCodingKey.self)
        let key = paths.first?.last ?? ""
        // The value is absent, or `null`: the error `JSONDecoder` gives for each.
        if let path = paths.first, path.count == 1, container.contains(key) {
            _ = try container.decode(T.self, forKey: key)
        }
        throw DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: decoder.codingPath + (paths.first?.dropLast() ?? []),
                debugDescription: "No value associated with key \(key.stringValue)."))
    }

    /// Encodes `value` at `path` (nested containers for a key path; a path with an array step is
    /// not written).
    ///
    /// - Parameters:
    ///   - value: The value (nothing is written for nil).
    ///   - path: The key path.
    ///   - encoder: The encoder.
    ///   - write: Writes the value to its own encoder (a date format), or nil for `T`'s own.
    /// - Throws: What the encoder throws.
    public static func encode<T: Encodable>(
        _ value: T?, at path: [_DeclaredCodingKey], to encoder: any Encoder,
        using write: ((T, any Encoder) throws -> Void)? = nil
    ) throws {
        guard let value, let last = path.last, !path.contains(where: { $0.intValue != nil }) else { return }
        var container = encoder.container(keyedBy: _DeclaredCodingKey.self)
        for step in path.dropLast() {
            container = container.nestedContainer(keyedBy: _DeclaredCodingKey.self, forKey: step)
        }
        if let write {
            try write(value, container.superEncoder(forKey: last))
        } else {
            try container.encode(value, forKey: last)
        }
    }

    /// Encodes the unknown keys a model kept.
    ///
    /// - Parameters:
    ///   - extras: The unknown keys and their values.
    ///   - encoder: The encoder.
    /// - Throws: What the encoder throws.
    public static func encode(unknownKeys extras: [String: JSONValue], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: _DeclaredCodingKey.self)
        for (key, value) in extras { try container.encode(value, forKey: _DeclaredCodingKey(stringValue: key)) }
    }
}

/// Any JSON value, skipped.
private struct _Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}
