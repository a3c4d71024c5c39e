import Foundation
import SimdUnbox
import Testing

/// A part of twitter.json, with snake_case keys converted.
struct TwitterSample: Decodable, Equatable {
    struct Status: Decodable, Equatable {
        var id: Int
        var idStr: String
        var text: String
        var createdAt: String
        var inReplyToStatusId: Int?
        var user: User
        var entities: Entities
        var retweetedStatus: RetweetedStatus?
        var favorited: Bool
        var retweetCount: Int
    }
    struct RetweetedStatus: Decodable, Equatable { var id: Int; var user: User }
    struct User: Decodable, Equatable {
        var id: UInt64
        var screenName: String
        var followersCount: Int
        var url: URL?
        var profileBackgroundColor: String
        var verified: Bool
    }
    struct Entities: Decodable, Equatable {
        struct Hashtag: Decodable, Equatable { var text: String; var indices: [Int] }
        var hashtags: [Hashtag]
        var urls: [[String: JSONTree]]
    }
    struct Metadata: Decodable, Equatable { var count: Int; var maxId: Int; var query: String }
    var statuses: [Status]
    var searchMetadata: Metadata
}

/// canada.json as GeoJSON.
struct CanadaSample: Decodable, Equatable {
    struct Feature: Decodable, Equatable {
        struct Geometry: Decodable, Equatable { var type: String; var coordinates: [[[Double]]] }
        var type: String
        var properties: [String: String]
        var geometry: Geometry
    }
    var type: String
    var features: [Feature]
}

/// A part of citm_catalog.json.
struct CitmSample: Decodable, Equatable {
    struct Event: Decodable, Equatable {
        var id: Int
        var name: String
        var subTopicIds: [Int]
        var topicIds: [Int]
        var logo: String?
        var subjectCode: String?
    }
    struct Performance: Decodable, Equatable {
        struct Price: Decodable, Equatable { var amount: Int; var audienceSubCategoryId: Int; var seatCategoryId: Int }
        var id: Int
        var eventId: Int
        var prices: [Price]
        var start: Int
        var venueCode: String
    }
    var events: [String: Event]
    var performances: [Performance]
    var topicSubTopics: [String: [Int]]
}

/// github_events.json, partly.
struct GitHubEventSample: Decodable, Equatable {
    struct Actor: Decodable, Equatable { var login: String; var id: Int; var url: URL }
    var id: String
    var type: String
    var actor: Actor
    var `public`: Bool
    var createdAt: Date
}

@Suite("SimdJSONDecoder on corpus documents")
struct CodableCorpusTests {
    /// Every value of a document through `try?` chains is slow in Foundation's decoder (errors are
    /// built for each failed attempt): the default run takes the two smaller documents, the stress
    /// run (`SIMDUNBOX_STRESS=1`) all five.
    static let documents =
        ProcessInfo.processInfo.environment["SIMDUNBOX_STRESS"] == "1"
        ? ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json", "gsoc-2018.json"]
        : ["twitter.json", "github_events.json"]

    @Test(arguments: documents)
    func everyValue(_ name: String) throws {
        let data = try TestSupport.corpus(name)
        let expected = try JSONDecoder().decode(JSONTree.self, from: data)
        let actual = try SimdJSONDecoder().decode(JSONTree.self, from: data)
        #expect(actual == expected)
    }

    @Test func twitter() throws {
        let data = try TestSupport.corpus("twitter.json")
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundation.decode(TwitterSample.self, from: data)
        #expect(try simd.decode(TwitterSample.self, from: data) == expected)
        #expect(expected.statuses.count == 100)
    }

    @Test func canada() throws {
        let data = try TestSupport.corpus("canada.json")
        let expected = try JSONDecoder().decode(CanadaSample.self, from: data)
        #expect(try SimdJSONDecoder().decode(CanadaSample.self, from: data) == expected)
    }

    @Test func citm() throws {
        let data = try TestSupport.corpus("citm_catalog.json")
        let expected = try JSONDecoder().decode(CitmSample.self, from: data)
        #expect(try SimdJSONDecoder().decode(CitmSample.self, from: data) == expected)
    }

    @Test func githubEvents() throws {
        let data = try TestSupport.corpus("github_events.json")
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.dateDecodingStrategy = .iso8601
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = .convertFromSnakeCase
        simd.dateDecodingStrategy = .iso8601
        let expected = try foundation.decode([GitHubEventSample].self, from: data)
        #expect(try simd.decode([GitHubEventSample].self, from: data) == expected)
    }
}
