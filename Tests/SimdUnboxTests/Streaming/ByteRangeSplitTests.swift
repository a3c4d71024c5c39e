import Foundation
import Testing

@testable import SimdUnbox

/// Readers over byte ranges that cover a file see every record exactly once: the models, in order,
/// and every bad record reported once, by the one range it starts in, exactly as a reader of the
/// whole file does (indices counted from each range's first record, byte offsets from the file's
/// start).
@Suite struct ByteRangeSplitTests {
    /// A file written for a test, removed when the value is dropped.
    final class TemporaryFile: Sendable {
        let url: URL

        init(_ bytes: [UInt8], suffix: String = "jsonl") throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-range-\(UUID()).\(suffix)")
            try Data(bytes).write(to: url)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// What readers gave: models, then errors (reported under `.skip`, then the one thrown) as text,
    /// with indices counted from the start of the file.
    struct Outcome<T: Equatable>: Equatable {
        var models: [T] = []
        var errors: [String] = []
    }

    /// The error with its index moved by `recordsBefore`, as text.
    static func describe(_ error: any Error, recordsBefore: Int) -> String {
        "\(globalized(error, indexBase: recordsBefore))"
    }

    /// Reads `url` whole, under `.skip`.
    static func wholeFile<T: UnboxCompatible & Equatable>(_: T.Type, _ url: URL, format: JSONStreamFormat) -> Outcome<T>
    {
        readRanges(T.self, url, format: format, ranges: nil)
    }

    /// Reads `url` as `ranges` (nil: whole, with the one-range reader), one reader after another,
    /// under `.skip`, putting their outcomes end to end.
    static func readRanges<T: UnboxCompatible & Equatable>(
        _: T.Type, _ url: URL, format: JSONStreamFormat, ranges: [Range<Int>]?
    ) -> Outcome<T> {
        var outcome = Outcome<T>()
        var recordsBefore = 0
        for range in ranges ?? [0..<Int.max] {
            let reported = TestLock<[UnboxError]>([])
            let policy = JSONStreamErrorPolicy.skip { error in reported.withLock { $0.append(error) } }
            var count = 0
            var thrown: (any Error)?
            do {
                var reader =
                    ranges == nil
                    ? try JSONStreamReader<T>(contentsOf: url, format: format, onError: policy)
                    : try JSONStreamReader<T>(contentsOf: url, format: format, byteRange: range, onError: policy)
                while let model = try reader.next() {
                    outcome.models.append(model)
                    count += 1
                }
            } catch {
                thrown = error
            }
            let errors = reported.withLock { $0 }
            outcome.errors += errors.map { describe($0, recordsBefore: recordsBefore) }
            if let thrown { outcome.errors.append(describe(thrown, recordsBefore: recordsBefore)) }
            recordsBefore += count + errors.count
        }
        return outcome
    }

    /// The record an error names (`[30]`), without its reason and offset.
    static func recordOnly(_ error: String) -> String {
        String(error.prefix { $0 != ":" })
    }

    /// Two ranges cut at `cut`, and the same with a third, empty range at the cut.
    static func cutsAt(_ cut: Int, size: Int) -> [[Range<Int>]] {
        [[0..<cut, cut..<size], [0..<cut, cut..<cut, cut..<size]]
    }

    /// A log with every kind of bad line, blank lines, multi-byte characters and escapes, a record
    /// much longer than the others, and a torn last record without a final newline.
    static func faultyLines(crlf: Bool) -> [UInt8] {
        var log = FaultyLog.make(count: 24, every: 4, faults: LineFault.allCases, crlf: crlf, blankEvery: 5).bytes
        let long = #"{"seq":1000,"level":"info","message":"\#(String(repeating: "é\\\"😀 ", count: 60))"}"#
        log += Array(long.utf8) + (crlf ? [0x0D, 0x0A] : [0x0A])
        log += Array(#"{"seq":1001,"level":"info","message":"ok"}"#.utf8) + [0x0A]
        log += Array(#"{"seq":1002,"level":"info","mess"#.utf8)
        return log
    }

    /// Every cut of the file in two (and in three, with an empty range): at every byte of its
    /// records, inside multi-byte characters, escapes, blank lines, `\r\n` pairs and bad records.
    @Test(arguments: [false, true])
    func jsonLinesCutAtEveryOffset(crlf: Bool) throws {
        let bytes = Self.faultyLines(crlf: crlf)
        let file = try TemporaryFile(bytes)
        let whole = Self.wholeFile(LogRecord.self, file.url, format: .jsonLines)
        #expect(whole.models.count > 10 && whole.errors.count > 5, "the log has good and bad records")
        for cut in 0...bytes.count {
            for ranges in Self.cutsAt(cut, size: bytes.count) {
                let split = Self.readRanges(LogRecord.self, file.url, format: .jsonLines, ranges: ranges)
                #expect(split == whole, "cut at \(cut), \(ranges.count) ranges")
                if split != whole { return }
            }
        }
    }

    /// Many small ranges: most fall inside one record (the long one spans dozens) and read nothing.
    @Test(arguments: [1, 7, 50, 333])
    func jsonLinesInManySmallRanges(rangeSize: Int) throws {
        let bytes = Self.faultyLines(crlf: false)
        let file = try TemporaryFile(bytes)
        let whole = Self.wholeFile(LogRecord.self, file.url, format: .jsonLines)
        let ranges = stride(from: 0, to: bytes.count, by: rangeSize).map { $0..<min($0 + rangeSize, bytes.count) }
        #expect(Self.readRanges(LogRecord.self, file.url, format: .jsonLines, ranges: ranges) == whole)
    }

    /// Random cuts into 2 to 9 ranges, on a log of a few hundred records.
    @Test(arguments: 0..<4)
    func jsonLinesInRandomRanges(seed: UInt64) throws {
        let log = FaultyLog.make(count: 400, every: 13, faults: LineFault.allCases, blankEvery: 11, finalNewline: false)
        let file = try TemporaryFile(log.bytes)
        let whole = Self.wholeFile(LogRecord.self, file.url, format: .jsonLines)
        #expect(whole.models.map(\.seq) == log.goodSeqs)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let parts = 2 + Int(generator.next() % 8)
            var cuts = (0..<parts - 1).map { _ in Int(generator.next() % UInt64(log.bytes.count + 1)) }.sorted()
            cuts = [0] + cuts + [log.bytes.count]
            let ranges = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
            #expect(Self.readRanges(LogRecord.self, file.url, format: .jsonLines, ranges: ranges) == whole, "\(ranges)")
        }
    }

    /// Concatenated documents with newlines and spaces between and inside them, strings holding
    /// brackets, quotes, escapes and multi-byte characters, scalar documents, and bad documents whose
    /// bounds the scanner finds (a malformed literal, invalid UTF-8).
    static func documents(ending: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in 0..<30 {
            let separator = [" ", "\n", "\n\n  ", "\t", ""][index % 5]
            switch index % 9 {
            case 2: bytes += Array("\(index)".utf8) + [0x20]
            case 4: bytes += Array(#"{"n":\#(index),"s":"} { \" [ é😀 \\","a":[1,{"b":null}]}"#.utf8)
            case 5: bytes += Array("{\n  \"n\": \(index),\n  \"pretty\": [\n    true,\n    false\n  ]\n}".utf8)
            case 6: bytes += Array(#"{"n":\#(index),"bad":tru}"#.utf8)
            case 7: bytes += Array(#"{"n":\#(index),"s":""#.utf8) + [0xC3] + Array(#""}"#.utf8)
            default: bytes += Array(#"["\#(index)",{"k":"v\u00e9"}]"#.utf8)
            }
            bytes += Array(separator.utf8)
        }
        return bytes + Array(ending.utf8)
    }

    /// Every cut in two of concatenated documents ending well, with a truncated last document, with an
    /// unclosed string, and with a stray `]` (a structural fault: the stream ends there).
    @Test(arguments: ["", #"{"last":[1,2"#, #"{"last":"open"#, "] 5 6"])
    func concatenatedCutAtEveryOffset(ending: String) throws {
        let bytes = Self.documents(ending: ending)
        let file = try TemporaryFile(bytes, suffix: "json")
        var whole = Self.wholeFile(JSONValue.self, file.url, format: .concatenated)
        #expect(whole.models.count > 20 && !whole.errors.isEmpty)
        // Junk after a scalar document (`29]`) is named by simdjson in words and at a byte that
        // depend on the documents parsed with it: compare those errors by their record alone.
        let loose = ending.hasPrefix("]")
        if loose { whole.errors = whole.errors.map(Self.recordOnly) }
        for cut in 0...bytes.count {
            for ranges in Self.cutsAt(cut, size: bytes.count) {
                var split = Self.readRanges(JSONValue.self, file.url, format: .concatenated, ranges: ranges)
                if loose { split.errors = split.errors.map(Self.recordOnly) }
                #expect(split == whole, "cut at \(cut), \(ranges.count) ranges")
                if split != whole { return }
            }
        }
    }

    @Test(arguments: [3, 16, 100])
    func concatenatedInManyRanges(rangeSize: Int) throws {
        let bytes = Self.documents(ending: #"{"last":"open"#)
        let file = try TemporaryFile(bytes, suffix: "json")
        let whole = Self.wholeFile(JSONValue.self, file.url, format: .concatenated)
        let ranges = stride(from: 0, to: bytes.count, by: rangeSize).map { $0..<min($0 + rangeSize, bytes.count) }
        #expect(Self.readRanges(JSONValue.self, file.url, format: .concatenated, ranges: ranges) == whole)
    }

    /// Under `.stop`, the range a bad record starts in throws it; the others read their records.
    @Test func stopThrowsInTheRangeOfTheBadRecord() throws {
        let log = FaultyLog.make(count: 60, every: 1000, faults: [])
        var bytes = log.bytes
        let badOffset = bytes.count
        bytes += Array(#"{"seq":60,"level":"x"} junk"#.utf8) + [0x0A]
        bytes += Array(#"{"seq":61,"level":"info","message":"m"}"#.utf8) + [0x0A]
        let file = try TemporaryFile(bytes)
        let ranges = JSONFileSplits.byteRanges(forSize: bytes.count, count: 3)
        var thrownBy: [Int] = []
        var seqs: [Int] = []
        for (part, range) in ranges.enumerated() {
            var reader = try JSONStreamReader<LogRecord>(contentsOf: file.url, format: .jsonLines, byteRange: range)
            do {
                while let record = try reader.next() { seqs.append(record.seq) }
            } catch let error as UnboxError {
                thrownBy.append(part)
                #expect(error.byteOffset.map { $0 > badOffset } == true, "\(error)")
            }
        }
        #expect(thrownBy == [2])
        #expect(seqs == Array(0..<60))
    }

    @Test func arraysCannotBeSplit() throws {
        let file = try TemporaryFile(Array("[1,2,3]".utf8), suffix: "json")
        #expect(throws: UnboxError.self) {
            _ = try JSONStreamReader<Int>(contentsOf: file.url, format: .array, byteRange: 0..<3)
        }
    }

    @Test(arguments: [(0, 3), (10, 3), (10, 1), (2, 5), (1_000_003, 7)])
    func byteRangesCoverTheFile(size: Int, count: Int) {
        let ranges = JSONFileSplits.byteRanges(forSize: size, count: count)
        #expect(ranges.count == count)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == size)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let sizes = ranges.map(\.count)
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    /// Ranges read by parallel readers, on several threads each: every record once, and a
    /// truncated end reported once, at its offset in the file.
    @Test(arguments: [JSONStreamFormat.jsonLines, .concatenated])
    func parallelReadersOverRanges(format: JSONStreamFormat) throws {
        parallelStreamBatchSize.store(256, ordering: .relaxed)
        let bytes =
            format == .jsonLines
            ? FaultyLog.make(count: 600, every: 29, faults: LineFault.allCases, blankEvery: 7).bytes
            : Self.documents(ending: "") + Self.documents(ending: "") + Self.documents(ending: #"{"last":[1,2"#)
        let file = try TemporaryFile(bytes)
        let whole = Self.wholeFile(JSONValue.self, file.url, format: format)
        let ranges = JSONFileSplits.byteRanges(forSize: bytes.count, count: 3)
        let seen = TestLock<[(offset: Int, value: JSONValue)]>([])
        let errors = TestLock<[Int]>([])
        var thrown: [String] = []
        for range in ranges {
            let reader = JSONParallelReader<JSONValue>(
                contentsOf: file.url, format: format, byteRange: range,
                onError: .skip { error in errors.withLock { $0.append(error.byteOffset ?? -1) } }, parallelism: 2)
            do {
                try reader.forEach { value, position in seen.withLock { $0.append((position.byteOffset, value)) } }
            } catch let error as UnboxError {
                thrown.append(String("\(error)".drop { $0 != ":" }.dropFirst(2)))
            }
        }
        let wholeThrown = try #require(
            format == .jsonLines ? "" : whole.errors.last.map { String($0.drop { $0 != ":" }.dropFirst(2)) })
        #expect(thrown == (format == .jsonLines ? [] : [wholeThrown]))
        let models = seen.withLock { $0 }.sorted { $0.offset < $1.offset }
        #expect(models.map(\.value) == whole.models)
        #expect(Set(models.map(\.offset)).count == models.count)
        // The whole file's errors: those reported, then the one thrown at a truncated end.
        #expect(errors.withLock { $0.count } + thrown.count == whole.errors.count)
    }
}
