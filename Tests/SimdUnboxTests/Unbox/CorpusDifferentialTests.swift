import Foundation
import SimdUnbox
import Testing

/// The same models decoded from the standard corpora by SimdUnbox and by Foundation's
/// `JSONDecoder` must be equal, doubles bit for bit.
@Suite struct CorpusDifferentialTests {
    static func both<T: Decodable & UnboxCompatible & Equatable>(_: T.Type, _ name: String) throws -> (
        simd: T, foundation: T
    ) {
        let data = try TestSupport.corpus(name)
        let simd: T = try unbox(data: data)
        let foundation = try JSONDecoder().decode(T.self, from: data)
        return (simd, foundation)
    }

    @Test func twitter() throws {
        let (simd, foundation) = try Self.both(TwitterFeed.self, "twitter.json")
        #expect(simd.statuses.count == 100)
        #expect(simd.searchMetadata == foundation.searchMetadata)
        for (index, (left, right)) in zip(simd.statuses, foundation.statuses).enumerated() where left != right {
            Issue.record("statuses[\(index)] differs")
        }
        #expect(simd == foundation)
        #expect(simd.statuses.contains { $0.retweetedStatus != nil })
        #expect(simd.statuses.contains { $0.entities.media != nil })
        #expect(simd.statuses.contains { $0.inReplyToStatusID != nil })
        #expect(simd.statuses.contains { $0.user.utcOffset != nil })
        #expect(simd.statuses.contains { $0.user.entities.url != nil })
        #expect(simd.statuses[0].user.screenName == "ayuu0123")
        #expect(simd.statuses[0].id == 505_874_924_095_815_681)
    }

    @Test func twitterFromBytesAndString() throws {
        let data = try TestSupport.corpus("twitter.json")
        let fromData: TwitterFeed = try unbox(data: data)
        let fromBytes: TwitterFeed = try unbox(bytes: Array(data))
        let fromString: TwitterFeed = try unbox(string: String(decoding: data, as: UTF8.self))
        #expect(fromData == fromBytes)
        #expect(fromData == fromString)
        let statuses: [TwitterStatus] = try unbox(data: data, atKey: "statuses")
        #expect(statuses == fromData.statuses)
        let screenName: String = try unbox(data: data, atKeyPath: "statuses.99.user.screen_name")
        #expect(screenName == fromData.statuses[99].user.screenName)
    }

    @Test func citmCatalog() throws {
        let (simd, foundation) = try Self.both(CitmCatalog.self, "citm_catalog.json")
        #expect(simd.events.count == 184)
        #expect(simd.performances.count == 243)
        #expect(simd.events == foundation.events)
        #expect(simd.performances == foundation.performances)
        #expect(simd == foundation)
        #expect(simd.events["138586341"]?.name == "30th Anniversary Tour")
        #expect(simd.performances[0].prices.first?.amount == 90250)
    }

    @Test func canada() throws {
        let (simd, foundation) = try Self.both(CanadaCollection.self, "canada.json")
        let coordinates = simd.features.flatMap { $0.geometry.coordinates }.reduce(0) { $0 + $1.count }
        #expect(coordinates > 50_000)
        #expect(simd == foundation)
        // Each coordinate is the correctly rounded value of its text.
        let first = try #require(simd.features.first?.geometry.coordinates.first?.first)
        #expect(first == [-65.613616999999977, 43.420273000000009])
    }

    @Test func githubEvents() throws {
        let (simd, foundation) = try Self.both([GitHubEvent].self, "github_events.json")
        #expect(simd.count == 30)
        #expect(simd == foundation)
        #expect(simd.contains { $0.org != nil })
        #expect(simd.contains { $0.payload.commits?.isEmpty == false })
        let lossy: [GitHubEvent] = try unbox(data: TestSupport.corpus("github_events.json"), allowInvalidElements: true)
        #expect(lossy == simd)
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
