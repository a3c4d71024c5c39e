import Foundation

/// An `AsyncSequence` of models decoded from a JSON file of any size, element by element: a large
/// array, JSON Lines or concatenated documents.
///
/// ```swift
/// for try await record in JSONFileStream<Record>(contentsOf: exportURL, format: .jsonLines) {
///     try await database.insert(record)
/// }
/// ```
///
/// The file is read in pieces straight into a reused buffer and decoded in windows of complete
/// elements: peak memory stays in the low megabytes whatever the file's size (beyond what you keep
/// of the models). Reads are synchronous `read(2)` calls of about a megabyte, made by the task that
/// iterates.
///
/// Cancelling that task stops reading at the next element: `next()` throws `CancellationError`.
/// Errors follow the `JSONStreamErrorPolicy` you pass (stop at the first bad element by default);
/// a file that ends in the middle of an element throws.
public struct JSONFileStream<Element>: AsyncSequence, Sendable {
    private let url: URL
    private let format: JSONStreamFormat
    private let policy: JSONStreamErrorPolicy
    private let maximumDepth: Int
    /// Threads decoding; above 1 only where `Element: Sendable`.
    private let parallelism: Int
    private let decode: @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element

    /// Decodes the elements of the file at `url`. The file is opened when iteration starts.
    ///
    /// ```swift
    /// let events = JSONFileStream<Event>(contentsOf: logURL, format: .jsonLines, onError: .skipSilently)
    /// for try await event in events { count += 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    public init(
        contentsOf url: URL, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible {
        self.init(
            url: url, format: format, policy: policy, maximumDepth: maximumDepth,
            decode: UnboxElementDecoding<Element>().decode)
    }

    /// Decodes the elements of the file at `url` on several threads; the models come out in the
    /// file's order.
    ///
    /// ```swift
    /// let events = JSONFileStream<Event>(contentsOf: logURL, format: .jsonLines, parallelism: 2)
    /// for try await event in events { count += 1 }
    /// ```
    ///
    /// As `JSONStreamReader(contentsOf:format:onError:maximumDepth:parallelism:)`: batches of
    /// about a megabyte of whole elements, at most `2 × parallelism` in flight, the same models and
    /// errors in the same order as on one thread, a file of one batch or less read by the
    /// iterating task alone. Cancelling the task stops every thread.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the iterating task alone).
    public init(
        contentsOf url: URL, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth, parallelism: Int
    ) where Element: UnboxCompatible & Sendable {
        self.init(
            url: url, format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
            decode: UnboxElementDecoding<Element>().decode)
    }

    /// The extension point for other model layers (a `Decodable` decoder): `decode` reads one
    /// element from its cursor.
    init(
        url: URL, format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int,
        decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) {
        self.url = url
        self.format = format
        self.policy = policy
        self.maximumDepth = maximumDepth
        self.parallelism = 1
        self.decode = decode
    }

    /// The extension point, decoding on `parallelism` threads.
    init(
        url: URL, format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int, parallelism: Int,
        decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) where Element: Sendable {
        self.url = url
        self.format = format
        self.policy = policy
        self.maximumDepth = maximumDepth
        self.parallelism = Swift.max(1, parallelism)
        self.decode = decode
    }

    /// Starts reading the file (it is opened by the first `next()`).
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        if parallelism > 1, _severalThreadsCanHelp(fileOfSize: _regularFileSize(at: url)) {
            return AsyncIterator(
                url: url,
                parallel: ParallelStreamDecoder(
                    format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
                    decode: decode))
        }
        return AsyncIterator(
            url: url,
            decoder: _StreamDecoder(format: format, policy: policy, maximumDepth: maximumDepth, decode: decode))
    }

    /// Reads the file and yields models. Keep it in one task.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let url: URL
        private let decoder: _StreamDecoder<Element>?
        private let parallel: ParallelStreamDecoder<Element>?
        private var source: _FileByteSource?

        /// Whether the iterator decodes on worker threads too (for tests: a small file does not).
        var _decodesOnSeveralThreads: Bool { parallel != nil }

        init(url: URL, decoder: _StreamDecoder<Element>) {
            self.url = url
            self.decoder = decoder
            parallel = nil
        }

        init(url: URL, parallel: ParallelStreamDecoder<Element>) {
            self.url = url
            self.parallel = parallel
            decoder = nil
        }

        /// The next model of the file.
        ///
        /// ```swift
        /// while let record = try await iterator.next() { use(record) }
        /// ```
        ///
        /// - Returns: The next model, or `nil` at the end of the file.
        /// - Throws: `CancellationError` when the task is cancelled, the error opening or reading
        ///   the file, `UnboxError` for a bad element (under `.stop`) or a truncated file, or what
        ///   the model's initializer threw. After an error, `next()` returns `nil`.
        public mutating func next() async throws -> Element? {
            guard let decoder else { return try await nextInParallel() }
            while true {
                if Task.isCancelled {
                    decoder.abandon()
                    throw CancellationError()
                }
                if try decoder.advance() { return decoder.take() }
                guard decoder.needsInput else { return nil }
                do {
                    if source == nil { source = try _FileByteSource(url: url) }
                    try source.unsafelyUnwrapped.feed(decoder)
                } catch {
                    decoder.abandon()
                    throw error
                }
            }
        }

        private mutating func nextInParallel() async throws -> Element? {
            guard let parallel else { return nil }
            while !parallel.isDone {
                if Task.isCancelled {
                    parallel.abandon()
                    throw CancellationError()
                }
                if try parallel.advance() { return parallel.take() }
                while parallel.submitReady() {
                    do {
                        if source == nil { source = try _FileByteSource(url: url) }
                        try source.unsafelyUnwrapped.feed(parallel.splitter)
                    } catch {
                        parallel.abandon()
                        throw error
                    }
                }
                try await parallel.receiveNext()
            }
            return nil
        }
    }
}
