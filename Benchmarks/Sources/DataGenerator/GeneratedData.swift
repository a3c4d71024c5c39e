import Foundation

/// Generated JSON inputs: ``RecordGenerator`` records of about a given size, as a top-level array
/// or as JSON Lines (one record per line).
///
/// Files are written once to the temporary directory and reused while their size, seed and layout
/// match (`simdunbox-records-<bytes>-seed<seed>-v<format>.json`, `.jsonl` for JSON Lines).
public enum GeneratedData {
    /// How the records are laid out.
    public enum Layout: Sendable {
        /// `[record,record,...]`
        case array
        /// `record\nrecord\n...`: the same records, each on a line of its own.
        case jsonLines
    }

    /// The seed used by the benchmarks.
    public static let defaultSeed: UInt64 = 0x5EED_2024

    /// Bumped whenever ``RecordGenerator`` changes its output, so that stale cached files are ignored.
    static let formatVersion = 1

    /// Returns the bytes of an array of records, at least `targetSize` bytes long.
    ///
    /// - Parameters:
    ///   - targetSize: The minimum size of the document in bytes; records are added until it is reached.
    ///   - seed: The generator's seed.
    ///   - layout: An array (default) or JSON Lines.
    public static func bytes(targetSize: Int, seed: UInt64 = defaultSeed, layout: Layout = .array) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(targetSize + 4_096)
        write(targetSize: targetSize, seed: seed, layout: layout) { chunk in output.append(contentsOf: chunk) }
        return output
    }

    /// Returns the URL of a cached file of about `targetSize` bytes, generating it if needed.
    ///
    /// - Parameters:
    ///   - targetSize: The minimum size of the file in bytes.
    ///   - seed: The generator's seed.
    ///   - layout: An array (default) or JSON Lines.
    /// - Throws: File-system errors from creating or renaming the file.
    public static func file(targetSize: Int, seed: UInt64 = defaultSeed, layout: Layout = .array) throws -> URL {
        let suffix = layout == .array ? "json" : "jsonl"
        return try cachedFile(named: "simdunbox-records-\(targetSize)-seed\(seed)-v\(formatVersion).\(suffix)") {
            emit in
            write(targetSize: targetSize, seed: seed, layout: layout, chunk: emit)
        }
    }

    /// Returns the URL of the file `name` in the temporary directory, writing it first with `write`
    /// (which hands its bytes over in chunks) if it does not exist yet.
    ///
    /// - Throws: File-system errors from creating, writing or renaming the file.
    static func cachedFile(named name: String, write: (_ emit: ([UInt8]) -> Void) -> Void) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) {
            return url
        }
        let partial = directory.appendingPathComponent(
            "\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial"
        )
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        let handle = try FileHandle(forWritingTo: partial)
        var failure: (any Error)?
        write { chunk in
            guard failure == nil else { return }
            do { try handle.write(contentsOf: chunk) } catch { failure = error }
        }
        try handle.close()
        if let failure {
            try? FileManager.default.removeItem(at: partial)
            throw failure
        }
        // Another process may have finished the same file meanwhile: both contents are identical.
        if FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.removeItem(at: partial)
        } else {
            try FileManager.default.moveItem(at: partial, to: url)
        }
        return url
    }

    /// Produces the document in chunks of about 4 MiB.
    static func write(targetSize: Int, seed: UInt64, layout: Layout, chunk emit: ([UInt8]) -> Void) {
        var generator = RecordGenerator(seed: seed)
        writeElements(targetSize: targetSize, layout: layout, chunk: emit) { index, buffer in
            generator.appendRecord(index: index, to: &buffer)
        }
    }

    /// Lays out elements (`[a,b,...]` or one per line) until `targetSize` bytes are reached, in
    /// chunks of about 4 MiB; `appendElement` appends the element of an index.
    /// Stops after `maximumCount` elements if that comes first; returns the number of elements.
    @discardableResult
    static func writeElements(
        targetSize: Int, maximumCount: Int = .max, layout: Layout, chunk emit: ([UInt8]) -> Void,
        appendElement: (_ index: Int, _ buffer: inout [UInt8]) -> Void
    ) -> Int {
        let chunkSize = 4 << 20
        var buffer: [UInt8] = layout == .array ? [UInt8(ascii: "[")] : []
        buffer.reserveCapacity(chunkSize + 4_096)
        var written = 0
        var index = 0
        while written + buffer.count < targetSize - 1 && index < maximumCount {
            if index > 0 && layout == .array { buffer.append(UInt8(ascii: ",")) }
            appendElement(index, &buffer)
            if layout == .jsonLines { buffer.append(UInt8(ascii: "\n")) }
            index += 1
            if buffer.count >= chunkSize {
                written += buffer.count
                emit(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if layout == .array { buffer.append(UInt8(ascii: "]")) }
        emit(buffer)
        return index
    }
}

extension GeneratedData {
    /// Bumped whenever ``OrderGenerator`` or ``ReadingGenerator`` changes its output.
    static let userStyleFormatVersion = 1

    /// Returns the URL of a cached array of ``OrderGenerator`` orders of about `targetSize` bytes,
    /// generating it if needed (`simdunbox-orders-<style>[-optional]-<bytes>-seed<seed>-v<format>.json`).
    ///
    /// The size is that of the snake_case orders; the camelCase file holds the same orders (as many,
    /// with the same values), so it is a little smaller, and the file with the optional fields a
    /// little larger.
    ///
    /// - Parameters:
    ///   - targetSize: The minimum size of the file in bytes.
    ///   - keyStyle: snake_case or camelCase keys; the values are the same.
    ///   - optionalFields: Also write the six optional fields (`OrderGenerator`).
    ///   - seed: The generator's seed.
    /// - Throws: File-system errors from creating or renaming the file.
    public static func ordersFile(
        targetSize: Int, keyStyle: OrderGenerator.KeyStyle, optionalFields: Bool = false, seed: UInt64 = defaultSeed
    ) throws -> URL {
        let style = keyStyle.rawValue + (optionalFields ? "-optional" : "")
        return try cachedFile(
            named: "simdunbox-orders-\(style)-\(targetSize)-seed\(seed)-v\(userStyleFormatVersion).json"
        ) { emit in
            // Other key styles, and the orders with the optional fields: as many orders as the
            // snake_case file has, whatever their size (so that they hold the same values).
            var size = targetSize
            var count = Int.max
            if keyStyle != .snakeCase || optionalFields {
                var sizing = OrderGenerator(seed: seed, keyStyle: .snakeCase)
                count = writeElements(targetSize: targetSize, layout: .array, chunk: { _ in }) { index, buffer in
                    sizing.appendOrder(index: index, to: &buffer)
                }
                size = .max
            }
            var generator = OrderGenerator(seed: seed, keyStyle: keyStyle, optionalFields: optionalFields)
            writeElements(targetSize: size, maximumCount: count, layout: .array, chunk: emit) { index, buffer in
                generator.appendOrder(index: index, to: &buffer)
            }
        }
    }

    /// Returns the URL of a cached JSON Lines file of ``ReadingGenerator`` readings of about
    /// `targetSize` bytes, generating it if needed (`simdunbox-readings-<bytes>-seed<seed>-v<format>.jsonl`).
    ///
    /// - Parameters:
    ///   - targetSize: The minimum size of the file in bytes.
    ///   - seed: The generator's seed.
    /// - Throws: File-system errors from creating or renaming the file.
    public static func readingsFile(targetSize: Int, seed: UInt64 = defaultSeed) throws -> URL {
        try cachedFile(named: "simdunbox-readings-\(targetSize)-seed\(seed)-v\(userStyleFormatVersion).jsonl") { emit in
            var generator = ReadingGenerator(seed: seed)
            writeElements(targetSize: targetSize, layout: .jsonLines, chunk: emit) { index, buffer in
                generator.appendReading(index: index, to: &buffer)
            }
        }
    }
}
