import Foundation
import Testing

@testable import SimdUnbox

/// Decoding on several threads gives exactly what one thread gives: the same models in the same
/// order, the same errors (indices, byte offsets, order), the same end; and it stops promptly.
@Suite struct ParallelStreamTests {
    init() {
        // Small batches, so that small inputs are cut into many (results never depend on it).
        parallelStreamBatchSize.store(256, ordering: .relaxed)
    }

    /// What a stream gave, as text: models, then each error (reported or thrown) with its path and
    /// offset.
    struct Outcome<T: Equatable>: Equatable, CustomStringConvertible {
        var models: [T]
        var errors: [String]
        var thrown: String?

        init(_ result: (models: [T], errors: [UnboxError], thrown: (any Error)?)) {
            models = result.models
            errors = result.errors.map { "\($0)" }
            thrown = result.thrown.map { "\($0)" }
        }

        var description: String {
            "\(models.count) models, errors \(errors), thrown \(thrown ?? "nothing")"
        }
    }

    static let parallelSources: [LineSource] = [.file, .fileStream, .chunks(seed: 11), .chunks(seed: 12)]

    /// Decodes `bytes` on one thread and on `parallelism` threads from every source, under both
    /// policies, and expects the same outcome.
    static func expectSameAsOneThread<T: UnboxCompatible & Sendable & Equatable>(
        _: T.Type, _ bytes: [UInt8], format: JSONStreamFormat, parallelism: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for skip in [true, false] {
            let expected = Outcome(try await LineSource.memory.decode(T.self, bytes, format: format, skip: skip))
            for source in parallelSources {
                let actual = Outcome(
                    try await source.decode(T.self, bytes, format: format, skip: skip, parallelism: parallelism))
                #expect(actual.thrown == expected.thrown, "\(source), skip \(skip)", sourceLocation: sourceLocation)
                #expect(actual.errors == expected.errors, "\(source), skip \(skip)", sourceLocation: sourceLocation)
                #expect(actual.models == expected.models, "\(source), skip \(skip)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: [2, 4])
    func jsonLinesAsOnOneThread(parallelism: Int) async throws {
        let log = FaultyLog.make(count: 3000, every: 53, faults: LineFault.allCases, blankEvery: 17)
        try await Self.expectSameAsOneThread(LogRecord.self, log.bytes, format: .jsonLines, parallelism: parallelism)
        // And exactly the expected models and errors.
        for source in Self.parallelSources {
            let result = try await source.decode(LogRecord.self, log.bytes, parallelism: parallelism)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "\(source)")
        }
    }

    /// Root arrays and concatenated documents with bad elements of every kind a scanner-cut batch
    /// can hold: malformed values, invalid UTF-8, junk before a separator, values that are not the
    /// model.
    @Test(arguments: [2, 4], [JSONStreamFormat.array, .concatenated])
    func elementsAsOnOneThread(parallelism: Int, format: JSONStreamFormat) async throws {
        var elements: [[UInt8]] = []
        for seq in 0..<2000 {
            var text = #"{"seq":\#(seq),"level":"info","message":"m \"\#(seq)\" [,]"}"#
            switch seq % 61 {
            case 7: text = #"{"seq":\#(seq),"level":tru,"message":"m"}"#
            case 19: text = #"{"seq":"s\#(seq)","level":"i","message":"m"}"#
            case 31: text = #"{"seq":\#(seq),"level":"i","message":"m"} x"#
            case 43:
                elements.append(Array(#"{"seq":\#(seq),"level":"i","message":""#.utf8) + [0xC3] + Array(#""}"#.utf8))
                continue
            default: break
            }
            elements.append(Array(text.utf8))
        }
        let bytes =
            format == .array
            ? Array("[".utf8) + Array(elements.joined(separator: Array(",\n".utf8))) + Array("]\n".utf8)
            : Array(elements.joined(separator: Array(" \n".utf8)))
        try await Self.expectSameAsOneThread(LogRecord.self, bytes, format: format, parallelism: parallelism)
    }

    /// How streams end: truncated (after a complete last element, or inside one), content after the
    /// array, a value that is not an array, empty arrays and gaps between separators.
    @Test(arguments: [
        (JSONStreamFormat.array, #"[1, [2], {"a":3}, "four", 5"#),
        (.array, #"[1, [2], {"a":3}, "four", {"a":6}"#),
        (.array, #"[1, [2], {"a":3}, "fo"#),
        (.array, #"[1, 2, 3] 4"#),
        (.array, #"[1, 2, 3} "#),
        (.array, #"{"a": [1, 2]}"#),
        (.array, " "),
        (.array, "[]"),
        (.array, "[1,,2,]"),
        (.array, "[,]"),
        // A batch of one missing element, cut before a truncation: not an empty array.
        (.array, #"[ ,{"a":"#),
        (.array, #"[1, ,{"a":"#),
        (.array, "[   ,;[1]"),
        (.concatenated, #"1 [2] {"a":3} "four" 5"#),
        (.concatenated, #"1 [2] {"a":3} "fo"#),
        (.concatenated, #"1 [2] {"a":3 "#),
        (.concatenated, #"1 ] 2 , 3"#),
        (.jsonLines, "1\n[2]\n{\"a\":3}\n\"fo"),
    ])
    func endsAsOnOneThread(format: JSONStreamFormat, text: String) async throws {
        // Repeated, so that the end falls in a later batch.
        let prefix = format == .array ? "" : String(repeating: "{\"pad\":[1,2,3,\"x\"]}\n", count: 40)
        let bytes = Array((prefix + text).utf8)
        for parallelism in [2, 3] {
            try await Self.expectSameAsOneThread(JSONValue.self, bytes, format: format, parallelism: parallelism)
        }
    }

    /// Elements many times the batch size between small ones (the buffer being filled grows, and
    /// a cut moves a long partial element to the next buffer), whitespace before the array's `[`
    /// and between documents, in every format.
    @Test(arguments: [JSONStreamFormat.array, .concatenated, .jsonLines])
    func elementsLargerThanABatchAsOnOneThread(format: JSONStreamFormat) async throws {
        var elements: [String] = []
        for seq in 0..<120 {
            let length = [3, 40, 700, 2500, 9000][seq % 5] + seq
            var element = #"{"seq":\#(seq),"text":"\#(String(repeating: "ab,[{", count: length / 5))"}"#
            // A string left open, which runs on into the elements after it.
            if seq == 57 { element = #"{"seq":57,"text":"\#(String(repeating: "x", count: 3000))"# }
            if seq == 58 { element = #"{"seq":"58","text":"\#(String(repeating: "y", count: 3000))"}"# }
            elements.append(element)
        }
        let text =
            switch format {
            case .array: " \n\t [" + elements.joined(separator: ",\n") + "] \n"
            case .concatenated: "\n  " + elements.joined(separator: "\n\n ") + "\n"
            case .jsonLines: elements.joined(separator: "\n") + "\n"
            }
        try await Self.expectSameAsOneThread(JSONValue.self, Array(text.utf8), format: format, parallelism: 2)
    }

    /// A long array whose batches hold many elements, in every cut.
    @Test func longArraysAsOnOneThread() async throws {
        let text = StreamFixtures.array(count: 3001)
        try await Self.expectSameAsOneThread(StreamRecord.self, Array(text.utf8), format: .array, parallelism: 2)
    }

    @Test func decodableModelsAsOnOneThread() async throws {
        struct Entry: Decodable, Sendable, Equatable {
            let seq: Int
            let message: String
        }
        let log = FaultyLog.make(count: 2000, every: 101, faults: [.junk, .notTheModel, .torn])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-par-\(UUID()).jsonl")
        try Data(log.bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = SimdJSONDecoder()
        for parallelism in [1, 2, 4] {
            let reported = TestLock<[String]>([])
            var reader = try decoder.reader(
                of: Entry.self, contentsOf: url, format: .jsonLines,
                onError: .skip { error in reported.withLock { $0.append("\(error)") } }, parallelism: parallelism)
            var seqs: [Int] = []
            while let entry = try reader.next() { seqs.append(entry.seq) }
            #expect(seqs == log.goodSeqs, "parallelism \(parallelism)")
            #expect(reported.withLock { $0.count } == log.bad.count, "parallelism \(parallelism)")
            var streamed: [Int] = []
            for try await entry in decoder.stream(
                of: Entry.self, contentsOf: url, format: .jsonLines, onError: .skipSilently, parallelism: parallelism)
            {
                streamed.append(entry.seq)
            }
            #expect(streamed == log.goodSeqs, "parallelism \(parallelism)")
        }
    }

    /// Under `.stop`, the first bad line ends the stream on every thread: the models before it come
    /// out, then its error.
    @Test(arguments: [2, 4])
    func stopEndsAtTheFirstError(parallelism: Int) async throws {
        let log = FaultyLog.make(count: 5000, every: 1234, faults: [.junk])
        let first = try #require(log.bad.first)
        for source in Self.parallelSources {
            let result = try await source.decode(LogRecord.self, log.bytes, skip: false, parallelism: parallelism)
            #expect(result.models.map(\.seq) == Array(0..<first.index), "\(source)")
            let error = try #require(result.thrown as? UnboxError, "\(source)")
            #expect(error.path.first == .index(first.index))
            #expect(error.byteOffset == first.offset)
        }
    }

    /// Cancelling the task that iterates an endless stream stops it at once, workers included: no
    /// model comes out after the one being handed over when the task was cancelled, and the
    /// stream ends (an endless stream that ignored the cancellation would hit the time limit).
    /// Counted rather than timed: under a sanitizer on a loaded machine, the wait for the window a
    /// worker is decoding took seconds.
    /// The limit only catches an endless wait: under ThreadSanitizer, with the rest of the suite
    /// running on two loaded cores, a run that stopped as it should took over two minutes.
    @Test(.timeLimit(.minutes(10)), arguments: [2, 4])
    func cancellationStopsPromptly(parallelism: Int) async throws {
        let consumed = TestLock(0)
        let task = Task {
            for try await _ in JSONStream<LogRecord, EndlessLog>(
                chunks: EndlessLog(), format: .jsonLines, onError: .stop, parallelism: parallelism)
            {
                consumed.withLock { $0 += 1 }
            }
        }
        while consumed.withLock({ $0 }) < 1000 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let atCancellation = consumed.withLock { $0 }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(consumed.withLock { $0 } - atCancellation <= 1)
    }

    /// Dropping a parallel reader midway stops its threads (and does not wait for them).
    @Test func droppingAReaderMidway() throws {
        let log = FaultyLog.make(count: 20_000, every: 1_000_000, faults: [])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-par-\(UUID()).jsonl")
        try Data(log.bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for _ in 0..<20 {
            var reader = try JSONStreamReader<LogRecord>(contentsOf: url, format: .jsonLines, parallelism: 2)
            #expect(try reader.next()?.seq == 0)
        }
    }
}

/// An endless JSON Lines log, in chunks of about 16 KiB.
struct EndlessLog: AsyncSequence, Sendable {
    func makeAsyncIterator() -> Iterator { Iterator() }

    struct Iterator: AsyncIteratorProtocol {
        var seq = 0

        mutating func next() async -> [UInt8]? {
            var chunk: [UInt8] = []
            while chunk.count < 16 << 10 {
                chunk += Array(#"{"seq":\#(seq),"level":"info","message":"endless"}"#.utf8) + [0x0A]
                seq += 1
            }
            return chunk
        }
    }
}

/// A file of one batch or less is read on the calling thread alone, whatever the parallelism asked:
/// a second thread could not get any of it.
@Suite struct ParallelFileSizeTests {
    @Test func onlyAFileOfMoreThanOneBatchGetsThreads() {
        #expect(!_severalThreadsCanHelp(fileOfSize: 0, batchSize: 1 << 20))
        #expect(!_severalThreadsCanHelp(fileOfSize: 1 << 20, batchSize: 1 << 20))
        #expect(_severalThreadsCanHelp(fileOfSize: (1 << 20) + 1, batchSize: 1 << 20))
        // Not a regular file (a pipe, a device): its size says nothing, so threads start.
        #expect(_severalThreadsCanHelp(fileOfSize: nil, batchSize: 1 << 20))
    }

    @Test func aRegularFileHasASizeAndADeviceHasNone() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-size-\(UUID()).json")
        try Data(repeating: 0x20, count: 1234).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(_regularFileSize(at: url) == 1234)
        #expect(try _FileByteSource(url: url).regularFileSize == 1234)
        #expect(_regularFileSize(at: URL(fileURLWithPath: "/dev/null")) == nil)
        #expect(try _FileByteSource(url: URL(fileURLWithPath: "/dev/null")).regularFileSize == nil)
        #expect(_regularFileSize(at: FileManager.default.temporaryDirectory) == nil)
        #expect(_regularFileSize(at: url.appendingPathExtension("missing")) == nil)
    }

    /// With `parallelism: 2`, a file of one batch or less takes the one-thread path, a larger file
    /// and a device take the threads, and each reads what one thread reads. (The batch size is 1 MiB,
    /// or 256 bytes once `ParallelStreamTests` has run: the small file is below both, the large one
    /// above both.)
    @Test func onlyAFileOfMoreThanOneBatchStartsThreads() async throws {
        func lines(_ count: Int) -> [UInt8] {
            Array((0..<count).map { #"{"seq":\#($0),"level":"info","message":"m"}"# + "\n" }.joined().utf8)
        }
        let directory = FileManager.default.temporaryDirectory
        let small = directory.appendingPathComponent("simdunbox-small-\(UUID()).jsonl")
        let large = directory.appendingPathComponent("simdunbox-large-\(UUID()).jsonl")
        try Data(lines(4)).write(to: small)
        try Data(lines(30_000)).write(to: large)
        defer {
            try? FileManager.default.removeItem(at: small)
            try? FileManager.default.removeItem(at: large)
        }
        #expect(try Data(contentsOf: small).count < 256)
        #expect(try Data(contentsOf: large).count > 1 << 20)
        for (url, count, threads) in [(small, 4, false), (large, 30_000, true)] {
            var reader = try JSONStreamReader<LogRecord>(contentsOf: url, format: .jsonLines, parallelism: 2)
            let readerThreads = reader._decodesOnSeveralThreads
            #expect(readerThreads == threads)
            var seqs: [Int] = []
            while let record = try reader.next() { seqs.append(record.seq) }
            #expect(seqs == Array(0..<count))
            let stream = JSONFileStream<LogRecord>(contentsOf: url, format: .jsonLines, parallelism: 2)
            var iterator = stream.makeAsyncIterator()
            #expect(iterator._decodesOnSeveralThreads == threads)
            var streamed: [Int] = []
            while let record = try await iterator.next() { streamed.append(record.seq) }
            #expect(streamed == Array(0..<count))
        }
        var device = try JSONStreamReader<LogRecord>(
            contentsOf: URL(fileURLWithPath: "/dev/null"), format: .jsonLines, parallelism: 2)
        let deviceThreads = device._decodesOnSeveralThreads
        #expect(deviceThreads)
        let none = try device.next()
        #expect(none == nil)
    }
}
