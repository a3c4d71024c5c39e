// The stream types serve both the Unbox API and `SimdJSONDecoder`, so they are named for JSON
// streams rather than for Unbox. Their former names stay as deprecated aliases, so code written
// against them still builds (with a warning that names the new type).

/// The former name of ``JSONStreamReader``.
@available(*, deprecated, renamed: "JSONStreamReader")
public typealias UnboxStreamReader<Element> = JSONStreamReader<Element>

/// The former name of ``JSONFileStream``.
@available(*, deprecated, renamed: "JSONFileStream")
public typealias UnboxFileStream<Element> = JSONFileStream<Element>

/// The former name of ``JSONStream``.
@available(*, deprecated, renamed: "JSONStream")
public typealias UnboxStream<Element, Chunks: AsyncSequence> = JSONStream<Element, Chunks>

/// The former name of ``JSONStreamFormat``.
@available(*, deprecated, renamed: "JSONStreamFormat")
public typealias UnboxStreamFormat = JSONStreamFormat

/// The former name of ``JSONStreamErrorPolicy``.
@available(*, deprecated, renamed: "JSONStreamErrorPolicy")
public typealias UnboxStreamErrorPolicy = JSONStreamErrorPolicy
