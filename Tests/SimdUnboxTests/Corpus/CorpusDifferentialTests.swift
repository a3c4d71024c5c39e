import CorpusModels
import Foundation
import SimdUnbox
import Testing

/// The benchmark suite's models (`Tests/CorpusModels`), decoded from the standard corpora by
/// SimdUnbox's two APIs, by Foundation's `JSONDecoder` and by `JSONSerialization` plus a mapping,
/// must be equal, doubles bit for bit: what the benchmarks measure is what these tests check.
@Suite struct CorpusDifferentialTests {
    /// The model decoded by `unbox(data:)`, after checking that `SimdJSONDecoder`, `JSONDecoder`
    /// and the `JSONSerialization` mapping decode the same one.
    static func decodedAlike<T: Decodable & UnboxCompatible & Equatable>(
        _: T.Type, _ name: String, mapping: (Any) throws -> T
    ) throws -> T {
        let data = try TestSupport.corpus(name)
        let simd: T = try unbox(data: data)
        let foundation = try JSONDecoder().decode(T.self, from: data)
        let codable = try SimdJSONDecoder().decode(T.self, from: data)
        let mapped = try mapping(JSONSerialization.jsonObject(with: data))
        expectSame(simd, foundation, "JSONDecoder")
        expectSame(simd, codable, "SimdJSONDecoder")
        // JSONSerialization on Linux misrounds a few doubles by some ULPs; every other value is equal.
        if simd != mapped {
            let comparison = ModelInspection.compare(simd, mapped, doubleTolerance: 64)
            #expect(
                comparison.difference == nil, "JSONSerialization mapping: \(String(describing: comparison.difference))")
        }
        return simd
    }

    static func expectSame<T: Equatable>(
        _ simd: T, _ other: T, _ competitor: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if simd == other { return }
        let comparison = ModelInspection.compare(simd, other, doubleTolerance: 0)
        Issue.record(
            "\(competitor) decoded another model, at \(String(describing: comparison.difference))",
            sourceLocation: sourceLocation)
    }

    @Test func twitter() throws {
        let feed = try Self.decodedAlike(TwitterResponse.self, "twitter.json") { try mapModel($0) }
        #expect(feed.statuses.count == 100)
        #expect(feed.statuses.contains { $0.retweetedStatus != nil })
        #expect(feed.statuses.contains { $0.entities.media != nil })
        #expect(feed.statuses.contains { $0.inReplyToStatusId != nil })
        #expect(feed.statuses.contains { $0.user.utcOffset != nil })
        #expect(feed.statuses.contains { $0.user.entities.url != nil })
        #expect(feed.statuses[0].user.screenName == "ayuu0123")
        #expect(feed.statuses[0].id == 505_874_924_095_815_681)
    }

    @Test func twitterFromBytesAndString() throws {
        let data = try TestSupport.corpus("twitter.json")
        let fromData: TwitterResponse = try unbox(data: data)
        let fromBytes: TwitterResponse = try unbox(bytes: Array(data))
        let fromString: TwitterResponse = try unbox(string: String(decoding: data, as: UTF8.self))
        #expect(fromData == fromBytes)
        #expect(fromData == fromString)
        let statuses: [Status] = try unbox(data: data, atKey: "statuses")
        #expect(statuses == fromData.statuses)
        let screenName: String = try unbox(data: data, atKeyPath: "statuses.99.user.screen_name")
        #expect(screenName == fromData.statuses[99].user.screenName)
    }

    @Test func citmCatalog() throws {
        let catalog = try Self.decodedAlike(CitmCatalog.self, "citm_catalog.json") { try mapModel($0) }
        #expect(catalog.events.count == 184)
        #expect(catalog.performances.count == 243)
        #expect(catalog.events["138586341"]?.name == "30th Anniversary Tour")
        #expect(catalog.performances[0].prices.first?.amount == 90250)
    }

    @Test func canada() throws {
        let collection = try Self.decodedAlike(FeatureCollection.self, "canada.json") { try mapModel($0) }
        let coordinates = collection.features.flatMap { $0.geometry.coordinates }.reduce(0) { $0 + $1.count }
        #expect(coordinates > 50_000)
        // Each coordinate is the correctly rounded value of its text.
        let first = try #require(collection.features.first?.geometry.coordinates.first?.first)
        #expect(first == [-65.613616999999977, 43.420273000000009])
    }

    @Test func githubEvents() throws {
        let events = try Self.decodedAlike([GitHubEvent].self, "github_events.json") { try mapModels($0) }
        #expect(events.count == 30)
        #expect(events.contains { $0.org != nil })
        #expect(events.contains { $0.payload.commits?.isEmpty == false })
        let lossy: [GitHubEvent] = try unbox(
            data: TestSupport.corpus("github_events.json"), allowInvalidElements: true)
        #expect(lossy == events)
    }

    @Test func gsoc() throws {
        let projects = try Self.decodedAlike([String: GsocProject].self, "gsoc-2018.json") {
            try mapModelDictionary($0)
        }
        #expect(projects.count == 1264)
    }

    @Test func corpusAsJSONValueMatchesJSONSerialization() throws {
        let data = try TestSupport.corpus("github_events.json")
        let value = try JSONValue(data: data)
        let reference = try JSONSerialization.jsonObject(with: data)
        #expect(Self.same(value, reference))
        try JSONValue.validate(try TestSupport.corpus("citm_catalog.json"))
    }

    static func same(_ value: JSONValue, _ reference: Any) -> Bool {
        switch value {
        case .null: return reference is NSNull
        case .bool(let bool): return (reference as? Bool) == bool
        case .number(let number):
            guard let other = reference as? NSNumber else { return false }
            return number.doubleValue == other.doubleValue
        case .string(let string): return (reference as? String) == string
        case .array(let array):
            guard let other = reference as? [Any], other.count == array.count else { return false }
            return zip(array, other).allSatisfy { same($0, $1) }
        case .object(let object):
            guard let other = reference as? [String: Any], other.count == object.count else { return false }
            return object.allSatisfy { key, element in other[key].map { same(element, $0) } ?? false }
        }
    }
}
