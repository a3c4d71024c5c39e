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
/// It has every option and entry point of `JSONDecoder` (``allowsJSON5``,
/// ``assumesTopLevelDictionary``, `decode(_:from:configuration:)` among them). What differs, all
/// on invalid input or unusual use, is listed once in the *Migrating from JSONDecoder* article.
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
        set {
            lockedOptions.withLock {
                $0.userInfo = newValue
                $0.assumesTopLevelDictionary = newValue[DecoderOptions.assumesTopLevelDictionaryKey] as? Bool ?? false
            }
        }
    }

    /// Whether the input may be JSON5: comments, trailing commas, unquoted keys, single-quoted
    /// strings, hexadecimal numbers, `+1`, `.5` and `5.`. Default: `false`.
    ///
    /// ```swift
    /// decoder.allowsJSON5 = true
    /// let config = try decoder.decode(Config.self, from: Data("{name: 'demo', retries: 0x3,}".utf8))
    /// ```
    ///
    /// Input is first decoded as plain JSON, at full speed; only when it is not valid JSON is it
    /// rewritten as JSON (a pass over the input and a copy) and decoded again, so plain JSON costs
    /// the same with the option as without it, and JSON5 costs a failed attempt and a rewrite
    /// more.
    public var allowsJSON5: Bool {
        get { lockedOptions.withLock { $0.allowsJSON5 } }
        set { lockedOptions.withLock { $0.allowsJSON5 = newValue } }
    }

    /// Whether the root is an object even when its braces are left out (`"a": 1, "b": 2`).
    /// Default: `false`. Works with and without ``allowsJSON5``.
    ///
    /// ```swift
    /// decoder.assumesTopLevelDictionary = true
    /// let pair = try decoder.decode([String: Int].self, from: Data(#""a": 1, "b": 2"#.utf8))
    /// ```
    ///
    /// As in Foundation, the setting is kept in ``userInfo``. Input without its braces is
    /// rewritten with them (a pass and a copy); input that has them is decoded as it is.
    public var assumesTopLevelDictionary: Bool {
        get { lockedOptions.withLock { $0.assumesTopLevelDictionary } }
        set {
            lockedOptions.withLock {
                $0.userInfo[DecoderOptions.assumesTopLevelDictionaryKey] = newValue
                $0.assumesTopLevelDictionary = newValue
            }
        }
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
        try data.withUnsafeBytes { try decodeBuffer(type, from: $0, keyPath: nil) }
    }

    /// Decodes a value of `type` that needs a configuration from JSON `data`, as
    /// `JSONDecoder.decode(_:from:configuration:)` does.
    ///
    /// ```swift
    /// let order = try SimdJSONDecoder().decode(Order.self, from: data, configuration: .v2)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON.
    ///   - configuration: Handed to `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:configuration:)`.
    public func decode<T: DecodableWithConfiguration>(
        _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
    ) throws -> T {
        try data.withUnsafeBytes { bytes in
            try decodeBuffer(from: bytes, keyPath: nil, options: lockedOptions.withLock { $0 }) { decoder, _ in
                try type.init(from: decoder, configuration: configuration)
            }
        }
    }

    /// Decodes a value of `type` with the configuration that `configuration` provides, as
    /// `JSONDecoder.decode(_:from:configuration:)` does.
    ///
    /// ```swift
    /// let order = try SimdJSONDecoder().decode(Order.self, from: data, configuration: OrderFormat.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: JSON.
    ///   - configuration: The type whose `decodingConfiguration` is handed to
    ///     `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or an error thrown by `init(from:configuration:)`.
    public func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(
        _ type: T.Type, from data: Data, configuration: C.Type
    ) throws -> T where T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, from: data, configuration: C.decodingConfiguration)
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
        return try string.withUTF8 { try decodeUTF8(type, from: UnsafeRawBufferPointer($0), keyPath: nil) }
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
        try bytes.withUnsafeBytes { try decodeBuffer(type, from: $0, keyPath: nil) }
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
        try data.withUnsafeBytes { try decodeBuffer(type, from: $0, keyPath: keyPath) }
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
        return try string.withUTF8 { try decodeUTF8(type, from: UnsafeRawBufferPointer($0), keyPath: keyPath) }
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
        try bytes.withUnsafeBytes { try decodeBuffer(type, from: $0, keyPath: keyPath) }
    }

    /// One decode: snapshot the options, index the input, decode the root (or the value at
    /// `keyPath`), check the rest of the document.
    func decodeBuffer<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, keyPath: String?) throws -> T {
        try decodeBuffer(from: bytes, keyPath: keyPath, options: lockedOptions.withLock { $0 }) { decoder, level in
            try decoder.decodeFrameValue(type, containerLevel: level)
        }
    }

    /// `decodeBuffer(_:from:keyPath:)` with the options given and the root made by `root` (given
    /// the decoder of the root and its level).
    func decodeBuffer<T>(
        from bytes: UnsafeRawBufferPointer, keyPath: String?, options: DecoderOptions,
        root: (CodableDecoder, Int) throws -> T
    ) throws -> T {
        // UTF-16 and UTF-32 input, detected as Foundation detects it (a byte order mark, or the
        // pattern of zero bytes at the start), is transcoded to UTF-8 once.
        if bytes.count <= SimdUnboxDiagnostics.maximumDocumentSize,
            let (encoding, markLength) = Self.unicodeEncoding(of: bytes)
        {
            guard let text = String(bytes: bytes[markLength...], encoding: encoding) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            let utf8 = Array(text.utf8)
            return try utf8.withUnsafeBytes { try decodeUTF8(from: $0, keyPath: keyPath, options: options, root: root) }
        }
        return try decodeUTF8(from: bytes, keyPath: keyPath, options: options, root: root)
    }

    /// The encoding of `bytes` when it is UTF-16 or UTF-32, with the length of its byte order mark;
    /// nil for UTF-8. Foundation's rules, in its order: byte order marks first (`00 00 FE FF`
    /// UTF-32BE, `FE FF 00 00` UTF-32LE, `FE FF` UTF-16BE, `FF FE` UTF-16LE, even when two zero
    /// bytes follow), then the zero bytes among the first four (JSON's grammar makes its first
    /// characters ASCII): `00 00 00 xx` UTF-32BE, `00 xx 00 xx` UTF-16BE, `xx 00 00 00` UTF-32LE,
    /// `xx 00 xx 00` UTF-16LE, and for two-byte input `00 xx` and `xx 00`.
    static func unicodeEncoding(of bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int)? {
        let count = bytes.count
        guard count >= 2 else { return nil }
        let (b0, b1) = (bytes[0], bytes[1])
        if count >= 4 {
            let (b2, b3) = (bytes[2], bytes[3])
            if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF { return (.utf32BigEndian, 4) }
            if b0 == 0xFE && b1 == 0xFF && b2 == 0 && b3 == 0 { return (.utf32LittleEndian, 4) }
        }
        if b0 == 0xFE && b1 == 0xFF { return (.utf16BigEndian, 2) }
        if b0 == 0xFF && b1 == 0xFE { return (.utf16LittleEndian, 2) }
        if count >= 4 {
            let (b2, b3) = (bytes[2], bytes[3])
            if b0 == 0xEF && b1 == 0xBB && b2 == 0xBF { return nil }
            if b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0 { return (.utf32BigEndian, 0) }
            if b0 == 0 && b1 != 0 && b2 == 0 && b3 != 0 { return (.utf16BigEndian, 0) }
            if b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0 { return (.utf32LittleEndian, 0) }
            if b0 != 0 && b1 == 0 && b2 != 0 && b3 == 0 { return (.utf16LittleEndian, 0) }
            return nil
        }
        if count == 2 {
            if b0 == 0 && b1 != 0 { return (.utf16BigEndian, 0) }
            if b0 != 0 && b1 == 0 { return (.utf16LittleEndian, 0) }
        }
        return nil
    }

    func decodeUTF8<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, keyPath: String?) throws -> T {
        try decodeUTF8(from: bytes, keyPath: keyPath, options: lockedOptions.withLock { $0 }) { decoder, level in
            try decoder.decodeFrameValue(type, containerLevel: level)
        }
    }

    /// Decodes UTF-8 input: rewritten as JSON first when the options ask for JSON5 or a brace-less
    /// root (see `JSON5Translator`).
    func decodeUTF8<T>(
        from bytes: UnsafeRawBufferPointer, keyPath: String?, options: DecoderOptions,
        root: (CodableDecoder, Int) throws -> T
    ) throws -> T {
        guard _slowPath(options.allowsJSON5 || options.assumesTopLevelDictionary) else {
            return try decodeJSON(from: bytes, keyPath: keyPath, options: options, root: root)
        }
        var input = bytes
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            input = UnsafeRawBufferPointer(rebasing: input[3...])
        }
        let braceless = options.assumesTopLevelDictionary && !Self.startsWithBrace(input)
        if !braceless {
            guard options.allowsJSON5 else {
                return try decodeJSON(from: input, keyPath: keyPath, options: options, root: root)
            }
            // Plain JSON first: JSON5 is a superset, and what JSON5 adds is malformed JSON.
            do {
                return try decodeJSON(from: input, keyPath: keyPath, options: options, root: root)
            } catch let error as DecodingError {
                guard case .dataCorrupted(let context) = error, context.underlyingError is UnboxError else {
                    throw error
                }
            }
        }
        // JSON5's `Infinity`, `-Infinity` and `NaN` become strings that the non-conforming float
        // strategy reads back as those values: the strategy's own strings, or (under `.throw`)
        // strings no document holds, with a strategy set for them for this decode.
        var options = options
        let sentinels = (
            positiveInfinity: "\u{0}SimdUnbox.JSON5.Infinity", negativeInfinity: "\u{0}SimdUnbox.JSON5.-Infinity",
            nan: "\u{0}SimdUnbox.JSON5.NaN"
        )
        var nonConforming = sentinels
        var usesSentinels = true
        if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
            options.nonConformingFloatDecodingStrategy
        {
            nonConforming = (positiveInfinity, negativeInfinity, nan)
            usesSentinels = false
        }
        let json: (json: [UInt8], wroteNonConforming: Bool)
        do {
            json = try JSON5Translator.translate(
                input, json5: options.allowsJSON5, assumesTopLevelDictionary: braceless,
                nonConforming: nonConforming)
        } catch let error as UnboxError {
            throw decodingError(fromUnboxError: error)
        }
        if json.wroteNonConforming && usesSentinels {
            options.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: sentinels.positiveInfinity, negativeInfinity: sentinels.negativeInfinity,
                nan: sentinels.nan)
        }
        return try json.json.withUnsafeBytes {
            try decodeJSON(from: $0, keyPath: keyPath, options: options, root: root)
        }
    }

    /// Whether the first byte after whitespace is `{`.
    static func startsWithBrace(_ input: UnsafeRawBufferPointer) -> Bool {
        for byte in input where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            return byte == UInt8(ascii: "{")
        }
        return false
    }

    /// Decodes UTF-8 JSON: `root` makes the root (or the value at `keyPath`) from its decoder.
    func decodeJSON<T>(
        from bytes: UnsafeRawBufferPointer, keyPath: String?, options: DecoderOptions,
        root: (CodableDecoder, Int) throws -> T
    ) throws -> T {
        var input = bytes
        // Foundation skips a UTF-8 byte order mark.
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            input = UnsafeRawBufferPointer(rebasing: input[3...])
        }
        do {
            return try _withDocument(input) { document, context in
                let session = CodableSession(context: context, options: options)
                defer { session.close() }
                var value = document
                var level = 0
                if let keyPath {
                    level = try navigate(keyPath, from: &value, context: context, session: session)
                }
                let decoder = CodableDecoder(
                    session: session, value: value, level: level, token: session.newToken(level: level))
                return try root(decoder, level)
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
