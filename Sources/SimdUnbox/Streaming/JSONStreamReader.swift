import Foundation

/// Decodes the elements of a large JSON array, a JSON Lines file or concatenated JSON documents one
/// model at a time, synchronously: the first model comes at once and memory does not grow with the
/// input.
///
/// ```swift
/// var reader = try JSONStreamReader<Record>(contentsOf: exportURL, format: .jsonLines)
/// while let record = try reader.next() {
///     index.add(record)
/// }
/// ```
///
/// A file is read in pieces straight into a reused buffer and decoded in windows of complete
/// elements, so peak memory stays in the low megabytes for a file of any size (beyond what you keep
/// of the models). In-memory inputs are copied into that buffer one piece at a time.
///
/// Errors: under the default `.stop` policy `next()` throws the first bad element's `UnboxError`,
/// whose path starts with the element's index and whose byte offset counts from the start of the
/// stream; with `.skip` bad elements go to your handler instead. A truncated stream always throws.
///
/// The reader is not copyable: it owns a parser and a buffer. Use it from one thread at a time.
///
/// For `async` code, use `JSONFileStream` (files) or `JSONStream` (chunks arriving over time).
public struct JSONStreamReader<Element>: ~Copyable {
    /// One thread: the decoder and where its bytes come from.
    private let decoder: _StreamDecoder<Element>?
    private let source: (any _StreamByteSource)?
    /// Several threads: the file and the parallel decoder.
    private let file: _FileByteSource?
    private let parallel: ParallelStreamDecoder<Element>?

    /// Whether the reader decodes on worker threads too (for tests: a small file does not).
    var _decodesOnSeveralThreads: Bool { parallel != nil }

    @usableFromInline
    init(
        source: any _StreamByteSource, format: JSONStreamFormat, onError policy: JSONStreamErrorPolicy,
        maximumDepth: Int, decode: @escaping _ElementDecoding<Element>
    ) {
        self.init(
            decoder: _StreamDecoder(format: format, policy: policy, maximumDepth: maximumDepth, decode: decode),
            source: source, file: nil, parallel: nil)
    }

    private init(
        decoder: _StreamDecoder<Element>?, source: (any _StreamByteSource)?, file: _FileByteSource?,
        parallel: ParallelStreamDecoder<Element>?
    ) {
        self.decoder = decoder
        self.source = source
        self.file = file
        self.parallel = parallel
    }

    /// A reader of a file decoded on `parallelism` threads (one: as the other initializers).
    init(
        file: _FileByteSource, format: JSONStreamFormat, onError policy: JSONStreamErrorPolicy, maximumDepth: Int,
        parallelism: Int, decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) where Element: Sendable {
        guard parallelism > 1, _severalThreadsCanHelp(fileOfSize: file.regularFileSize) else {
            self.init(source: file, format: format, onError: policy, maximumDepth: maximumDepth, decode: decode)
            return
        }
        self.init(
            decoder: nil, source: nil, file: file,
            parallel: ParallelStreamDecoder(
                format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism, decode: decode))
    }

    /// Reads the elements of JSON data.
    ///
    /// ```swift
    /// var reader = JSONStreamReader<User>(data: data)                           // [{...}, {...}]
    /// var nested = JSONStreamReader<User>(data: data, atKeyPath: "data.users")  // {"data": {"users": [...]}}
    /// while let user = try reader.next() { print(user.name) }
    /// ```
    ///
    /// - Parameters:
    ///   - data: The input. The reader keeps it (without copying it) while it reads.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream (`"data.items"`, or a JSON
    ///     Pointer such as `"/data/items"`); the whole document is indexed once to find it, so it
    ///     must be under 4 GiB. `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    @inlinable
    public init(
        data: Data, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible {
        self.init(
            source: _MemoryByteSource(bytes: data, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: { try Element._unbox(from: &$0, context: $1) })
    }

    /// Reads the elements of JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, ...).
    ///
    /// ```swift
    /// var reader = JSONStreamReader<Int>(bytes: Array("[1, 2, 3]".utf8))
    /// while let number = try reader.next() { total += number }
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The input, kept while the reader reads. Do not pass a buffer pointer that dies
    ///     before the reader does.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    @inlinable
    public init(
        bytes: some ContiguousBytes, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible {
        self.init(
            source: _MemoryByteSource(bytes: bytes, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: { try Element._unbox(from: &$0, context: $1) })
    }

    /// Reads the elements of JSON text.
    ///
    /// ```swift
    /// var reader = JSONStreamReader<Point>(string: "{\"x\":1}\n{\"x\":2}\n", format: .jsonLines)
    /// while let point = try reader.next() { plot(point) }
    /// ```
    ///
    /// - Parameters:
    ///   - string: The input.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    @inlinable
    public init(
        string: String, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) where Element: UnboxCompatible {
        self.init(
            source: _MemoryByteSource(string: string, keyPath: format == .array ? keyPath : nil), format: format,
            onError: policy, maximumDepth: maximumDepth, decode: { try Element._unbox(from: &$0, context: $1) })
    }

    /// Reads the elements of a JSON file of any size, a piece at a time.
    ///
    /// ```swift
    /// var reader = try JSONStreamReader<Event>(contentsOf: logURL, format: .jsonLines)
    /// while let event = try reader.next() { handle(event) }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default (nested arrays are
    ///     streamed from memory only).
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    /// - Throws: The error opening the file, or `UnboxError.Reason.misuse` for a URL that is not a
    ///   file URL.
    @inlinable
    public init(
        contentsOf url: URL, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth
    ) throws where Element: UnboxCompatible {
        self.init(
            source: try _FileByteSource(url: url), format: format, onError: policy, maximumDepth: maximumDepth,
            decode: { try Element._unbox(from: &$0, context: $1) })
    }

    /// Reads the elements of a JSON file of any size on several threads: each decodes a batch of
    /// whole elements with its own parser, and the models come out in the file's order.
    ///
    /// ```swift
    /// var reader = try JSONStreamReader<Event>(contentsOf: logURL, format: .jsonLines, parallelism: 2)
    /// while let event = try reader.next() { handle(event) }
    /// ```
    ///
    /// The file is cut into batches of about a megabyte of whole elements (at newlines for JSON
    /// Lines; at the boundary scanner's element boundaries for arrays and concatenated documents),
    /// and at most `2 × parallelism` batches are read ahead, so memory stays bounded whatever the
    /// file's size. Models, errors (their element indices and byte offsets, and the `.skip`
    /// handler's calls, made on the thread that calls `next()`) and the order of both are exactly
    /// those of the same reader on one thread. Under `.stop`, the first bad element stops every
    /// thread. The thread that calls `next()` decodes batches too while it waits for one, beside
    /// `parallelism - 1` worker threads at a time (see the *Streaming* article for why they take
    /// turns). The threads end when the stream does, or when the reader is dropped. A regular file
    /// of one batch or less is read on the calling thread alone, as with `parallelism: 1`: no
    /// second thread could get any of it.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How the elements are laid out; a root array by default.
    ///   - policy: Stop at the first bad element (default) or skip bad elements.
    ///   - maximumDepth: The deepest nesting accepted inside an element.
    ///   - parallelism: How many threads decode (1: the calling thread alone, as without this
    ///     argument). Throughput grows with the cores free to run them.
    /// - Throws: The error opening the file, or `UnboxError.Reason.misuse` for a URL that is not a
    ///   file URL.
    public init(
        contentsOf url: URL, format: JSONStreamFormat = .array, onError policy: JSONStreamErrorPolicy = .stop,
        maximumDepth: Int = defaultUnboxMaximumDepth, parallelism: Int
    ) throws where Element: UnboxCompatible & Sendable {
        self.init(
            file: try _FileByteSource(url: url), format: format, onError: policy, maximumDepth: maximumDepth,
            parallelism: parallelism, decode: UnboxElementDecoding<Element>().decode)
    }

    /// Decodes the next element.
    ///
    /// ```swift
    /// while let record = try reader.next() { consume(record) }
    /// ```
    ///
    /// - Returns: The next model, or `nil` at the end of the stream.
    /// - Throws: `UnboxError` for a bad element (under `.stop`), a truncated stream, a value that is
    ///   not an array (format `.array`) or content after the array; the error reading the file; or
    ///   what the model's initializer threw. After an error, `next()` returns `nil`.
    public mutating func next() throws -> Element? {
        guard let decoder, let source else {
            // Several threads. (No helper returning an optional model here: each optional of the
            // model type the module's unspecialized code makes costs a metadata lookup.)
            guard let parallel, let file else { return nil }
            while true {
                if try parallel.advance() { return parallel.take() }
                if parallel.isDone { return nil }
                try parallel.refill { try file.feed(parallel.splitter) }
            }
        }
        while true {
            if try decoder.advance() { return decoder.take() }
            guard decoder.needsInput else { return nil }
            do {
                try source.feed(decoder)
            } catch {
                decoder.abandon()
                throw error
            }
        }
    }
}
