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
        /// (`JSONStreamReader`, `JSONFileStream`): nothing is kept but a running checksum.
        case stream
    }

    /// How a streaming workload reads its file.
    public enum StreamMode: String, Sendable {
        /// A synchronous reader (`JSONStreamReader`, `SimdJSONDecoder.reader(of:contentsOf:)`).
        case reader
        /// An `AsyncSequence` (`JSONFileStream`, `SimdJSONDecoder.stream(of:contentsOf:)`).
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
        /// A generated array of orders (see `OrderGenerator`) of about this many bytes.
        case generatedOrders(bytes: Int, keyStyle: OrderGenerator.KeyStyle, optionalFields: Bool = false)
        /// Generated sensor readings (see `ReadingGenerator`), one per line, about this many bytes.
        case generatedReadings(bytes: Int)
        /// The records of `generatedLines(bytes:)`, with one line in `badLineEvery` made bad (see
        /// `GeneratedData.faultyLinesFile`).
        case generatedFaultyLines(bytes: Int, badLineEvery: Int)
    }

    /// Which family of models a workload belongs to.
    public enum Family: String, Sendable {
        /// Models written by the suite's authors: fields read in document order, few key paths or
        /// absent keys.
        case tuned
        /// Models written the way users write them (see `UserStyleCase`).
        case userStyle = "user-style"
        /// Models declared with `@Unboxable` (see `DeclaredCase`).
        case declared
    }

    /// The workloads of the declared family (`declared-<workload>`): models declared with
    /// `@Unboxable`, decoded with `unbox(data:)` only.
    public enum DeclaredCase: String, Sendable {
        /// The twin of the tuned workload named after the prefix (`declared-twitter.json`): the
        /// same input, declared models of the same shape.
        case twin
        /// Generated orders, properties declared in document order (the reference of the four below).
        case ordersDocumentOrder
        /// Properties declared in an order of the app's own, unlike the document's.
        case ordersShuffledOrder
        /// Every object's properties declared in reverse document order.
        case ordersReverseOrder
        /// Document order plus six optional properties that no order has.
        case ordersAbsentKeys
        /// Nested values declared with key paths (`shipping.address.city`) instead of nested models.
        case ordersKeyPaths
    }

    /// The prefix of the declared family's workload names.
    public static let declaredPrefix = "declared-"

    /// The workloads of the user-style family: models written as apps write them, in their own
    /// field order, with `try?`, key paths, date formatters and key strategies.
    public enum UserStyleCase: String, Sendable {
        /// twitter.json: Unbox model, DateFormatter `EEE MMM dd HH:mm:ss Z yyyy`, and its Codable twin.
        case twitter
        /// The same without the text dates (kept as strings): what the decoder itself costs.
        case twitterWithoutDates
        /// citm_catalog.json: important fields first, `try?` for the null fields, millisecond dates.
        case citm
        /// canada.json: the geometry reached by key paths.
        case canada
        /// github_events.json: key paths into actor, repo and payload, a `yyyy-MM-dd'T'HH:mm:ssZ` formatter.
        case githubEvents
        /// twitter.json, the Codable twin of `twitter` only, its dates through
        /// `.formattedNatively(formatter)`: on Linux, Foundation's `.formatted(formatter)` is an opaque
        /// closure that no decoder can parse natively.
        case twitterFormattedNatively
        /// github_events.json, likewise.
        case githubEventsFormattedNatively
        /// twitter.json as plain Codable: camelCase properties, `.convertFromSnakeCase`.
        case codableTwitter
        /// github_events.json as plain Codable: `.convertFromSnakeCase`, `.iso8601`, a free-form payload enum.
        case codableGitHubEvents
        /// Generated orders, fields read in document order (the reference for the three below).
        case ordersDocumentOrder
        /// The same orders, every object's fields read in reverse order.
        case ordersReverseOrder
        /// Document order plus six optional keys that no order has.
        case ordersAbsentKeys
        /// The same model on orders that have the six keys (`OrderGenerator`'s optional fields).
        case ordersPresentKeys
        /// The document-order model on those orders, stepping over the six keys: the reference of
        /// `ordersPresentKeys`, on the same input.
        case ordersSkippedKeys
        /// The six absent keys read by a hand-written `init(from:)` with `try? decode(_:forKey:)`
        /// (Codable only).
        case ordersTriedKeys
        /// Nested values read through key paths (`shipping.address.city`) instead of nested models.
        case ordersKeyPaths
        /// The orders with snake_case keys, decoded with `.convertFromSnakeCase` into camelCase properties.
        case ordersConvertFromSnakeCase
        /// The same orders with camelCase keys, decoded with the default keys into the same models.
        case ordersCamelCase
        /// The orders flattened through nested containers all taken first, then read in declaration
        /// order (each read after its parent moved on).
        case ordersLateContainers
        /// Sensor readings from a JSON Lines file, one small model a line, with a key path and a date.
        case streamReadings

        /// Whether only the Codable decoders are measured (no Unbox model).
        public var isCodableOnly: Bool {
            switch self {
            case .codableTwitter, .codableGitHubEvents, .ordersTriedKeys, .ordersConvertFromSnakeCase,
                .ordersCamelCase, .ordersLateContainers, .twitterFormattedNatively, .githubEventsFormattedNatively:
                true
            default: false
            }
        }
    }

    public var name: String
    public var kind: Kind
    public var source: Source
    /// For `.stream` workloads, how the file is read.
    public var streamMode: StreamMode?
    /// For `.stream` workloads, the model of each record.
    public var streamModel: StreamModel
    /// For the user-style family, which of its workloads this is; `nil` for the tuned models.
    public var userStyleCase: UserStyleCase?
    /// For the stream variants (`Workloads.streamVariants`): how the stream is read and which
    /// workload it is measured against; nil for every other workload.
    public var streamVariant: StreamVariant?
    /// For the declared family, which of its workloads this is; `nil` for every other workload.
    public var declaredCase: DeclaredCase?

    public init(
        name: String, kind: Kind, source: Source, streamMode: StreamMode? = nil, streamModel: StreamModel = .record,
        userStyleCase: UserStyleCase? = nil, streamVariant: StreamVariant? = nil, declaredCase: DeclaredCase? = nil
    ) {
        self.name = name
        self.kind = kind
        self.source = source
        self.streamMode = streamMode
        self.streamModel = streamModel
        self.userStyleCase = userStyleCase
        self.streamVariant = streamVariant
        self.declaredCase = declaredCase
    }

    /// The family of models the workload decodes into.
    public var family: Family {
        if declaredCase != nil { return .declared }
        return userStyleCase == nil ? .tuned : .userStyle
    }

    /// The declared twin of this tuned workload: the same input, `declared-` before its name.
    func declaredTwin() -> Workload {
        var twin = self
        twin.name = Self.declaredPrefix + name
        twin.declaredCase = .twin
        return twin
    }

    /// The target size of a generated input; nil for corpus files.
    public var generatedBytes: Int? {
        switch source {
        case .corpus: nil
        case .generated(let bytes), .generatedLines(let bytes), .generatedOrders(let bytes, _, _),
            .generatedReadings(let bytes), .generatedFaultyLines(let bytes, _):
            bytes
        }
    }

    /// Whether this is one of the declared orders (sized like the user-style family).
    public var isDeclaredOrders: Bool {
        switch declaredCase {
        case nil, .twin: false
        default: true
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
        if declaredCase != nil { return [.simdUnbox] }
        if let userStyleCase {
            return userStyleCase.isCodableOnly
                ? [.simdJSONDecoder, .jsonDecoder] : [.simdUnbox, .simdJSONDecoder, .jsonDecoder]
        }
        if streamVariant != nil { return [.simdUnbox, .simdJSONDecoder] }
        if kind == .stream { return [.simdUnbox, .simdJSONDecoder, .jsonDecoder, .cppSimdjson] }
        return isHuge
            ? [.simdUnbox, .simdJSONDecoder, .jsonDecoder, .cppSimdjson, .cppSinglePass] : Competitor.allCases
    }

    /// Reads (or generates, then caches) the input document.
    ///
    /// - Throws: File-system errors.
    public func loadInput() throws -> Data {
        switch source {
        case .corpus(let file):
            return try Data(contentsOf: Workloads.dataDirectory.appendingPathComponent(file))
        case .generated, .generatedLines, .generatedOrders, .generatedReadings, .generatedFaultyLines:
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
        case .generatedOrders(let bytes, let keyStyle, let optionalFields):
            try GeneratedData.ordersFile(targetSize: bytes, keyStyle: keyStyle, optionalFields: optionalFields)
        case .generatedReadings(let bytes): try GeneratedData.readingsFile(targetSize: bytes)
        case .generatedFaultyLines(let bytes, let badLineEvery):
            try GeneratedData.faultyLinesFile(targetSize: bytes, badLineEvery: badLineEvery)
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
    /// simdjson On-Demand into equivalent C++ structs: the ceiling, each field looked up by key
    /// (`find_field`) in document order.
    case cppSimdjson = "C++simdjson"
    /// The same C++ structs, each object's fields iterated once and dispatched on the raw key:
    /// simdjson's fastest pattern.
    case cppSinglePass = "C++single-pass"

    /// The name shown in reports.
    public var displayName: String {
        switch self {
        case .cppSimdjson: "C++ simdjson"
        case .cppSinglePass: "C++ single-pass"
        default: rawValue
        }
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
            workloads.append(
                Workload(name: "records-\(size.label)", kind: .full, source: .generated(bytes: size.bytes)))
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
        // The declared twins of the corpus models, the records and the JSON Lines records.
        let twins = workloads.filter { workload in
            workload.kind != .stream
                || (workload.source == .generatedLines(bytes: workload.generatedBytes ?? 0)
                    && workload.streamMode == .reader && workload.streamModel == .record)
        }.map { $0.declaredTwin() }
        return workloads + streamVariants + userStyle + twins + declaredOrders
    }()

    /// The orders of the user-style family declared in each idiom (`declared-orders-<idiom>-<size>`),
    /// in the user-style family's sizes.
    public static let declaredOrders: [Workload] = userStyleSizes.flatMap { size in
        [
            ("document-order", Workload.DeclaredCase.ordersDocumentOrder),
            ("shuffled-order", .ordersShuffledOrder),
            ("reverse-order", .ordersReverseOrder),
            ("absent-keys", .ordersAbsentKeys),
            ("key-paths", .ordersKeyPaths),
        ].map { idiom, declaredCase in
            Workload(
                name: "\(Workload.declaredPrefix)orders-\(idiom)-\(size.label)", kind: .full,
                source: .generatedOrders(bytes: size.bytes, keyStyle: .snakeCase), declaredCase: declaredCase)
        }
    }

    /// The generated inputs of the user-style family: 10 MB (about 20,000 orders); 1 MB in the
    /// quick pass, which runs only those.
    public static let userStyleSizes: [(label: String, bytes: Int)] = [("1MB", 1_000_000), ("10MB", 10_000_000)]

    /// The user-style family (Tests/CorpusModels/UserStyle*.swift), in report order.
    public static let userStyle: [Workload] = {
        var workloads: [Workload] = [
            ("user-twitter.json", "twitter.json", .twitter),
            ("user-twitter-nodates.json", "twitter.json", .twitterWithoutDates),
            ("user-citm_catalog.json", "citm_catalog.json", .citm),
            ("user-canada.json", "canada.json", .canada),
            ("user-github_events.json", "github_events.json", .githubEvents),
            ("user-twitter-formatted-natively.json", "twitter.json", .twitterFormattedNatively),
            ("user-github_events-formatted-natively.json", "github_events.json", .githubEventsFormattedNatively),
            ("user-codable-twitter.json", "twitter.json", .codableTwitter),
            ("user-codable-github_events.json", "github_events.json", .codableGitHubEvents),
        ].map { (name: String, file: String, userStyleCase: Workload.UserStyleCase) in
            Workload(name: name, kind: .full, source: .corpus(file), userStyleCase: userStyleCase)
        }
        for size in userStyleSizes {
            let orders: [(String, OrderGenerator.KeyStyle, Workload.UserStyleCase)] = [
                ("user-orders-document-order", .snakeCase, .ordersDocumentOrder),
                ("user-orders-reverse-order", .snakeCase, .ordersReverseOrder),
                ("user-orders-absent-keys", .snakeCase, .ordersAbsentKeys),
                ("user-orders-tried-keys", .snakeCase, .ordersTriedKeys),
                ("user-orders-key-paths", .snakeCase, .ordersKeyPaths),
                ("user-orders-convert-snake-case", .snakeCase, .ordersConvertFromSnakeCase),
                ("user-orders-camel-case", .camelCase, .ordersCamelCase),
                ("user-orders-late-containers", .snakeCase, .ordersLateContainers),
            ]
            for (name, keyStyle, userStyleCase) in orders {
                workloads.append(
                    Workload(
                        name: "\(name)-\(size.label)", kind: .full,
                        source: .generatedOrders(bytes: size.bytes, keyStyle: keyStyle), userStyleCase: userStyleCase))
            }
            // What six optional keys cost when the orders have them: read, and stepped over.
            for (name, userStyleCase) in [
                ("user-orders-present-keys", Workload.UserStyleCase.ordersPresentKeys),
                ("user-orders-skipped-keys", .ordersSkippedKeys),
            ] {
                workloads.append(
                    Workload(
                        name: "\(name)-\(size.label)", kind: .full,
                        source: .generatedOrders(bytes: size.bytes, keyStyle: .snakeCase, optionalFields: true),
                        userStyleCase: userStyleCase))
            }
            workloads.append(
                Workload(
                    name: "user-stream-readings-\(size.label)", kind: .stream,
                    source: .generatedReadings(bytes: size.bytes), streamMode: .reader, userStyleCase: .streamReadings))
        }
        return workloads
    }()

    /// The workloads to run: all but the 1 GB ones unless `SIMDUNBOX_BENCH_LARGE=1`, and without the
    /// 100 MB ones when `SIMDUNBOX_BENCH_QUICK=1`. The 1 MB streams run in the quick pass only, and
    /// so do the 1 MB inputs of the user-style family (10 MB otherwise).
    public static var selected: [Workload] {
        all.filter { workload in
            guard let bytes = workload.generatedBytes else { return true }
            if workload.family == .userStyle || workload.isDeclaredOrders {
                return (bytes < 10_000_000) == Environment.quick
            }
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
