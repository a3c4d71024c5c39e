// The streaming workloads: a generated file of records (a root array, or JSON Lines) decoded one
// model at a time, in bounded memory, against Foundation's JSONDecoder decoding the whole file. The
// model is `Record` (every field) or, for `stream-summaries-*`, `RecordSummary` (three fields):
//
//   SimdUnbox        JSONStreamReader<Model>(contentsOf:) (mode reader) or JSONFileStream (async)
//   SimdJSONDecoder  SimdJSONDecoder().reader(of:contentsOf:) or .stream(of:contentsOf:)
//   JSONDecoder      Data(contentsOf:), then [Record] from the array, or one Record per line
//   C++simdjson      the ceiling: simdjson loads the whole file (padded_string::load) and decodes
//                    one record at a time (the root array, or iterate_many over JSON Lines)
//
// Beside the ordered one- and two-thread rows (`stream-records-threads*`, `stream-lines-threads*`),
// `<variant>:SimdUnbox-workers` consumes the same records on the threads that decode them
// (`JSONParallelReader.reduce`, one checksum per thread, merged at the end), with the variant's
// parallelism; the two-thread rows record the cores' round trip as the ordered ones do. The report
// leaves these rows out (they are no competitor of its tables): read them in the suite's output,
// and `threads2` against `threads1` in the same run. Two processes over two byte ranges are timed
// with the instruction probe (`SimdUnbox-split-<k>of<n>`; see the *Streaming* article).
//
// Every competitor reads the file itself, inside the measurement, and folds each model into a
// checksum; the streams keep nothing else, JSONDecoder necessarily holds the whole array. Peak
// resident memory is the process's, measured by package-benchmark.
import Benchmark
import BenchmarkInputs
import CorpusModels
import CppCeiling
import Foundation
import SimdUnbox

/// What a competitor computes from the models of a stream: enough to tell two runs apart.
struct StreamChecksum: Equatable, CustomStringConvertible {
    var count = 0
    var idSum = 0
    var textBytes = 0

    mutating func add(_ model: some StreamedModel) {
        count += 1
        idSum &+= model.id
        textBytes &+= model.textBytes
    }

    /// Adds the records another checksum counted (one decoding thread's).
    mutating func merge(_ other: StreamChecksum) {
        count += other.count
        idSum &+= other.idSum
        textBytes &+= other.textBytes
    }

    var description: String { "\(count) records, id sum \(idSum), \(textBytes) text bytes" }
}

extension StreamChecksum {
    init(_ checksum: cpp_ceiling_stream_checksum) {
        count = Int(checksum.count)
        idSum = Int(truncatingIfNeeded: checksum.id_sum)
        textBytes = Int(checksum.text_bytes)
    }
}

/// A model the streaming workloads decode each record into (the C++ ceiling folds the same fields).
protocol StreamedModel: Unboxable, Decodable, Equatable, Sendable {
    var id: Int { get }
    /// The bytes of the text fields the checksum counts.
    var textBytes: Int { get }
}

extension Record: StreamedModel {
    var textBytes: Int { name.utf8.count &+ bio.utf8.count }
}

extension RecordSummary: StreamedModel {
    var textBytes: Int { name.utf8.count }
}

/// The ways of reading a streaming workload's file.
enum StreamCompetitors {
    static func format(_ workload: Workload) -> JSONStreamFormat {
        switch workload.source {
        case .generatedLines, .generatedFaultyLines: .jsonLines
        default: .array
        }
    }

    /// SimdUnbox: `Unboxable` models, synchronously or as an `AsyncSequence`.
    static func simdUnbox<Model: StreamedModel>(
        _ workload: Workload, _ url: URL, _ body: (Model) -> Void
    ) async throws {
        switch workload.streamMode ?? .reader {
        case .reader:
            var reader = try JSONStreamReader<Model>(contentsOf: url, format: format(workload))
            while let record = try reader.next() { body(record) }
        case .async:
            for try await record in JSONFileStream<Model>(contentsOf: url, format: format(workload)) {
                body(record)
            }
        }
    }

    /// SimdJSONDecoder: the same structs through `init(from:)`.
    static func simdJSONDecoder<Model: StreamedModel>(
        _ decoder: SimdJSONDecoder, _ workload: Workload, _ url: URL, _ body: (Model) -> Void
    ) async throws {
        switch workload.streamMode ?? .reader {
        case .reader:
            var reader = try decoder.reader(of: Model.self, contentsOf: url, format: format(workload))
            while let record = try reader.next() { body(record) }
        case .async:
            for try await record in decoder.stream(of: Model.self, contentsOf: url, format: format(workload)) {
                body(record)
            }
        }
    }

    /// JSONDecoder: the whole file in memory, then the whole array (or every line) decoded.
    static func jsonDecoder<Model: StreamedModel>(
        _ decoder: JSONDecoder, _ workload: Workload, _ url: URL, as _: Model.Type
    ) throws -> [Model] {
        let data = try Data(contentsOf: url)
        guard format(workload) == .jsonLines else { return try decoder.decode([Model].self, from: data) }
        var records: [Model] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            records.append(try decoder.decode(Model.self, from: line))
        }
        return records
    }

    /// The C++ ceiling: the whole file loaded, its records decoded one at a time.
    static func cpp(_ decoder: CppDecoder, _ workload: Workload, _ url: URL) throws -> StreamChecksum {
        try decoder.streamRecords(
            url, jsonLines: format(workload) == .jsonLines, summaries: workload.streamModel == .summary)
    }
}

/// Registers the validation and the four competitors of a streaming workload.
func registerStream(_ workload: Workload) {
    if let variant = workload.streamVariant {
        if !variant.skips && workload.name.contains("-threads") { registerWorkerSideStream(workload, variant) }
        return registerStreamVariant(workload)
    }
    switch workload.streamModel {
    case .record: registerStream(workload, Record.self)
    case .summary: registerStream(workload, RecordSummary.self)
    }
}

func registerStream<Model: StreamedModel>(_ workload: Workload, _: Model.Type) {
    let configuration = configuration(for: workload)
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }
    let setup: Benchmark.BenchmarkSetupHook = { _ = try workload.inputFile() }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in try await validateStream(workload, Model.self) },
        setup: setup)

    Benchmark(
        name(.simdUnbox), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = StreamChecksum()
                try await StreamCompetitors.simdUnbox(workload, url) { (model: Model) in checksum.add(model) }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.simdJSONDecoder), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = SimdJSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = StreamChecksum()
                try await StreamCompetitors.simdJSONDecoder(decoder, workload, url) { (model: Model) in
                    checksum.add(model)
                }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.cppSimdjson), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = SuiteSetup.cppDecoder
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try StreamCompetitors.cpp(decoder, workload, url))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.jsonDecoder), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = JSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = StreamChecksum()
                for record in try StreamCompetitors.jsonDecoder(decoder, workload, url, as: Model.self) {
                    checksum.add(record)
                }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)
}

/// Fails loudly unless both streams hand out exactly the records JSONDecoder decodes, in order, and
/// the C++ ceiling computes the same checksum.
func validateStream<Model: StreamedModel>(_ workload: Workload, _: Model.Type) async throws {
    let started = ContinuousClock.now
    let url = try workload.inputFile()
    let reference = try StreamCompetitors.jsonDecoder(JSONDecoder(), workload, url, as: Model.self)
    var streamed: [Model] = []
    streamed.reserveCapacity(reference.count)
    try await StreamCompetitors.simdUnbox(workload, url) { streamed.append($0) }
    guard streamed == reference else {
        fatalError(
            "\(workload.name): SimdUnbox streamed \(streamed.count) records, not JSONDecoder's \(reference.count)")
    }
    streamed.removeAll(keepingCapacity: true)
    try await StreamCompetitors.simdJSONDecoder(SimdJSONDecoder(), workload, url) { streamed.append($0) }
    guard streamed == reference else {
        fatalError(
            "\(workload.name): SimdJSONDecoder streamed \(streamed.count) records, not JSONDecoder's \(reference.count)"
        )
    }
    var expected = StreamChecksum()
    for record in reference { expected.add(record) }
    let cpp = try StreamCompetitors.cpp(SuiteSetup.cppDecoder, workload, url)
    guard cpp == expected else {
        fatalError("\(workload.name): the C++ ceiling computed \(cpp), the Swift models \(expected)")
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): both streams == JSONDecoder, and the C++ ceiling's checksum (\(reference.count) records; "
            + String(format: "%.1f s)", seconds))
}

/// Registers `<variant>:SimdUnbox-workers`: the variant's records consumed on the decoding threads.
/// Its setup checks that the merged checksum is the ordered reader's.
func registerWorkerSideStream(_ workload: Workload, _ variant: StreamVariant) {
    var configuration = configuration(for: workload)
    let parallel = variant.parallelism > 1
    if parallel { configuration.metrics.append(coreRoundTripMetric) }
    let format = StreamCompetitors.format(workload)
    @Sendable func checksum(_ url: URL) throws -> StreamChecksum {
        let reader = JSONParallelReader<Record>(contentsOf: url, format: format, parallelism: variant.parallelism)
        return try reader.reduce(
            into: StreamChecksum(), { checksum, record, _ in checksum.add(record) }, merge: { $0.merge($1) })
    }
    Benchmark(
        "\(workload.name):SimdUnbox-workers", configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let roundTrip = parallel ? CoreRoundTrip.measure() : 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try checksum(url)) }
            benchmark.stopMeasurement()
            if parallel { benchmark.measurement(coreRoundTripMetric, roundTrip) }
        },
        setup: {
            let url = try workload.inputFile()
            var expected = StreamChecksum()
            var reader = try JSONStreamReader<Record>(contentsOf: url, format: format)
            while let record = try reader.next() { expected.add(record) }
            let merged = try checksum(url)
            guard merged == expected else {
                fatalError("\(workload.name): the workers computed \(merged), the ordered reader \(expected)")
            }
        })
}
