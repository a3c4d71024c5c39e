import Foundation
import SimdUnbox
import Testing

/// `SimdJSONStreamWriter` and `SimdJSONAsyncStreamWriter`: the layouts, whole models only, bounded
/// chunks, and round trips through the package's stream readers.
@Suite("Stream writers")
struct StreamWriterTests {
    struct Record: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var ratio: Double
        var tags: [String]
        var createdAt: Date
    }

    /// A model that fails to encode (a NaN under `.throw`) when `fails`.
    struct Fragile: Codable, Equatable, Sendable {
        var id: Int
        var value: Double
        static func good(_ id: Int) -> Fragile { Fragile(id: id, value: Double(id) / 4) }
        static let bad = Fragile(id: -1, value: .nan)
    }

    static func records(_ count: Int) -> [Record] {
        (0..<count).map { index in
            Record(
                id: index, name: "record \(index) \u{1F600} \"quoted\" / slash", ratio: Double(index) / 7,
                tags: (0..<(index % 4)).map { "tag\($0)" }, createdAt: Date(timeIntervalSince1970: Double(index) * 1000)
            )
        }
    }

    static func collect(
        _ format: JSONStreamFormat, _ encoder: SimdJSONEncoder = SimdJSONEncoder(), flushThreshold: Int = 1 << 20,
        _ body: (SimdJSONStreamWriter) throws -> Void
    ) rethrows -> (output: Data, chunks: [Data]) {
        var chunks: [Data] = []
        let writer = SimdJSONStreamWriter(format: format, encoder: encoder, flushThreshold: flushThreshold) {
            chunks.append($0)
        }
        try body(writer)
        return (chunks.reduce(Data(), +), chunks)
    }

    static func read<T: Decodable>(_ type: T.Type, _ data: Data, _ format: JSONStreamFormat) throws -> [T] {
        var models: [T] = []
        try SimdJSONDecoder().decodeEach(type, from: data, format: format) { models.append($0) }
        return models
    }

    static let formattings: [JSONEncoder.OutputFormatting] = [[], [.sortedKeys], [.sortedKeys, .prettyPrinted]]

    @Test(arguments: formattings)
    func arrayIsWhatJSONEncoderWritesForTheArray(formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = SimdJSONEncoder()
        encoder.outputFormatting = formatting
        let foundation = JSONEncoder()
        foundation.outputFormatting = formatting
        for count in [0, 1, 2, 50] {
            let records = Self.records(count)
            let (output, _) = try Self.collect(.array, encoder) { writer in
                try writer.write(contentsOf: records)
                try writer.finish()
            }
            if formatting.contains(.sortedKeys) {
                #expect(
                    String(decoding: output, as: UTF8.self)
                        == String(decoding: try foundation.encode(records), as: UTF8.self))
            }
            #expect(try Self.read(Record.self, output, .array) == records)
        }
    }

    @Test(arguments: [JSONStreamFormat.jsonLines, .concatenated, .array])
    func roundTripThroughTheReaders(format: JSONStreamFormat) throws {
        let records = Self.records(1000)
        for formatting in Self.formattings {
            let encoder = SimdJSONEncoder()
            encoder.outputFormatting = formatting
            encoder.dateEncodingStrategy = .iso8601
            encoder.keyEncodingStrategy = .convertToSnakeCase
            let (output, chunks) = try Self.collect(format, encoder, flushThreshold: 4096) { writer in
                for record in records { try writer.write(record) }
                try writer.finish()
                #expect(writer.count == records.count)
            }
            #expect(chunks.count > 10)
            let decoder = SimdJSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            var read: [Record] = []
            try decoder.decodeEach(Record.self, from: output, format: format) { read.append($0) }
            #expect(read == records)
            if format == .jsonLines {
                let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                #expect(lines.count == records.count + 1)
                #expect(lines.last?.isEmpty == true)
            }
        }
    }

    @Test func chunksStayNearTheThreshold() throws {
        let (_, chunks) = try Self.collect(.jsonLines, flushThreshold: 10_000) { writer in
            for record in Self.records(20_000) { try writer.write(record) }
            try writer.finish()
        }
        let largest = try #require(chunks.map(\.count).max())
        #expect(largest < 10_000 + 1_000)
        #expect(chunks.dropLast().allSatisfy { $0.count >= 10_000 })
    }

    @Test(arguments: [JSONStreamFormat.jsonLines, .concatenated, .array])
    func aFailedModelLeavesNothingBehind(format: JSONStreamFormat) throws {
        let (output, _) = Self.collect(format, flushThreshold: 16) { writer in
            try? writer.write(Fragile.good(1))
            #expect(throws: EncodingError.self) { try writer.write(Fragile.bad) }
            try? writer.write(Fragile.good(2))
            #expect(throws: EncodingError.self) { try writer.write(contentsOf: [Fragile.good(3), .bad, .good(4)]) }
            try? writer.finish()
        }
        #expect(try Self.read(Fragile.self, output, format) == [.good(1), .good(2), .good(3)])
        if format == .array {
            #expect(
                String(decoding: output, as: UTF8.self)
                    == #"[{"id":1,"value":0.25},{"id":2,"value":0.5},{"id":3,"value":0.75}]"#)
        }
    }

    @Test func writesFilesAndFileHandles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SimdUnbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = Self.records(3000)

        let url = directory.appendingPathComponent("records.jsonl")
        let writer = try SimdJSONStreamWriter(writingTo: url, flushThreshold: 8192)
        try writer.write(contentsOf: records)
        try writer.finish()
        var reader = try SimdJSONDecoder().reader(of: Record.self, contentsOf: url, format: .jsonLines)
        var read: [Record] = []
        while let record = try reader.next() { read.append(record) }
        #expect(read == records)

        let arrayURL = directory.appendingPathComponent("records.json")
        #expect(FileManager.default.createFile(atPath: arrayURL.path, contents: nil))
        let handle = try FileHandle(forWritingTo: arrayURL)
        let handleWriter = SimdJSONStreamWriter(fileHandle: handle, format: .array, flushThreshold: 100)
        try handleWriter.write(contentsOf: records.prefix(10))
        try handleWriter.finish()
        try handle.close()
        var arrayRead: [Record] = []
        try SimdJSONDecoder().decodeEach(Record.self, contentsOf: arrayURL) { arrayRead.append($0) }
        #expect(arrayRead == Array(records.prefix(10)))
    }

    @Test func unboxReaderReadsTheLines() throws {
        let values: [JSONValue] = [["a": 1, "b": [true, nil]], "text", 1.5, [:], []]
        let (output, _) = try Self.collect(.jsonLines) { writer in
            try writer.write(contentsOf: values)
            try writer.finish()
        }
        var reader = JSONStreamReader<JSONValue>(data: output, format: .jsonLines)
        var read: [JSONValue] = []
        while let value = try reader.next() { read.append(value) }
        #expect(read == values)
    }

    // MARK: Async

    @Test(arguments: [JSONStreamFormat.jsonLines, .array])
    func asyncWriterToAClosure(format: JSONStreamFormat) async throws {
        let records = Self.records(2000)
        let collected = Collected()
        let writer = SimdJSONAsyncStreamWriter(format: format, flushThreshold: 4096) { chunk in
            await collected.append(chunk)
        }
        for record in records { try await writer.write(record) }
        await #expect(throws: EncodingError.self) { try await writer.write(Fragile.bad) }
        try await writer.finish()
        #expect(await writer.count == records.count)
        let output = await collected.data
        #expect(await collected.chunks > 10)
        #expect(try Self.read(Record.self, output, format) == records)
    }

    @Test func asyncWriterToAStreamFromManyTasks() async throws {
        let (writer, chunks) = SimdJSONAsyncStreamWriter.makeStream(format: .jsonLines, flushThreshold: 1024)
        let reading = Task {
            var output = Data()
            for await chunk in chunks { output.append(chunk) }
            return output
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        try await writer.write(Fragile.good(task * 1000 + index))
                    }
                }
            }
            try await group.waitForAll()
        }
        try await writer.finish()
        let read = try Self.read(Fragile.self, await reading.value, .jsonLines)
        #expect(read.count == 1000)
        let expected: [Int] = (0..<4).flatMap { (task: Int) -> [Int] in (0..<250).map { task * 1000 + $0 } }
        #expect(read.map(\.id).sorted() == expected)
    }

    @Test func asyncWriterToAFile() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("SimdUnbox-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let records = Self.records(500)
        let writer = try SimdJSONAsyncStreamWriter(writingTo: url, format: .array, flushThreshold: 2048)
        try await writer.write(contentsOf: records)
        try await writer.finish()
        #expect(try SimdJSONDecoder().decode([Record].self, from: Data(contentsOf: url)) == records)
    }

    actor Collected {
        var data = Data()
        var chunks = 0
        func append(_ chunk: Data) {
            data.append(chunk)
            chunks += 1
        }
    }
}
