import Foundation

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
    /// The elements' bytes: for an array, `[` + the elements with their separators, up to the
    /// separator after the last one (a `]` after a last element that has none); for JSON Lines,
    /// whole lines; for concatenated documents, whole documents and the whitespace before them.
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
/// The input is read (or copied) straight into the buffer of the batch being filled, whatever the
/// format, and a batch is cut from its front once it holds the batch size: JSON Lines after the
/// last newline (no scan is needed, since every newline ends a record), arrays and concatenated
/// documents after the last whole element the boundary scanner found (the scanner must see every
/// byte in order: it scans the bytes where they were read). Only the bytes after the cut, a
/// partial element, are copied, into the next batch's buffer. An array batch starts with its first
/// separator made `[`, and carries the separators found, between which the worker's decoder opens
/// its windows as it does in a stream of its own.
/// (An array batch used to be copied whole out of a buffer of the splitter's own, on the consumer's
/// thread. Without that copy, six decodes of the records' 100 MB root array on two threads took
/// 0.743 s against 0.761 s, and 0.770 s against 0.781 s: whole-process times of the instruction
/// probe, medians of seven and nine runs alternating with the code before. One thread and JSON
/// Lines do not change; peak memory went down by 1.2 MB, the splitter's own buffer.) The scanner's
/// stream-level error (truncation, a value that is not an array, content after it) is kept for
/// the end, after every batch of complete elements before it.
final class StreamSplitter {
    private let format: JSONStreamFormat
    /// A batch is cut once about this many bytes of whole elements are buffered.
    private let batchSize: Int
    /// Where batch buffers come from (and go back to, from the workers).
    let pool: BatchBufferPool

    // MARK: Buffer

    /// The batch being filled: the stream's bytes from stream offset `base` on.
    private var filling: BatchBuffer?
    /// The stream offset of the filling buffer's first byte of data.
    private var base = 0
    /// The capacity of a batch buffer: the batch size, with room to read past it to the end of a
    /// line or element.
    private var fillingCapacity: Int { batchSize + batchSize / 8 + 1 }

    // MARK: Scanner (arrays, documents)

    private var scanner = BoundaryScanner()
    private var boundaries: UnsafeMutablePointer<UInt64>
    private let boundaryCapacity = 1 << 16
    private var boundaryCount = 0
    private var cursor = 0
    /// How many bytes of the filling buffer the scanner has taken.
    private var scanEnd = 0
    private var scanFinished = false
    /// The elements put in batches so far.
    private var elementsBatched = 0
    private var nextSequence = 0

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

    /// JSON Lines: count the records of each batch (`StreamBatch.elementCount`), for consumers
    /// that number the records of batches decoded out of order.
    private let countsLines: Bool

    init(format: JSONStreamFormat, batchSize: Int, pool: BatchBufferPool, countsLines: Bool = false) {
        self.format = format
        self.countsLines = countsLines
        self.batchSize = max(batchSize, 64)
        self.pool = pool
        boundaries = .allocate(capacity: boundaryCapacity)
        scanner.start(format == .array ? .array : .documents)
    }

    deinit {
        boundaries.deallocate()
    }

    // MARK: Input

    /// The filling buffer's data.
    private var data: UnsafeMutablePointer<UInt8> { filling.unsafelyUnwrapped.storage + 1 }
    /// How many bytes of data the filling buffer holds.
    private var dataEnd: Int { filling?.count ?? 0 }

    /// Room for at least `minimum` more bytes (at least one), for reading straight into; call
    /// `commit` after. A full buffer from which no batch could be cut (a long line or element, or a
    /// large piece appended) grows.
    func writableSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        let buffer: BatchBuffer
        if let filling {
            buffer = filling
        } else {
            buffer = emptyBuffer(room: 0)
            filling = buffer
        }
        let needed = max(minimum, 1)
        if buffer.capacity - 1 - buffer.count < needed {
            let grown = BatchBuffer(capacity: max(2 * buffer.capacity, buffer.count + 1 + needed))
            (grown.storage + 1).update(from: buffer.storage + 1, count: buffer.count)
            grown.count = buffer.count
            filling = grown
            return writableSpace(minimum: minimum)
        }
        return UnsafeMutableRawBufferPointer(
            start: buffer.storage + 1 + buffer.count, count: buffer.capacity - 1 - buffer.count)
    }

    /// Records that `count` bytes were written into the space `writableSpace` returned.
    func commit(_ count: Int) {
        filling.unsafelyUnwrapped.count += count
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

    /// An empty buffer from the pool, with room for a batch and at least `room` bytes.
    private func emptyBuffer(room: Int) -> BatchBuffer {
        let buffer = pool.take(capacity: fillingCapacity)
        buffer.reserve(max(fillingCapacity - 1, room))
        buffer.count = 0
        return buffer
    }

    /// Takes the filling buffer's first `cut` bytes for a batch: the bytes after them move to the
    /// front of a new filling buffer. Returns the buffer taken, holding `cut` bytes.
    private func cutFilling(at cut: Int) -> BatchBuffer {
        let buffer = filling.unsafelyUnwrapped
        let rest = buffer.count - cut
        let next = emptyBuffer(room: rest)
        (next.storage + 1).update(from: buffer.storage + 1 + cut, count: rest)
        next.count = rest
        buffer.count = cut
        filling = next
        base += cut
        scanEnd = max(scanEnd - cut, 0)
        return buffer
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

    private func makeBatch(_ buffer: BatchBuffer, offsetBase: Int, isContinuation: Bool = false, count: Int?)
        -> StreamBatch
    {
        defer { nextSequence += 1 }
        return StreamBatch(
            sequence: nextSequence, buffer: buffer, offsetBase: offsetBase, isContinuation: isContinuation,
            elementCount: count)
    }

    private func nextLines() -> StreamBatch? {
        guard let buffer = filling, buffer.count > 0, inputEnded || buffer.count >= batchSize else { return nil }
        let data = buffer.storage + 1
        // Everything at the end of the input; else up to the last newline.
        var cut = buffer.count
        if !inputEnded {
            while cut > 0, data[cut - 1] != 0x0A { cut -= 1 }
            guard cut > 0 else { return nil }
        }
        let offset = base
        let count = countsLines ? jsonLinesRecordCount(data, cut) : nil
        return makeBatch(cutFilling(at: cut), offsetBase: offset, count: count)
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
                data + scanEnd, dataEnd - scanEnd, boundaries, boundaryCapacity, &boundaryCount, &scanned)
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
        failure = (code, offset, position >= 0 && position < dataEnd ? data[position] : 0)
    }

    /// The boundaries found fill their array: cut a batch whatever its size, so that the scan can
    /// go on.
    private var boundariesAreFull: Bool { boundaryCount + BoundaryScanner.boundariesPerByte + 2 > boundaryCapacity }

    /// Whether to cut a batch of the whole elements found: the filling buffer holds a batch's
    /// worth, or nothing more will come.
    private var batchIsDue: Bool { dataEnd >= batchSize || scanFinished || boundariesAreFull }

    private func nextArrayElements() -> StreamBatch? {
        scan()
        let first = cursor
        let last = boundaryCount - 1
        guard last > first else { return scanFinished ? finalArrayBatch() : nil }
        guard batchIsDue else { return nil }
        let separators = UnsafeBufferPointer(start: boundaries + first, count: last - first + 1)
        defer { cursor = last }
        return arrayBatch(
            start: Int(truncatingIfNeeded: boundaries[first]), end: Int(truncatingIfNeeded: boundaries[last]),
            count: last - first, separators: separators)
    }

    /// `count` elements from the separator at stream offset `start` to `end` (the separator after
    /// them, or the end of a last element whose separator is missing), as an array made in place:
    /// the separator at `start` becomes `[`. The bytes from `end` on go to the next buffer.
    /// `separators`: the stream offsets of the batch's separators, when the scan found them all;
    /// the separator at `end` then stays as it is, since the decoder's windows write their own
    /// brackets and read the byte they cover (a lone gap before a `,`, `[ ,`, is a missing element,
    /// where `[ ]` would be an empty array). Empty: the worker's decoder scans the batch, which ends
    /// with a `]` written at `end`.
    private func arrayBatch(start: Int, end: Int, count: Int, separators: UnsafeBufferPointer<UInt64>)
        -> StreamBatch
    {
        // Only before the array's `[` can bytes precede the first separator: drop them.
        if start > base {
            let skip = start - base
            data.update(from: data + skip, count: dataEnd - skip)
            filling.unsafelyUnwrapped.count -= skip
            base = start
            scanEnd -= skip
        }
        let buffer = cutFilling(at: end - start)
        // (Only array batches carry separators, and only their decoders read them: a buffer from
        // the pool may hold an earlier batch's.)
        buffer.separators.removeAll(keepingCapacity: true)
        let origin = UInt64(start)
        buffer.separators.append(contentsOf: separators.lazy.map { $0 - origin })
        let bytes = buffer.storage + 1
        bytes[0] = UInt8(ascii: "[")
        if separators.isEmpty {
            // Past the element, within the data or the buffer's padding.
            bytes[end - start] = UInt8(ascii: "]")
        }
        buffer.count = end - start + 1
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
        return arrayBatch(start: start, end: end, count: 1, separators: UnsafeBufferPointer(start: nil, count: 0))
    }

    private func nextDocuments() -> StreamBatch? {
        scan()
        let pairs = (boundaryCount - cursor) / 2
        guard pairs > 0, batchIsDue else { return nil }
        // Every whole document found, with the whitespace before the first (`offsetBase` is the
        // stream offset of the batch's first byte, so its offsets stay the stream's).
        let end = Int(truncatingIfNeeded: boundaries[cursor + 2 * pairs - 1])
        let offset = base
        let buffer = cutFilling(at: end - base)
        elementsBatched += pairs
        cursor += 2 * pairs
        return makeBatch(buffer, offsetBase: offset, count: pairs)
    }
}

/// The records among the `count` bytes of whole JSON Lines at `bytes`: the lines holding a byte
/// other than a space, a tab or a carriage return (the lines the boundary scanner reports, good or
/// faulty), the last one counted even without its newline. Newlines are found with `memchr`; a
/// line is looked into only when it starts with one of those three bytes.
func jsonLinesRecordCount(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var records = 0
    var line = 0
    while line < count {
        let rest = count - line
        let newline = memchr(bytes + line, 0x0A, rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? count
        var position = line
        while position < newline, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
            position += 1
        }
        if position < newline { records += 1 }
        line = newline + 1
    }
    return records
}
