import Foundation

/// Decodes `Decodable` types from JSON at simdjson speed: a drop-in replacement for Foundation's
/// `JSONDecoder`, with the same options, the same results and the same errors.
///
/// ```swift
/// let decoder = SimdJSONDecoder()                 // was: JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let feed = try decoder.decode(Feed.self, from: data)
///
/// // Beyond Foundation: decode one nested value without decoding the rest.
/// let user = try decoder.decode(User.self, from: data, atKeyPath: "statuses.0.user")
/// ```
///
/// Values are read from the input the moment `init(from:)` asks for them: no tree of the
/// document, no dictionary of every object's keys. Keyed containers accept keys in any order, but
/// the order of the JSON is fastest (the order of synthesized `CodingKeys` usually is).
///
/// A decoder is `Sendable`: share one between tasks and threads. Each decode snapshots the options
/// and borrows a parser of its own.
///
/// Differences from `JSONDecoder` (all on invalid input or unusual use):
/// - Malformed JSON inside a value the model never reads (`{"used": 1, "unused": tru}`) may go
///   unnoticed, as everywhere in SimdUnbox; content after the root value is always an error.
///   Foundation also accepts trailing commas (`[1, 2,]`), which SimdJSONDecoder rejects.
/// - A nested container, or a `superDecoder`, must be finished with before its parent container
///   is used again; a stale one throws `DecodingError.dataCorrupted` (Foundation allows any
///   order).
/// - `UnkeyedDecodingContainer.count` is known only until the first element is read (`nil`
///   afterwards), and keys written with escapes (`"caf\u00e9"`) match a model's keys only through
///   `allKeys` and key strategies.
/// - Input must be UTF-8 (a byte order mark is skipped).
///
/// A type that conforms to both `Decodable` and `Unboxable` is decoded through `init(from:)`,
/// as `JSONDecoder` would; to decode an `Unboxable` value from inside `init(from:)`, use
/// `KeyedDecodingContainer.decodeUnboxable(_:forKey:)`.
public final class SimdJSONDecoder: Sendable {
    /// The strategy for matching JSON keys to coding keys: Foundation's type.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// The strategy for decoding `Date` values: Foundation's type.
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// The strategy for decoding `Data` values: Foundation's type.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// The strategy for non-conforming floats (infinity, NaN) written as strings: Foundation's type.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

    let lockedOptions = Locked(DecoderOptions())

    /// Creates a decoder with Foundation's default options.
    ///
    /// ```swift
    /// let decoder = SimdJSONDecoder()
    /// let user = try decoder.decode(User.self, from: data)
    /// ```
    public init() {}

    /// How JSON keys are matched to coding keys. Default: `.useDefaultKeys`.
    ///
    /// ```swift
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase  // "screen_name" → screenName
    /// ```
    ///
    /// With `.convertFromSnakeCase`, each distinct key is converted once and kept (a bounded
    /// number, with each parser), and keyed containers read every key of their object as they go,
    /// so that the first of several keys converting to one name wins, as in Foundation. A
    /// `.custom` strategy runs for every key of each object, as Foundation runs it.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { lockedOptions.withLock { $0.keyDecodingStrategy } }
        set { lockedOptions.withLock { $0.keyDecodingStrategy = newValue } }
    }

    /// How `Date` values are decoded. Default: `.deferredToDate`.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .iso8601  // "2024-05-01T12:00:00.250Z", fractions too
    /// ```
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { lockedOptions.withLock { $0.dateDecodingStrategy } }
        set { lockedOptions.withLock { $0.dateDecodingStrategy = newValue } }
    }

    /// How `Data` values are decoded. Default: `.base64`.
    ///
    /// ```swift
    /// decoder.dataDecodingStrategy = .deferredToData  // [1, 2, 3]
    /// ```
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { lockedOptions.withLock { $0.dataDecodingStrategy } }
        set { lockedOptions.withLock { $0.dataDecodingStrategy = newValue } }
    }

    /// How infinity and NaN, written as strings, are decoded. Default: `.throw`.
    ///
    /// ```swift
    /// decoder.nonConformingFloatDecodingStrategy =
    ///     .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    /// ```
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { lockedOptions.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { lockedOptions.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    ///
    /// ```swift
    /// decoder.userInfo[.apiVersion] = 2
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { lockedOptions.withLock { $0.userInfo } }
        set { lockedOptions.withLock { $0.userInfo = newValue } }
    }

    // MARK: Decoding

    /// Decodes a value of `type` from JSON `data`.
    ///
    /// ```swift
    /// let user = try SimdJSONDecoder().decode(User.self, from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: UTF-8 JSON.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, as `JSONDecoder` does (`.dataCorrupted` with an `UnboxError` as
    ///   underlying error for malformed JSON), or an error thrown by `init(from:)`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decodeBuffer(T.self, from: $0, keyPath: nil) }
    }

    /// Decodes a value of `type` from a JSON string.
    ///
    /// ```swift
    /// let point = try SimdJSONDecoder().decode(Point.self, from: #"{"x": 1, "y": 2}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - string: The JSON text.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:)`.
    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decodeUTF8(T.self, from: UnsafeRawBufferPointer($0), keyPath: nil) }
    }

    /// Decodes a value of `type` from contiguous UTF-8 bytes, such as `[UInt8]`.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array(#"[1, 2, 3]"#.utf8)
    /// let numbers = try SimdJSONDecoder().decode([Int].self, from: bytes)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: UTF-8 JSON.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:)`.
    public func decode<T: Decodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes) throws -> T {
        try bytes.withUnsafeBytes { try decodeBuffer(T.self, from: $0, keyPath: nil) }
    }

    /// Decodes only the value at `keyPath` inside JSON `data`, without decoding the rest.
    ///
    /// ```swift
    /// let name = try decoder.decode(String.self, from: data, atKeyPath: "statuses.0.user.name")
    /// let version = try decoder.decode(Int.self, from: data, atKeyPath: "/versions/1.2")  // JSON Pointer
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: UTF-8 JSON.
    ///   - keyPath: Dot-separated keys and array indices (`"devices.0.name"`), or a JSON Pointer
    ///     (RFC 6901: `"/devices/0/name"`, for keys with dots). The coding path of any error starts
    ///     with these steps.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError.keyNotFound` when a step is missing, `.typeMismatch` when a step is
    ///   not an object or array, and whatever decoding the value throws.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, atKeyPath keyPath: String) throws -> T {
        try data.withUnsafeBytes { try decodeBuffer(T.self, from: $0, keyPath: keyPath) }
    }

    /// Decodes only the value at `keyPath` inside a JSON string.
    ///
    /// ```swift
    /// let id = try decoder.decode(Int.self, from: json, atKeyPath: "meta.id")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - string: The JSON text.
    ///   - keyPath: Dot-separated keys and indices, or a JSON Pointer.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:)`.
    public func decode<T: Decodable>(_ type: T.Type, from string: String, atKeyPath keyPath: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decodeUTF8(T.self, from: UnsafeRawBufferPointer($0), keyPath: keyPath) }
    }

    /// Decodes only the value at `keyPath` inside contiguous UTF-8 bytes.
    ///
    /// ```swift
    /// let first = try decoder.decode(Item.self, from: bytes, atKeyPath: "items.0")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: UTF-8 JSON.
    ///   - keyPath: Dot-separated keys and indices, or a JSON Pointer.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:)`.
    public func decode<T: Decodable, Bytes: ContiguousBytes>(
        _ type: T.Type, from bytes: Bytes, atKeyPath keyPath: String
    )
        throws -> T
    {
        try bytes.withUnsafeBytes { try decodeBuffer(T.self, from: $0, keyPath: keyPath) }
    }

    /// One decode: snapshot the options, index the input, decode the root (or the value at
    /// `keyPath`), check the rest of the document.
    func decodeBuffer<T: Decodable>(_: T.Type, from bytes: UnsafeRawBufferPointer, keyPath: String?) throws -> T {
        // UTF-16 and UTF-32 input, detected as Foundation detects it (a byte order mark, or the
        // pattern of zero bytes at the start), is transcoded to UTF-8 once.
        if bytes.count <= SimdUnboxDiagnostics.maximumDocumentSize,
            let (encoding, markLength) = Self.unicodeEncoding(of: bytes)
        {
            // (A trailing partial code unit would be dropped silently by the conversion.)
            let unit = encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? 2 : 4
            guard (bytes.count - markLength) % unit == 0,
                let text = String(data: Data(bytes[markLength...]), encoding: encoding)
            else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            let utf8 = Array(text.utf8)
            return try utf8.withUnsafeBytes { try decodeUTF8(T.self, from: $0, keyPath: keyPath) }
        }
        return try decodeUTF8(T.self, from: bytes, keyPath: keyPath)
    }

    /// The encoding of `bytes` when it is UTF-16 or UTF-32, with the length of its byte order mark;
    /// nil for UTF-8. Byte order marks first (`FF FE` is UTF-16 little-endian even when two zero
    /// bytes follow, as in Foundation), then the zero bytes of the first characters, which JSON's
    /// grammar makes ASCII.
    static func unicodeEncoding(of bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int)? {
        let count = bytes.count
        guard count >= 2 else { return nil }
        let (b0, b1) = (bytes[0], bytes[1])
        if count >= 4 && b0 == 0 && b1 == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF { return (.utf32BigEndian, 4) }
        if b0 == 0xFE && b1 == 0xFF { return (.utf16BigEndian, 2) }
        if b0 == 0xFF && b1 == 0xFE { return (.utf16LittleEndian, 2) }
        if count >= 4 {
            if b0 == 0 && b1 == 0 && bytes[2] == 0 { return (.utf32BigEndian, 0) }
            if b0 != 0 && b1 == 0 && bytes[2] == 0 && bytes[3] == 0 { return (.utf32LittleEndian, 0) }
        }
        if b0 == 0 { return (.utf16BigEndian, 0) }
        if b1 == 0 { return (.utf16LittleEndian, 0) }
        return nil
    }

    func decodeUTF8<T: Decodable>(_: T.Type, from bytes: UnsafeRawBufferPointer, keyPath: String?) throws -> T {
        let options = lockedOptions.withLock { $0 }
        var input = bytes
        // Foundation skips a UTF-8 byte order mark.
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            input = UnsafeRawBufferPointer(rebasing: input[3...])
        }
        do {
            return try _withDocument(input) { root, context in
                let session = CodableSession(context: context, options: options)
                defer { session.close() }
                var value = root
                var level = 0
                if let keyPath {
                    level = try navigate(keyPath, from: &value, context: context, session: session)
                }
                let decoder = CodableDecoder(
                    session: session, value: value, level: level, token: session.newToken(level: level))
                return try decoder.decodeFrameValue(T.self, containerLevel: level)
            }
        } catch let error as UnboxError {
            throw decodingError(fromUnboxError: error)
        } catch {
            // Foundation checks the whole document before decoding: a model error in a broken
            // document is reported as the broken document. Check it, on this failure path only.
            do {
                try _withDocument(input) { root, context in try context.validateValue(&root) }
            } catch let malformed as UnboxError {
                throw decodingError(fromUnboxError: malformed)
            }
            throw error
        }
    }
}
