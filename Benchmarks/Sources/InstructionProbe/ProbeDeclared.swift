import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox

/// The declared family (`declared-*`): `unbox(data:)` into the models declared with `@Unboxable`,
/// as Benchmarks/SimdUnboxBenchmarks/DeclaredBenchmarks.swift decodes them; SimdUnbox only.
func declaredCompetitors(for workload: Workload) -> ProbeCompetitors? {
    guard let declaredCase = workload.declaredCase else { return nil }
    func only(_ decode: @escaping Decode) -> ProbeCompetitors {
        ProbeCompetitors(
            simdUnbox: decode,
            simdJSONDecoder: { _ in fail("\(workload.name) has no SimdJSONDecoder competitor") },
            jsonDecoder: { _ in fail("\(workload.name) has no JSONDecoder competitor") })
    }
    switch declaredCase {
    case .twin:
        switch String(workload.name.dropFirst(Workload.declaredPrefix.count)) {
        case "twitter.json": return only { try unbox(data: $0) as DeclaredTwitterResponse }
        case "citm_catalog.json": return only { try unbox(data: $0) as DeclaredCitmCatalog }
        case "canada.json": return only { try unbox(data: $0) as DeclaredFeatureCollection }
        case "gsoc-2018.json": return only { try unbox(data: $0) as [String: DeclaredGsocProject] }
        case "github_events.json": return only { try unbox(data: $0) as [DeclaredGitHubEvent] }
        case "partial-twitter.json":
            return only { try unbox(data: $0, atKeyPath: "statuses") as [DeclaredPartialStatus] }
        case let name where name.hasPrefix("records-"): return only { try unbox(data: $0) as [DeclaredRecord] }
        case let name where name.hasPrefix("partial-records-"):
            return only { try unbox(data: $0) as [DeclaredRecordSummary] }
        case let name where name.hasPrefix("stream-lines-"):
            // The JSON Lines file read from disk, as the benchmark reads it.
            return only { _ in
                var reader = try JSONStreamReader<DeclaredRecord>(contentsOf: workload.inputFile(), format: .jsonLines)
                var count = 0
                while try reader.next() != nil { count += 1 }
                return count
            }
        default: return nil
        }
    case .ordersDocumentOrder: return only { try unbox(data: $0) as [DeclaredOrder] }
    case .ordersShuffledOrder: return only { try unbox(data: $0) as [DeclaredShuffledOrder] }
    case .ordersReverseOrder: return only { try unbox(data: $0) as [DeclaredReversedOrder] }
    case .ordersAbsentKeys: return only { try unbox(data: $0) as [DeclaredOrderWithAbsentKeys] }
    case .ordersKeyPaths: return only { try unbox(data: $0) as [DeclaredFlatOrder] }
    }
}
