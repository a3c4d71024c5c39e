/// Bytes past the data of a stream decoder's buffer that simdjson may read, plus one for a `]`
/// written just past the data.
let streamBufferPadding = _Parser.padding + 1

/// The bytes of a batch, laid out as a stream decoder's buffer: one spare byte, the data, then
/// whitespace padding (`streamBufferPadding`). The splitter fills it; the worker's decoder takes
/// its memory in exchange for its own previous buffer (`_StreamDecoder.restart(offsetBase:
/// isContinuation:adopting:)`), which goes back to the pool: no copy on the worker's side, and no
/// allocation per batch once the pool holds a buffer for each batch in flight.
///
/// `@unchecked Sendable`: a buffer is owned by one thread at a time (the splitter's, then a
/// worker's, then the pool's), and handed over through locks.
final class BatchBuffer: @unchecked Sendable {
    /// `capacity + streamBufferPadding` bytes.
    var storage: UnsafeMutablePointer<UInt8>
    /// The spare byte and the data that fit before the padding.
    var capacity: Int
    /// Bytes of data, from `storage + 1`.
    var count = 0
    /// For an array batch: the offsets in the data of its separators (the `[`, each `,` and the
    /// `]`), which the splitter's scan found, so that the worker's decoder need not scan again.
    var separators: [UInt64] = []

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity + streamBufferPadding)
    }

    deinit {
        storage.deallocate()
    }

    /// Makes room for at least `minimum` bytes of data, dropping the contents when it must grow.
    func reserve(_ minimum: Int) {
        guard capacity < minimum + 1 else { return }
        storage.deallocate()
        capacity = minimum + 1
        storage = .allocate(capacity: capacity + streamBufferPadding)
        count = 0
    }

    /// Makes room for `dataCount` bytes of data (dropping the contents) and sets `count`; returns
    /// where the data starts.
    func prepare(dataCount: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity < dataCount + 1 {
            storage.deallocate()
            capacity = dataCount + 1
            storage = .allocate(capacity: capacity + streamBufferPadding)
        }
        count = dataCount
        return storage + 1
    }
}

/// The batch buffers of one parallel stream not in use: filled by the splitter, given back by the
/// workers after their decoder took the batch.
final class BatchBufferPool: Sendable {
    // (`Locked`, not `Mutex`: ThreadSanitizer cannot see `Mutex`'s futex on Linux.)
    private let buffers = Locked<[BatchBuffer]>([])
    /// Buffers kept at most; more are freed.
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// A buffer from the pool, or a new one of `capacity` bytes.
    func take(capacity: Int) -> BatchBuffer {
        buffers.withLock { $0.popLast() } ?? BatchBuffer(capacity: capacity)
    }

    /// Puts `buffer` back, to be filled again.
    func give(_ buffer: BatchBuffer) {
        buffers.withLock { if $0.count < limit { $0.append(buffer) } }
    }
}

/// A run of whole elements cut from a stream, decoded on its own by a worker of a parallel stream
/// as if it were a small stream of its own.
struct StreamBatch: Sendable {
    /// The batch's place in the stream: batches are handed out in this order.
    let sequence: Int
    /// The elements' bytes: for an array, `[` + the elements with their separators + `]`; for JSON
    /// Lines, whole lines; for concatenated documents, whole documents.
    let buffer: BatchBuffer
    /// The stream offset of `bytes[0]`.
    let offsetBase: Int
    /// An array batch that does not start the array (see `_StreamDecoder.restart`).
    let isContinuation: Bool
    /// How many elements the batch holds, when the splitter knows (arrays, documents); JSON Lines
    /// batches are counted by the worker that decodes them.
    let elementCount: Int?
}

/// Cuts a stream into batches of whole elements for parallel decoding, without decoding them.
///
/// JSON Lines are read straight into the buffer of the batch being filled, and cut after its last
/// newline once it holds the batch size: no scan is needed, since every newline ends a record, and
/// only the partial line after the cut is copied (into the next batch's buffer). Arrays and concatenated documents are scanned with the boundary scanner, which
/// must see every byte in order, and cut at an element boundary; the scanner's stream-level error
/// (truncation, a value that is not an array, content after it) is kept for the end, after every
/// batch of complete elements before it.
final class StreamSplitter {
    private let format: JSONStreamFormat
    /// A batch is cut once about this many bytes of whole elements are buffered.
    private let batchSize: Int
    /// Where batch buffers come from (and go back to, from the workers).
    let pool: BatchBufferPool

    // MARK: Buffer

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The stream offset of `storage[0]`.
    private var base = 0
    private var dataEnd = 0
    private var scanEnd = 0
    /// Where the next batch starts: JSON Lines, its first byte; arrays, the separator before its
    /// first element (`boundaries[cursor]`); documents, its first document's start.
    private var batchStart = 0

    // MARK: Scanner (arrays, documents)

    private var scanner = BoundaryScanner()
    private var boundaries: UnsafeMutablePointer<UInt64>
    private let boundaryCapacity = 1 << 16
    private var boundaryCount = 0
    private var cursor = 0
    private var scanFinished = false
    /// The elements put in batches so far.
    private var elementsBatched = 0
    private var nextSequence = 0

    // MARK: JSON Lines

    /// The batch being filled (JSON Lines only).
    private var lines: BatchBuffer?
    /// The stream offset of its first byte.
    private var linesOffset = 0
    /// The capacity of a JSON Lines batch buffer: the batch size, with room to read past it to the
    /// end of a line.
    private var linesCapacity: Int { batchSize + batchSize / 8 + 1 }

    /// How many bytes a reader should ask `writableSpace` for at least: JSON Lines take what fits
    /// in the batch being filled.
    var minimumRead: Int { format == .jsonLines ? 1 : streamPieceSize }

    /// The input is over (every byte has been appended).
    private(set) var inputEnded = false
    /// The scanner's failure: its code, stream offset and the byte there.
    private var failure: (code: _SimdJSONError, offset: Int, byte: UInt8)?

    /// The stream-level error, once every batch before it is cut (`nextBatch()` returned nil and
    /// the input is over): its path names the element the stream ends in.
    var streamError: UnboxError? {
        failure.map {
            streamScanError(
                $0.code, offset: $0.offset, byteAtOffset: $0.byte, pendingIndex: elementsBatched, pathPrefix: [],
                offsetBase: 0)
        }
    }

    init(format: JSONStreamFormat, batchSize: Int, pool: BatchBufferPool) {
        self.format = format
        self.batchSize = max(batchSize, 64)
        self.pool = pool
        // Room for several batches: the bytes left after the last cut are moved to the front
        // before each read, so the larger the reads, the fewer bytes are moved twice.
        // (JSON Lines do not use this buffer: they are read into the batches' own.)
        capacity = format == .jsonLines ? 64 : max(4 * self.batchSize, 1 << 16)
        storage = .allocate(capacity: capacity)
        boundaries = .allocate(capacity: boundaryCapacity)
        scanner.start(format == .array ? .array : .documents)
    }

    deinit {
        storage.deallocate()
        boundaries.deallocate()
    }

    // MARK: Input

    /// Room for at least `minimum` more bytes, for reading straight into; call `commit` after.
    func writableSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        if format == .jsonLines { return linesSpace(minimum: minimum) }
        compact()
        if capacity - dataEnd < minimum {
            var newCapacity = capacity
            while newCapacity - dataEnd < minimum { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.initialize(from: storage, count: dataEnd)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        return UnsafeMutableRawBufferPointer(start: storage + dataEnd, count: capacity - dataEnd)
    }

    /// Records that `count` bytes were written into the space `writableSpace` returned.
    func commit(_ count: Int) {
        if let lines {
            lines.count += count
        } else {
            dataEnd += count
        }
    }

    /// The free space of the JSON Lines batch being filled, grown to `minimum` bytes if needed (a
    /// full buffer without a newline: a long line).
    private func linesSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        let buffer: BatchBuffer
        if let lines {
            buffer = lines
        } else {
            buffer = pool.take(capacity: linesCapacity)
            buffer.reserve(linesCapacity - 1)
            buffer.count = 0
            lines = buffer
        }
        let needed = max(minimum, 1)
        if buffer.capacity - 1 - buffer.count < needed {
            let grown = BatchBuffer(capacity: max(2 * buffer.capacity, buffer.count + 1 + needed))
            (grown.storage + 1).update(from: buffer.storage + 1, count: buffer.count)
            grown.count = buffer.count
            lines = grown
            return linesSpace(minimum: minimum)
        }
        return UnsafeMutableRawBufferPointer(
            start: buffer.storage + 1 + buffer.count, count: buffer.capacity - 1 - buffer.count)
    }

    /// Copies `bytes` to the end of the buffer.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let space = writableSpace(minimum: bytes.count)
        space.baseAddress.unsafelyUnwrapped.copyMemory(from: source, byteCount: bytes.count)
        commit(bytes.count)
    }

    /// Records the end of the input.
    func endInput() {
        inputEnded = true
    }

    /// Drops the bytes already put in batches.
    private func compact() {
        let keep = format == .jsonLines ? batchStart : min(batchStart, scanEnd)
        guard keep > 0 else { return }
        storage.update(from: storage + keep, count: dataEnd - keep)
        base += keep
        dataEnd -= keep
        scanEnd -= keep
        batchStart -= keep
    }

    // MARK: Batches

    /// The next batch, or nil when more input is needed (or the input is over and every element is
    /// in a batch: then `streamError` says how the stream ended).
    func nextBatch() -> StreamBatch? {
        switch format {
        case .jsonLines: return nextLines()
        case .array: return nextArrayElements()
        case .concatenated: return nextDocuments()
        }
    }

    /// A batch of the buffered bytes from `start` to `end` (indices into the buffer).
    private func makeBatch(from start: Int, to end: Int, count: Int?) -> StreamBatch {
        let buffer = pool.take(capacity: batchSize + 2)
        buffer.prepare(dataCount: end - start).update(from: storage + start, count: end - start)
        return makeBatch(buffer, offsetBase: base + start, count: count)
    }

    private func makeBatch(_ buffer: BatchBuffer, offsetBase: Int, isContinuation: Bool = false, count: Int?)
        -> StreamBatch
    {
        defer { nextSequence += 1 }
        return StreamBatch(
            sequence: nextSequence, buffer: buffer, offsetBase: offsetBase, isContinuation: isContinuation,
            elementCount: count)
    }

    private func nextLines() -> StreamBatch? {
        guard let buffer = lines, buffer.count > 0, inputEnded || buffer.count >= batchSize else { return nil }
        let data = buffer.storage + 1
        let count = buffer.count
        // Everything at the end of the input; else up to the last newline.
        var cut = count
        if !inputEnded {
            while cut > 0, data[cut - 1] != 0x0A { cut -= 1 }
            guard cut > 0 else { return nil }
        }
        // The partial line after the cut starts the next batch.
        let next = pool.take(capacity: linesCapacity)
        next.reserve(max(linesCapacity - 1, count - cut))
        (next.storage + 1).update(from: data + cut, count: count - cut)
        next.count = count - cut
        buffer.count = cut
        lines = next
        defer { linesOffset += cut }
        return makeBatch(buffer, offsetBase: linesOffset, count: nil)
    }

    /// Scans what has arrived; at the end of the input, finishes the scan.
    private func scan() {
        if cursor > 0 && boundaryCount + BoundaryScanner.boundariesPerByte + 1 > boundaryCapacity {
            boundaries.update(from: boundaries + cursor, count: boundaryCount - cursor)
            boundaryCount -= cursor
            cursor = 0
        }
        while !scanFinished && scanEnd < dataEnd
            && boundaryCount + BoundaryScanner.boundariesPerByte + 1 <= boundaryCapacity
        {
            var scanned = 0
            let code = scanner.scan(
                storage + scanEnd, dataEnd - scanEnd, boundaries, boundaryCapacity, &boundaryCount,
                &scanned)
            scanEnd += scanned
            if code != .success {
                scanFinished = true
                fail(code)
            }
            if scanned == 0 { break }
        }
        if inputEnded && !scanFinished && scanEnd == dataEnd && boundaryCount + 1 <= boundaryCapacity {
            scanFinished = true
            let code = scanner.finish(boundaries, boundaryCapacity, &boundaryCount)
            if code != .success { fail(code) }
        }
    }

    private func fail(_ code: _SimdJSONError) {
        let offset = Int(truncatingIfNeeded: scanner.errorOffset)
        let position = offset - base
        failure = (code, offset, position >= 0 && position < dataEnd ? storage[position] : 0)
    }

    /// Every boundary the scanner will find is found.
    private var scanIsComplete: Bool { scanFinished }

    /// The boundaries found fill their array: cut a batch whatever its size, so that the scan can
    /// go on.
    private var boundariesAreFull: Bool { boundaryCount + BoundaryScanner.boundariesPerByte + 2 > boundaryCapacity }

    private func nextArrayElements() -> StreamBatch? {
        scan()
        let first = cursor
        let available = boundaryCount - 1 - first
        if available <= 0 {
            return scanIsComplete ? finalArrayBatch() : nil
        }
        let start = Int(truncatingIfNeeded: boundaries[first])
        let lastEnd = Int(truncatingIfNeeded: boundaries[boundaryCount - 1])
        guard lastEnd - start >= batchSize || scanIsComplete || boundariesAreFull else { return nil }
        var last = first + 1
        while last + 1 < boundaryCount && Int(truncatingIfNeeded: boundaries[last + 1]) - start <= batchSize {
            last += 1
        }
        let end = Int(truncatingIfNeeded: boundaries[last])
        let batch = arrayBatch(from: start, to: end, count: last - first, separators: boundaries + first)
        cursor = last
        batchStart = end - base
        return batch
    }

    /// `[` + the bytes between the separators at stream offsets `start` and `end` + `]`.
    /// `separators` points to the `count + 1` separators' stream offsets, when the scan found them
    /// all (nil: the worker's decoder scans the batch).
    private func arrayBatch(
        from start: Int, to end: Int, count: Int, separators: UnsafeMutablePointer<UInt64>? = nil
    ) -> StreamBatch {
        let buffer = pool.take(capacity: batchSize + 2)
        buffer.separators.removeAll(keepingCapacity: true)
        if let separators {
            let origin = UInt64(start)
            buffer.separators.append(
                contentsOf: UnsafeBufferPointer(start: separators, count: count + 1).lazy.map { $0 - origin })
        }
        let data = buffer.prepare(dataCount: end - start + 1)
        data[0] = UInt8(ascii: "[")
        (data + 1).update(from: storage + (start + 1 - base), count: end - start - 1)
        data[end - start] = UInt8(ascii: "]")
        defer { elementsBatched += count }
        return makeBatch(buffer, offsetBase: start, isContinuation: elementsBatched > 0, count: count)
    }

    /// At the end of a truncated array: the last element, when the scanner knows it is complete (a
    /// stream decoded on one thread hands it out before reporting the truncation, which then names
    /// the element after it).
    private func finalArrayBatch() -> StreamBatch? {
        guard failure != nil, cursor < boundaryCount, scanner.pendingEnd != UInt64.max else { return nil }
        let start = Int(truncatingIfNeeded: boundaries[cursor])
        let end = Int(truncatingIfNeeded: scanner.pendingEnd)
        scanner.pendingEnd = UInt64.max
        guard end > start else { return nil }
        batchStart = dataEnd
        return arrayBatch(from: start, to: end, count: 1)
    }

    private func nextDocuments() -> StreamBatch? {
        scan()
        let pairs = (boundaryCount - cursor) / 2
        guard pairs > 0 else { return nil }
        let start = Int(truncatingIfNeeded: boundaries[cursor])
        let lastEnd = Int(truncatingIfNeeded: boundaries[cursor + 2 * pairs - 1])
        guard lastEnd - start >= batchSize || scanIsComplete || boundariesAreFull else { return nil }
        var count = 1
        while count < pairs && Int(truncatingIfNeeded: boundaries[cursor + 2 * count + 1]) - start <= batchSize {
            count += 1
        }
        let end = Int(truncatingIfNeeded: boundaries[cursor + 2 * count - 1])
        let batch = makeBatch(from: start - base, to: end - base, count: count)
        elementsBatched += count
        cursor += 2 * count
        batchStart = end - base
        return batch
    }
}
