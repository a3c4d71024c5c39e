import Foundation

// Interoperation, Codable → Unbox: inside an `init(from:)` run by `SimdJSONDecoder`, a value can
// be decoded by SimdUnbox's rules (`Unboxable` models, `UnboxCompatible` types) straight from the
// decoder's cursor, without re-parsing.

extension KeyedDecodingContainer {
    /// Decodes the field `key` as an `Unboxable` (or any `UnboxCompatible`) value, through its
    /// `init(unboxer:)`, reading straight from the input.
    ///
    /// ```swift
    /// struct Page: Decodable {
    ///     let author: Author            // Unboxable, not Decodable
    ///
    ///     init(from decoder: any Decoder) throws {
    ///         let container = try decoder.container(keyedBy: CodingKeys.self)
    ///         author = try container.decodeUnboxable(Author.self, forKey: .author)
    ///     }
    /// }
    /// let page = try SimdJSONDecoder().decode(Page.self, from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to unbox.
    ///   - key: The field's key.
    /// - Returns: The unboxed value.
    /// - Throws: `DecodingError.keyNotFound` if the key is missing, `DecodingError.dataCorrupted`
    ///   (with the `UnboxError` as underlying error) if unboxing fails or if the decoder is not a
    ///   `SimdJSONDecoder`'s.
    public func decodeUnboxable<T: UnboxCompatible>(_ type: T.Type, forKey key: Key) throws -> T {
        let decoder = try superDecoder(forKey: key)
        if let decoder = decoder as? CodableDecoder, decoder.isMissing {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return try decoder.unboxValue(T.self)
    }
}

extension Decoder {
    /// Decodes this decoder's value as an `Unboxable` (or any `UnboxCompatible`) value, through its
    /// `init(unboxer:)`, reading straight from the input. Works with the decoders of
    /// `SimdJSONDecoder` only.
    ///
    /// ```swift
    /// struct Wrapper: Decodable {
    ///     let model: LegacyModel        // Unboxable
    ///     init(from decoder: any Decoder) throws {
    ///         model = try decoder.unboxValue(LegacyModel.self)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter type: The type to unbox.
    /// - Returns: The unboxed value.
    /// - Throws: `DecodingError.dataCorrupted` with the `UnboxError` as underlying error.
    public func unboxValue<T: UnboxCompatible>(_ type: T.Type = T.self) throws -> T {
        guard let decoder = self as? CodableDecoder else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Unboxable values can be decoded only by SimdJSONDecoder's decoders."))
        }
        guard decoder.frameIsLive else { return try decoder.reviveFrame { try unboxValue(type) } }
        if decoder.isMissing { throw decoder.valueNotFound(T.self, level: decoder.level, component: nil) }
        guard case .none = decoder.opened else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "The value was already opened as a container."))
        }
        var value = decoder.value
        do {
            return try T._unbox(from: &value, context: decoder.context)
        } catch {
            if let underlying = error._underlying { throw underlying.error }
            if error._isFatal { throw error }
            var path = codingPath
            for component in error.path {
                switch component {
                case .key(let key): path.append(CodableKey(stringValue: key))
                case .index(let index): path.append(CodableKey(index: index))
                }
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path, debugDescription: "\(error)", underlyingError: error))
        }
    }
}
