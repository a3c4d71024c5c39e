import Foundation
import SimdUnbox
import Synchronization
import Testing

/// The sources and forms: nested arrays, concatenated documents, files, closures, the async forms,
/// cancellation and promptness, and inputs larger than one window.
@Suite struct StreamingSourceTests {
    @Test(arguments: ["data.items", "/data/items"])
    func nestedArrayInMemory(keyPath: String) throws {
        let text = #"{"meta":{"count":3,"items":[9]},"data":{"items":[1, 2 ,3]},"after":[4,{"x":"]"}]}"#
        let result = StreamFixtures.decodeSync(Int.self, text, format: .array, keyPath: keyPath)
        #expect(result.errors == [])
        #expect(result.models == [1, 2, 3])
        var total = 0
        try unboxEach(Int.self, data: Data(text.utf8), atKeyPath: keyPath) { total += $0 }
        #expect(total == 6)
    }

    @Test func nestedArrayErrorsCarryTheKeyPath() throws {
        let text = #"{"data":{"items":[1, "two", 3]}}"#
        let reported = TestLock<[UnboxError]>([])
        var reader = JSONStreamReader<Int>(
            string: text, atKeyPath: "data.items", onError: .skip { error in reported.withLock { $0.append(error) } })
        var numbers: [Int] = []
        while let number = try reader.next() { numbers.append(number) }
        #expect(numbers == [1, 3])
        let error = try #require(reported.withLock { $0.first })
        #expect(error.path == [.key("data"), .key("items"), .index(1)])
        #expect(error.byteOffset == TestSupport.offset(of: "\"two\"", in: text))
        #expect("\(error)".hasPrefix("data.items[1]: "))
    }

    @Test func nestedPathThatIsNotAnArray() throws {
        var reader = JSONStreamReader<Int>(string: #"{"data":{"items":{}}}"#, atKeyPath: "data.items")
        #expect(throws: UnboxError.self) { _ = try reader.next() }
        #expect(try reader.next() == nil)
        var missing = JSONStreamReader<Int>(string: #"{"data":{}}"#, atKeyPath: "data.items")
        #expect(throws: UnboxError.self) { _ = try missing.next() }
    }

    @Test func concatenatedDocumentsOfAnyKind() async throws {
        let text = #"1 2.5 "x[" [1,{"a":"}"}] {"a":1}{"b":[true]}null true"# + "\n\"end\""
        let documents = [
            "1", "2.5", #""x[""#, #"[1,{"a":"}"}]"#, #"{"a":1}"#, #"{"b":[true]}"#, "null", "true", #""end""#,
        ]
        let expected: [JSONValue] = try documents.map { try unbox(string: $0) }
        let sync = StreamFixtures.decodeSync(JSONValue.self, text, format: .concatenated)
        #expect(sync.errors == [])
        #expect(sync.models == expected)
        for pieces in StreamFixtures.twoWaySplits(Array(text.utf8)) {
            let split = await StreamFixtures.decode(JSONValue.self, pieces: pieces, format: .concatenated)
            #expect(split.errors == [])
            #expect(split.models == expected)
        }
    }

    /// Documents whose models read a field at the start, middle or end, leave nested values,
    /// strings with brackets and escapes, or a whole document unread, or fail half way: each
    /// decodes as it does alone, however many share a window.
    @Test func modelsThatReadPartOfEachDocument() throws {
        let documents = [
            #"{"a":1,"b":2,"c":{"d":[1,{"e":"]}\\"}],"f":"x\"}"},"g":3}"#,
            #"{"b":4}"#,
            #"{"c":[[[]]],"a":[{"b":9}],"b":5,"z":{"b":6}}"#,
            #"{"a":"{","b":"not a number","c":[1,2,3]}"#,
            #"7"#,
            #"{"g":[],"b":8,"h":"\u005d"}"#,
            #"[1,2]"#,
            #"{"b":10}"#,
        ]
        func check<Key: FieldName>(_: Key.Type) throws {
            let expected = documents.enumerated().map { index, document in
                guard let field = try? unbox(string: document) as OneField<Key> else { return "\(index): error" }
                return "\(index): \(String(describing: field.value))"
            }
            for separator in ["\n", "\r\n", " \n\t"] {
                let text = documents.joined(separator: separator) + "\n"
                let failed = TestLock<[Int]>([])
                var reader = JSONStreamReader<OneField<Key>>(
                    string: text, format: .jsonLines,
                    onError: .skip { error in
                        if case .index(let index) = error.path.first { failed.withLock { $0.append(index) } }
                    })
                var results = [String](repeating: "", count: documents.count)
                var decodedCount = 0
                while let field = try reader.next() {
                    // Skipped documents are reported before the next model is handed out.
                    let index = decodedCount + failed.withLock { $0.count }
                    results[index] = "\(index): \(String(describing: field.value))"
                    decodedCount += 1
                }
                for index in failed.withLock({ $0 }) { results[index] = "\(index): error" }
                #expect(results == expected, "key \(Key.name)")
            }
        }
        try check(KeyA.self)
        try check(KeyB.self)
        try check(KeyG.self)
        try check(KeyMissing.self)
    }

    @Test func emptyInputs() throws {
        #expect(StreamFixtures.decodeSync(Int.self, "[]", format: .array).models == [])
        #expect(StreamFixtures.decodeSync(Int.self, " [ \n ] ", format: .array).errors == [])
        #expect(StreamFixtures.decodeSync(Int.self, "", format: .jsonLines) == ([], []))
        #expect(StreamFixtures.decodeSync(Int.self, "\n\n  \r\n", format: .jsonLines) == ([], []))
        #expect(StreamFixtures.decodeSync(Int.self, "[1,]", format: .array).errors.count == 1)
    }

    @Test func jsonLinesWithCarriageReturns() throws {
        let text = StreamFixtures.jsonLines(count: 5, crlf: true)
        let result = StreamFixtures.decodeSync(StreamRecord.self, text, format: .jsonLines)
        #expect(result.errors == [])
        #expect(result.models.map(\.id) == [0, 1, 2, 3, 4])
    }

    /// Many windows, buffer compaction and boundary-array refills: more than a megabyte of small
    /// elements, and one element larger than the initial buffer.
    @Test func inputsLargerThanAWindow() throws {
        let count = 300_000
        var text = "["
        text.reserveCapacity(count * 8)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += String(index)
        }
        text += "]"
        var expected = 0
        var reader = JSONStreamReader<Int>(string: text)
        while let number = try reader.next() {
            #expect(number == expected)
            if number != expected { break }
            expected += 1
        }
        #expect(expected == count)

        let long = String(repeating: "ab\\\"[", count: 500_000)
        let big = "{\"id\":1,\"name\":\"\(long)\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[]}"
        let records = StreamFixtures.decodeSync(StreamRecord.self, big, format: .jsonLines)
        #expect(records.errors == [])
        #expect(records.models.map(\.id) == [1, 2])
        #expect(records.models.first?.name.count == 500_000 * 4)
    }

    /// What a window teaches about its keys (here: that none is escaped, learned from the missing
    /// `score`s) must not carry over to the next window, which has an escaped key.
    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func escapedKeysInALaterWindow(format: JSONStreamFormat) throws {
        struct Line: Decodable, Unboxable, Equatable {
            let id: Int
            let score: Double?
            init(id: Int, score: Double?) { (self.id, self.score) = (id, score) }
            init(unboxer: Unboxer) throws {
                id = try unboxer.unbox(key: "id")
                score = try unboxer.unboxIfPresent(key: "score")
            }
        }
        var lines = (0..<30_000).map { #"{"id":\#($0),"name":"a plain record, long enough to fill a window"}"# }
        lines.append(#"{"id":-1,"sc\u006fre":2.5}"#)
        let text = format == .array ? "[" + lines.joined(separator: ",") + "]" : lines.joined(separator: "\n")
        #expect(text.utf8.count > 1 << 20)

        var unboxed = JSONStreamReader<Line>(string: text, format: format)
        var last: Line?
        while let element = try unboxed.next() { last = element }
        #expect(last == Line(id: -1, score: 2.5))

        var reader = SimdJSONDecoder().reader(of: Line.self, from: text, format: format)
        var decoded: [Line] = []
        while let line = try reader.next() { decoded.append(line) }
        #expect(decoded.count == 30_001)
        #expect(decoded.last == Line(id: -1, score: 2.5))
        #expect(decoded.first == Line(id: 0, score: nil))
    }

    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func files(format: JSONStreamFormat) async throws {
        let text = format == .array ? StreamFixtures.array(count: 50) : StreamFixtures.jsonLines(count: 50)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-stream-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        var reader = try JSONStreamReader<StreamRecord>(contentsOf: url, format: format)
        var ids: [Int] = []
        while let record = try reader.next() { ids.append(record.id) }
        #expect(ids == Array(0..<50))

        var count = 0
        try unboxEach(StreamRecord.self, contentsOf: url, format: format) { _ in count += 1 }
        #expect(count == 50)

        var asyncIDs: [Int] = []
        for try await record in JSONFileStream<StreamRecord>(contentsOf: url, format: format) {
            asyncIDs.append(record.id)
        }
        #expect(asyncIDs == ids)
    }

    @Test func missingFile() async throws {
        let url = URL(fileURLWithPath: "/nonexistent/simdunbox-\(UUID()).json")
        #expect(throws: (any Error).self) { _ = try JSONStreamReader<Int>(contentsOf: url) }
        var iterator = JSONFileStream<Int>(contentsOf: url).makeAsyncIterator()
        await #expect(throws: (any Error).self) { _ = try await iterator.next() }
    }

    @Test func cancellationStopsReading() async throws {
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        let pulled = Atomic<Int>(0)
        let producer = Task {
            continuation.yield(Array("[".utf8))
            for index in 0..<1_000_000 {
                continuation.yield(Array("\(index),".utf8))
                pulled.add(1, ordering: .relaxed)
                await Task.yield()
            }
            continuation.finish()
        }
        defer { producer.cancel() }
        let consumer = Task {
            var seen = 0
            for try await _ in JSONStream<Int, AsyncStream<[UInt8]>>(chunks: chunks) {
                seen += 1
                if seen == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        await #expect(throws: CancellationError.self) { _ = try await consumer.value }
    }

    /// An array element comes the moment its closing byte arrives; a JSON Lines record when its
    /// newline does (until then, junk could still follow it on its line), never later.
    @Test func modelsAreYieldedWhenTheirLastByteArrives() async throws {
        for format in [JSONStreamFormat.array, .jsonLines] {
            let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
            let end = format == .array ? "" : "\n"
            let first = format == .array ? "[" + StreamFixtures.record(0) : StreamFixtures.record(0) + end
            continuation.yield(Array(first.utf8))
            var iterator = JSONStream<StreamRecord, AsyncStream<[UInt8]>>(chunks: chunks, format: format)
                .makeAsyncIterator()
            // Nothing more has been sent: the first record must come without waiting for the next.
            let record = try await iterator.next()
            #expect(record?.id == 0)
            if format == .array { continuation.yield(Array(",".utf8)) }
            continuation.yield(Array((StreamFixtures.record(1) + end).utf8))
            #expect(try await iterator.next()?.id == 1)
            continuation.yield(Array((format == .array ? "]" : "\n").utf8))
            continuation.finish()
            #expect(try await iterator.next() == nil)
        }
    }
}

private protocol FieldName { static var name: String { get } }
private enum KeyA: FieldName { static let name = "a" }
private enum KeyB: FieldName { static let name = "b" }
private enum KeyG: FieldName { static let name = "g" }
private enum KeyMissing: FieldName { static let name = "missing" }

/// A model that reads one optional integer field of an object, named by `Key`.
private struct OneField<Key: FieldName>: Unboxable {
    let value: Int?
    init(unboxer: Unboxer) throws { value = try unboxer.unboxIfPresent(key: Key.name) }
}
