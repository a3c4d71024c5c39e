import Foundation
import Synchronization
import Testing

@testable import SimdUnbox

/// Records consumed on the threads that decode them (`JSONParallelReader`): every record once,
/// with its index and byte offset, the errors of one thread's stream, and prompt stops.
@Suite struct WorkerStreamTests {
    init() {
        // Small batches, so that small inputs are cut into many (results never depend on it).
        parallelStreamBatchSize.store(256, ordering: .relaxed)
    }

    typealias TemporaryFile = ByteRangeSplitTests.TemporaryFile

    /// What `forEach` handed out and reported, sorted by record index.
    struct Consumed<T> {
        var records: [(position: JSONRecordPosition, model: T)]
        var errors: [UnboxError]
        var thrown: (any Error)?
    }

    static func consume<T: UnboxCompatible & Sendable>(
        _: T.Type, _ url: URL, format: JSONStreamFormat, skip: Bool, parallelism: Int
    ) -> Consumed<T> {
        let records = TestLock<[(position: JSONRecordPosition, model: T)]>([])
        let errors = TestLock<[UnboxError]>([])
        let policy: JSONStreamErrorPolicy = skip ? .skip { error in errors.withLock { $0.append(error) } } : .stop
        let reader = JSONParallelReader<T>(contentsOf: url, format: format, onError: policy, parallelism: parallelism)
        var thrown: (any Error)?
        do {
            try reader.forEach { model, position in records.withLock { $0.append((position, model)) } }
        } catch {
            thrown = error
        }
        return Consumed(
            records: records.withLock { $0 }.sorted { $0.position.index < $1.position.index },
            errors: errors.withLock { $0 }.sorted { "\($0.path)" < "\($1.path)" }, thrown: thrown)
    }

    /// The models and errors of the same file read on one thread, in order.
    static func sequential<T: UnboxCompatible>(_: T.Type, _ url: URL, format: JSONStreamFormat, skip: Bool) -> (
        models: [T], errors: [UnboxError], thrown: (any Error)?
    ) {
        let errors = TestLock<[UnboxError]>([])
        let policy: JSONStreamErrorPolicy = skip ? .skip { error in errors.withLock { $0.append(error) } } : .stop
        var models: [T] = []
        var thrown: (any Error)?
        do {
            var reader = try JSONStreamReader<T>(contentsOf: url, format: format, onError: policy)
            while let model = try reader.next() { models.append(model) }
        } catch {
            thrown = error
        }
        return (models, errors.withLock { $0 }.sorted { "\($0.path)" < "\($1.path)" }, thrown)
    }

    /// JSON Lines with every kind of bad line and blank lines: the good records once each, at the
    /// index and byte offset of their line; every bad line reported once, as on one thread.
    @Test(arguments: [1, 2, 4])
    func jsonLinesEveryRecordOnce(parallelism: Int) throws {
        let log = FaultyLog.make(count: 3000, every: 53, faults: LineFault.allCases, blankEvery: 17)
        let file = try TemporaryFile(log.bytes)
        let consumed = Self.consume(LogRecord.self, file.url, format: .jsonLines, skip: true, parallelism: parallelism)
        #expect(consumed.thrown == nil)
        #expect(consumed.records.map(\.model.seq) == log.goodSeqs)
        // Indices: every record's, good or bad, once.
        let badIndices = Set(log.bad.map(\.index))
        #expect(consumed.records.map(\.position.index) == (0..<3000).filter { !badIndices.contains($0) })
        // Offsets: where each line's value starts.
        for (position, model) in consumed.records {
            let prefix = Array(#"{"seq":\#(model.seq),"#.utf8)
            let found = Array(log.bytes[position.byteOffset..<min(log.bytes.count, position.byteOffset + prefix.count)])
            #expect(found == prefix, "record \(position)")
        }
        let expected = Self.sequential(LogRecord.self, file.url, format: .jsonLines, skip: true)
        #expect(consumed.errors.map { "\($0)" } == expected.errors.map { "\($0)" })
        #expect(consumed.errors.count == log.bad.count)
    }

    /// Root arrays and concatenated documents, with bad elements: the same models and errors as
    /// one thread, each model at its element's index and first byte.
    @Test(arguments: [1, 2, 3], [JSONStreamFormat.array, .concatenated])
    func elementsEveryRecordOnce(parallelism: Int, format: JSONStreamFormat) throws {
        var elements: [String] = []
        for seq in 0..<1500 {
            var text = #"{"seq":\#(seq),"level":"info","message":"m \"\#(seq)\" [,] é"}"#
            switch seq % 61 {
            case 7: text = #"{"seq":\#(seq),"level":tru,"message":"m"}"#
            case 19: text = #"{"seq":"s\#(seq)","level":"i","message":"m"}"#
            default: break
            }
            elements.append(text)
        }
        let text =
            format == .array ? "[" + elements.joined(separator: ",\n ") + "]\n" : elements.joined(separator: " \n")
        let bytes = Array(text.utf8)
        let file = try TemporaryFile(bytes, suffix: "json")
        for skip in [true, false] {
            let expected = Self.sequential(LogRecord.self, file.url, format: format, skip: skip)
            let consumed = Self.consume(LogRecord.self, file.url, format: format, skip: skip, parallelism: parallelism)
            #expect(consumed.errors.map { "\($0)" } == expected.errors.map { "\($0)" }, "skip \(skip)")
            #expect(consumed.thrown.map { "\($0)" } == expected.thrown.map { "\($0)" }, "skip \(skip)")
            if skip {
                #expect(consumed.records.map(\.model) == expected.models)
            } else {
                // Every record before the first bad one, and perhaps some after it.
                let before = consumed.records.filter { $0.position.index < 7 }.map(\.model)
                #expect(before == Array(expected.models.prefix(7)))
            }
            for (position, model) in consumed.records {
                #expect(position.index == model.seq)
                let prefix = Array(#"{"seq":\#(model.seq),"#.utf8)
                let found = Array(bytes[position.byteOffset..<min(bytes.count, position.byteOffset + prefix.count)])
                #expect(found == prefix, "record \(position)")
            }
        }
    }

    /// Truncated streams end with the error one thread throws, after every record.
    @Test(arguments: [
        (JSONStreamFormat.array, #"[{"seq":1,"level":"a","message":"b"}, {"seq":2,"#),
        (.concatenated, #"{"seq":1,"level":"a","message":"b"} {"seq":2,"level":"a","mess"#),
        (.array, #"{"seq":1}"#),
    ])
    func streamErrorsAsOnOneThread(format: JSONStreamFormat, ending: String) throws {
        let good = (0..<200).map { #"{"seq":\#($0),"level":"a","message":"b"}"# }
        let text: String
        if format == .array {
            text = ending.hasPrefix("[") ? "[" + good.joined(separator: ",") + "," + ending.dropFirst() : ending
        } else {
            text = good.joined(separator: "\n") + "\n" + ending
        }
        let file = try TemporaryFile(Array(text.utf8), suffix: "json")
        for skip in [true, false] {
            let expected = Self.sequential(LogRecord.self, file.url, format: format, skip: skip)
            let consumed = Self.consume(LogRecord.self, file.url, format: format, skip: skip, parallelism: 2)
            #expect(expected.thrown != nil)
            #expect(consumed.thrown.map { "\($0)" } == expected.thrown.map { "\($0)" })
            #expect(consumed.records.map(\.model) == expected.models)
        }
    }

    /// One accumulator per thread, merged at the end.
    @Test(arguments: [1, 2, 4])
    func reduceMergesThePartitions(parallelism: Int) throws {
        let log = FaultyLog.make(count: 5000, every: 97, faults: [.junk, .torn])
        let file = try TemporaryFile(log.bytes)
        let reader = JSONParallelReader<LogRecord>(
            contentsOf: file.url, format: .jsonLines, onError: .skipSilently, parallelism: parallelism)
        let partials = try reader.reduce(into: [Int]()) { seqs, record, _ in seqs.append(record.seq) }
        #expect(partials.count == parallelism)
        #expect(partials.joined().sorted() == log.goodSeqs)
        let sum = try reader.reduce(into: 0, { sum, record, _ in sum += record.seq }, merge: +=)
        #expect(sum == log.goodSeqs.reduce(0, +))
    }

    /// Throwing from the closure stops every thread and is rethrown: the earliest record's error
    /// when several threw.
    @Test(arguments: [1, 2, 4])
    func closureErrorsStop(parallelism: Int) throws {
        struct Enough: Error, Equatable { let index: Int }
        let log = FaultyLog.make(count: 20_000, every: 100_000, faults: [])
        let file = try TemporaryFile(log.bytes)
        let count = Atomic<Int>(0)
        let reader = JSONParallelReader<LogRecord>(contentsOf: file.url, format: .jsonLines, parallelism: parallelism)
        #expect(throws: Enough(index: 300)) {
            try reader.forEach { record, position in
                count.add(1, ordering: .relaxed)
                if position.index >= 300 && position.index % 300 == 0 { throw Enough(index: position.index) }
            }
        }
        #expect(count.load(ordering: .relaxed) < 20_000)
    }

    /// Cancelling the task stops every thread promptly: `CancellationError`, and far from every
    /// record handed out (an endless wait would hit the time limit). The closure cancels the task
    /// itself at its 100th record, so that the test does not depend on when it is scheduled.
    /// The limit only catches an endless wait: under ThreadSanitizer, with the rest of the suite
    /// running on two loaded cores, a run that stopped as it should took over two minutes.
    @Test(.timeLimit(.minutes(10)), arguments: [1, 2])
    func cancellationStopsPromptly(parallelism: Int) async throws {
        parallelStreamBatchSize.store(1 << 16, ordering: .relaxed)
        let log = FaultyLog.make(count: 60_000, every: 1_000_000, faults: [])
        let file = try TemporaryFile(log.bytes)
        let count = Atomic<Int>(0)
        let handle = TestLock<Task<Void, any Error>?>(nil)
        let url = file.url
        let task = Task {
            let reader = JSONParallelReader<LogRecord>(contentsOf: url, format: .jsonLines, parallelism: parallelism)
            try reader.forEach { _, _ in
                guard count.add(1, ordering: .relaxed).newValue == 100 else { return }
                while true {
                    if let task = handle.withLock({ $0 }) {
                        task.cancel()
                        return
                    }
                    usleep(100)
                }
            }
        }
        handle.withLock { $0 = task }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(count.load(ordering: .relaxed) < 30_000)
    }

    /// A model that is not `Sendable` decodes in parallel: it never leaves its thread.
    @Test func nonSendableModels() throws {
        final class Box: Unboxable {
            let seq: Int
            init(unboxer: Unboxer) throws { seq = try unboxer.unbox(key: "seq") }
        }
        let log = FaultyLog.make(count: 1000, every: 100_000, faults: [])
        let file = try TemporaryFile(log.bytes)
        let sum = try JSONParallelReader<Box>(contentsOf: file.url, format: .jsonLines, parallelism: 2)
            .reduce(into: 0, { sum, record, _ in sum += record.seq }, merge: +=)
        #expect(sum == (0..<1000).reduce(0, +))
    }
}

/// The `Decodable` forms: the same records as the `Unboxable` ones.
@Suite struct DecodableWorkerStreamTests {
    struct Entry: Decodable, Equatable {
        let seq: Int
        let message: String
    }

    @Test func decodableRecordsOnTheWorkers() throws {
        let log = FaultyLog.make(count: 2000, every: 101, faults: [.junk, .notTheModel, .torn])
        let file = try ByteRangeSplitTests.TemporaryFile(log.bytes)
        let decoder = SimdJSONDecoder()
        let partials = try decoder.parallelReader(
            of: Entry.self, contentsOf: file.url, format: .jsonLines, onError: .skipSilently, parallelism: 2
        ).reduce(into: [Int]()) { seqs, entry, _ in seqs.append(entry.seq) }
        #expect(partials.joined().sorted() == log.goodSeqs)
        var seqs: [Int] = []
        for range in JSONFileSplits.byteRanges(forSize: log.bytes.count, count: 5) {
            var reader = try decoder.reader(
                of: Entry.self, contentsOf: file.url, format: .jsonLines, byteRange: range, onError: .skipSilently)
            while let entry = try reader.next() { seqs.append(entry.seq) }
        }
        #expect(seqs == log.goodSeqs)
    }
}
