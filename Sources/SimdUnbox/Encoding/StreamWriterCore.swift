import Foundation

/// What the synchronous and the async stream writers share: the layout of the stream (`[`, commas,
/// newlines, `]`), one model at a time encoded into a session's buffer, whole models only.
///
/// Each model is encoded after the bytes already pending; if it throws, the output goes back to
/// where it was, so the stream holds only complete models. Pending bytes are handed on in chunks
/// once they pass `flushThreshold`: memory stays near the threshold plus the largest model.
struct StreamWriterCore: ~Copyable {
    let session = EncodingSession()
    let format: JSONStreamFormat
    let options: EncoderOptions
    let flushThreshold: Int
    let pretty: Bool
    /// The models written.
    private(set) var count = 0
    /// The bytes handed on so far.
    private(set) var bytesWritten = 0
    private(set) var finished = false

    init(format: JSONStreamFormat, options: EncoderOptions, flushThreshold: Int) {
        var options = options
        if format == .jsonLines {
            // One document per line.
            options.outputFormatting.remove(.prettyPrinted)
        }
        self.format = format
        self.options = options
        self.flushThreshold = max(flushThreshold, 1)
        pretty = options.outputFormatting.contains(.prettyPrinted)
        session.configure(options)
        session.reset()
        // The buffer fills up to the threshold before each flush: made that size at once (up to
        // 4 MiB), not doubled from 4 KiB, which copies the pending bytes nine times on the way
        // to 1 MiB (about 1.0M instructions a writer, callgrind, for 1 MB of records as JSON
        // Lines). Untouched pages cost no memory.
        session.reserve(Swift.min(self.flushThreshold, 1 << 22) &+ (1 << 16))
        if format == .array { session.append(pretty ? "[\n" : "[") }
    }

    deinit {
        session.releaseEncoders()
    }

    /// Encodes `value` as the next model, after the pending bytes.
    mutating func append<T: Encodable>(_ value: T) throws {
        precondition(!finished, "A stream writer was used after finish().")
        let start = session.count
        do {
            try appendModel(value)
        } catch {
            session.count = start
            session.beginDocument()
            throw error
        }
        count += 1
    }

    private mutating func appendModel<T: Encodable>(_ value: T) throws {
        let level: Int
        switch format {
        case .array:
            if count > 0 { session.append(pretty ? ",\n" : ",") }
            if pretty { session.appendIndent(1) }
            level = 1
        case .jsonLines, .concatenated:
            level = 0
        }
        let modelStart = session.count
        session.beginDocument(level: level)
        do {
            try session.encodeRoot(value)
        } catch  where session.interleaved {
            try appendFromFoundation(value, at: modelStart, level: level)
        }
        if session.interleaved { try appendFromFoundation(value, at: modelStart, level: level) }
        if format != .array { session.append(UInt8(ascii: "\n")) }
    }

    /// A model that interleaves its containers, encoded by `JSONEncoder` (see `SimdJSONEncoder`).
    private func appendFromFoundation<T: Encodable>(_ value: T, at start: Int, level: Int) throws {
        session.count = start
        session.beginDocument(level: level)
        let data = try options.foundationEncoder().encode(value)
        for byte in data {
            session.append(byte)
            if byte == UInt8(ascii: "\n") && level > 0 { session.appendIndent(level) }
        }
    }

    /// Writes the end of the stream (`]` for an array). Later writes are a programming error.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        if format == .array { session.append(pretty ? "\n]" : "]") }
    }

    /// Whether enough is pending to hand on a chunk.
    var shouldFlush: Bool { session.count >= flushThreshold }

    /// Hands the pending bytes to `body` (they are valid only during the call) and drops them.
    mutating func flush(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let pending = session.count
        guard pending > 0 else { return }
        try body(UnsafeRawBufferPointer(start: session.bytes, count: pending))
        session.count = 0
        bytesWritten += pending
    }

    /// The pending bytes as `Data`, dropped from the buffer.
    mutating func takeChunk() -> Data? {
        let pending = session.count
        guard pending > 0 else { return nil }
        let chunk = session.data()
        session.count = 0
        bytesWritten += pending
        return chunk
    }
}
