// The SimdUnbox benchmark suite: every workload (a document and the models it decodes into) is
// measured once per competitor, as `<workload>:<competitor>`:
//
//   SimdUnbox                  unbox(data:) into Unboxable models
//   SimdJSONDecoder            SimdUnbox's Codable decoder into the same models (Decodable)
//   JSONSerialization+mapping  JSONSerialization, then [String: Any] mapped into the same models
//   JSONSerialization          JSONSerialization alone (a tree, no models)
//   JSONDecoder                Foundation's JSONDecoder into the same models (Decodable)
//   C++simdjson                simdjson On-Demand into equivalent C++ structs: the ceiling (find_field)
//   C++single-pass             the same structs, each object's fields iterated once, raw keys dispatched
//
// The streaming workloads (`stream-*`, StreamBenchmarks.swift) decode a file one model at a time
// and compare with JSONDecoder decoding the whole file. The user-style family (`user-*`,
// UserStyleBenchmarks.swift) decodes models written the way apps write them; the declared family
// (`declared-*`, DeclaredBenchmarks.swift) the same models declared with `@Unboxable`.
//
// package-benchmark runs each benchmark in a process of its own. Inputs are loaded in each
// benchmark's setup hook, outside the measurement. A `<workload>:validation` benchmark checks, in
// its own process, that all competitors decode the same models (and fails loudly if not). Run
// through `scripts/benchmark.sh`, or from Benchmarks/ with `swift package benchmark`.
import Benchmark
import BenchmarkInputs
import CorpusModels
import CppCeiling
import Foundation
import SimdUnbox

let benchmarks: @Sendable () -> Void = {
    for workload in Workloads.selected {
        if workload.family == .userStyle {
            registerUserStyle(workload)
            continue
        }
        if workload.family == .declared {
            registerDeclared(workload)
            continue
        }
        switch workload.name {
        case "twitter.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as TwitterResponse },
                    jsonDecoder: { try $0.decode(TwitterResponse.self, from: $1) },
                    simdJSONDecoder: { try $0.decode(TwitterResponse.self, from: $1) },
                    mapping: { try mapModel($0, as: TwitterResponse.self) },
                    cpp: CPP_CEILING_TWITTER
                )
            )
        case "citm_catalog.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as CitmCatalog },
                    jsonDecoder: { try $0.decode(CitmCatalog.self, from: $1) },
                    simdJSONDecoder: { try $0.decode(CitmCatalog.self, from: $1) },
                    mapping: { try mapModel($0, as: CitmCatalog.self) },
                    cpp: CPP_CEILING_CITM
                )
            )
        case "canada.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as FeatureCollection },
                    jsonDecoder: { try $0.decode(FeatureCollection.self, from: $1) },
                    simdJSONDecoder: { try $0.decode(FeatureCollection.self, from: $1) },
                    mapping: { try mapModel($0, as: FeatureCollection.self) },
                    cpp: CPP_CEILING_CANADA
                )
            )
        case "gsoc-2018.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as [String: GsocProject] },
                    jsonDecoder: { try $0.decode([String: GsocProject].self, from: $1) },
                    simdJSONDecoder: { try $0.decode([String: GsocProject].self, from: $1) },
                    mapping: { try mapModelDictionary($0, as: GsocProject.self) },
                    cpp: CPP_CEILING_GSOC
                )
            )
        case "github_events.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as [GitHubEvent] },
                    jsonDecoder: { try $0.decode([GitHubEvent].self, from: $1) },
                    simdJSONDecoder: { try $0.decode([GitHubEvent].self, from: $1) },
                    mapping: { try mapModels($0, as: GitHubEvent.self) },
                    cpp: CPP_CEILING_GITHUB_EVENTS
                )
            )
        case "partial-twitter.json":
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0, atKeyPath: "statuses") as [PartialStatus] },
                    jsonDecoder: { try $0.decode(PartialTwitterResponse.self, from: $1).statuses },
                    simdJSONDecoder: { try $0.decode(PartialTwitterResponse.self, from: $1).statuses },
                    mapping: { try mapModel($0, as: PartialTwitterMapping.self).statuses },
                    cpp: CPP_CEILING_PARTIAL_TWITTER
                )
            )
        case let name where name.hasPrefix("records-"):
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as [Record] },
                    jsonDecoder: { try $0.decode([Record].self, from: $1) },
                    simdJSONDecoder: { try $0.decode([Record].self, from: $1) },
                    mapping: { try mapModels($0, as: Record.self) },
                    cpp: CPP_CEILING_RECORDS
                )
            )
        case let name where name.hasPrefix("partial-records-"):
            register(
                workload,
                Competitors(
                    simdUnbox: { try unbox(data: $0) as [RecordSummary] },
                    jsonDecoder: { try $0.decode([RecordSummary].self, from: $1) },
                    simdJSONDecoder: { try $0.decode([RecordSummary].self, from: $1) },
                    mapping: { try mapModels($0, as: RecordSummary.self) },
                    cpp: CPP_CEILING_PARTIAL_RECORDS
                )
            )
        case let name where name.hasPrefix("stream-"):
            registerStream(workload)
        default:
            fatalError("No competitors defined for workload \(workload.name)")
        }
    }
    registerEncoderBenchmarks()
}

/// The root of twitter.json for the mapping competitor of the partial workload.
struct PartialTwitterMapping: JSONMappable {
    let statuses: [PartialStatus]

    init(json: JSONObject) throws {
        statuses = try json.models("statuses")
    }
}

/// How each competitor decodes one workload into `Model`.
struct Competitors<Model: Equatable & Sendable>: Sendable {
    var simdUnbox: @Sendable (Data) throws -> Model
    var jsonDecoder: @Sendable (JSONDecoder, Data) throws -> Model
    var simdJSONDecoder: @Sendable (SimdJSONDecoder, Data) throws -> Model
    var mapping: @Sendable (Any) throws -> Model
    var cpp: cpp_ceiling_workload
}

/// Iterations and time limits: a few seconds per benchmark, fewer iterations for 100 MB and more,
/// and a short smoke pass with `SIMDUNBOX_BENCH_QUICK=1`.
func configuration(for workload: Workload) -> Benchmark.Configuration {
    let quick = Environment.quick
    return Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta, .throughput],
        warmupIterations: quick ? 1 : (workload.isLarge ? 1 : 3),
        scalingFactor: .one,
        maxDuration: quick ? .milliseconds(300) : (workload.isLarge ? .seconds(4) : .seconds(2)),
        maxIterations: quick ? 10 : (workload.isLarge ? 5 : 2_000),
        // Allocation counts are deterministic: flag any change above 1% against Thresholds/.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0])]
    )
}

func register<Model>(_ workload: Workload, _ competitors: Competitors<Model>) {
    let configuration = configuration(for: workload)
    let setup: Benchmark.BenchmarkSetupHook = {
        try SuiteSetup.prepare(workload, competitors, validate: false)
    }
    let setupAndValidate: Benchmark.BenchmarkSetupHook = {
        try SuiteSetup.prepare(workload, competitors, validate: true)
    }
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }

    // The check that every competitor decodes the same models runs in a benchmark (a process) of
    // its own, so that the memory it needs never shows in a competitor's peak resident memory.
    // The report leaves it out.
    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SuiteSetup.input(for: workload).count) }
        }, setup: setupAndValidate)

    Benchmark(
        name(.simdUnbox), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.simdUnbox(data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    guard workload.competitors.contains(.serialization) else {
        registerFastCompetitors(workload, competitors, configuration: configuration, setup: setup)
        return
    }

    Benchmark(
        name(.serializationMapping), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.mapping(JSONSerialization.jsonObject(with: data)))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.serialization), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.jsonObject(with: data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    registerFastCompetitors(workload, competitors, configuration: configuration, setup: setup)
}

/// JSONDecoder, SimdJSONDecoder and the C++ ceiling's two walks: measured on every workload, 1 GB included.
func registerFastCompetitors<Model>(
    _ workload: Workload, _ competitors: Competitors<Model>, configuration: Benchmark.Configuration,
    setup: @escaping Benchmark.BenchmarkSetupHook
) {
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }

    Benchmark(
        name(.jsonDecoder), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = JSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.jsonDecoder(decoder, data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.simdJSONDecoder), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = SimdJSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.simdJSONDecoder(decoder, data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.cppSimdjson), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = SuiteSetup.cppDecoder
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(competitors.cpp, data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.cppSinglePass), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = SuiteSetup.cppDecoder
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try decoder.decode(competitors.cpp, data, walk: CPP_CEILING_SINGLE_PASS))
            }
            benchmark.stopMeasurement()
        }, setup: setup)
}
