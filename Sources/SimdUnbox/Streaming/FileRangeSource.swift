import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Byte-range splits
// =================
//
// A reader over a byte range `[lower, upper)` of a file reads exactly the records that START
// inside it (Hadoop's rule), so that readers over ranges that cover a file, however it was cut,
// see every record once:
//
//   file:     {"a":1}\n{"a":2}\n{"a":3}\n{"a":4}\n
//   ranges:   [0 ........ 12)[12 ..................)
//   records:  {"a":1} {"a":2} | {"a":3} {"a":4}      ({"a":2} starts at 8 < 12: the first range's)
//
// JSON Lines: a record starts at offset 0 and after every newline (a raw newline never occurs
// inside a JSON value, and every newline ends a record, good or bad). So a range that does not
// start at 0 skips to the byte after the first newline at or after `lower - 1`, and reads on past
// `upper` to the first newline at or after `upper - 1`, which ends the last record that started
// inside. Only newline bytes are looked at: a cut inside a multi-byte character or an escape is
// never mistaken for a boundary, since neither contains the byte 0x0A. Each range reads its own
// bytes and one line past them, whatever the number of ranges.
//
// Concatenated documents: no byte says where a document starts (a newline may sit between the
// tokens of a document, and `{` inside a string looks like one outside), so the boundary scanner
// walks the file from offset 0, as a reader of the whole file would, to the first document that
// starts at or after `lower` and the first that starts at or after `upper`. The split is exact
// (the boundaries are those of the whole file's scan), but each range scans the bytes before it
// (at the scanner's speed, several times faster than decoding): use JSON Lines for many ranges
// of a large file. When the scan meets a structural fault, the range holding the last document
// that starts before it (the first range, if none does) reads on to the end and reports the
// fault; the ranges after it are empty.

/// Where the records that start inside a byte range of a file lie, and a source that feeds them
/// to a stream decoder or a parallel stream's splitter in pieces, read with `pread(2)`.
final class _FileRangeSource: _StreamByteSource {
    private let handle: FileHandle
    /// The bytes of the records that start inside the range asked for (empty: none does).
    let slice: Range<Int>
    /// The next byte to read.
    private var position: Int
    private var offsetIsSet = false

    /// Opens the file at `url` and finds the records that start inside `range` (clamped to the
    /// file), by the rules at the top of this file.
    init(url: URL, range: Range<Int>, format: JSONStreamFormat) throws {
        guard url.isFileURL else {
            throw UnboxError(reason: .misuse("a file stream needs a file URL, not \(url)"))
        }
        guard format != .array else {
            throw UnboxError(
                reason: .misuse(
                    "a byte range needs JSON Lines or concatenated documents: an array's elements cannot be found from the middle"
                ))
        }
        handle = try FileHandle(forReadingFrom: url)
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { throw POSIXError(.EIO) }
        let size = Int(status.st_size)
        let lower = min(max(range.lowerBound, 0), size)
        let upper = min(max(range.upperBound, lower), size)
        switch format {
        case .jsonLines:
            slice = try Self.linesSlice(handle.fileDescriptor, size: size, lower: lower, upper: upper)
        default:
            slice = try Self.documentsSlice(handle.fileDescriptor, size: size, lower: lower, upper: upper)
        }
        position = slice.lowerBound
    }

    // MARK: Alignment

    /// JSON Lines: from the first record start at or after `lower` to the first at or after `upper`.
    static func linesSlice(_ file: Int32, size: Int, lower: Int, upper: Int) throws -> Range<Int> {
        func recordStart(atOrAfter offset: Int) throws -> Int {
            guard offset > 0 else { return 0 }
            guard offset < size else { return size }
            return try firstNewline(file, atOrAfter: offset - 1, size: size).map { $0 + 1 } ?? size
        }
        let start = try recordStart(atOrAfter: lower)
        let end = lower == upper ? start : try recordStart(atOrAfter: upper)
        return start..<max(start, end)
    }

    /// The offset of the first newline at or after `offset`, or nil when there is none.
    static func firstNewline(_ file: Int32, atOrAfter offset: Int, size: Int) throws -> Int? {
        let pieceSize = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        var at = offset
        while at < size {
            let count = try readAt(file, buffer, min(pieceSize, size - at), at)
            guard count > 0 else { return nil }
            if let found = memchr(buffer, 0x0A, count) {
                return at + (UnsafeRawPointer(found) - UnsafeRawPointer(buffer))
            }
            at += count
        }
        return nil
    }

    /// Concatenated documents: from the first document start at or after `lower` to the first at
    /// or after `upper`, as the boundary scanner finds them walking from offset 0.
    static func documentsSlice(_ file: Int32, size: Int, lower: Int, upper: Int) throws -> Range<Int> {
        if lower == upper { return lower..<lower }
        let pieceSize = streamPieceSize
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: pieceSize + streamBufferPadding)
        defer { buffer.deallocate() }
        let capacity = 1 << 12
        let boundaries = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        defer { boundaries.deallocate() }
        var scanner = BoundaryScanner()
        scanner.start(.documents)
        // Starts and ends alternate: how many boundaries the scan has reported.
        var reported = 0
        var start: Int? = lower == 0 ? 0 : nil
        var end: Int?
        var failed = false
        var at = 0
        reading: while at < size {
            let count = try readAt(file, UnsafeMutableRawPointer(buffer), min(pieceSize, size - at), at)
            guard count > 0 else { break }
            (buffer + count).update(repeating: 0x20, count: streamBufferPadding)
            var offset = 0
            while offset < count {
                var found = 0
                var scanned = 0
                let code = scanner.scan(buffer + offset, count - offset, boundaries, capacity, &found, &scanned)
                for entry in 0..<found where (reported + entry) & 1 == 0 {
                    let documentStart = Int(truncatingIfNeeded: boundaries[entry])
                    if start == nil, documentStart >= lower { start = documentStart }
                    if documentStart >= upper {
                        end = documentStart
                        break reading
                    }
                }
                reported += found
                offset += scanned
                if code != .success {
                    failed = true
                    break reading
                }
                if scanned == 0 && found == 0 { break }
            }
            at += count
        }
        guard let start else {
            // No document starts inside: empty (a fault before any start is the first range's).
            return size..<size
        }
        // A fault before the next range's first document: this range reads on to report it.
        let stop = failed ? size : (end ?? size)
        return start..<max(start, stop)
    }

    /// `pread(2)` of up to `count` bytes at `offset`, retried when interrupted.
    static func readAt(_ file: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int) throws -> Int {
        while true {
            let read = pread(file, buffer, count, off_t(offset))
            if read >= 0 { return read }
            if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    // MARK: Feeding

    /// Reads the next piece of the slice into `space`: how many bytes, or nil at its end.
    private func readPiece(into space: UnsafeMutableRawBufferPointer) throws -> Int? {
        let wanted = min(space.count, slice.upperBound - position, streamPieceSize)
        guard wanted > 0, let base = space.baseAddress else { return nil }
        let count = try Self.readAt(handle.fileDescriptor, base, wanted, position)
        // The file shrank under the reader: its end is the slice's.
        guard count > 0 else { return nil }
        position += count
        return count
    }

    func feed<Element>(_ decoder: _StreamDecoder<Element>) throws {
        if !offsetIsSet {
            offsetIsSet = true
            decoder.offsetBase = slice.lowerBound
        }
        if let count = try readPiece(into: decoder.writableSpace(minimum: min(streamPieceSize, max(slice.count, 1)))) {
            decoder.commit(count)
        } else {
            decoder.endInput()
        }
    }

    /// Gives a parallel stream's splitter the next piece of the slice (its stream offsets count from
    /// the slice's start), or tells it the slice is over.
    func feed(_ splitter: StreamSplitter) throws {
        if let count = try readPiece(into: splitter.writableSpace(minimum: 1)) {
            splitter.commit(count)
        } else {
            splitter.endInput()
        }
    }
}
