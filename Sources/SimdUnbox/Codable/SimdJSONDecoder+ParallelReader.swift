import Foundation

// The `Decodable` forms of the worker-side reader and of the byte-range reader: the same engines,
// with each record decoded through its `init(from:)` under the decoder's options.

extension SimdJSONDecoder {
    /// A reader that decodes the `Decodable` records of a file on several threads and hands each
    /// model to your closure on the thread that decoded it.
    ///
    /// ```swift
    /// let decoder = SimdJSONDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// let total = try decoder.parallelReader(of: Order.self, contentsOf: ordersURL, format: .jsonLines)
    ///     .reduce(into: 0.0, { sum, order, _ in sum += order.amount }, merge: +=)
    /// ```
    ///
    /// Behaves as `JSONParallelReader(contentsOf:format:byteRange:onError:maximumDepth:parallelism:)`.
    /// The reader takes a snapshot of the decoder's options when it is created.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the records are laid out; a root array by default.
    ///   - byteRange: Only the records that start inside these offsets (`.jsonLines` and
    ///     `.concatenated`); nil for the whole file.
    ///   - policy: Stop at the first bad record (default) or skip bad records.
    ///   - maximumDepth: The deepest nesting accepted inside a record.
    ///   - parallelism: How many threads decode (the calling thread included); by default, the
    ///     active processors.
    /// - Returns: A reader whose `forEach` and `reduce` decode the file.
    public func parallelReader<T: Decodable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array, byteRange: Range<Int>? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth,
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> JSONParallelReader<T> {
        JSONParallelReader(
            url: url, byteRange: byteRange, format: format, policy: policy, maximumDepth: maximumDepth,
            parallelism: parallelism, decode: elementDecoding(T.self).decode)
    }

    /// A synchronous reader of the `Decodable` records of a JSON Lines or concatenated-documents
    /// file that start inside a byte range.
    ///
    /// ```swift
    /// let range = try JSONFileSplits.byteRanges(ofFileAt: logURL, count: parts)[part]
    /// var reader = try SimdJSONDecoder().reader(of: Event.self, contentsOf: logURL, format: .jsonLines, byteRange: range)
    /// while let event = try reader.next() { tally.add(event) }
    /// ```
    ///
    /// Behaves as `JSONStreamReader(contentsOf:format:byteRange:onError:maximumDepth:)`.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: `.jsonLines` or `.concatenated`.
    ///   - byteRange: Offsets in the file; clamped to it.
    ///   - policy: Stop at the first bad record (default) or skip bad records.
    ///   - maximumDepth: The deepest nesting accepted inside a record.
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end of the range.
    /// - Throws: The error opening or reading the file, or `UnboxError.Reason.misuse` for a URL that
    ///   is not a file URL or the format `.array`.
    public func reader<T: Decodable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat, byteRange: Range<Int>,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) throws -> JSONStreamReader<T> {
        JSONStreamReader(
            source: try _FileRangeSource(url: url, range: byteRange, format: format), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: elementDecoding(T.self).decode)
    }
}
