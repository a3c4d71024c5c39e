import Foundation

/// Writes `Encodable` models one at a time, as JSON Lines, as the elements of one JSON array, or
/// as concatenated documents, to a file, a `FileHandle` or a closure, in bounded memory.
///
/// ```swift
/// let encoder = SimdJSONEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let writer = try SimdJSONStreamWriter(writingTo: url, format: .jsonLines, encoder: encoder)
/// for event in events { try writer.write(event) }
/// try writer.finish()
/// ```
///
/// Each model is encoded with the encoder's options (a snapshot taken when the writer is made)
/// into a buffer first; only whole models reach the output, in chunks of about `flushThreshold`
/// bytes, so memory stays bounded whatever the number of models. When a model throws, nothing of
/// it is written and the writer can go on: the output is well-formed up to the last complete
/// model, and `finish()` still closes an array.
///
/// Formats: `.jsonLines` writes one model per line (`.prettyPrinted` is ignored); `.array` writes
/// `[m0,m1,...]`, byte for byte what `JSONEncoder` writes for an array of the models (pretty
/// printed too); `.concatenated` writes each model followed by a newline, pretty printed if asked.
///
/// A writer is used by one thread at a time (it is not `Sendable`); see `SimdJSONAsyncStreamWriter`
/// for async code.
public final class SimdJSONStreamWriter {
    private var core: StreamWriterCore
    private let destination: Destination

    private enum Destination {
        case handle(FileHandle, closeAtFinish: Bool)
        case closure((Data) throws -> Void)
    }

    /// The default number of pending bytes after which a chunk is written: 1 MiB.
    public static let defaultFlushThreshold = 1 << 20

    /// The number of models written so far.
    ///
    /// ```swift
    /// print("\(writer.count) events exported")
    /// ```
    public var count: Int { core.count }

    /// The number of bytes handed to the output so far (pending bytes excluded).
    ///
    /// ```swift
    /// try writer.flush()
    /// print(writer.bytesWritten)
    /// ```
    public var bytesWritten: Int { core.bytesWritten }

    /// Creates a writer that hands its output to `body` in chunks.
    ///
    /// ```swift
    /// var output = Data()
    /// let writer = SimdJSONStreamWriter(format: .array) { output.append($0) }
    /// try writer.write(contentsOf: models)
    /// try writer.finish()
    /// ```
    ///
    /// - Parameters:
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before calling `body`.
    ///   - body: Receives each chunk; an error it throws is thrown by the write that flushed.
    public init(
        format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = defaultFlushThreshold, chunks body: @escaping (Data) throws -> Void
    ) {
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        destination = .closure(body)
    }

    /// Creates a writer that writes to an open `FileHandle` (which it does not close).
    ///
    /// ```swift
    /// let writer = SimdJSONStreamWriter(fileHandle: .standardOutput, format: .jsonLines)
    /// ```
    ///
    /// - Parameters:
    ///   - fileHandle: Where to write, from its current offset.
    ///   - format: `.jsonLines` (default), `.array` or `.concatenated`.
    ///   - encoder: The encoder whose options apply (a snapshot is taken now).
    ///   - flushThreshold: How many bytes to gather before writing.
    public init(
        fileHandle: FileHandle, format: JSONStreamFormat = .jsonLines, encoder: SimdJSONEncoder = SimdJSONEncoder(),
        flushThreshold: Int = defaultFlushThreshold
    ) {
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        destination = .handle(fileHandle, closeAtFinish: false)
    }

    /// Creates a writer that writes a file, created or emptied now, and closed by `finish()`.
    ///
    /// ```swift
    /// let writer = try SimdJSONStreamWriter(writingTo: URL(filePath: "events.jsonl"))
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
        flushThreshold: Int = defaultFlushThreshold
    ) throws {
        let handle = try openForWriting(url)
        core = StreamWriterCore(
            format: format, options: encoder.lockedOptions.withLock { $0 }, flushThreshold: flushThreshold)
        destination = .handle(handle, closeAtFinish: true)
    }

    /// Encodes `value` as the next model.
    ///
    /// ```swift
    /// try writer.write(event)
    /// ```
    ///
    /// - Parameter value: The model.
    /// - Throws: What `SimdJSONEncoder.encode(_:)` throws for it (then nothing of it is written),
    ///   or the output's error when a chunk is written.
    public func write<T: Encodable>(_ value: T) throws {
        try core.append(value)
        if core.shouldFlush { try flush() }
    }

    /// Encodes each value of `values` as a model, in order.
    ///
    /// ```swift
    /// try writer.write(contentsOf: events)
    /// ```
    ///
    /// - Parameter values: The models.
    /// - Throws: As `write(_:)`; the models before the failing one are written.
    public func write<S: Sequence>(contentsOf values: S) throws where S.Element: Encodable {
        for value in values { try write(value) }
    }

    /// Writes the pending bytes now.
    ///
    /// ```swift
    /// try writer.flush()   // make what was written so far visible to readers of the file
    /// ```
    ///
    /// - Throws: The output's error.
    public func flush() throws {
        switch destination {
        case .handle(let handle, _):
            try core.flush { bytes in
                guard let base = bytes.baseAddress else { return }
                try handle.write(
                    contentsOf: Data(
                        bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
            }
        case .closure(let body):
            if let chunk = core.takeChunk() { try body(chunk) }
        }
    }

    /// Ends the stream: closes the array (`.array`), writes what is pending, and closes a file the
    /// writer opened. Calling it again does nothing; writing after it is a programming error.
    ///
    /// ```swift
    /// defer { try? writer.finish() }
    /// ```
    ///
    /// - Throws: The output's error.
    public func finish() throws {
        guard !core.finished else { return }
        core.finish()
        try flush()
        if case .handle(let handle, true) = destination { try handle.close() }
    }
}

/// Creates (or empties) the file at `url` and opens it for writing.
func openForWriting(_ url: URL) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    return try FileHandle(forWritingTo: url)
}
