// The declared family: the corpus models and the orders' idioms declared with `@Unboxable`
// (Tests/CorpusModels/Declared*.swift), each decoded with `unbox(data:)` as
// `declared-<workload>:SimdUnbox`, to be read beside the hand-written models' rows and the C++
// ceiling's two walks of the same workload (`<workload>:SimdUnbox`, `:C++simdjson`,
// `:C++single-pass`). A declared model walks each object once whatever order its properties are
// declared in, so the orders' idioms (`declared-orders-<idiom>-<size>`) should cost alike.
//
// A `<workload>:validation` benchmark checks, in its own process, that the declared models hold
// exactly the values of their hand-written twins (the shuffled orders: the same summary as the
// document-order `Order`s).
import Benchmark
import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox

/// How a declared workload is decoded, and what its values are checked against.
struct DeclaredCompetitors: Sendable {
    /// `unbox(data:)` into the declared models.
    var declared: @Sendable (Data) throws -> Any
    /// The same input into the hand-written twin, compared property by property; or, when the
    /// declared model has no twin of the same shape, compared by summary.
    var handWritten: @Sendable (Data) throws -> Any
    var compareShapes = true

    static func twins<Declared: UnboxCompatible & Sendable, HandWritten: UnboxCompatible & Sendable>(
        _: Declared.Type, _: HandWritten.Type, summaryOnly: Bool = false
    ) -> Self {
        Self(
            declared: { try unbox(data: $0) as Declared },
            handWritten: { try unbox(data: $0) as HandWritten },
            compareShapes: !summaryOnly)
    }
}

func registerDeclared(_ workload: Workload) {
    guard let declaredCase = workload.declaredCase else {
        fatalError("\(workload.name) is not a declared workload")
    }
    let competitors: DeclaredCompetitors
    switch declaredCase {
    case .twin:
        let base = String(workload.name.dropFirst(Workload.declaredPrefix.count))
        switch base {
        case "twitter.json": competitors = .twins(DeclaredTwitterResponse.self, TwitterResponse.self)
        case "citm_catalog.json": competitors = .twins(DeclaredCitmCatalog.self, CitmCatalog.self)
        case "canada.json": competitors = .twins(DeclaredFeatureCollection.self, FeatureCollection.self)
        case "gsoc-2018.json": competitors = .twins([String: DeclaredGsocProject].self, [String: GsocProject].self)
        case "github_events.json": competitors = .twins([DeclaredGitHubEvent].self, [GitHubEvent].self)
        case "partial-twitter.json":
            competitors = DeclaredCompetitors(
                declared: { try unbox(data: $0, atKeyPath: "statuses") as [DeclaredPartialStatus] },
                handWritten: { try unbox(data: $0, atKeyPath: "statuses") as [PartialStatus] })
        case let name where name.hasPrefix("records-"):
            competitors = .twins([DeclaredRecord].self, [Record].self)
        case let name where name.hasPrefix("partial-records-"):
            competitors = .twins([DeclaredRecordSummary].self, [RecordSummary].self)
        case let name where name.hasPrefix("stream-lines-"):
            return registerDeclaredStream(workload)
        default:
            fatalError("No declared twin defined for workload \(base)")
        }
    case .ordersDocumentOrder: competitors = .twins([DeclaredOrder].self, [Order].self)
    case .ordersShuffledOrder: competitors = .twins([DeclaredShuffledOrder].self, [Order].self, summaryOnly: true)
    case .ordersReverseOrder: competitors = .twins([DeclaredReversedOrder].self, [ReversedOrder].self)
    case .ordersAbsentKeys: competitors = .twins([DeclaredOrderWithAbsentKeys].self, [OrderWithAbsentKeys].self)
    case .ordersKeyPaths: competitors = .twins([DeclaredFlatOrder].self, [FlatOrder].self)
    }
    registerDeclared(workload, competitors)
}

func registerDeclared(_ workload: Workload, _ competitors: DeclaredCompetitors) {
    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SuiteSetup.input(for: workload).count) }
        },
        setup: {
            try SuiteSetup.prepare(workload) { data in try validateDeclared(workload, data, competitors) }
        })

    Benchmark(
        "\(workload.name):\(Competitor.simdUnbox.rawValue)", configuration: configuration(for: workload),
        closure: { benchmark in
            let data = SuiteSetup.input(for: workload)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try competitors.declared(data))
            }
            benchmark.stopMeasurement()
        }, setup: { try SuiteSetup.prepare(workload, validation: nil) })
}

/// Fails loudly unless the declared models hold the hand-written twin's values.
func validateDeclared(_ workload: Workload, _ data: Data, _ competitors: DeclaredCompetitors) throws {
    let started = ContinuousClock.now
    let declared = try competitors.declared(data)
    let handWritten = try competitors.handWritten(data)
    let summary = ModelInspection.summarize(declared)
    if competitors.compareShapes {
        if let difference = DeclaredTwins.difference(declared, handWritten) {
            SuiteSetup.fail("\(workload.name): the declared models differ from the hand-written ones at \(difference)")
        }
    } else {
        let expected = ModelInspection.summarize(handWritten)
        guard summary.matches(expected) else {
            SuiteSetup.fail(
                "\(workload.name): the declared models hold other values than the hand-written ones\n"
                    + "  declared:     \(summary)\n  hand-written: \(expected)")
        }
    }
    let seconds = started.duration(to: .now) / .seconds(1)
    print(
        "validated \(workload.name): declared == hand-written\(competitors.compareShapes ? "" : " (summaries)") "
            + "(\(summary.strings) strings, \(summary.integers + summary.doubles) numbers; "
            + String(format: "%.1f s)", seconds))
}

// MARK: - JSON Lines

/// The declared records of a JSON Lines file, read one at a time as `stream-lines-*:SimdUnbox`
/// reads the hand-written ones (`JSONStreamReader`, the file read inside the measurement).
func registerDeclaredStream(_ workload: Workload) {
    let setup: Benchmark.BenchmarkSetupHook = { _ = try workload.inputFile() }
    /// What `stream-lines-*:SimdUnbox` folds from each record, from the declared ones.
    func checksum(_ url: URL) throws -> StreamChecksum {
        var checksum = StreamChecksum()
        var reader = try JSONStreamReader<DeclaredRecord>(contentsOf: url, format: .jsonLines)
        while let record = try reader.next() {
            checksum.count += 1
            checksum.idSum &+= record.id
            checksum.textBytes &+= record.name.utf8.count &+ record.bio.utf8.count
        }
        return checksum
    }

    Benchmark(
        "\(workload.name):validation",
        configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1),
        closure: { _ in
            let url = try workload.inputFile()
            var declared: [DeclaredRecord] = []
            var reader = try JSONStreamReader<DeclaredRecord>(contentsOf: url, format: .jsonLines)
            while let record = try reader.next() { declared.append(record) }
            var handWritten: [Record] = []
            var handWrittenReader = try JSONStreamReader<Record>(contentsOf: url, format: .jsonLines)
            while let record = try handWrittenReader.next() { handWritten.append(record) }
            if let difference = DeclaredTwins.difference(declared, handWritten) {
                SuiteSetup.fail(
                    "\(workload.name): the declared records differ from the hand-written ones at \(difference)")
            }
            print("validated \(workload.name): declared == hand-written (\(declared.count) records)")
        }, setup: setup)

    Benchmark(
        "\(workload.name):\(Competitor.simdUnbox.rawValue)", configuration: configuration(for: workload),
        closure: { benchmark in
            let url = try workload.inputFile()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try checksum(url))
            }
            benchmark.stopMeasurement()
        }, setup: setup)
}
