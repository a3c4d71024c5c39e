import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a synchronous stream's bytes come from: memory or a file. Feeds a `_StreamDecoder` one
/// piece at a time, so that the decoder's buffer stays small whatever the input's size.
@usableFromInline
protocol _StreamByteSource: AnyObject {
    /// Gives `decoder` the next piece of input, or tells it the input is over.
    func feed<Element>(_ decoder: _StreamDecoder<Element>) throws
}

/// How much an in-memory source or a file read hands the decoder at a time.
let streamPieceSize = 1 << 20

/// The size `status` gives, for a regular file; nil for anything else.
func _regularFileSize(_ status: stat) -> Int? {
    (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
}

/// The size of the regular file at `url` now; nil for anything else, or when it cannot be told.
func _regularFileSize(at url: URL) -> Int? {
    var status = stat()
    let found = url.withUnsafeFileSystemRepresentation { path in path.map { stat($0, &status) == 0 } ?? false }
    return found ? _regularFileSize(status) : nil
}

/// Whether decoding a file of `size` bytes (nil: unknown) on several threads can give a second
/// thread work: a file of one batch or less is cut into one batch, which the calling thread
/// decodes alone, so it is read as with `parallelism: 1` instead (the same models and errors,
/// without starting threads and handing batches over). 300 decodes of the records' 1 MB, the probe's
/// whole-process times: 0.98 s to 1.05 s on one thread; with `parallelism: 2`, 1.04 s to 1.30 s
/// before this and 1.02 s to 1.03 s after.
func _severalThreadsCanHelp(
    fileOfSize size: Int?, batchSize: Int = parallelStreamBatchSize.load(ordering: .relaxed)
) -> Bool {
    guard let size else { return true }
    return size > batchSize
}

/// An in-memory input (bytes or text), fed to the decoder in pieces. With a key path, the document
/// is parsed once to find where the nested array starts, and the array is streamed from there.
@usableFromInline
final class _MemoryByteSource: _StreamByteSource {
    private enum Storage {
        case bytes(any ContiguousBytes)
        case string(String)
    }

    private var storage: Storage
    private var offset = 0
    private var keyPath: String?

    @usableFromInline
    init(bytes: any ContiguousBytes, keyPath: String?) {
        storage = .bytes(bytes)
        self.keyPath = keyPath
    }

    @usableFromInline
    init(string: String, keyPath: String?) {
        storage = .string(string)
        self.keyPath = keyPath
    }

    private func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch storage {
        case .bytes(let bytes):
            return try bytes.withUnsafeBytes(body)
        case .string(var string):
            defer { storage = .string(string) }
            return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
    }

    @usableFromInline
    func feed<Element>(_ decoder: _StreamDecoder<Element>) throws {
        try withBytes { bytes in
            if let keyPath {
                self.keyPath = nil
                let (start, path) = try locateArray(in: bytes, keyPath: keyPath)
                offset = start
                decoder.offsetBase = start
                decoder.pathPrefix = path
                decoder.endsAtArrayEnd = true
            }
            let count = min(streamPieceSize, bytes.count - offset)
            guard count > 0 else {
                decoder.endInput()
                return
            }
            decoder.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
            offset += count
        }
    }
}

/// Parses `bytes` as one document and returns where the array at `keyPath` starts, with the path
/// components that lead to it (for error paths).
func locateArray(in bytes: UnsafeRawBufferPointer, keyPath: String) throws -> (Int, [UnboxPathComponent]) {
    let parser = _ParserPool.shared.take()
    let context = _DecodingContext(parser: parser, maxDepth: defaultUnboxMaximumDepth)
    defer {
        context._close()
        _ParserPool.shared.give(parser, lastInputSize: bytes.count)
    }
    var value = _JSONCursor()
    try context._begin(bytes, root: &value)
    do {
        let path = try context._navigate(_KeyPath(keyPath).segments[...], value: &value)
        let offset = context._offset(of: &value)
        let type = try context._type(of: &value)
        guard type == .array else {
            throw UnboxError(reason: .typeMismatch(expected: "an array", found: type), path: path, byteOffset: offset)
        }
        return (offset, path)
    } catch {
        throw context._resolve(error)
    }
}

/// A file read with `read(2)` straight into the decoder's buffer: no second copy, and never more
/// than a piece of the file in memory.
@usableFromInline
final class _FileByteSource: _StreamByteSource {
    private let handle: FileHandle

    @usableFromInline
    init(url: URL) throws {
        guard url.isFileURL else {
            throw UnboxError(reason: .misuse("a file stream needs a file URL, not \(url)"))
        }
        handle = try FileHandle(forReadingFrom: url)
    }

    /// The file's size now, when it is a regular file; nil for anything else (a pipe, a device),
    /// whose size says nothing of what it will give.
    var regularFileSize: Int? {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return nil }
        return _regularFileSize(status)
    }

    @usableFromInline
    func feed<Element>(_ decoder: _StreamDecoder<Element>) throws {
        if let count = try readPiece(into: decoder.writableSpace(minimum: streamPieceSize)) {
            decoder.commit(count)
        } else {
            decoder.endInput()
        }
    }

    /// Gives a parallel stream's splitter the next piece of the file, or tells it the file is over.
    func feed(_ splitter: StreamSplitter) throws {
        if let count = try readPiece(into: splitter.writableSpace(minimum: 1)) {
            splitter.commit(count)
        } else {
            splitter.endInput()
        }
    }

    /// Reads into `space`: how many bytes, or nil at the end of the file.
    private func readPiece(into space: UnsafeMutableRawBufferPointer) throws -> Int? {
        while true {
            let count = read(handle.fileDescriptor, space.baseAddress, space.count)
            if count > 0 { return count }
            if count == 0 { return nil }
            if errno != EINTR {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
    }
}
