import Foundation

/// Encodes `Encodable` values as JSON, writing bytes directly: a drop-in replacement for
/// Foundation's `JSONEncoder`, with the same options (Foundation's own strategy types), the same
/// output and the same errors.
///
/// ```swift
/// let encoder = SimdJSONEncoder()                 // was: JSONEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(feed)
/// ```
///
/// A model's `encode(to:)` writes JSON straight into a buffer the encoder reuses from one call to
/// the next: no tree of values, no dictionary per object, no `String` per number.
///
/// Output, compared with `JSONEncoder`'s:
/// - Under `.sortedKeys` (with or without `.prettyPrinted`), byte for byte the same: keys sorted
///   by their UTF-8 bytes, numbers in Swift's shortest round-trip form (`1e-07`, `1e+16`, `0.1`,
///   `-0`), the same escapes (`\/` unless `.withoutEscapingSlashes`, `\u001f`, non-ASCII as is),
///   the same pretty layout (two-space indentation, `" : "`, `{\n\n}` for an empty object).
/// - Without `.sortedKeys`, keys come in the order the model encodes them (Foundation's order is
///   its dictionary's, which varies from run to run); the document is the same JSON value.
///
/// A model that writes a key twice into one container (a value written again, a container taken
/// again for its key, a key strategy mapping two keys to one), or that uses its containers out of
/// order (goes back to a nested container after writing to its parent, uses a `superEncoder`
/// after writing past it), cannot be written in place; such a value is noticed and encoded again
/// by Foundation's `JSONEncoder` with the same options, so the result is Foundation's: the last
/// value of a key wins, a keyed container taken again merges into the object already there, and
/// a container of another kind for a key that holds one traps, as `JSONEncoder` traps. Finding a
/// repeated key costs a bit test per field when keys do not repeat. The details are in the
/// *Migrating from JSONDecoder* article.
///
/// An encoder is `Sendable`: share one between tasks and threads. Each encode snapshots the options
/// and borrows an output buffer from the encoder's small pool.
public final class SimdJSONEncoder: Sendable {
    /// The output formatting options: Foundation's type.
    public typealias OutputFormatting = JSONEncoder.OutputFormatting
    /// The strategy for writing coding keys: Foundation's type.
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
    /// The strategy for encoding `Date` values: Foundation's type.
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// The strategy for encoding `Data` values: Foundation's type.
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// The strategy for infinities and NaN: Foundation's type.
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy

    let lockedOptions = Locked(EncoderOptions())
    /// Sessions (output buffers) not in use, reused by the next encodes.
    private let pool = Locked<[EncodingSession]>([])

    /// Creates an encoder with Foundation's default options.
    ///
    /// ```swift
    /// let data = try SimdJSONEncoder().encode(user)
    /// ```
    public init() {}

    /// The output format. Default: `[]` (compact, keys in the model's order).
    ///
    /// ```swift
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    /// ```
    public var outputFormatting: OutputFormatting {
        get { lockedOptions.withLock { $0.outputFormatting } }
        set { lockedOptions.withLock { $0.outputFormatting = newValue } }
    }

    /// How coding keys are written. Default: `.useDefaultKeys`.
    ///
    /// ```swift
    /// encoder.keyEncodingStrategy = .convertToSnakeCase   // screenName → "screen_name"
    /// ```
    ///
    /// As in Foundation, the keys of a `[String: Value]` dictionary are written as they are under
    /// every strategy. Converted snake_case keys are kept, so each distinct key is converted once.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        get { lockedOptions.withLock { $0.keyEncodingStrategy } }
        set { lockedOptions.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// How `Date` values are written. Default: `.deferredToDate` (seconds since 2001 as a number).
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .iso8601   // "2024-05-01T12:00:00Z"
    /// ```
    public var dateEncodingStrategy: DateEncodingStrategy {
        get { lockedOptions.withLock { $0.dateEncodingStrategy } }
        set { lockedOptions.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Default: `.base64`.
    ///
    /// ```swift
    /// encoder.dataEncodingStrategy = .deferredToData   // [1,2,3]
    /// ```
    public var dataEncodingStrategy: DataEncodingStrategy {
        get { lockedOptions.withLock { $0.dataEncodingStrategy } }
        set { lockedOptions.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// What to do with infinities and NaN, which JSON cannot hold. Default: `.throw`.
    ///
    /// ```swift
    /// encoder.nonConformingFloatEncodingStrategy =
    ///     .convertToString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    /// ```
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { lockedOptions.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { lockedOptions.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// Values handed to every `encode(to:)` through `Encoder.userInfo`.
    ///
    /// ```swift
    /// encoder.userInfo[.apiVersion] = 2
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { lockedOptions.withLock { $0.userInfo } }
        set { lockedOptions.withLock { $0.userInfo = newValue } }
    }

    /// Encodes `value` as a JSON document.
    ///
    /// ```swift
    /// let data = try SimdJSONEncoder().encode(["id": 1])   // {"id":1}
    /// ```
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON document.
    /// - Throws: `EncodingError.invalidValue` for an infinity or NaN under `.throw`, for a value
    ///   that encodes nothing at the top level, or for containers nested 512 deep; any error the
    ///   value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let options = lockedOptions.withLock { $0 }
        let session = takeSession()
        defer { returnSession(session) }
        session.configure(options)
        session.reset()
        do {
            try session.encodeRoot(value)
        } catch  where session.interleaved {
            return try options.foundationEncoder().encode(value)
        }
        if session.interleaved { return try options.foundationEncoder().encode(value) }
        return session.data()
    }

    /// Encodes `value` with a configuration, as `JSONEncoder.encode(_:configuration:)` does.
    ///
    /// ```swift
    /// let data = try SimdJSONEncoder().encode(order, configuration: .v2)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - configuration: Handed to `encode(to:configuration:)`.
    /// - Returns: The JSON document.
    /// - Throws: What `encode(_:)` throws, or an error thrown by `encode(to:configuration:)`.
    public func encode<T: EncodableWithConfiguration>(
        _ value: T, configuration: T.EncodingConfiguration
    ) throws -> Data {
        try encode(ConfiguredValue(value: value, configuration: configuration))
    }

    /// Encodes `value` with the configuration that `configuration` provides, as
    /// `JSONEncoder.encode(_:configuration:)` does.
    ///
    /// ```swift
    /// let data = try SimdJSONEncoder().encode(order, configuration: OrderFormat.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - configuration: The type whose `encodingConfiguration` is handed to
    ///     `encode(to:configuration:)`.
    /// - Returns: The JSON document.
    /// - Throws: What `encode(_:)` throws, or an error thrown by `encode(to:configuration:)`.
    public func encode<T: EncodableWithConfiguration, C: EncodingConfigurationProviding>(
        _ value: T, configuration: C.Type
    ) throws -> Data where T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    private func takeSession() -> EncodingSession {
        pool.withLock { $0.popLast() } ?? EncodingSession()
    }

    private func returnSession(_ session: EncodingSession) {
        pool.withLock { sessions in
            if sessions.count < 4 { sessions.append(session) } else { session.releaseEncoders() }
        }
    }

    deinit {
        pool.withLock { sessions in
            for session in sessions { session.releaseEncoders() }
        }
    }
}

/// A value and its configuration, encoded as the value's `encode(to:configuration:)` writes it.
private struct ConfiguredValue<Value: EncodableWithConfiguration>: Encodable {
    let value: Value
    let configuration: Value.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, configuration: configuration)
    }
}

extension EncodingSession {
    /// Encodes `value` as the root of the output (after `reset`), with Foundation's top-level
    /// checks: something must be encoded, and containers may not nest 512 deep.
    func encodeRoot<T: Encodable>(_ value: T) throws {
        let slot = pushSlot(.none)
        try fill(slot: slot.index, id: slot.id, with: value)
        close(downTo: slot.index + 1)
        guard frame(slot.index).pointee.count != 0 else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        close(downTo: slot.index)
        if tooDeep {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
    }
}
