import Foundation

// Streams of `Decodable` models: the same windows, buffers, error policies and bounded memory as
// the `Unboxable` streams (`JSONStreamReader`, `JSONFileStream`, `JSONStream`), with each
// element decoded through its `init(from:)` under this decoder's options.
//
// Errors are `UnboxError`s, as in every stream: their path starts with the element's index and
// their byte offset counts from the start of the stream, which `DecodingError` cannot say. A
// `DecodingError` thrown while decoding an element becomes the `UnboxError` that
// `Unboxer.unboxDecodable` would throw: `keyNotFound` is `.missingKey`, the other cases keep their
// description (`.custom`), and malformed JSON is `.malformedJSON`.

extension SimdJSONDecoder {
    /// A synchronous reader of the `Decodable` elements of JSON data: a root array, the array at a
    /// key path, JSON Lines or concatenated documents, one model at a time.
    ///
    /// ```swift
    /// let decoder = SimdJSONDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// var reader = decoder.reader(of: Event.self, from: data, format: .jsonLines)
    /// while let event = try reader.next() { handle(event) }
    /// ```
    ///
    /// The reader takes a snapshot of the decoder's options when it is created.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - data: The input. The reader keeps it (without copying it) while it reads.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream (`"data.items"` or a JSON
    ///     Pointer); `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end.
    public func reader<T: Decodable>(
        of type: T.Type, from data: Data, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONStreamReader<T> {
        JSONStreamReader(
            source: _MemoryByteSource(bytes: data, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: elementDecoding(T.self).decode)
    }

    /// A synchronous reader of the `Decodable` elements of JSON bytes (`[UInt8]`, ...).
    ///
    /// ```swift
    /// var reader = SimdJSONDecoder().reader(of: Int.self, from: Array("[1, 2, 3]".utf8))
    /// while let number = try reader.next() { total += number }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - bytes: The input, kept while the reader reads.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end.
    public func reader<T: Decodable>(
        of type: T.Type, from bytes: some ContiguousBytes, format: JSONStreamFormat = .array,
        atKeyPath keyPath: String? = nil, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONStreamReader<T> {
        JSONStreamReader(
            source: _MemoryByteSource(bytes: bytes, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: elementDecoding(T.self).decode)
    }

    /// A synchronous reader of the `Decodable` elements of JSON text.
    ///
    /// ```swift
    /// var reader = SimdJSONDecoder().reader(of: Point.self, from: "{\"x\":1}\n{\"x\":2}\n", format: .jsonLines)
    /// while let point = try reader.next() { plot(point) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - string: The input.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end.
    public func reader<T: Decodable>(
        of type: T.Type, from string: String, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONStreamReader<T> {
        JSONStreamReader(
            source: _MemoryByteSource(string: string, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: elementDecoding(T.self).decode)
    }

    /// A synchronous reader of the `Decodable` elements of a JSON file of any size, read a piece
    /// at a time: peak memory does not grow with the file.
    ///
    /// ```swift
    /// var reader = try SimdJSONDecoder().reader(of: Order.self, contentsOf: exportURL)
    /// while let order = try reader.next() { total += order.amount }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end.
    /// - Throws: The error opening the file, or `UnboxError.Reason.misuse` for a URL that is not a
    ///   file URL.
    public func reader<T: Decodable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) throws -> JSONStreamReader<T> {
        JSONStreamReader(
            source: try _FileByteSource(url: url), format: format, onError: policy, maximumDepth: maximumDepth,
            decode: elementDecoding(T.self).decode)
    }

    /// A synchronous reader of the `Decodable` elements of a JSON file of any size, decoded on
    /// several threads; the models come out in the file's order.
    ///
    /// ```swift
    /// let decoder = SimdJSONDecoder()
    /// var reader = try decoder.reader(of: Event.self, contentsOf: logURL, format: .jsonLines, parallelism: 2)
    /// while let event = try reader.next() { handle(event) }
    /// ```
    ///
    /// Behaves as `JSONStreamReader(contentsOf:format:onError:maximumDepth:parallelism:)`: batches
    /// of whole elements, each decoded by a worker thread with its own parser, the same models and
    /// errors in the same order as on one thread, bounded memory.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the calling thread alone).
    /// - Returns: A reader whose `next()` returns the next model, or `nil` at the end.
    /// - Throws: The error opening the file, or `UnboxError.Reason.misuse` for a URL that is not a
    ///   file URL.
    public func reader<T: Decodable & Sendable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth,
        parallelism: Int
    ) throws -> JSONStreamReader<T> {
        JSONStreamReader(
            file: try _FileByteSource(url: url), format: format, onError: policy, maximumDepth: maximumDepth,
            parallelism: parallelism, decode: elementDecoding(T.self).decode)
    }

    /// Decodes the `Decodable` elements of JSON data one at a time and passes each to `body`,
    /// without building an array.
    ///
    /// ```swift
    /// try SimdJSONDecoder().decodeEach(User.self, from: data, atKeyPath: "data.users") { user in
    ///     names.insert(user.name)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - data: The input.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - body: Called with each model, in order. Throw from it to stop.
    /// - Throws: As `JSONStreamReader.next()`, or what `body` threw.
    public func decodeEach<T: Decodable>(
        _ type: T.Type, from data: Data, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, _ body: (T) throws -> Void
    ) throws {
        var reader = reader(of: type, from: data, format: format, atKeyPath: keyPath, onError: policy)
        while let element = try reader.next() { try body(element) }
    }

    /// Decodes the `Decodable` elements of a JSON file of any size one at a time and passes each
    /// to `body`; peak memory does not depend on the file's size.
    ///
    /// ```swift
    /// try SimdJSONDecoder().decodeEach(LogLine.self, contentsOf: logURL, format: .jsonLines) { line in
    ///     if line.level == "error" { errors += 1 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - body: Called with each model, in order. Throw from it to stop.
    /// - Throws: The error opening or reading the file, as `JSONStreamReader.next()`, or what
    ///   `body` threw.
    public func decodeEach<T: Decodable>(
        _ type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, _ body: (T) throws -> Void
    ) throws {
        var reader = try reader(of: type, contentsOf: url, format: format, onError: policy)
        while let element = try reader.next() { try body(element) }
    }

    /// Decodes the `Decodable` elements of a JSON file of any size on several threads and passes
    /// each to `body`, in the file's order, on the calling thread.
    ///
    /// ```swift
    /// try SimdJSONDecoder().decodeEach(LogLine.self, contentsOf: logURL, format: .jsonLines, parallelism: 2) {
    ///     if $0.level == "error" { errors += 1 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - parallelism: How many threads decode (1: the calling thread alone).
    ///   - body: Called with each model, in order. Throw from it to stop.
    /// - Throws: The error opening or reading the file, as `JSONStreamReader.next()`, or what
    ///   `body` threw.
    public func decodeEach<T: Decodable & Sendable>(
        _ type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, parallelism: Int, _ body: (T) throws -> Void
    ) throws {
        var reader = try reader(of: type, contentsOf: url, format: format, onError: policy, parallelism: parallelism)
        while let element = try reader.next() { try body(element) }
    }

    /// An `AsyncSequence` of the `Decodable` elements of a JSON file of any size.
    ///
    /// ```swift
    /// for try await record in SimdJSONDecoder().stream(of: Record.self, contentsOf: exportURL, format: .jsonLines) {
    ///     try await database.insert(record)
    /// }
    /// ```
    ///
    /// Behaves as `JSONFileStream` (bounded memory, cancellation, error policies); the file is
    /// opened when iteration starts. The stream takes a snapshot of the decoder's options now.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: The stream of models.
    public func stream<T: Decodable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONFileStream<T> {
        JSONFileStream(
            url: url, format: format, policy: policy, maximumDepth: maximumDepth,
            decode: elementDecoding(T.self).decode)
    }

    /// An `AsyncSequence` of the `Decodable` elements of a JSON file of any size, decoded on
    /// several threads; the models come out in the file's order.
    ///
    /// ```swift
    /// let decoder = SimdJSONDecoder()
    /// let records = decoder.stream(of: Record.self, contentsOf: exportURL, format: .jsonLines, parallelism: 2)
    /// for try await record in records { try await database.insert(record) }
    /// ```
    ///
    /// Behaves as `JSONFileStream(contentsOf:format:onError:maximumDepth:parallelism:)`.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the iterating task alone).
    /// - Returns: The stream of models.
    public func stream<T: Decodable & Sendable>(
        of type: T.Type, contentsOf url: URL, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth,
        parallelism: Int
    ) -> JSONFileStream<T> {
        JSONFileStream(
            url: url, format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
            decode: elementDecoding(T.self).decode)
    }

    /// An `AsyncSequence` of the `Decodable` elements of JSON arriving as chunks of bytes (`Data`,
    /// `[UInt8]`, ...), decoded on several threads; the models come out in the stream's order, a
    /// batch (about a megabyte of whole elements) at a time.
    ///
    /// ```swift
    /// let items = SimdJSONDecoder().stream(of: Item.self, chunks: bodyChunks, format: .jsonLines, parallelism: 2)
    /// for try await item in items { store(item) }
    /// ```
    ///
    /// Behaves as `JSONStream(chunks:format:onError:maximumDepth:parallelism:)`.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - chunks: The bytes, in pieces of any size.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the iterating task alone).
    /// - Returns: The stream of models.
    public func stream<T: Decodable & Sendable, Chunks: AsyncSequence>(
        of type: T.Type, chunks: Chunks, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth,
        parallelism: Int
    ) -> JSONStream<T, Chunks> where Chunks.Element: ContiguousBytes {
        JSONStream(
            chunks: chunks, reader: .contiguous(ContiguousChunkReading<Chunks.Element>().read), format: format,
            policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
            decode: elementDecoding(T.self).decode)
    }

    /// An `AsyncSequence` of the `Decodable` elements of JSON arriving as chunks of bytes (`Data`,
    /// `[UInt8]`, ...): each model is yielded as soon as its last byte has arrived.
    ///
    /// ```swift
    /// let items = SimdJSONDecoder().stream(of: FeedItem.self, chunks: bodyChunks, format: .jsonLines)
    /// for try await item in items { show(item) }
    /// ```
    ///
    /// Behaves as `JSONStream(chunks:)`.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - chunks: The bytes, in pieces of any size.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: The stream of models.
    public func stream<T: Decodable, Chunks: AsyncSequence>(
        of type: T.Type, chunks: Chunks, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONStream<T, Chunks> where Chunks.Element: ContiguousBytes {
        JSONStream(
            chunks: chunks, reader: .contiguous(ContiguousChunkReading<Chunks.Element>().read), format: format,
            policy: policy, maximumDepth: maximumDepth, decode: elementDecoding(T.self).decode)
    }

    /// An `AsyncSequence` of the `Decodable` elements of JSON arriving byte by byte
    /// (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`, ...).
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for try await event in SimdJSONDecoder().stream(of: Event.self, bytes: bytes, format: .jsonLines) {
    ///     handle(event)
    /// }
    /// ```
    ///
    /// Behaves as `JSONStream(bytes:)`.
    ///
    /// - Parameters:
    ///   - type: The model type.
    ///   - bytes: The bytes.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Returns: The stream of models.
    public func stream<T: Decodable, Bytes: AsyncSequence>(
        of type: T.Type, bytes: Bytes, format: JSONStreamFormat = .array,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) -> JSONStream<T, Bytes> where Bytes.Element == UInt8 {
        JSONStream(
            chunks: bytes, reader: .byte({ $0 }), format: format, policy: policy, maximumDepth: maximumDepth,
            decode: elementDecoding(T.self).decode)
    }

    /// How a stream decodes one element, with a snapshot of the options taken now.
    func elementDecoding<T: Decodable>(_: T.Type) -> DecodableElementDecoding<T> {
        DecodableElementDecoding(options: lockedOptions.withLock { $0 })
    }
}

/// Decodes one stream element through `init(from:)`, straight from the element's cursor.
struct DecodableElementDecoding<Element: Decodable>: Sendable {
    let options: DecoderOptions

    func decode(_ value: inout _JSONCursor, _ context: _DecodingContext) throws -> Element {
        // One session per stream (its context is the stream's own), not one per element.
        let session: CodableSession
        if let reused = context.elementSession {
            // Only this type ever stores a session there.
            session = unsafeDowncast(reused, to: CodableSession.self)
            session.prepareForNextElement()
        } else {
            session = CodableSession(context: context, options: options)
            context.elementSession = session
        }
        return try decodeDecodable(Element.self, from: &value, session: session)
    }
}
