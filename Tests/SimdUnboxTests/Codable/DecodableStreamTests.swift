import Foundation
import SimdUnbox
import Testing

/// The Decodable twin of `StreamRecord`, with a snake_case key and a date so that the decoder's
/// options matter.
private struct CodableStreamRecord: Decodable, Equatable, Sendable {
    let id: Int
    let name: String
    let tags: [String]
    let score: Double?
}

private struct LogLine: Decodable, Equatable, Sendable {
    let eventName: String
    let at: Date
}

/// Keeps its keyed container and, decoding the next element, tries to read through the one it
/// kept from the element before.
private struct ContainerKeeper: Decodable {
    enum CodingKeys: String, CodingKey { case id }
    nonisolated(unsafe) static var kept: KeyedDecodingContainer<CodingKeys>?
    let id: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let previous = Self.kept { _ = try previous.decode(Int.self, forKey: .id) }
        Self.kept = container
        id = try container.decode(Int.self, forKey: .id)
    }
}

/// `SimdJSONDecoder`'s streams: every source and format, against `JSONDecoder` on the same bytes.
@Suite struct DecodableStreamTests {
    /// What `JSONDecoder` makes of the records, the expected result of every stream below.
    private func expected(count: Int) throws -> [CodableStreamRecord] {
        try JSONDecoder().decode([CodableStreamRecord].self, from: Data(StreamFixtures.array(count: count).utf8))
    }

    @Test(arguments: [0, 1, 2, 7, 40])
    func readersMatchJSONDecoder(count: Int) throws {
        let expected = try expected(count: count)
        let decoder = SimdJSONDecoder()
        let array = StreamFixtures.array(count: count)
        let lines = StreamFixtures.jsonLines(count: count)

        func drain(_ reader: consuming JSONStreamReader<CodableStreamRecord>) throws -> [CodableStreamRecord] {
            var models: [CodableStreamRecord] = []
            while let model = try reader.next() { models.append(model) }
            return models
        }
        #expect(try drain(decoder.reader(of: CodableStreamRecord.self, from: Data(array.utf8))) == expected)
        #expect(try drain(decoder.reader(of: CodableStreamRecord.self, from: Array(array.utf8))) == expected)
        #expect(try drain(decoder.reader(of: CodableStreamRecord.self, from: array)) == expected)
        #expect(try drain(decoder.reader(of: CodableStreamRecord.self, from: lines, format: .jsonLines)) == expected)
        #expect(
            try drain(decoder.reader(of: CodableStreamRecord.self, from: lines, format: .concatenated))
                == expected)
        let nested = "{\"data\": {\"items\": \(array)}}"
        #expect(
            try drain(decoder.reader(of: CodableStreamRecord.self, from: nested, atKeyPath: "data.items")) == expected)

        var each: [CodableStreamRecord] = []
        try decoder.decodeEach(CodableStreamRecord.self, from: Data(lines.utf8), format: .jsonLines) { each.append($0) }
        #expect(each == expected)
    }

    @Test func filesSynchronouslyAndAsynchronously() async throws {
        let expected = try expected(count: 25)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("simdunbox-decodable-stream-\(UUID().uuidString).jsonl")
        try Data(StreamFixtures.jsonLines(count: 25).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = SimdJSONDecoder()

        var reader = try decoder.reader(of: CodableStreamRecord.self, contentsOf: url, format: .jsonLines)
        var synchronous: [CodableStreamRecord] = []
        while let model = try reader.next() { synchronous.append(model) }
        #expect(synchronous == expected)

        var each: [CodableStreamRecord] = []
        try decoder.decodeEach(CodableStreamRecord.self, contentsOf: url, format: .jsonLines) { each.append($0) }
        #expect(each == expected)

        var asynchronous: [CodableStreamRecord] = []
        for try await model in decoder.stream(of: CodableStreamRecord.self, contentsOf: url, format: .jsonLines) {
            asynchronous.append(model)
        }
        #expect(asynchronous == expected)
    }

    /// Every way of cutting the stream in two, and byte by byte.
    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func chunksCutAtEveryByte(format: JSONStreamFormat) async throws {
        let expected = try expected(count: 4)
        let text = format == .array ? StreamFixtures.array(count: 4) : StreamFixtures.jsonLines(count: 4)
        let bytes = Array(text.utf8)
        let decoder = SimdJSONDecoder()
        for pieces in StreamFixtures.twoWaySplits(bytes) {
            var models: [CodableStreamRecord] = []
            for try await model in decoder.stream(
                of: CodableStreamRecord.self, chunks: ChunkSequence(pieces), format: format)
            {
                models.append(model)
            }
            #expect(models == expected, "cut at \(pieces[0].count)")
        }
        var models: [CodableStreamRecord] = []
        for try await model in decoder.stream(
            of: CodableStreamRecord.self, bytes: ByteSequence(bytes: bytes), format: format)
        {
            models.append(model)
        }
        #expect(models == expected)
    }

    @Test func theDecodersOptionsApplyAsTheyWereWhenTheStreamWasMade() throws {
        let text = """
            {"event_name": "login", "at": 1700000000}
            {"event_name": "logout", "at": 1700000060.5}
            """
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        var reader = decoder.reader(of: LogLine.self, from: text, format: .jsonLines)
        // Later changes do not reach a stream that was already made.
        decoder.keyDecodingStrategy = .useDefaultKeys
        var lines: [LogLine] = []
        while let line = try reader.next() { lines.append(line) }
        #expect(
            lines == [
                LogLine(eventName: "login", at: Date(timeIntervalSince1970: 1_700_000_000)),
                LogLine(eventName: "logout", at: Date(timeIntervalSince1970: 1_700_000_060.5)),
            ])

        // With the default keys, `eventName` is missing from every line.
        var strict = decoder.reader(of: LogLine.self, from: text, format: .jsonLines)
        let error = try #require(throws: UnboxError.self) { _ = try strict.next() }
        #expect(error.reason == .missingKey)
        #expect(error.path == [.index(0), .key("eventName")])
    }

    @Test func badElementsAreStoppedAtOrSkippedWithTheirIndex() throws {
        let text = """
            {"id": 0, "name": "a", "tags": []}
            {"id": "one", "name": "b", "tags": []}
            {"id": 2, "tags": []}
            {"id": 3 "name": "d", "tags": []}
            {"id": 4, "name": "e", "tags": ["x"]}
            """
        let decoder = SimdJSONDecoder()
        var strict = decoder.reader(of: CodableStreamRecord.self, from: text, format: .jsonLines)
        #expect(try strict.next()?.id == 0)
        let first = try #require(throws: UnboxError.self) { _ = try strict.next() }
        #expect(first.path == [.index(1), .key("id")])
        #expect(try strict.next() == nil)

        let reported = TestLock<[UnboxError]>([])
        var lenient = decoder.reader(
            of: CodableStreamRecord.self, from: text, format: .jsonLines,
            onError: .skip { error in reported.withLock { $0.append(error) } })
        var ids: [Int] = []
        while let model = try lenient.next() { ids.append(model.id) }
        #expect(ids == [0, 4])
        let errors = reported.withLock { $0 }
        #expect(errors.map(\.path.first) == [.index(1), .index(2), .index(3)])
        #expect(errors[1].reason == .missingKey)
        #expect(errors[1].path == [.index(2), .key("name")])
        guard case .malformedJSON = errors[2].reason else {
            Issue.record("expected malformed JSON for element 3, got \(errors[2])")
            return
        }
        // The offset counts from the start of the stream and lies inside the fourth line.
        let lineStarts = text.utf8.indices.filter {
            $0 == text.utf8.startIndex || text.utf8[text.utf8.index(before: $0)] == 10
        }
        .map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        let offset = try #require(errors[2].byteOffset)
        #expect(offset >= lineStarts[3] && offset < lineStarts[4])
    }

    /// Elements share one Codable session: a container kept from an earlier element is stale.
    @Test func aContainerKeptFromTheElementBeforeThrows() throws {
        ContainerKeeper.kept = nil
        defer { ContainerKeeper.kept = nil }
        var reader = SimdJSONDecoder().reader(
            of: ContainerKeeper.self, from: "{\"id\": 1}\n{\"id\": 2}\n", format: .jsonLines)
        #expect(try reader.next()?.id == 1)
        let error = try #require(throws: UnboxError.self) { _ = try reader.next() }
        #expect(error.path.first == .index(1))
        #expect("\(error)".contains("moved on"))
    }

    @Test func aTruncatedStreamThrows() async throws {
        let text = Array(StreamFixtures.array(count: 3).utf8.dropLast(2))
        let decoder = SimdJSONDecoder()
        await #expect(throws: UnboxError.self) {
            for try await _ in decoder.stream(of: CodableStreamRecord.self, chunks: ChunkSequence([text])) {}
        }
        var reader = decoder.reader(of: CodableStreamRecord.self, from: text)
        #expect(throws: UnboxError.self) { while try reader.next() != nil {} }
    }
}
