import DataGenerator
import Foundation

/// One benchmark workload: an input document and how much of it the models decode.
///
/// Benchmarks are named `<workload>:<competitor>`, for example `twitter.json:SimdUnbox` or
/// `partial-records-1MB:JSONDecoder`. (package-benchmark turns `/` and spaces in a benchmark name
/// into `_` when it writes threshold files, but not when it reads them, so names use neither.)
public struct Workload: Hashable, Sendable {
    /// What the models decode.
    public enum Kind: String, Sendable {
        /// Most fields of every object.
        case full
        /// Two or three fields of each status or record.
        case partial
        /// Every field of every record, one model at a time, read from a file in pieces
        /// (`UnboxStreamReader`, `UnboxFileStream`): nothing is kept but a running checksum.
        case stream
    }

    /// How a streaming workload reads its file.
    public enum StreamMode: String, Sendable {
        /// A synchronous reader (`UnboxStreamReader`, `SimdJSONDecoder.reader(of:contentsOf:)`).
        case reader
        /// An `AsyncSequence` (`UnboxFileStream`, `SimdJSONDecoder.stream(of:contentsOf:)`).
        case async
    }

    /// What a streaming workload decodes each record into.
    public enum StreamModel: String, Sendable {
        /// Every field (`Record`).
        case record
        /// Three fields (`RecordSummary`): a small model over the same records.
        case summary
    }

    /// Where the input document comes from.
    public enum Source: Hashable, Sendable {
        /// A file of the checked-in corpus (`Benchmarks/Data/`).
        case corpus(String)
        /// A generated array of records of about this many bytes (see `GeneratedData`).
        case generated(bytes: Int)
        /// Generated records of about this many bytes in all, one per line (JSON Lines).
        case generatedLines(bytes: Int)
    }

    public var name: String
    public var kind: Kind
    public var source: Source
    /// For `.stream` workloads, how the file is read.
    public var streamMode: StreamMode?
    /// For `.stream` workloads, the model of each record.
    public var streamModel: StreamModel

    public init(
        name: String, kind: Kind, source: Source, streamMode: StreamMode? = nil, streamModel: StreamModel = .record
    ) {
        self.name = name
        self.kind = kind
        self.source = source
        self.streamMode = streamMode
        self.streamModel = streamModel
    }

    /// The target size of a generated input; nil for corpus files.
    public var generatedBytes: Int? {
        switch source {
        case .corpus: nil
        case .generated(let bytes), .generatedLines(let bytes): bytes
        }
    }

    /// Whether the input is large enough that the slow competitors get few iterations.
    public var isLarge: Bool {
        (generatedBytes ?? 0) >= 50_000_000
    }

    /// Whether the input is so large (1 GB) that the `JSONSerialization` competitors are left out:
    /// their `[String: Any]` trees would need about 20 times the input size in memory.
    public var isHuge: Bool {
        (generatedBytes ?? 0) >= 500_000_000
    }

    /// The competitors measured on this workload. Streams are compared with `JSONDecoder`
    /// decoding the whole file, the way Foundation users read such files, and with simdjson's C++
    /// reading the whole file's records one at a time.
    public var competitors: [Competitor] {
        if kind == .stream { return [.simdUnbox, .simdJSONDecoder, .jsonDecoder, .cppSimdjson] }
        return isHuge ? [.simdUnbox, .simdJSONDecoder, .jsonDecoder, .cppSimdjson] : Competitor.allCases
    }

    /// Reads (or generates, then caches) the input document.
    ///
    /// - Throws: File-system errors.
    public func loadInput() throws -> Data {
        switch source {
        case .corpus(let file):
            return try Data(contentsOf: Workloads.dataDirectory.appendingPathComponent(file))
        case .generated, .generatedLines:
            return try Data(contentsOf: inputFile())
        }
    }

    /// The input's file (generating it first if needed).
    ///
    /// - Throws: File-system errors.
    public func inputFile() throws -> URL {
        switch source {
        case .corpus(let file): Workloads.dataDirectory.appendingPathComponent(file)
        case .generated(let bytes): try GeneratedData.file(targetSize: bytes)
        case .generatedLines(let bytes): try GeneratedData.file(targetSize: bytes, layout: .jsonLines)
        }
    }

    /// The size of the input document in bytes (generating it first if needed).
    ///
    /// - Throws: File-system errors.
    public func inputByteCount() throws -> Int {
        let url = try inputFile()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = attributes[.size] as? NSNumber else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return size.intValue
    }
}

/// The competitors, in the order of the report's columns.
public enum Competitor: String, CaseIterable, Sendable {
    /// `unbox(data:)` into `Unboxable` models.
    case simdUnbox = "SimdUnbox"
    /// `SimdJSONDecoder` (SimdUnbox's Codable decoder) into the same models (`Decodable`).
    case simdJSONDecoder = "SimdJSONDecoder"
    /// `JSONSerialization.jsonObject(with:)`, then mapping `[String: Any]` into the same models.
    case serializationMapping = "JSONSerialization+mapping"
    /// `JSONSerialization.jsonObject(with:)` alone: the tree, no models.
    case serialization = "JSONSerialization"
    /// Foundation's `JSONDecoder` into the same models (`Decodable`).
    case jsonDecoder = "JSONDecoder"
    /// simdjson On-Demand into equivalent C++ structs: the ceiling.
    case cppSimdjson = "C++simdjson"

    /// The name shown in reports.
    public var displayName: String {
        self == .cppSimdjson ? "C++ simdjson" : rawValue
    }
}

/// The workload catalog shared by the benchmarks and the report.
public enum Workloads {
    /// 1 MB and 100 MB (decimal) arrays of generated records; 1 GB with `SIMDUNBOX_BENCH_LARGE=1`.
    public static let generatedSizes: [(label: String, bytes: Int)] = [
        ("1MB", 1_000_000), ("100MB", 100_000_000), ("1GB", 1_000_000_000),
    ]

    /// The sizes of the streaming workloads: 100 MB; 1 GB with `SIMDUNBOX_BENCH_LARGE=1`; 1 MB only
    /// in the quick pass (which skips 100 MB inputs), so that CI runs the streaming code too.
    public static let streamSizes: [(label: String, bytes: Int)] = [
        ("1MB", 1_000_000), ("100MB", 100_000_000), ("1GB", 1_000_000_000),
    ]

    /// Every workload the suite knows, in report order.
    public static let all: [Workload] = {
        var workloads = ["twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json", "github_events.json"]
            .map { Workload(name: $0, kind: .full, source: .corpus($0)) }
        for size in generatedSizes {
            workloads.append(Workload(name: "records-\(size.label)", kind: .full, source: .generated(bytes: size.bytes)))
        }
        workloads.append(Workload(name: "partial-twitter.json", kind: .partial, source: .corpus("twitter.json")))
        for size in generatedSizes {
            workloads.append(
                Workload(name: "partial-records-\(size.label)", kind: .partial, source: .generated(bytes: size.bytes))
            )
        }
        for size in streamSizes {
            workloads += [
                Workload(
                    name: "stream-records-\(size.label)", kind: .stream, source: .generated(bytes: size.bytes),
                    streamMode: .reader),
                Workload(
                    name: "stream-lines-\(size.label)", kind: .stream, source: .generatedLines(bytes: size.bytes),
                    streamMode: .reader),
                Workload(
                    name: "stream-lines-async-\(size.label)", kind: .stream,
                    source: .generatedLines(bytes: size.bytes), streamMode: .async),
                Workload(
                    name: "stream-summaries-\(size.label)", kind: .stream,
                    source: .generatedLines(bytes: size.bytes), streamMode: .reader, streamModel: .summary),
            ]
        }
        return workloads
    }()

    /// The workloads to run: all but the 1 GB ones unless `SIMDUNBOX_BENCH_LARGE=1`, and without the
    /// 100 MB ones when `SIMDUNBOX_BENCH_QUICK=1`. The 1 MB streams run in the quick pass only.
    public static var selected: [Workload] {
        all.filter { workload in
            guard let bytes = workload.generatedBytes else { return true }
            if workload.kind == .stream && bytes < 100_000_000 { return Environment.quick }
            if bytes >= 1_000_000_000 { return Environment.large }
            if bytes >= 100_000_000 { return !Environment.quick }
            return true
        }
    }

    /// Finds a workload by name.
    public static func named(_ name: String) -> Workload? {
        all.first { $0.name == name }
    }

    /// The checked-in corpus: `SIMDUNBOX_BENCH_DATA` if set, else `Benchmarks/Data` next to this source tree.
    public static var dataDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["SIMDUNBOX_BENCH_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        // Sources/BenchmarkInputs/Workload.swift → Benchmarks/
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Data", isDirectory: true)
    }
}

/// Switches read from the environment (set by `scripts/benchmark.sh`).
public enum Environment {
    /// `SIMDUNBOX_BENCH_QUICK=1`: small inputs and few iterations (a smoke pass for CI).
    public static var quick: Bool { flag("SIMDUNBOX_BENCH_QUICK") }
    /// `SIMDUNBOX_BENCH_LARGE=1`: add the 1 GB workloads.
    public static var large: Bool { flag("SIMDUNBOX_BENCH_LARGE") }

    static func flag(_ name: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[name] else { return false }
        return ["1", "true", "yes"].contains(value.lowercased())
    }
}
