import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 21% more instructions per decode streaming 1 MB of JSON Lines on one thread
// (28.26M -> 34.08M; CONTRIBUTING.md, "Unsafe code"). Remove one only with a measurement of its own.

/// An `AsyncSequence` of models decoded from JSON that arrives in pieces: an HTTP body, a socket,
/// a pipe. Each model is yielded as soon as its last byte has arrived; elements split across
/// pieces are put back together.
///
/// ```swift
/// let (body, _) = try await URLSession.shared.bytes(from: feedURL)
/// for try await item in JSONStream<FeedItem, _>(bytes: body, format: .jsonLines) {
///     show(item)
/// }
///
/// // Any sequence of chunks (`Data`, `[UInt8]`, ...):
/// for try await record in JSONStream<Record, _>(chunks: chunkStream, format: .array) {
///     store(record)
/// }
/// ```
///
/// Memory stays bounded: bytes are decoded in windows of complete elements and dropped once
/// decoded, so it holds about one chunk plus one element, whatever the stream's length. A chunk
/// larger than a megabyte is consumed a megabyte at a time.
///
/// Cancelling the task that iterates stops reading at the next element: `next()` throws
/// `CancellationError` and no more chunks are pulled.
///
/// Errors follow the `JSONStreamErrorPolicy` you pass (stop at the first bad element by default).
/// A stream that ends in the middle of an element or document throws.
///
/// Numbers and the literals `true`, `false` and `null` are complete only when the byte after them
/// arrives; every other element is yielded the moment its closing byte does.
public struct JSONStream<Element, Chunks: AsyncSequence>: AsyncSequence {
    /// How a chunk of `Chunks` is read.
    enum ChunkReader: Sendable {
        case contiguous(@Sendable (Chunks.Element, (UnsafeRawBufferPointer) -> Void) -> Void)
        case byte(@Sendable (Chunks.Element) -> UInt8)
    }

    private let chunks: Chunks
    private let reader: ChunkReader
    private let format: JSONStreamFormat
    private let policy: JSONStreamErrorPolicy
    private let maximumDepth: Int
    /// Threads decoding; above 1 only where `Element: Sendable`.
    private var parallelism = 1
    private let decode: @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element

    /// Decodes the elements of JSON arriving as chunks of bytes (`Data`, `[UInt8]`,
    /// `ArraySlice<UInt8>`, ...).
    ///
    /// ```swift
    /// let stream = JSONStream<Record, _>(chunks: AsyncStream<Data> { ... }, format: .jsonLines)
    /// for try await record in stream { store(record) }
    /// ```
    ///
    /// - Parameters:
    ///   - chunks: The bytes, in pieces of any size, empty pieces included.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    public init(
        chunks: Chunks, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible, Chunks.Element: ContiguousBytes {
        self.init(
            chunks: chunks, reader: .contiguous(ContiguousChunkReading<Chunks.Element>().read), format: format,
            policy: policy, maximumDepth: maximumDepth, decode: UnboxElementDecoding<Element>().decode)
    }

    /// Decodes the elements of JSON arriving as chunks of bytes on several threads; the models come
    /// out in the stream's order.
    ///
    /// ```swift
    /// let stream = JSONStream<Record, _>(chunks: exportChunks, format: .jsonLines, parallelism: 2)
    /// for try await record in stream { store(record) }
    /// ```
    ///
    /// Bytes are gathered into batches of about a megabyte of whole elements (cut at newlines for
    /// JSON Lines, at element boundaries otherwise), each decoded by a worker thread with its own
    /// parser; at most `2 × parallelism` batches are in flight. Models and errors (indices, byte
    /// offsets, the order of the `.skip` handler's calls) are exactly those of the same stream on
    /// one thread, but a model comes out only once its batch is full or the stream has ended: use
    /// this for throughput, not for latency. Cancelling the task stops every thread.
    ///
    /// - Parameters:
    ///   - chunks: The bytes, in pieces of any size, empty pieces included.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the iterating task alone).
    public init(
        chunks: Chunks, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth, parallelism: Int
    ) where Element: UnboxCompatible & Sendable, Chunks.Element: ContiguousBytes {
        self.init(
            chunks: chunks, reader: .contiguous(ContiguousChunkReading<Chunks.Element>().read), format: format,
            policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
            decode: UnboxElementDecoding<Element>().decode)
    }

    /// Decodes the elements of JSON arriving byte by byte (`URLSession.AsyncBytes`,
    /// `FileHandle.AsyncBytes`, ...).
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await event in JSONStream<Event, _>(bytes: bytes, format: .jsonLines) { handle(event) }
    /// ```
    ///
    /// Bytes are gathered into the decoder's buffer and decoded whenever one could end an element
    /// (`}`, `]`, `"`, a newline) and every 64 KiB.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    public init(
        bytes: Chunks, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible, Chunks.Element == UInt8 {
        self.init(
            chunks: bytes, reader: .byte({ $0 }), format: format, policy: policy, maximumDepth: maximumDepth,
            decode: UnboxElementDecoding<Element>().decode)
    }

    /// The extension point for other model layers (a `Decodable` decoder): `decode` reads one
    /// element from its cursor.
    init(
        chunks: Chunks, reader: ChunkReader, format: JSONStreamFormat, policy: JSONStreamErrorPolicy,
        maximumDepth: Int, decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) {
        self.chunks = chunks
        self.reader = reader
        self.format = format
        self.policy = policy
        self.maximumDepth = maximumDepth
        self.decode = decode
    }

    /// The extension point, decoding chunks on `parallelism` threads.
    init(
        chunks: Chunks, reader: ChunkReader, format: JSONStreamFormat, policy: JSONStreamErrorPolicy,
        maximumDepth: Int, parallelism: Int,
        decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) where Element: Sendable {
        self.init(
            chunks: chunks, reader: reader, format: format, policy: policy, maximumDepth: maximumDepth, decode: decode)
        if case .contiguous = reader { self.parallelism = Swift.max(1, parallelism) }
    }

    /// Starts reading the chunks.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        var iterator = AsyncIterator(
            upstream: chunks.makeAsyncIterator(), reader: reader,
            decoder: parallelism > 1
                ? nil : _StreamDecoder(format: format, policy: policy, maximumDepth: maximumDepth, decode: decode))
        if parallelism > 1 {
            iterator.parallel = ParallelStreamDecoder(
                format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism, decode: decode)
        }
        return iterator
    }

    /// Pulls chunks from the upstream sequence and yields models. Keep it in one task.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var upstream: Chunks.AsyncIterator
        private let reader: ChunkReader
        private let decoder: _StreamDecoder<Element>?
        /// Decoding on several threads (instead of `decoder`).
        fileprivate var parallel: ParallelStreamDecoder<Element>?
        /// The chunk being consumed, when it is larger than a piece, and how far.
        private var pending: Chunks.Element?
        private var pendingOffset = 0

        init(upstream: Chunks.AsyncIterator, reader: ChunkReader, decoder: _StreamDecoder<Element>?) {
            self.upstream = upstream
            self.reader = reader
            self.decoder = decoder
        }

        /// The next model, decoded as soon as its bytes have arrived.
        ///
        /// ```swift
        /// while let model = try await iterator.next() { use(model) }
        /// ```
        ///
        /// - Returns: The next model, or `nil` at the end of the stream.
        /// - Throws: `CancellationError` when the task is cancelled, the upstream sequence's error,
        ///   `UnboxError` for a bad element (under `.stop`) or a truncated stream, or what the
        ///   model's initializer threw. After an error, `next()` returns `nil`.
        public mutating func next() async throws -> Element? {
            try await next(isolation: nil)
        }

        /// The next model, decoded as soon as its bytes have arrived, running on `actor`.
        ///
        /// ```swift
        /// let model = try await iterator.next(isolation: #isolation)
        /// ```
        ///
        /// - Parameter actor: The actor the upstream sequence is iterated on.
        /// - Returns: The next model, or `nil` at the end of the stream.
        /// - Throws: As `next()`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            guard let decoder else { return try await nextInParallel(isolation: actor) }
            while true {
                if Task.isCancelled {
                    decoder.abandon()
                    throw CancellationError()
                }
                if try decoder.advance() { return decoder.take() }
                guard decoder.needsInput else { return nil }
                if let chunk = pending {
                    feed(chunk)
                    continue
                }
                let chunk: Chunks.Element?
                do {
                    chunk = try await upstream.next(isolation: actor)
                } catch {
                    decoder.abandon()
                    throw error
                }
                guard let chunk else {
                    decoder.endInput()
                    continue
                }
                switch reader {
                case .contiguous:
                    pendingOffset = 0
                    feed(chunk)
                case .byte(let byte):
                    try await gather(first: byte(chunk), byte: byte, isolation: actor)
                }
            }
        }

        private mutating func nextInParallel(isolation actor: isolated (any Actor)?) async throws -> Element? {
            guard let parallel else { return nil }
            while !parallel.isDone {
                if Task.isCancelled {
                    parallel.abandon()
                    throw CancellationError()
                }
                if try parallel.advance() { return parallel.take() }
                while parallel.submitReady() {
                    if let chunk = pending {
                        feed(chunk)
                        continue
                    }
                    let chunk: Chunks.Element?
                    do {
                        chunk = try await upstream.next(isolation: actor)
                    } catch {
                        parallel.abandon()
                        throw error
                    }
                    guard let chunk else {
                        parallel.splitter.endInput()
                        continue
                    }
                    pendingOffset = 0
                    feed(chunk)
                }
                try await parallel.receiveNext(isolation: actor)
            }
            return nil
        }

        /// Appends the next piece of `chunk`, keeping the rest for later.
        private mutating func feed(_ chunk: Chunks.Element) {
            guard case .contiguous(let withBytes) = reader else { return }
            var finished = false
            let decoder = decoder
            let splitter = parallel?.splitter
            let offset = pendingOffset
            var taken = 0
            withBytes(chunk) { bytes in
                taken = Swift.min(streamPieceSize, bytes.count - offset)
                finished = offset + taken >= bytes.count
                guard taken > 0 else { return }
                let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + taken])
                if let splitter { splitter.append(piece) } else { decoder?.append(piece) }
            }
            if finished {
                pending = nil
                pendingOffset = 0
            } else {
                pending = chunk
                pendingOffset = offset + taken
            }
        }

        /// Gathers bytes into the decoder's buffer until one could end an element.
        private mutating func gather(
            first: UInt8, byte: @Sendable (Chunks.Element) -> UInt8, isolation actor: isolated (any Actor)?
        ) async throws {
            guard let decoder else { return }
            let limit = 1 << 16
            let space = decoder.writableSpace(minimum: limit)
            var count = 0
            var current = first
            defer { decoder.commit(count) }
            while true {
                space[count] = current
                count += 1
                if count == limit || mayEndElement(current) { return }
                let next: Chunks.Element?
                do {
                    next = try await upstream.next(isolation: actor)
                } catch {
                    decoder.abandon()
                    throw error
                }
                guard let next else {
                    decoder.endInput()
                    return
                }
                current = byte(next)
            }
        }
    }
}

extension JSONStream: Sendable where Chunks: Sendable {}

@inline(__always)
private func mayEndElement(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"") || byte == 0x0A
}
