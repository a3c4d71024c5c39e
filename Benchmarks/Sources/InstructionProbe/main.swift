// Decodes one workload a given number of times and exits: the program `scripts/instructions.sh`
// runs under callgrind to count the instructions of one decode (run twice, with two counts, so
// that start-up and loading the input cancel out).
//
//   InstructionProbe <workload> <competitor> <decodes>
//   InstructionProbe --list
//   InstructionProbe --core-round-trip     a cache line's round trip between two threads, in ns
//
// The workloads and competitors are the benchmark suite's (`<workload>:<competitor>`), with the
// same models and decoder options, for the documents a decode reads whole: the five corpus files,
// the generated records and the user-style family except its stream (the tuned workloads also with
// the C++ ceiling's two walks, `C++simdjson` and `C++single-pass`); and the encoding of the
// corpus models, `encode-<file>` and `encode-sorted-<file>` (SimdJSONEncoder, JSONEncoder); and
// the declared family (`declared-*`, SimdUnbox only: ProbeDeclared.swift);
// `encode-lines-1MB`, the generated records written once as JSON Lines (SimdJSONEncoder: a
// `SimdJSONStreamWriter`; JSONEncoder: one `encode(_:)` per record and a newline), each to a sink
// that only counts the bytes, as the benchmark's quick pass does (and DiscardingEncoder, an encoder that
// writes nothing, the floor any `Encoder` pays for the records' synthesized `encode(to:)`).
import BenchmarkInputs
import CorpusModels
import CppCeiling
import Foundation
import SimdUnbox

/// One way to decode a workload's input.
typealias Decode = (Data) throws -> Any

/// The competitors of one workload.
struct ProbeCompetitors {
    var simdUnbox: Decode?
    var simdJSONDecoder: Decode
    var jsonDecoder: Decode

    /// The Unboxable model and its Codable twin, decoded with `configure`'s options.
    static func both<Model: UnboxCompatible & Decodable>(
        _: Model.Type, _ configure: (inout DecoderOptions) -> Void = { _ in }
    ) -> Self {
        var competitors = codable(Model.self, configure)
        competitors.simdUnbox = { try unbox(data: $0) as Model }
        return competitors
    }

    /// A plain Codable model.
    static func codable<Model: Decodable>(_: Model.Type, _ configure: (inout DecoderOptions) -> Void = { _ in })
        -> Self
    {
        var options = DecoderOptions()
        configure(&options)
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = options.keys
        simd.dateDecodingStrategy = options.dates
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = options.keys
        foundation.dateDecodingStrategy = options.dates
        return Self(
            simdUnbox: nil,
            simdJSONDecoder: { try simd.decode(Model.self, from: $0) },
            jsonDecoder: { try foundation.decode(Model.self, from: $0) })
    }
}

/// The options a workload sets on both Codable decoders.
struct DecoderOptions {
    var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
}

/// The C++ ceiling's workload of a tuned workload (`C++simdjson` and `C++single-pass`), if it has one.
func cppWorkload(for workload: Workload) -> cpp_ceiling_workload? {
    guard workload.family == .tuned, workload.kind != .stream else { return nil }
    switch workload.name {
    case "twitter.json": return CPP_CEILING_TWITTER
    case "citm_catalog.json": return CPP_CEILING_CITM
    case "canada.json": return CPP_CEILING_CANADA
    case "gsoc-2018.json": return CPP_CEILING_GSOC
    case "github_events.json": return CPP_CEILING_GITHUB_EVENTS
    case "partial-twitter.json": return CPP_CEILING_PARTIAL_TWITTER
    case let name where name.hasPrefix("records-"): return CPP_CEILING_RECORDS
    case let name where name.hasPrefix("partial-records-"): return CPP_CEILING_PARTIAL_RECORDS
    default: return nil
    }
}

/// The C++ ceiling decoding `workload` with `walk`, one decoder reused, as the benchmark does.
func cppDecode(_ workload: cpp_ceiling_workload, walk: cpp_ceiling_walk) -> Decode {
    final class Decoder: @unchecked Sendable {
        let pointer: OpaquePointer
        init() {
            guard let pointer = cpp_ceiling_decoder_create() else { fail("out of memory") }
            self.pointer = pointer
        }
        deinit { cpp_ceiling_decoder_destroy(pointer) }
    }
    let decoder = Decoder()
    return { data in
        var count: UInt64 = 0
        let code = data.withUnsafeBytes { bytes in
            cpp_ceiling_decode_walk(decoder.pointer, workload, walk, bytes.baseAddress, bytes.count, &count)
        }
        guard code == 0 else { fail("the C++ ceiling failed with simdjson error \(code)") }
        return count
    }
}

// The same models and options as Benchmarks/SimdUnboxBenchmarks (SimdUnboxBenchmarks.swift and
// UserStyleBenchmarks.swift register them for timing).
func competitors(for workload: Workload) -> ProbeCompetitors? {
    if workload.family == .declared { return declaredCompetitors(for: workload) }
    if let userStyleCase = workload.userStyleCase {
        let snakeCaseISO8601: (inout DecoderOptions) -> Void = {
            $0.keys = .convertFromSnakeCase
            $0.dates = .iso8601
        }
        switch userStyleCase {
        case .twitter: return .both(Timeline<Tweet>.self) { $0.dates = .formatted(UserStyleFormatters.twitterDate) }
        case .twitterWithoutDates: return .both(Timeline<TweetWithoutDate>.self)
        case .citm: return .both(TicketCatalog.self) { $0.dates = .millisecondsSince1970 }
        case .canada: return .both(CountryShapes.self)
        case .githubEvents: return .both([Activity].self) { $0.dates = .formatted(UserStyleFormatters.githubDate) }
        case .twitterFormattedNatively:
            return .codable(Timeline<Tweet>.self) { $0.dates = .formattedNatively(UserStyleFormatters.twitterDate) }
        case .githubEventsFormattedNatively:
            return .codable([Activity].self) { $0.dates = .formattedNatively(UserStyleFormatters.githubDate) }
        case .codableTwitter: return .codable(TwitterSearch.self, snakeCaseISO8601)
        case .codableGitHubEvents: return .codable([GitHubActivityEvent].self, snakeCaseISO8601)
        case .ordersDocumentOrder: return .both([Order].self)
        case .ordersReverseOrder: return .both([ReversedOrder].self)
        case .ordersAbsentKeys, .ordersPresentKeys: return .both([OrderWithAbsentKeys].self)
        case .ordersSkippedKeys: return .both([Order].self)
        case .ordersTriedKeys: return .codable([OrderWithTriedKeys].self)
        case .ordersKeyPaths: return .both([FlatOrder].self)
        case .ordersConvertFromSnakeCase: return .codable([ShopOrder].self) { $0.keys = .convertFromSnakeCase }
        case .ordersCamelCase: return .codable([ShopOrder].self)
        case .ordersLateContainers: return .codable([LateContainerOrder].self)
        case .streamReadings:
            // The JSON Lines log read from its file, as the benchmark reads it.
            let simd = SimdJSONDecoder()
            simd.dateDecodingStrategy = .iso8601
            let foundation = JSONDecoder()
            foundation.dateDecodingStrategy = .iso8601
            return ProbeCompetitors(
                simdUnbox: { _ in
                    var reader = try JSONStreamReader<SensorReading>(
                        contentsOf: workload.inputFile(), format: .jsonLines)
                    var count = 0
                    while try reader.next() != nil { count += 1 }
                    return count
                },
                simdJSONDecoder: { _ in
                    var reader = try simd.reader(
                        of: SensorReading.self, contentsOf: workload.inputFile(), format: .jsonLines)
                    var count = 0
                    while try reader.next() != nil { count += 1 }
                    return count
                },
                jsonDecoder: { _ in
                    let data = try Data(contentsOf: workload.inputFile())
                    var count = 0
                    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
                        _ = try foundation.decode(SensorReading.self, from: line)
                        count += 1
                    }
                    return count
                })
        }
    }
    if let variant = workload.streamVariant {
        // The stream variants read their file through the file readers, on `parallelism` threads:
        // callgrind counts every thread's instructions, so one thread against two shows what the
        // hand-over costs in work (the wall-clock gain is the benchmark's to measure).
        let format: JSONStreamFormat =
            switch workload.source {
            case .generatedLines, .generatedFaultyLines: .jsonLines
            default: .array
            }
        let policy: JSONStreamErrorPolicy = variant.skips ? .skip { _ in } : .stop
        let simd = SimdJSONDecoder()
        return ProbeCompetitors(
            simdUnbox: { _ in
                var reader = try JSONStreamReader<Record>(
                    contentsOf: workload.inputFile(), format: format, onError: policy,
                    parallelism: variant.parallelism)
                var count = 0
                while try reader.next() != nil { count += 1 }
                return count
            },
            simdJSONDecoder: { _ in
                var reader = try simd.reader(
                    of: Record.self, contentsOf: workload.inputFile(), format: format, onError: policy,
                    parallelism: variant.parallelism)
                var count = 0
                while try reader.next() != nil { count += 1 }
                return count
            },
            jsonDecoder: { _ in fail("\(workload.name) has no JSONDecoder competitor") })
    }
    switch workload.name {
    case "twitter.json": return .both(TwitterResponse.self)
    case "citm_catalog.json": return .both(CitmCatalog.self)
    case "canada.json": return .both(FeatureCollection.self)
    case "gsoc-2018.json": return .both([String: GsocProject].self)
    case "github_events.json": return .both([GitHubEvent].self)
    case let name where name.hasPrefix("records-"): return .both([Record].self)
    case "partial-twitter.json":
        let simd = SimdJSONDecoder()
        let foundation = JSONDecoder()
        return ProbeCompetitors(
            simdUnbox: { try unbox(data: $0, atKeyPath: "statuses") as [PartialStatus] },
            simdJSONDecoder: { try simd.decode(PartialTwitterResponse.self, from: $0).statuses },
            jsonDecoder: { try foundation.decode(PartialTwitterResponse.self, from: $0).statuses })
    case let name where name.hasPrefix("partial-records-"): return .both([RecordSummary].self)
    default: return nil
    }
}

/// The encoding workloads: the corpus models of a file, decoded once, encoded by each encoder.
func encoders(for name: String) -> [String: Decode]? {
    let sorted = name.hasPrefix("encode-sorted-")
    guard name.hasPrefix("encode-") else { return nil }
    let file = String(name.dropFirst(sorted ? "encode-sorted-".count : "encode-".count))
    func both<Model: Codable>(_: Model.Type) -> [String: Decode] {
        let simd = SimdJSONEncoder()
        let foundation = JSONEncoder()
        if sorted {
            simd.outputFormatting = [.sortedKeys]
            foundation.outputFormatting = [.sortedKeys]
        }
        // The models are decoded once, on first use: only the encoding is repeated.
        let models = Models<Model>(file: file)
        return [
            "SimdJSONEncoder": { _ in try simd.encode(models.value()) },
            "JSONEncoder": { _ in try foundation.encode(models.value()) },
        ]
    }
    if file == "lines-1MB" { return lineWriters(poolBytes: 1_000_000) }
    switch file {
    case "twitter.json": return both(TwitterResponse.self)
    case "citm_catalog.json": return both(CitmCatalog.self)
    case "canada.json": return both(FeatureCollection.self)
    case "gsoc-2018.json": return both([String: GsocProject].self)
    default: return nil
    }
}

/// The JSON Lines workload: records decoded once from a generated array of `poolBytes`, written
/// as JSON Lines by each competitor (one pass a run; the benchmark's `encode-lines-1MB`).
func lineWriters(poolBytes: Int) -> [String: Decode] {
    final class Records: @unchecked Sendable {
        let poolBytes: Int
        var decoded: [Record]?
        init(poolBytes: Int) { self.poolBytes = poolBytes }
        func value() throws -> [Record] {
            if let decoded { return decoded }
            let pool = Workload(name: "records-pool", kind: .full, source: .generated(bytes: poolBytes))
            let records = try unbox(data: pool.loadInput()) as [Record]
            decoded = records
            return records
        }
    }
    let records = Records(poolBytes: poolBytes)
    return [
        "SimdJSONEncoder": { _ in
            var written = 0
            let writer = SimdJSONStreamWriter(format: .jsonLines) { written &+= $0.count }
            for record in try records.value() { try writer.write(record) }
            try writer.finish()
            return written
        },
        "JSONEncoder": { _ in
            var written = 0
            let encoder = JSONEncoder()
            for record in try records.value() {
                written &+= try encoder.encode(record).count
                written &+= 1
            }
            return written
        },
        // The floor: what visiting the records' structure costs any encoder (DiscardingEncoder.swift).
        "DiscardingEncoder": { _ in
            let encoder = DiscardingEncoder()
            for record in try records.value() { try record.encode(to: encoder) }
            return 0
        },
    ]
}

/// The models of a corpus file, decoded with `JSONDecoder` the first time they are asked for.
final class Models<Model: Decodable>: @unchecked Sendable {
    private let file: String
    private var decoded: Model?

    init(file: String) { self.file = file }

    func value() throws -> Model {
        if let decoded { return decoded }
        let data = try Data(contentsOf: Workloads.dataDirectory.appendingPathComponent(file))
        let model = try JSONDecoder().decode(Model.self, from: data)
        decoded = model
        return model
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(64)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    for workload in Workloads.all {
        guard let competitors = competitors(for: workload) else { continue }
        if workload.family == .declared {
            print(workload.name, "SimdUnbox")
            continue
        }
        let cpp = cppWorkload(for: workload) == nil ? [] : ["C++simdjson", "C++single-pass"]
        let names = [competitors.simdUnbox.map { _ in "SimdUnbox" }, "SimdJSONDecoder", "JSONDecoder"] + cpp
        print(workload.name, names.compactMap { $0 }.joined(separator: " "))
    }
    for file in ["twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json"] {
        print("encode-\(file) SimdJSONEncoder JSONEncoder")
        print("encode-sorted-\(file) SimdJSONEncoder JSONEncoder")
    }
    print("encode-lines-1MB SimdJSONEncoder JSONEncoder DiscardingEncoder")
    exit(0)
}
if arguments.first == "--core-round-trip" {
    print("\(CoreRoundTrip.measure()) ns")
    exit(0)
}
guard arguments.count == 3, let decodes = Int(arguments[arguments.startIndex + 2]), decodes >= 0 else {
    fail(
        "usage: InstructionProbe <workload> <SimdUnbox|SimdJSONDecoder|JSONDecoder|C++simdjson|C++single-pass> <decodes>"
            + " | --list"
            + " | --core-round-trip")
}
let workloadName = arguments[arguments.startIndex]
let competitorName = arguments[arguments.startIndex + 1]
if let encoding = encoders(for: workloadName) {
    guard let encode = encoding[competitorName] else { fail("\(workloadName) has no competitor \(competitorName)") }
    do {
        // The models are decoded here, before the counted encodes.
        _ = try encode(Data())
        for _ in 0..<decodes { _ = try encode(Data()) }
    } catch {
        fail("\(workloadName):\(competitorName) failed: \(error)")
    }
    exit(0)
}
guard let workload = Workloads.named(workloadName), let competitors = competitors(for: workload) else {
    fail("no such workload: \(workloadName) (InstructionProbe --list names them)")
}
let decode: Decode? =
    switch competitorName {
    case "SimdUnbox": competitors.simdUnbox
    case "SimdJSONDecoder": competitors.simdJSONDecoder
    case "JSONDecoder": competitors.jsonDecoder
    case "C++simdjson": cppWorkload(for: workload).map { cppDecode($0, walk: CPP_CEILING_FIND_FIELD) }
    case "C++single-pass": cppWorkload(for: workload).map { cppDecode($0, walk: CPP_CEILING_SINGLE_PASS) }
    default: workerSideDecode(workload, competitorName)
    }
guard let decode else { fail("\(workloadName) has no competitor \(competitorName)") }

let input: Data
do {
    // The streams read their files themselves.
    let readsFile =
        workload.streamVariant != nil || workload.userStyleCase == .streamReadings || workload.kind == .stream
    input = readsFile ? Data() : try workload.loadInput()
} catch {
    fail("cannot load \(workloadName): \(error)")
}
for _ in 0..<decodes {
    do {
        _ = try decode(input)
    } catch {
        fail("\(workloadName):\(competitorName) failed: \(error)")
    }
}
