// The user-style family: models written the way apps write them (Tests/CorpusModels/UserStyle*.swift),
// beside the suite's own document-order models. Their fields are declared in the app's order, read
// with `try?` where a value is often missing or null, reached by key paths, and dates go through
// the formatters apps use; the Codable twins use nested containers, `decodeIfPresent` and the
// decoder's key and date strategies. Competitors, as `user-<workload>:<competitor>`:
//
//   SimdUnbox        unbox(data:) into the Unboxable model (absent from the Codable-only workloads)
//   SimdJSONDecoder  SimdUnbox's Codable decoder into the same struct, with the workload's options
//   JSONDecoder      Foundation's JSONDecoder into the same struct, with the same options
//
// `user-stream-readings-*` reads a JSON Lines file (JSONStreamReader, SimdJSONDecoder's reader)
// against JSONDecoder decoding its lines one by one. A `<workload>:validation` benchmark checks,
// in its own process, that all competitors decode equal models (and, for the orders, that every
// idiom holds the same values as the document-order model).
import Benchmark
import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox

/// The decoder options of a workload, applied alike to `JSONDecoder` and `SimdJSONDecoder`.
struct DecodingOptions: Sendable {
    var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate

    func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        return decoder
    }

    func simdJSONDecoder() -> SimdJSONDecoder {
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        return decoder
    }
}

/// How each competitor decodes one user-style workload into `Model`.
struct UserStyleCompetitors<Model: Equatable & Sendable>: Sendable {
    var simdUnbox: (@Sendable (Data) throws -> Model)?
    var simdJSONDecoder: @Sendable (SimdJSONDecoder, Data) throws -> Model
    var jsonDecoder: @Sendable (JSONDecoder, Data) throws -> Model
    var options: DecodingOptions
    /// For the orders: the document `Order` model of the same input, which every idiom must
    /// match value for value (compared through `ModelInspection` summaries).
    var sameValuesAs: (@Sendable (Data) throws -> ModelInspection.Summary)?
}

extension UserStyleCompetitors where Model: UnboxCompatible & Decodable {
    /// The Unbox model and its Codable twin (the same struct).
    static func unboxAndCodable(_: Model.Type, _ options: DecodingOptions = .init()) -> Self {
        Self(
            simdUnbox: { try unbox(data: $0) as Model },
            simdJSONDecoder: { try $0.decode(Model.self, from: $1) },
            jsonDecoder: { try $0.decode(Model.self, from: $1) },
            options: options
        )
    }
}

extension UserStyleCompetitors where Model: Decodable {
    /// A plain Codable model: the two Codable decoders only.
    static func codable(_: Model.Type, _ options: DecodingOptions) -> Self {
        Self(
            simdUnbox: nil,
            simdJSONDecoder: { try $0.decode(Model.self, from: $1) },
            jsonDecoder: { try $0.decode(Model.self, from: $1) },
            options: options
        )
    }

    /// The same, also checked against the document-order orders.
    func withOrderValues() -> Self {
        var competitors = self
        competitors.sameValuesAs = { ModelInspection.summarize(try unbox(data: $0) as [Order]) }
        return competitors
    }

    /// The same, checked against the document-order orders of the plain snake_case file of
    /// `workload`'s size: for inputs that hold those orders written otherwise (camelCase keys, the
    /// optional fields added).
    func withPlainOrderValues(sizedAs workload: Workload) -> Self {
        var competitors = self
        let plain = Workload(
            name: workload.name, kind: .full,
            source: .generatedOrders(bytes: workload.generatedBytes ?? 0, keyStyle: .snakeCase))
        competitors.sameValuesAs = { _ in ModelInspection.summarize(try unbox(data: try plain.loadInput()) as [Order]) }
        return competitors
    }
}

func registerUserStyle(_ workload: Workload) {
    guard let userStyleCase = workload.userStyleCase else {
        fatalError("\(workload.name) is not a user-style workload")
    }
    let githubDates = DecodingOptions(dates: .formatted(UserStyleFormatters.githubDate))
    let snakeCaseISO8601 = DecodingOptions(keys: .convertFromSnakeCase, dates: .iso8601)
    switch userStyleCase {
    case .twitter:
        let options = DecodingOptions(dates: .formatted(UserStyleFormatters.twitterDate))
        registerUserStyle(workload, .unboxAndCodable(Timeline<Tweet>.self, options))
    case .twitterWithoutDates:
        registerUserStyle(workload, .unboxAndCodable(Timeline<TweetWithoutDate>.self))
    case .citm:
        registerUserStyle(
            workload, .unboxAndCodable(TicketCatalog.self, DecodingOptions(dates: .millisecondsSince1970)))
    case .canada:
        registerUserStyle(workload, .unboxAndCodable(CountryShapes.self))
    case .githubEvents:
        registerUserStyle(workload, .unboxAndCodable([Activity].self, githubDates))
    case .twitterFormattedNatively:
        let options = DecodingOptions(dates: .formattedNatively(UserStyleFormatters.twitterDate))
        registerUserStyle(workload, .codable(Timeline<Tweet>.self, options))
    case .githubEventsFormattedNatively:
        let options = DecodingOptions(dates: .formattedNatively(UserStyleFormatters.githubDate))
        registerUserStyle(workload, .codable([Activity].self, options))
    case .codableTwitter:
        registerUserStyle(workload, .codable(TwitterSearch.self, snakeCaseISO8601))
    case .codableGitHubEvents:
        registerUserStyle(workload, .codable([GitHubActivityEvent].self, snakeCaseISO8601))
    case .ordersDocumentOrder:
        registerUserStyle(workload, .unboxAndCodable([Order].self))
    case .ordersReverseOrder:
        registerUserStyle(workload, UserStyleCompetitors.unboxAndCodable([ReversedOrder].self).withOrderValues())
    case .ordersAbsentKeys:
        registerUserStyle(workload, UserStyleCompetitors.unboxAndCodable([OrderWithAbsentKeys].self).withOrderValues())
    case .ordersPresentKeys:
        registerUserStyle(workload, .unboxAndCodable([OrderWithAbsentKeys].self))
    case .ordersSkippedKeys:
        // The orders with the optional fields hold the values of those without them.
        registerUserStyle(
            workload, UserStyleCompetitors.unboxAndCodable([Order].self).withPlainOrderValues(sizedAs: workload))
    case .ordersTriedKeys:
        registerUserStyle(
            workload, UserStyleCompetitors.codable([OrderWithTriedKeys].self, DecodingOptions()).withOrderValues())
    case .ordersKeyPaths:
        registerUserStyle(workload, UserStyleCompetitors.unboxAndCodable([FlatOrder].self).withOrderValues())
    case .ordersConvertFromSnakeCase:
        let options = DecodingOptions(keys: .convertFromSnakeCase)
        registerUserStyle(workload, UserStyleCompetitors.codable([ShopOrder].self, options).withOrderValues())
    case .ordersCamelCase:
        // The camelCase file holds the same values as the snake_case one.
        registerUserStyle(
            workload,
            UserStyleCompetitors.codable([ShopOrder].self, DecodingOptions()).withPlainOrderValues(sizedAs: workload))
    case .ordersLateContainers:
        registerUserStyle(
            workload, UserStyleCompetitors.codable([LateContainerOrder].self, DecodingOptions()).withOrderValues())
    case .streamReadings:
        registerReadingsStream(workload)
    }
}

func registerUserStyle<Model>(_ workload: Workload, _ competitors: UserStyleCompetitors<Model>) {
    let configuration = configuration(for: workload)
    let setup: Benchmark.BenchmarkSetupHook = { try SuiteSetup.prepare(workload, validation: nil) }
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SuiteSetup.input(for: workload).count) }
        },
        setup: {
            try SuiteSetup.prepare(workload) { data in try validateUserStyle(workload, data, competitors) }
        })

    if let simdUnbox = competitors.simdUnbox {
        Benchmark(
            name(.simdUnbox), configuration: configuration,
            closure: { benchmark in
                let data = SuiteSetup.input(for: workload)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try simdUnbox(data))
                }
                benchmark.stopMeasurement()
            }, setup: setup)
    }

    Benchmark(
        name(.simdJSONDecoder), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = competitors.options.simdJSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.simdJSONDecoder(decoder, data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.jsonDecoder), configuration: configuration,
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            let decoder = competitors.options.jsonDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.jsonDecoder(decoder, data))
            }
            benchmark.stopMeasurement()
        }, setup: setup)
}

/// Fails loudly unless every competitor decodes a model equal to JSONDecoder's (and, for the
/// orders, one that holds the values of the document-order model).
func validateUserStyle<Model>(_ workload: Workload, _ data: Data, _ competitors: UserStyleCompetitors<Model>) throws {
    let started = ContinuousClock.now
    SuiteSetup.announceKernels()
    let reference = try competitors.jsonDecoder(competitors.options.jsonDecoder(), data)
    var checked = ["JSONDecoder"]
    if let simdUnbox = competitors.simdUnbox {
        try SuiteSetup.expectEqual(
            reference, try simdUnbox(data), workload, "SimdUnbox", doubleTolerance: 0, referenceName: "JSONDecoder")
        checked.append("SimdUnbox")
    }
    let codable = try competitors.simdJSONDecoder(competitors.options.simdJSONDecoder(), data)
    try SuiteSetup.expectEqual(
        reference, codable, workload, "SimdJSONDecoder", doubleTolerance: 0, referenceName: "JSONDecoder")
    checked.append("SimdJSONDecoder")
    let summary = ModelInspection.summarize(reference)
    if let sameValuesAs = competitors.sameValuesAs {
        let expected = try sameValuesAs(data)
        guard summary.matches(expected) else {
            SuiteSetup.fail(
                "\(workload.name): the model holds other values than the document-order orders\n"
                    + "  this model: \(summary)\n  Order:      \(expected)")
        }
        checked.append("the document-order Order values")
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): \(checked.joined(separator: " == ")) "
            + "(\(summary.strings) strings, \(summary.integers + summary.doubles) numbers; "
            + String(format: "%.1f s)", seconds))
}

// MARK: - JSON Lines

/// What a competitor computes from the readings of the log: enough to tell two runs apart.
struct ReadingChecksum: Equatable {
    var count = 0
    var errorCodeSum = 0
    var sensorBytes = 0

    mutating func add(_ reading: SensorReading) {
        count += 1
        errorCodeSum &+= reading.errorCode ?? 0
        sensorBytes &+= reading.sensorId.utf8.count
    }
}

/// The ways of reading `user-stream-readings-*`: each reads the file itself, inside the measurement.
enum ReadingCompetitors {
    static let options = DecodingOptions(dates: .iso8601)

    static func simdUnbox(_ url: URL, _ body: (SensorReading) -> Void) throws {
        var reader = try JSONStreamReader<SensorReading>(contentsOf: url, format: .jsonLines)
        while let reading = try reader.next() { body(reading) }
    }

    static func simdJSONDecoder(_ decoder: SimdJSONDecoder, _ url: URL, _ body: (SensorReading) -> Void) throws {
        var reader = try decoder.reader(of: SensorReading.self, contentsOf: url, format: .jsonLines)
        while let reading = try reader.next() { body(reading) }
    }

    /// JSONDecoder: the whole file in memory, then each line decoded.
    static func jsonDecoder(_ decoder: JSONDecoder, _ url: URL, _ body: (SensorReading) -> Void) throws {
        let data = try Data(contentsOf: url)
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            body(try decoder.decode(SensorReading.self, from: line))
        }
    }
}

func registerReadingsStream(_ workload: Workload) {
    let configuration = configuration(for: workload)
    func name(_ competitor: Competitor) -> String { "\(workload.name):\(competitor.rawValue)" }
    let setup: Benchmark.BenchmarkSetupHook = { _ = try workload.inputFile() }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in try validateReadings(workload) },
        setup: setup)

    Benchmark(
        name(.simdUnbox), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = ReadingChecksum()
                try ReadingCompetitors.simdUnbox(url) { checksum.add($0) }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.simdJSONDecoder), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = ReadingCompetitors.options.simdJSONDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = ReadingChecksum()
                try ReadingCompetitors.simdJSONDecoder(decoder, url) { checksum.add($0) }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)

    Benchmark(
        name(.jsonDecoder), configuration: configuration,
        closure: { benchmark in
            let url = try workload.inputFile()
            let decoder = ReadingCompetitors.options.jsonDecoder()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                var checksum = ReadingChecksum()
                try ReadingCompetitors.jsonDecoder(decoder, url) { checksum.add($0) }
                blackHole(checksum)
            }
            benchmark.stopMeasurement()
        }, setup: setup)
}

/// Fails loudly unless both streams hand out exactly the readings JSONDecoder decodes, in order.
func validateReadings(_ workload: Workload) throws {
    let started = ContinuousClock.now
    let url = try workload.inputFile()
    var reference: [SensorReading] = []
    try ReadingCompetitors.jsonDecoder(ReadingCompetitors.options.jsonDecoder(), url) { reference.append($0) }
    var streamed: [SensorReading] = []
    streamed.reserveCapacity(reference.count)
    try ReadingCompetitors.simdUnbox(url) { streamed.append($0) }
    try SuiteSetup.expectEqual(
        reference, streamed, workload, "SimdUnbox", doubleTolerance: 0, referenceName: "JSONDecoder")
    streamed.removeAll(keepingCapacity: true)
    try ReadingCompetitors.simdJSONDecoder(ReadingCompetitors.options.simdJSONDecoder(), url) { streamed.append($0) }
    try SuiteSetup.expectEqual(
        reference, streamed, workload, "SimdJSONDecoder", doubleTolerance: 0, referenceName: "JSONDecoder")
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): both streams == JSONDecoder (\(reference.count) readings; "
            + String(format: "%.1f s)", seconds))
}
