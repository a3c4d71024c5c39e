// The encoding workloads: models back to JSON. Each workload encodes the same models with each
// competitor, with the same options, as `encode-<workload>:<competitor>`:
//
//   SimdJSONEncoder  SimdUnbox's encoder (one encoder for the run, its buffers reused), or for
//                    `encode-lines-*` a SimdJSONStreamWriter writing JSON Lines
//   JSONEncoder      Foundation's JSONEncoder with the same options, or for `encode-lines-*` one
//                    `encode(_:)` per record followed by a newline
//
// Workloads:
//   encode-<file>         the corpus models of twitter, citm_catalog, canada and gsoc-2018, default options
//   encode-sorted-<file>  the same under `.sortedKeys` (where SimdJSONEncoder's output is JSONEncoder's,
//                         byte for byte)
//   encode-lines-<size>   generated records (`Record`) written as JSON Lines until about <size> of output
//                         (100 MB; 1 MB in the quick pass): a pool of records decoded once from a
//                         generated array (10 MB; 1 MB in the quick pass) written again and again, so
//                         that what is measured is the writer, in flat memory. Both competitors hand
//                         their bytes to the same discarding sink, which only counts them.
//
// Throughput is of output: the `OutputBytes` metric records the bytes each iteration wrote, and
// the report divides it by the median time. The models are decoded in the setup hook, outside the
// measurement. A `<workload>:validation` benchmark checks, in its own process, that both
// competitors' outputs decode to models equal to the input models (and, under `.sortedKeys`, that
// the two outputs are the same bytes).
//
// No C++ ceiling: simdjson 3.0.1 parses JSON but has no serializer for user structs, only
// `minify` of JSON text and `to_string` of a parsed DOM element, so there is no C++ twin of these
// workloads to measure.
import Benchmark
import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox

/// One encoding workload: where its models come from and the encoders' options.
struct EncodingWorkload: Sendable {
    enum Source: Sendable {
        /// A file of the checked-in corpus, decoded with `JSONDecoder`.
        case corpus(String)
        /// Records decoded from a generated array of `poolBytes`, written as JSON Lines until
        /// `outputBytes` are written.
        case lines(poolBytes: Int, outputBytes: Int)
    }

    var name: String
    var source: Source
    var sortedKeys: Bool

    var outputFormatting: JSONEncoder.OutputFormatting { sortedKeys ? [.sortedKeys] : [] }

    var isLarge: Bool {
        if case .lines(_, let outputBytes) = source { return outputBytes >= 50_000_000 }
        return false
    }

    /// The encoding workloads, in report order (the quick pass writes 1 MB of JSON Lines, not 100 MB).
    static var selected: [EncodingWorkload] {
        var workloads: [EncodingWorkload] = []
        for sortedKeys in [false, true] {
            for file in ["twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json"] {
                workloads.append(
                    EncodingWorkload(
                        name: sortedKeys ? "encode-sorted-\(file)" : "encode-\(file)", source: .corpus(file),
                        sortedKeys: sortedKeys))
            }
        }
        let lines =
            Environment.quick
            ? EncodingWorkload(
                name: "encode-lines-1MB", source: .lines(poolBytes: 1_000_000, outputBytes: 1_000_000),
                sortedKeys: false)
            : EncodingWorkload(
                name: "encode-lines-100MB", source: .lines(poolBytes: 10_000_000, outputBytes: 100_000_000),
                sortedKeys: false)
        return workloads + [lines]
    }
}

/// The encoding competitors, as named in the benchmarks and the report.
enum EncodingCompetitor: String, CaseIterable {
    case simdJSONEncoder = "SimdJSONEncoder"
    case jsonEncoder = "JSONEncoder"
}

/// The metric of the bytes one iteration wrote, from which the report computes MB/s of output.
let outputBytesMetric = BenchmarkMetric.custom("OutputBytes", polarity: .prefersLarger, useScalingFactor: false)

/// Registers every encoding workload (called from the suite's `benchmarks` closure).
func registerEncoderBenchmarks() {
    for workload in EncodingWorkload.selected {
        switch workload.source {
        case .corpus("twitter.json"): registerEncoding(workload, TwitterResponse.self)
        case .corpus("citm_catalog.json"): registerEncoding(workload, CitmCatalog.self)
        case .corpus("canada.json"): registerEncoding(workload, FeatureCollection.self)
        case .corpus("gsoc-2018.json"): registerEncoding(workload, [String: GsocProject].self)
        case .corpus(let file): fatalError("No model for the encoding of \(file)")
        case .lines: registerLines(workload)
        }
    }
}

/// Iterations and time limits as for decoding, and the output bytes among the metrics.
func encoderConfiguration(for workload: EncodingWorkload) -> Benchmark.Configuration {
    let quick = Environment.quick
    return Benchmark.Configuration(
        metrics: [
            .wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta, .throughput,
            outputBytesMetric,
        ],
        warmupIterations: quick ? 1 : (workload.isLarge ? 1 : 3),
        scalingFactor: .one,
        maxDuration: quick ? .milliseconds(300) : (workload.isLarge ? .seconds(4) : .seconds(2)),
        maxIterations: quick ? 10 : (workload.isLarge ? 5 : 2_000),
        // Allocation counts are deterministic: flag any change above 1% against Thresholds/.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0])]
    )
}

// MARK: - Corpus models

/// The models of the current encoding workload, decoded in the setup hook (one workload per process).
enum EncoderSetup {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var current: (name: String, models: any Sendable)?
    }

    private static let state = State()

    /// The models of `workload`, made by `load` the first time they are asked for.
    static func models<Model: Sendable>(
        for workload: EncodingWorkload, _ load: () throws -> Model
    ) rethrows -> Model {
        state.lock.lock()
        defer { state.lock.unlock() }
        if let current = state.current, current.name == workload.name, let models = current.models as? Model {
            return models
        }
        state.current = nil
        let models = try load()
        state.current = (workload.name, models)
        return models
    }

    /// The corpus file of `workload` decoded by `JSONDecoder` into `Model`.
    static func corpusModel<Model: Codable & Sendable>(_ workload: EncodingWorkload, _: Model.Type) throws -> Model {
        guard case .corpus(let file) = workload.source else { fatalError("\(workload.name) is not a corpus workload") }
        return try models(for: workload) {
            let data = try Data(contentsOf: Workloads.dataDirectory.appendingPathComponent(file))
            return try JSONDecoder().decode(Model.self, from: data)
        }
    }
}

func registerEncoding<Model: Codable & Equatable & Sendable>(_ workload: EncodingWorkload, _: Model.Type) {
    let configuration = encoderConfiguration(for: workload)
    let setup: Benchmark.BenchmarkSetupHook = { _ = try EncoderSetup.corpusModel(workload, Model.self) }
    func name(_ competitor: EncodingCompetitor) -> String { "\(workload.name):\(competitor.rawValue)" }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in try validateEncoding(workload, Model.self) },
        setup: setup)

    Benchmark(
        name(.simdJSONEncoder), configuration: configuration,
        closure: { benchmark in
            let model = try EncoderSetup.corpusModel(workload, Model.self)
            let encoder = SimdJSONEncoder()
            encoder.outputFormatting = workload.outputFormatting
            var written = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let data = try encoder.encode(model)
                written = data.count
                blackHole(data)
            }
            benchmark.stopMeasurement()
            benchmark.measurement(outputBytesMetric, written)
        }, setup: setup)

    Benchmark(
        name(.jsonEncoder), configuration: configuration,
        closure: { benchmark in
            let model = try EncoderSetup.corpusModel(workload, Model.self)
            let encoder = JSONEncoder()
            encoder.outputFormatting = workload.outputFormatting
            var written = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let data = try encoder.encode(model)
                written = data.count
                blackHole(data)
            }
            benchmark.stopMeasurement()
            benchmark.measurement(outputBytesMetric, written)
        }, setup: setup)
}

/// Fails loudly unless both encoders' outputs decode to the input models, and, under `.sortedKeys`,
/// are the same bytes.
func validateEncoding<Model: Codable & Equatable & Sendable>(_ workload: EncodingWorkload, _: Model.Type) throws {
    let started = ContinuousClock.now
    let model = try EncoderSetup.corpusModel(workload, Model.self)
    let simdEncoder = SimdJSONEncoder()
    simdEncoder.outputFormatting = workload.outputFormatting
    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = workload.outputFormatting
    let simdOutput = try simdEncoder.encode(model)
    let foundationOutput = try foundationEncoder.encode(model)
    let decoder = JSONDecoder()
    guard try decoder.decode(Model.self, from: simdOutput) == model else {
        SuiteSetup.fail("\(workload.name): SimdJSONEncoder's output decodes to other models than it encoded")
    }
    guard try decoder.decode(Model.self, from: foundationOutput) == model else {
        SuiteSetup.fail("\(workload.name): JSONEncoder's output decodes to other models than it encoded")
    }
    guard try SimdJSONDecoder().decode(Model.self, from: simdOutput) == model else {
        SuiteSetup.fail("\(workload.name): SimdJSONDecoder reads other models from SimdJSONEncoder's output")
    }
    if workload.sortedKeys && simdOutput != foundationOutput {
        SuiteSetup.fail(
            "\(workload.name): under .sortedKeys SimdJSONEncoder wrote \(simdOutput.count) bytes that differ "
                + "from JSONEncoder's \(foundationOutput.count)")
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): both outputs decode to the encoded models"
            + (workload.sortedKeys ? " and are the same bytes" : "")
            + " (\(simdOutput.count) bytes; " + String(format: "%.1f s)", seconds))
}

// MARK: - JSON Lines

/// A sink that only counts what it is given: the same for both competitors.
final class DiscardingSink {
    private(set) var bytes = 0

    func write(_ data: Data) {
        bytes &+= data.count
    }
}

/// The records of a JSON Lines workload, and how many times to write them.
struct LinesInput: Sendable {
    var records: [Record]
    var passes: Int

    static func load(_ workload: EncodingWorkload) throws -> LinesInput {
        guard case .lines(let poolBytes, let outputBytes) = workload.source else {
            fatalError("\(workload.name) is not a JSON Lines workload")
        }
        return try EncoderSetup.models(for: workload) {
            let pool = Workload(name: "records-pool", kind: .full, source: .generated(bytes: poolBytes))
            let data = try pool.loadInput()
            let records = try unbox(data: data) as [Record]
            // One pass writes about the pool's size (compact JSON, as generated): as many passes
            // as come nearest the target.
            let passBytes = try JSONLinesCompetitors.simdJSONStreamWriter(records, passes: 1)
            let passes = (Double(outputBytes) / Double(max(passBytes, 1))).rounded()
            return LinesInput(records: records, passes: max(1, Int(passes)))
        }
    }
}

/// The two ways of writing records as JSON Lines; each returns the bytes written.
enum JSONLinesCompetitors {
    static func simdJSONStreamWriter(_ records: [Record], passes: Int) throws -> Int {
        let sink = DiscardingSink()
        let writer = SimdJSONStreamWriter(format: .jsonLines, chunks: sink.write)
        for _ in 0..<passes {
            for record in records { try writer.write(record) }
        }
        try writer.finish()
        return sink.bytes
    }

    static func jsonEncoder(_ records: [Record], passes: Int) throws -> Int {
        let sink = DiscardingSink()
        let encoder = JSONEncoder()
        let newline = Data([UInt8(ascii: "\n")])
        for _ in 0..<passes {
            for record in records {
                sink.write(try encoder.encode(record))
                sink.write(newline)
            }
        }
        return sink.bytes
    }

    /// The lines each competitor writes for `records`, gathered.
    static func outputs(_ records: [Record]) throws -> (simd: Data, foundation: Data) {
        var simd = Data()
        let writer = SimdJSONStreamWriter(format: .jsonLines) { simd.append($0) }
        try writer.write(contentsOf: records)
        try writer.finish()
        var foundation = Data()
        let encoder = JSONEncoder()
        for record in records {
            foundation.append(try encoder.encode(record))
            foundation.append(UInt8(ascii: "\n"))
        }
        return (simd, foundation)
    }
}

func registerLines(_ workload: EncodingWorkload) {
    let configuration = encoderConfiguration(for: workload)
    let setup: Benchmark.BenchmarkSetupHook = { _ = try LinesInput.load(workload) }
    func name(_ competitor: EncodingCompetitor) -> String { "\(workload.name):\(competitor.rawValue)" }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in try validateLines(workload) },
        setup: setup)

    Benchmark(
        name(.simdJSONEncoder), configuration: configuration,
        closure: { benchmark in
            let input = try LinesInput.load(workload)
            var written = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                written = try JSONLinesCompetitors.simdJSONStreamWriter(input.records, passes: input.passes)
            }
            benchmark.stopMeasurement()
            benchmark.measurement(outputBytesMetric, written)
        }, setup: setup)

    Benchmark(
        name(.jsonEncoder), configuration: configuration,
        closure: { benchmark in
            let input = try LinesInput.load(workload)
            var written = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                written = try JSONLinesCompetitors.jsonEncoder(input.records, passes: input.passes)
            }
            benchmark.stopMeasurement()
            benchmark.measurement(outputBytesMetric, written)
        }, setup: setup)
}

/// Fails loudly unless both competitors write one line per record, that the stream reader reads
/// back as the records, and the same number of bytes.
func validateLines(_ workload: EncodingWorkload) throws {
    let started = ContinuousClock.now
    let input = try LinesInput.load(workload)
    let (simd, foundation) = try JSONLinesCompetitors.outputs(input.records)
    for (competitor, output) in [("SimdJSONStreamWriter", simd), ("JSONEncoder", foundation)] {
        var reader = JSONStreamReader<Record>(data: output, format: .jsonLines)
        var records: [Record] = []
        records.reserveCapacity(input.records.count)
        while let record = try reader.next() { records.append(record) }
        guard records == input.records else {
            SuiteSetup.fail("\(workload.name): \(competitor)'s lines read back as other records than it wrote")
        }
    }
    guard simd.count == foundation.count else {
        SuiteSetup.fail(
            "\(workload.name): SimdJSONStreamWriter wrote \(simd.count) bytes, JSONEncoder \(foundation.count)")
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): both writers' lines read back as the \(input.records.count) records "
            + "(\(simd.count) bytes a pass, \(input.passes) passes; " + String(format: "%.1f s)", seconds))
}
