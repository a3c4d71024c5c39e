import Foundation
import SimdUnbox
import Testing

/// The same stream cut at every byte and at random places must decode exactly as the whole
/// document does, models and errors alike.
@Suite struct StreamingSplitTests {
    static let arrayText = StreamFixtures.array(count: 9)
    static let linesText = StreamFixtures.jsonLines(count: 7)

    static func expectedArray() throws -> [StreamRecord] {
        try unbox(string: arrayText)
    }

    static func expectedLines() throws -> [StreamRecord] {
        try linesText.split(separator: "\n").map { try unbox(string: String($0)) }
    }

    @Test func wholeStreamsMatchWholeDocumentDecoding() async throws {
        let array = await StreamFixtures.decode(
            StreamRecord.self, pieces: [Array(Self.arrayText.utf8)], format: .array)
        #expect(array.errors == [])
        #expect(array.models == (try Self.expectedArray()))
        let lines = await StreamFixtures.decode(
            StreamRecord.self, pieces: [Array(Self.linesText.utf8)], format: .jsonLines)
        #expect(lines.errors == [])
        #expect(lines.models == (try Self.expectedLines()))
        #expect(lines.models.count == 7)
        let sync = StreamFixtures.decodeSync(StreamRecord.self, Self.arrayText, format: .array)
        #expect(sync.models == (try Self.expectedArray()))
    }

    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func everyTwoWaySplit(format: JSONStreamFormat) async throws {
        let text = format == .array ? Self.arrayText : Self.linesText
        let expected = format == .array ? try Self.expectedArray() : try Self.expectedLines()
        for (position, pieces) in StreamFixtures.twoWaySplits(Array(text.utf8)).enumerated() {
            let result = await StreamFixtures.decode(StreamRecord.self, pieces: pieces, format: format)
            #expect(result.errors == [], "split at \(position)")
            #expect(result.models == expected, "split at \(position)")
        }
    }

    @Test(arguments: [JSONStreamFormat.array, .jsonLines, .concatenated])
    func randomSplits(format: JSONStreamFormat) async throws {
        let text = format == .array ? Self.arrayText : Self.linesText
        let expected = format == .array ? try Self.expectedArray() : try Self.expectedLines()
        let splits = StreamFixtures.randomSplits(Array(text.utf8), count: 300, maximumPiece: 40, seed: 0x5EED)
        for (number, pieces) in splits.enumerated() {
            let result = await StreamFixtures.decode(StreamRecord.self, pieces: pieces, format: format)
            #expect(result.errors == [], "random split \(number)")
            #expect(result.models == expected, "random split \(number)")
        }
    }

    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func byteByByte(format: JSONStreamFormat) async throws {
        let text = format == .array ? Self.arrayText : Self.linesText
        let expected = format == .array ? try Self.expectedArray() : try Self.expectedLines()
        let pieces = Array(text.utf8).map { [$0] }
        let chunked = await StreamFixtures.decode(StreamRecord.self, pieces: pieces, format: format)
        #expect(chunked.models == expected)
        var models: [StreamRecord] = []
        for try await model in JSONStream<StreamRecord, ByteSequence>(
            bytes: ByteSequence(bytes: Array(text.utf8)), format: format)
        {
            models.append(model)
        }
        #expect(models == expected)
    }

    /// Streams with errors: the errors (with their indices and stream offsets) and the models
    /// decoded before or around them must not depend on where the stream is cut.
    @Test(arguments: [
        (
            #"[{"id":1,"name":"a","tags":[]}, {"id":2,"name":tru,"tags":[]}, {"id":3,"name":"c","tags":[]}]"#,
            JSONStreamFormat.array
        ),
        (#"[{"id":1,"name":"a","tags":[]}, {"id":2,"tags":[]}, {"id":3,"name":"c","tags":[]}]"#, .array),
        (#"[{"id":1,"name":"a","tags":[]}, {"id":2,"name":"b","tags":[]} x, {"id":3,"name":"c","tags":[]}]"#, .array),
        (#"[{"id":1,"name":"a","tags":[]}, {"id":2,"name":"b""#, .array),
        (#"[{"id":1,"name":"a","tags":[]}] {"#, .array),
        (
            "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":[1,}\n{\"id\":3,\"name\":\"c\",\"tags\":[]}\n",
            .jsonLines
        ),
        ("{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[", .jsonLines),
    ])
    func errorsDoNotDependOnSplits(text: String, format: JSONStreamFormat) async throws {
        let bytes = Array(text.utf8)
        for skip in [false, true] {
            let whole = await StreamFixtures.decode(StreamRecord.self, pieces: [bytes], format: format, skip: skip)
            #expect(!whole.errors.isEmpty)
            let sync = StreamFixtures.decodeSync(StreamRecord.self, text, format: format, skip: skip)
            #expect(sync.models == whole.models)
            #expect(sync.errors == whole.errors)
            for pieces in StreamFixtures.twoWaySplits(bytes) {
                let split = await StreamFixtures.decode(StreamRecord.self, pieces: pieces, format: format, skip: skip)
                // An element whose separator has not arrived is handed out the moment it closes,
                // before junk after it (`} x,`) is known; read whole, the junk is seen first and
                // that element gives no model. The error is the same either way.
                let handedOutEarly =
                    text.contains("} x,")
                    && split.models.indices.contains { index in
                        var models = split.models
                        models.remove(at: index)
                        return models == whole.models
                    }
                #expect(split.models == whole.models || handedOutEarly, "\(pieces.map(\.count))")
                #expect(split.errors == whole.errors, "\(pieces.map(\.count))")
            }
        }
    }
}
