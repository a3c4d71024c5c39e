// The stream variants (`Workloads.streamVariants`): the records of the streaming workloads read
// through the file readers' options, as `<workload>:<competitor>`:
//
//   SimdUnbox        JSONStreamReader<Record>(contentsOf:format:onError:parallelism:)
//   SimdJSONDecoder  SimdJSONDecoder().reader(of:contentsOf:format:onError:parallelism:)
//
// `stream-*-threads1-*` against `stream-*-threads2-*` measures what a second thread gains (the
// report divides their throughputs); `stream-lines-stop-*` against `stream-lines-skip-*` what
// `.skip` costs when no line is bad (nothing, is the target), and `stream-lines-skip-faults-*`
// what a bad line in a thousand costs. Peak resident memory sits beside throughput in the report:
// the parallel readers hold a few batches of about a megabyte in flight, whatever the file's size.
//
// Allocation thresholds (Thresholds/, checked by CI with the suite's 1% tolerance) cover every
// variant, the two-thread ones included: their counts vary from run to run by a few allocations
// (which worker's pool buffer or model buffer is reused first), under 0.3% of the quick pass's.
import Benchmark
import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox
import Synchronization

/// Counts the errors a `.skip` stream reports (the handler is called on the reading thread; the
/// counter is atomic because the policy's handler must be `Sendable`).
final class ErrorTally: Sendable {
    private let storage = Atomic<Int>(0)

    var count: Int { storage.load(ordering: .relaxed) }

    func add() {
        storage.add(1, ordering: .relaxed)
    }
}

/// Nanoseconds one round trip of a cache line between two threads takes (`CoreRoundTrip`; median of
/// the iterations), recorded by the two-thread stream variants.
let coreRoundTripMetric = BenchmarkMetric.custom("CoreRoundTrip", polarity: .prefersSmaller, useScalingFactor: false)

/// The ways of reading a stream variant's file.
enum StreamVariantCompetitors {
    static func variant(_ workload: Workload) -> StreamVariant {
        guard let variant = workload.streamVariant else { fatalError("\(workload.name) is not a stream variant") }
        return variant
    }

    static func policy(_ workload: Workload, report: @escaping @Sendable (UnboxError) -> Void) -> JSONStreamErrorPolicy
    {
        variant(workload).skips ? .skip(report) : .stop
    }

    /// SimdUnbox: `JSONStreamReader` with the variant's error policy and parallelism.
    static func simdUnbox<Model: StreamedModel>(
        _ workload: Workload, _ url: URL, _ policy: JSONStreamErrorPolicy, _ body: (Model) -> Void
    ) throws {
        var reader = try JSONStreamReader<Model>(
            contentsOf: url, format: StreamCompetitors.format(workload), onError: policy,
            parallelism: variant(workload).parallelism)
        while let model = try reader.next() { body(model) }
    }

    /// SimdJSONDecoder: its reader, with the same options.
    static func simdJSONDecoder<Model: StreamedModel>(
        _ decoder: SimdJSONDecoder, _ workload: Workload, _ url: URL, _ policy: JSONStreamErrorPolicy,
        _ body: (Model) -> Void
    ) throws {
        var reader = try decoder.reader(
            of: Model.self, contentsOf: url, format: StreamCompetitors.format(workload), onError: policy,
            parallelism: variant(workload).parallelism)
        while let model = try reader.next() { body(model) }
    }
}

/// Registers the validation and the two competitors of a stream variant.
func registerStreamVariant(_ workload: Workload) {
    var configuration = configuration(for: workload)
    // Two threads: how fast the cores pass memory to each other, measured before each iteration.
    let parallel = StreamVariantCompetitors.variant(workload).parallelism > 1
    if parallel { configuration.metrics.append(coreRoundTripMetric) }
    @Sendable func measureCores(_ benchmark: Benchmark, _ body: () throws -> Void) rethrows {
        let roundTrip = parallel ? CoreRoundTrip.measure() : 0
        try body()
        if parallel { benchmark.measurement(coreRoundTripMetric, roundTrip) }
    }
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }
    let setup: Benchmark.BenchmarkSetupHook = { _ = try workload.inputFile() }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in try validateStreamVariant(workload) },
        setup: setup)

    Benchmark(
        name(.simdUnbox), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let errors = ErrorTally()
            let policy = StreamVariantCompetitors.policy(workload) { _ in errors.add() }
            try measureCores(benchmark) {
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    var checksum = StreamChecksum()
                    try StreamVariantCompetitors.simdUnbox(workload, url, policy) { (model: Record) in
                        checksum.add(model)
                    }
                    blackHole(checksum)
                }
                benchmark.stopMeasurement()
            }
            blackHole(errors.count)
        }, setup: setup)

    Benchmark(
        name(.simdJSONDecoder), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = SimdJSONDecoder()
            let errors = ErrorTally()
            let policy = StreamVariantCompetitors.policy(workload) { _ in errors.add() }
            try measureCores(benchmark) {
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    var checksum = StreamChecksum()
                    try StreamVariantCompetitors.simdJSONDecoder(decoder, workload, url, policy) { (model: Record) in
                        checksum.add(model)
                    }
                    blackHole(checksum)
                }
                benchmark.stopMeasurement()
            }
            blackHole(errors.count)
        }, setup: setup)
}

/// Fails loudly unless both readers hand out exactly the records JSONDecoder decodes from the
/// clean file, in order, without the bad lines of a faulty file, and report each bad line once,
/// with its index and a byte offset inside it.
func validateStreamVariant(_ workload: Workload) throws {
    let started = ContinuousClock.now
    let url = try workload.inputFile()
    var badLineEvery: Int?
    var clean = workload
    if case .generatedFaultyLines(let bytes, let every) = workload.source {
        badLineEvery = every
        clean.source = .generatedLines(bytes: bytes)
    }
    let cleanURL = try clean.inputFile()
    var reference = try StreamCompetitors.jsonDecoder(JSONDecoder(), clean, cleanURL, as: Record.self)
    // The bad lines' indices and the offsets where their lines start and end.
    var badLines: [(index: Int, range: ClosedRange<Int>)] = []
    if let badLineEvery {
        reference = reference.enumerated().filter {
            !Workloads.isBadLine($0.offset, badLineEvery: badLineEvery)
        }.map(\.element)
        let bytes = try Data(contentsOf: url)
        var lineStart = 0
        var line = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if Workloads.isBadLine(line, badLineEvery: badLineEvery) {
                badLines.append((line, lineStart...offset))
            }
            line += 1
            lineStart = offset + 1
        }
    }

    func check(_ competitor: String, _ read: (JSONStreamErrorPolicy, (Record) -> Void) throws -> Void) throws {
        let errors = Mutex<[UnboxError]>([])
        let policy = StreamVariantCompetitors.policy(workload) { error in errors.withLock { $0.append(error) } }
        var streamed: [Record] = []
        streamed.reserveCapacity(reference.count)
        try read(policy) { streamed.append($0) }
        guard streamed == reference else {
            SuiteSetup.fail(
                "\(workload.name): \(competitor) streamed \(streamed.count) records, not the expected \(reference.count)"
            )
        }
        let reported = errors.withLock { $0 }
        guard reported.count == badLines.count else {
            SuiteSetup.fail(
                "\(workload.name): \(competitor) reported \(reported.count) errors for \(badLines.count) bad lines")
        }
        for (error, bad) in zip(reported, badLines) {
            guard error.path.first == .index(bad.index), let offset = error.byteOffset, bad.range.contains(offset)
            else {
                SuiteSetup.fail(
                    "\(workload.name): \(competitor) reported \(error) for the bad line \(bad.index) (bytes \(bad.range))"
                )
            }
        }
    }
    try check("SimdUnbox") { policy, body in try StreamVariantCompetitors.simdUnbox(workload, url, policy, body) }
    try check("SimdJSONDecoder") { policy, body in
        try StreamVariantCompetitors.simdJSONDecoder(SimdJSONDecoder(), workload, url, policy, body)
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): both readers == JSONDecoder (\(reference.count) records, "
            + "\(badLines.count) bad lines reported once each; " + String(format: "%.1f s)", seconds))
}
