import Foundation

// Codable models of the corpus documents, for round trips through both encoders. The keys are the
// documents' own (citm, canada, gsoc) or converted from snake_case (twitter), so encoding under
// `.sortedKeys` writes every field back.

enum EncodingCorpus {
    // MARK: citm_catalog.json

    struct Citm: Codable, Equatable {
        var areaNames: [String: String]
        var audienceSubCategoryNames: [String: String]
        var blockNames: [String: String]
        var events: [String: Event]
        var performances: [Performance]
        var seatCategoryNames: [String: String]
        var subTopicNames: [String: String]
        var subjectNames: [String: String]
        var topicNames: [String: String]
        var topicSubTopics: [String: [Int]]
        var venueNames: [String: String]
    }

    struct Event: Codable, Equatable {
        var description: String?
        var id: Int
        var logo: String?
        var name: String
        var subTopicIds: [Int]
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int]
    }

    struct Performance: Codable, Equatable {
        var eventId: Int
        var id: Int
        var logo: String?
        var name: String?
        var prices: [Price]
        var seatCategories: [SeatCategory]
        var seatMapImage: String?
        var start: Int
        var venueCode: String
    }

    struct Price: Codable, Equatable {
        var amount: Int
        var audienceSubCategoryId: Int
        var seatCategoryId: Int
    }

    struct SeatCategory: Codable, Equatable {
        var areas: [Area]
        var seatCategoryId: Int
    }

    struct Area: Codable, Equatable {
        var areaId: Int
        var blockIds: [Int]
    }

    // MARK: canada.json

    struct Canada: Codable, Equatable {
        var type: String
        var features: [Feature]
    }

    struct Feature: Codable, Equatable {
        var type: String
        var properties: [String: String]
        var geometry: Geometry
    }

    struct Geometry: Codable, Equatable {
        var type: String
        var coordinates: [[[Double]]]
    }

    // MARK: gsoc-2018.json

    struct Project: Codable, Equatable {
        var context: String
        var type: String
        var name: String
        var description: String
        var sponsor: Sponsor
        var author: Author
        enum CodingKeys: String, CodingKey {
            case context = "@context", type = "@type", name, description, sponsor, author
        }
    }

    struct Sponsor: Codable, Equatable {
        var type: String
        var name: String
        var disambiguatingDescription: String
        var description: String
        var url: String
        var logo: String
        enum CodingKeys: String, CodingKey {
            case type = "@type", name, disambiguatingDescription, description, url, logo
        }
    }

    struct Author: Codable, Equatable {
        var type: String
        var name: String
        enum CodingKeys: String, CodingKey { case type = "@type", name }
    }

    // MARK: twitter.json (keys converted from snake_case)

    struct Twitter: Codable, Equatable {
        var statuses: [Status]
        var searchMetadata: SearchMetadata
    }

    struct SearchMetadata: Codable, Equatable {
        var completedIn: Double
        var maxId: Int
        var maxIdStr: String
        var nextResults: String
        var query: String
        var refreshUrl: String
        var count: Int
        var sinceId: Int
        var sinceIdStr: String
    }

    final class Status: Codable, Equatable {
        var metadata: [String: String]
        var createdAt: String
        var id: Int
        var idStr: String
        var text: String
        var source: String
        var truncated: Bool
        var inReplyToStatusId: Int?
        var inReplyToUserId: Int?
        var inReplyToScreenName: String?
        var user: User
        var retweetedStatus: Status?
        var retweetCount: Int
        var favoriteCount: Int
        var entities: Entities
        var favorited: Bool
        var retweeted: Bool
        var possiblySensitive: Bool?
        var lang: String

        static func == (left: Status, right: Status) -> Bool {
            left.id == right.id && left.text == right.text && left.user == right.user
                && left.retweetedStatus == right.retweetedStatus && left.entities == right.entities
        }
    }

    struct User: Codable, Equatable {
        var id: UInt64
        var idStr: String
        var name: String
        var screenName: String
        var location: String
        var description: String
        var url: String?
        var protected: Bool
        var followersCount: Int
        var friendsCount: Int
        var createdAt: String
        var utcOffset: Int?
        var timeZone: String?
        var verified: Bool
        var profileBackgroundColor: String
        var profileImageUrlHttps: URL
        var profileBannerUrl: String?
        var defaultProfile: Bool
        var following: Bool
    }

    struct Entities: Codable, Equatable {
        var hashtags: [Hashtag]
        var symbols: [String]
        var urls: [Link]
        var userMentions: [Mention]
        var media: [Media]?
    }

    struct Hashtag: Codable, Equatable {
        var text: String
        var indices: [Int]
    }

    struct Link: Codable, Equatable {
        var url: String
        var expandedUrl: String
        var displayUrl: String
        var indices: [Int]
    }

    struct Mention: Codable, Equatable {
        var screenName: String
        var name: String
        var id: Int
        var idStr: String
        var indices: [Int]
    }

    struct Media: Codable, Equatable {
        var id: Int
        var idStr: String
        var indices: [Int]
        var mediaUrl: String
        var mediaUrlHttps: String
        var type: String
        var sizes: [String: Size]
    }

    struct Size: Codable, Equatable {
        var w: Int
        var h: Int
        var resize: String
    }
}
