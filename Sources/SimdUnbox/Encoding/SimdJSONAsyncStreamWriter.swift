import Foundation

/// Writes `Encodable` models one at a time from async code, as JSON Lines, one JSON array or
/// concatenated documents, to a file, a `FileHandle`, an async closure or an `AsyncStream<Data>`,
/// in bounded memory.
///
/// ```swift
/// let (writer, chunks) = SimdJSONAsyncStreamWriter.makeStream(format: .jsonLines)
/// async let upload: Void = send(chunks)          // consumes AsyncStream<Data>
/// for await event in events { try await writer.write(event) }
/// try await writer.finish()
/// try await upload
/// ```
///
/// It behaves as `SimdJSONStreamWriter` (same formats, same options taken from an encoder, whole
/// models only, an array closed by `finish()` even after a failed model) and is an actor: writes
/// from several tasks are taken one at a time, each model whole, and each chunk is handed on
/// (awaited) before the next write starts, so a slow async closure slows the writers down instead
/// of letting memory grow. An `AsyncStream` buffers what its consumer has not taken yet.
public actor SimdJSONAsyncStreamWriter {
    private var core: StreamWriterCore
    private let sink: @Sendable (Data) async throws -> Void
    private let onFinish: @Sendable () throws -> Void
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The number of models written so far.
    ///
    /// ```swift
    /// let written = await writer.count
    /// ```
    public var count: Int { core.count }

    /// Creates a writer that hands its output, in chunks, to an async closure.
    ///
    /// ```swift
    /// let writer = SimdJSONAsyncStreamWriter(format: .array) { chunk in try await socket.send(chunk) }
    /// ```
    ///
    /// - Parameters:
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before calling `body`.
    ///   - body: Receives each chunk, awaited before the next write.
    public init(
        format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = SimdJSONStreamWriter.defaultFlushThreshold,
        chunks body: @escaping @Sendable (Data) async throws -> Void
    ) {
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        sink = body
        onFinish = {}
    }

    /// Creates a writer that writes a file, created or emptied now, and closed by `finish()`.
    ///
    /// ```swift
    /// let writer = try SimdJSONAsyncStreamWriter(writingTo: URL(filePath: "export.json"), format: .array)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before writing.
    /// - Throws: The file system's error when the file cannot be created or opened.
    public init(
        writingTo url: URL, format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = SimdJSONStreamWriter.defaultFlushThreshold
    ) throws {
        let handle = SendableHandle(try openForWriting(url))
        self.init(format: format, encoder: encoder, flushThreshold: flushThreshold, handle: handle, close: true)
    }

    /// Creates a writer that writes to an open `FileHandle` (which it does not close).
    ///
    /// ```swift
    /// let writer = SimdJSONAsyncStreamWriter(fileHandle: .standardOutput)
    /// ```
    ///
    /// - Parameters:
    ///   - fileHandle: Where to write, from its current offset.
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before writing.
    public init(
        fileHandle: FileHandle, format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = SimdJSONStreamWriter.defaultFlushThreshold
    ) {
        self.init(
            format: format, encoder: encoder, flushThreshold: flushThreshold, handle: SendableHandle(fileHandle),
            close: false)
    }

    private init(
        format: JSONStreamFormat, encoder: SimdJSONEncoder, flushThreshold: Int, handle: SendableHandle, close: Bool
    ) {
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        sink = { chunk in try handle.handle.write(contentsOf: chunk) }
        if close {
            onFinish = { try handle.handle.close() }
        } else {
            onFinish = {}
        }
    }

    /// Creates a writer and the `AsyncStream` of the chunks it writes; the stream finishes with
    /// the writer's `finish()`.
    ///
    /// ```swift
    /// let (writer, chunks) = SimdJSONAsyncStreamWriter.makeStream(format: .array)
    /// Task { for await chunk in chunks { await upload(chunk) } }
    /// ```
    ///
    /// - Parameters:
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before yielding a chunk.
    /// - Returns: The writer and its chunks. The stream keeps the chunks its consumer has not
    ///   taken yet; to slow the writer down to a slow consumer, give `init(format:chunks:)` an
    ///   async closure instead.
    public static func makeStream(
        format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = SimdJSONStreamWriter.defaultFlushThreshold
    ) -> (writer: SimdJSONAsyncStreamWriter, chunks: AsyncStream<Data>) {
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        let writer = SimdJSONAsyncStreamWriter(
            format: format, encoder: encoder, flushThreshold: flushThreshold,
            sink: { chunk in _ = continuation.yield(chunk) },
            finish: { continuation.finish() })
        return (writer, stream)
    }

    private init(
        format: JSONStreamFormat, encoder: SimdJSONEncoder, flushThreshold: Int,
        sink: @escaping @Sendable (Data) async throws -> Void, finish: @escaping @Sendable () throws -> Void
    ) {
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        self.sink = sink
        onFinish = finish
    }

    /// Encodes `value` as the next model.
    ///
    /// ```swift
    /// try await writer.write(event)
    /// ```
    ///
    /// - Parameter value: The model.
    /// - Throws: What `SimdJSONEncoder.encode(_:)` throws for it (then nothing of it is written),
    ///   or the output's error when a chunk is handed on.
    public func write<T: Encodable & Sendable>(_ value: T) async throws {
        await acquire()
        defer { release() }
        try core.append(value)
        if core.shouldFlush { try await flushPending() }
    }

    /// Encodes each value of `values` as a model, in order, as one turn (no other task's model
    /// comes between them).
    ///
    /// ```swift
    /// try await writer.write(contentsOf: page.items)
    /// ```
    ///
    /// - Parameter values: The models.
    /// - Throws: As `write(_:)`; the models before the failing one are written.
    public func write<S: Sequence & Sendable>(contentsOf values: S) async throws where S.Element: Encodable {
        await acquire()
        defer { release() }
        for value in values {
            try core.append(value)
            if core.shouldFlush { try await flushPending() }
        }
    }

    /// Hands the pending bytes on now.
    ///
    /// ```swift
    /// try await writer.flush()
    /// ```
    ///
    /// - Throws: The output's error.
    public func flush() async throws {
        await acquire()
        defer { release() }
        try await flushPending()
    }

    /// Ends the stream: closes the array (`.array`), hands on what is pending, and closes a file
    /// the writer opened (or finishes its `AsyncStream`). Calling it again does nothing.
    ///
    /// ```swift
    /// try await writer.finish()
    /// ```
    ///
    /// - Throws: The output's error.
    public func finish() async throws {
        await acquire()
        defer { release() }
        guard !core.finished else { return }
        core.finish()
        try await flushPending()
        try onFinish()
    }

    private func flushPending() async throws {
        guard let chunk = core.takeChunk() else { return }
        try await sink(chunk)
    }

    // MARK: One writer at a time

    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            // The turn passes straight to the next writer (`busy` stays set).
            waiting.removeFirst().resume()
        }
    }
}

/// A `FileHandle` used by one actor at a time.
struct SendableHandle: @unchecked Sendable {
    let handle: FileHandle
    init(_ handle: FileHandle) { self.handle = handle }
}
