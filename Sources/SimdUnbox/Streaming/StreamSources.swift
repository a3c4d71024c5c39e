import Foundation

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
