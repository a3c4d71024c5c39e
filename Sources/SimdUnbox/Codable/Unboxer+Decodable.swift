import Foundation

// Interoperation, Unbox → Codable: an `Unboxable` model can hold `Decodable` values, decoded by
// their `init(from:)` straight from the Unboxer's cursor (no re-parsing, no intermediate data).
//
// Why a separate name rather than an `unbox(key:)` overload: many types are both
// `UnboxCompatible` and `Decodable` (`String`, `Int`, `[T]`, models that adopt both), and an
// overload on `T: Decodable` would make `unbox(key:)` ambiguous for all of them. `unboxDecodable`
// says which decoding rules apply: Foundation's `JSONDecoder` rules, with default options.

extension Unboxer {
    /// Decodes the field `key` through the value's `init(from:)`, as `JSONDecoder` (default
    /// options) would, reading straight from this unboxer's cursor.
    ///
    /// ```swift
    /// struct Order: Unboxable {
    ///     let id: Int
    ///     let shipping: Address          // Decodable, not Unboxable
    ///
    ///     init(unboxer: Unboxer) throws {
    ///         id = try unboxer.unbox(key: "id")
    ///         shipping = try unboxer.unboxDecodable(key: "shipping")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter key: The field's key.
    /// - Returns: The decoded value.
    /// - Throws: `UnboxError`: `.missingKey` if the key is missing, `.custom` with the
    ///   `DecodingError`'s description for what `init(from:)` rejects.
    public func unboxDecodable<T: Decodable>(key: String) throws -> T {
        try _unbox(key: key) { (value) throws(UnboxError) in
            try decodeDecodable(T.self, from: &value, context: _context)
        }
    }

    /// Decodes the value at a key path through its `init(from:)`.
    ///
    /// ```swift
    /// let address: Address = try unboxer.unboxDecodable(keyPath: "customer.address")
    /// ```
    ///
    /// - Parameter keyPath: Dot-separated keys and indices, or a JSON Pointer.
    /// - Returns: The decoded value.
    /// - Throws: `UnboxError`.
    public func unboxDecodable<T: Decodable>(keyPath: String) throws -> T {
        try _unbox(keyPath: keyPath) { (value) throws(UnboxError) in
            try decodeDecodable(T.self, from: &value, context: _context)
        }
    }

    /// Decodes the field `key` through its `init(from:)`, or returns `nil` when the key is
    /// missing or its value is `null`.
    ///
    /// ```swift
    /// let billing: Address? = try unboxer.unboxDecodableIfPresent(key: "billing")
    /// ```
    ///
    /// - Parameter key: The field's key.
    /// - Returns: The decoded value, or `nil`.
    /// - Throws: `UnboxError` if the value is present but cannot be decoded.
    public func unboxDecodableIfPresent<T: Decodable>(key: String) throws -> T? {
        try _checkLive()
        var object = _object
        var value = _JSONCursor()
        let code = _withUTF8(key) { object.findField($0.baseAddress, $0.count, &value) }
        if code == .noSuchField { return nil }
        do {
            guard code == .success else { throw _context._containerError(code) }
            if try _context._isNull(&value) { return nil }
            return try decodeDecodable(T.self, from: &value, context: _context)
        } catch {
            throw _context._prepending(.key(key), to: error)
        }
    }
}

/// Decodes `T` from `value` with a Codable decoder of default options over the same document.
/// A `DecodingError` becomes an `UnboxError` with the same path.
func decodeDecodable<T: Decodable>(_: T.Type, from value: inout _JSONCursor, context: _DecodingContext)
    throws(UnboxError) -> T
{
    let session = CodableSession(context: context, options: DecoderOptions())
    defer { session.close() }
    do {
        return try decodeDecodable(T.self, from: &value, session: session)
    } catch {
        // `init(from:)` throws untyped errors: ours arrive as `UnboxError`s, the model's own are
        // carried inside one to the entry point.
        throw UnboxError._wrapping(error)
    }
}

/// Decodes `T` from `value` as the root of `session` (whose context is `value`'s). A
/// `DecodingError` becomes an `UnboxError` with the same path.
func decodeDecodable<T: Decodable>(_: T.Type, from value: inout _JSONCursor, session: CodableSession) throws
    -> T
{
    let decoder = CodableDecoder(session: session, value: value, level: 0, token: session.newToken(level: 0))
    do {
        return try decoder.decodeFrameValue(T.self, containerLevel: 0)
    } catch let error as DecodingError {
        throw unboxError(fromDecodingError: error)
    }
}

/// A `DecodingError` in Unbox's terms.
func unboxError(fromDecodingError error: DecodingError) -> UnboxError {
    func components(_ path: [any CodingKey]) -> [UnboxPathComponent] {
        path.map { key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") { return .index(index) }
            return .key(key.stringValue)
        }
    }
    switch error {
    case .keyNotFound(let key, let context):
        return UnboxError(reason: .missingKey, path: components(context.codingPath + [key]))
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        if let underlying = context.underlyingError as? UnboxError { return underlying }
        return UnboxError(reason: .custom(context.debugDescription), path: components(context.codingPath))
    @unknown default:
        return UnboxError(reason: .custom("\(error)"))
    }
}
