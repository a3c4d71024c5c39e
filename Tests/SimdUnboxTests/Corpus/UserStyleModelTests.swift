import CorpusModels
import Foundation
import SimdUnbox
import Testing

/// The benchmark suite's user-style models (`Tests/CorpusModels/UserStyle*.swift`: fields in the
/// app's order, `try?`, key paths, date formatters, key strategies) decode the corpus alike through
/// `unbox(data:)`, `SimdJSONDecoder` and `JSONDecoder` with the same options, as the benchmarks
/// decode them.
@Suite struct UserStyleModelTests {
    static func decoders(
        keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys, dates: JSONDecoder.DateDecodingStrategy
    ) -> (SimdJSONDecoder, JSONDecoder) {
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = keys
        simd.dateDecodingStrategy = dates
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = keys
        foundation.dateDecodingStrategy = dates
        return (simd, foundation)
    }

    /// The model decoded by `SimdJSONDecoder`, after checking that `JSONDecoder` (and, for an
    /// `Unboxable` model, `unbox(data:)`) decode the same one.
    @discardableResult
    static func decodedAlike<T: Decodable & Equatable>(
        _: T.Type, _ name: String, keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dates: JSONDecoder.DateDecodingStrategy = .deferredToDate, unboxed: ((Data) throws -> T)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let data = try TestSupport.corpus(name)
        let (simd, foundation) = decoders(keys: keys, dates: dates)
        let codable = try simd.decode(T.self, from: data)
        let reference = try foundation.decode(T.self, from: data)
        CorpusDifferentialTests.expectSame(reference, codable, "SimdJSONDecoder", sourceLocation: sourceLocation)
        if let unboxed {
            CorpusDifferentialTests.expectSame(
                reference, try unboxed(data), "unbox(data:)", sourceLocation: sourceLocation)
        }
        return codable
    }

    @Test func twitterWithAFormatter() throws {
        let timeline = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formatted(UserStyleFormatters.twitterDate),
            unboxed: { try unbox(data: $0) })
        #expect(timeline.tweets.count == 100)
        #expect(timeline.tweets.contains { $0.retweetedId != nil })
        #expect(timeline.tweets.contains { $0.media != nil })
        #expect(timeline.tweets.contains { !$0.hashtags.isEmpty })
    }

    @Test func twitterFormattedNatively() throws {
        let native = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formattedNatively(UserStyleFormatters.twitterDate))
        let formatted = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formatted(UserStyleFormatters.twitterDate))
        #expect(native == formatted)
    }

    @Test func twitterWithoutDates() throws {
        let timeline = try Self.decodedAlike(
            Timeline<TweetWithoutDate>.self, "twitter.json", unboxed: { try unbox(data: $0) })
        #expect(timeline.tweets.count == 100)
    }

    @Test func twitterAsPlainCodableWithSnakeCase() throws {
        let search = try Self.decodedAlike(
            TwitterSearch.self, "twitter.json", keys: .convertFromSnakeCase, dates: .iso8601)
        #expect(search.statuses.count == 100)
    }

    @Test func citmWithMilliseconds() throws {
        try Self.decodedAlike(
            TicketCatalog.self, "citm_catalog.json", dates: .millisecondsSince1970, unboxed: { try unbox(data: $0) })
    }

    @Test func canada() throws {
        try Self.decodedAlike(CountryShapes.self, "canada.json", unboxed: { try unbox(data: $0) })
    }

    @Test func githubEventsWithAFormatter() throws {
        let activities = try Self.decodedAlike(
            [Activity].self, "github_events.json", dates: .formatted(UserStyleFormatters.githubDate),
            unboxed: { try unbox(data: $0) })
        #expect(activities.count == 30)
        let native = try Self.decodedAlike(
            [Activity].self, "github_events.json", dates: .formattedNatively(UserStyleFormatters.githubDate))
        #expect(native == activities)
    }

    @Test func githubEventsFreeFormPayloads() throws {
        let events = try Self.decodedAlike(
            [GitHubActivityEvent].self, "github_events.json", keys: .convertFromSnakeCase, dates: .iso8601)
        #expect(events.count == 30)
    }
}
